import Foundation

// NB: docs/decisions/postgresql-beside-sqlite-what-differs-and-why.md, "PostgreSQL beside SQLite:
// what differs and why": the store's queries are written once, in the SQL both SQLite and
// PostgreSQL read (`?` and `?N` placeholders, `ON CONFLICT` upserts, `RETURNING`), and run through
// this small protocol. A driver owns its C library's pointers, its connections and its
// transactions; `SQLDialect` names the few places the SQL differs.

/// The SQL a driver speaks, for the few statements that differ between the backends.
public enum SQLDialect: String, Equatable, Sendable {
  case sqlite
  case postgresql
}

/// How much a write transaction is isolated from concurrent ones.
///
/// SQLite runs every write alone (`BEGIN IMMEDIATE`), so both levels are the same there.
public enum TransactionIsolation: Equatable, Sendable {
  /// Each statement sees what committed before it; enough for single-row upserts and for
  /// counters bumped by one `UPDATE`, whose row locks order concurrent writers.
  case readCommitted
  /// As if the writes ran one after another: for a write that reads what it then decides on (an
  /// idempotency key, a count against a limit, a stored snapshot merged into the new one). The
  /// driver runs it again when the database reports a serialization failure.
  case serializable
}

/// A database a store runs its transactions on; safe to share between threads.
public protocol DatabaseDriver: Sendable {
  /// Which SQL the database reads.
  var dialect: SQLDialect { get }
  /// Where the database is (a path, or a URL without its password), for messages.
  var location: String { get }
  /// Runs `body` in a write transaction with `isolation`, committed when it returns and rolled
  /// back when it throws; returns only after the commit. `body` may run more than once (a
  /// serialization failure is retried), so it must change nothing but the database.
  func writeTransaction<T>(
    _ isolation: TransactionIsolation, _ body: (any DatabaseConnection) throws -> T
  ) throws -> T
  /// Runs `body` as `writeTransaction` does, but returns once the transaction is committed, with
  /// a function that returns once the commit is durable, or throws when it cannot be made so: a
  /// caller that answers only after that may start the next transaction meanwhile.
  func committedWriteTransaction<T>(
    _ isolation: TransactionIsolation, _ body: (any DatabaseConnection) throws -> T
  ) throws -> (T, durable: () throws -> Void)
  /// Runs `body` in a read-only transaction, so that its queries see one state of the database.
  func readTransaction<T>(_ body: (any DatabaseConnection) throws -> T) throws -> T
  /// Runs `body`, which runs exactly one query, without a transaction around it: one statement
  /// sees one state of the database by itself, and `BEGIN` and `COMMIT` would be two more
  /// statements (on PostgreSQL two more round trips).
  func readStatement<T>(_ body: (any DatabaseConnection) throws -> T) throws -> T
  /// `compute`'s value, kept under `key` while the database stays as it was when the value was
  /// computed (no connection of any process has committed since). `compute` reads this database
  /// and nothing else that `key` does not name. A driver that cannot tell whether its database
  /// changed computes it every time.
  func kept<T>(_ key: String, _ compute: () throws -> T) throws -> T
  /// The schema version of the database: `0` for a new one. Inside a write transaction it also
  /// keeps other processes from migrating until the transaction ends.
  func schemaVersion(_ connection: any DatabaseConnection) throws -> Int
  /// Records `version` as the schema version, inside the migration's transaction.
  func setSchemaVersion(_ version: Int, _ connection: any DatabaseConnection) throws
  /// The last id each of `tables` gave (its `id` column's sequence), `0` for none; a deleted
  /// row's id counts, so a copy never gives it again.
  func lastIDs(of tables: [String], _ connection: any DatabaseConnection) throws -> [String: Int64]
  /// Makes each table's next id follow `lastIDs` (inside a write transaction).
  func setLastIDs(_ lastIDs: [String: Int64], _ connection: any DatabaseConnection) throws
  /// Closes every connection; later calls throw.
  func close()
}

extension DatabaseDriver {
  /// A driver whose commit is durable when it returns.
  public func committedWriteTransaction<T>(
    _ isolation: TransactionIsolation, _ body: (any DatabaseConnection) throws -> T
  ) throws -> (T, durable: () throws -> Void) {
    (try writeTransaction(isolation, body), {})
  }

  /// A driver that has no cheaper way runs the statement in a read transaction.
  public func readStatement<T>(_ body: (any DatabaseConnection) throws -> T) throws -> T {
    try readTransaction(body)
  }

  /// A driver that cannot tell whether its database changed computes the value every time.
  public func kept<T>(_ key: String, _ compute: () throws -> T) throws -> T {
    try compute()
  }
}

/// One connection, handed to one thread at a time inside a transaction; never kept past it.
public protocol DatabaseConnection {
  /// Runs one or more statements that take no parameters, such as a schema.
  func execute(_ sql: String) throws
  /// Runs one statement that returns no rows, such as an insert; returns the rows it changed.
  @discardableResult
  func run(_ sql: String, _ values: [DatabaseValue]) throws -> Int
  /// Every row of a query, each read by `read` while it is current.
  func rows<T>(
    _ sql: String, _ values: [DatabaseValue], _ read: (any DatabaseRow) throws -> T
  ) throws -> [T]
  /// The first row of a query read by `read`, or `nil` when there is none.
  func row<T>(
    _ sql: String, _ values: [DatabaseValue], _ read: (any DatabaseRow) throws -> T
  ) throws -> T?
}

extension DatabaseConnection {
  /// Runs a statement that takes no parameters and returns no rows.
  @discardableResult
  public func run(_ sql: String) throws -> Int { try run(sql, []) }

  /// Every row of a query that takes no parameters.
  public func rows<T>(_ sql: String, _ read: (any DatabaseRow) throws -> T) throws -> [T] {
    try rows(sql, [], read)
  }

  /// The first row of a query that takes no parameters, or `nil`.
  public func row<T>(_ sql: String, _ read: (any DatabaseRow) throws -> T) throws -> T? {
    try row(sql, [], read)
  }
}

/// The current row of a query; read its columns inside the closure it was handed to.
public protocol DatabaseRow {
  /// Whether column `column` (from 0) is `NULL`.
  func isNull(_ column: Int) throws -> Bool
  /// An integer column; `NULL` is an error.
  func int64(_ column: Int) throws -> Int64
  /// An integer column, or `nil` for `NULL`.
  func optionalInt64(_ column: Int) throws -> Int64?
  /// A real column; `NULL` is an error.
  func double(_ column: Int) throws -> Double
  /// A real column, or `nil` for `NULL`.
  func optionalDouble(_ column: Int) throws -> Double?
  /// A text column, or `nil` for `NULL`.
  func text(_ column: Int) throws -> String?
  /// A text column; `NULL` is an error.
  func string(_ column: Int) throws -> String
  /// A blob column, or `nil` for `NULL`.
  func data(_ column: Int) throws -> Data?
  /// The column as the value it holds, whatever its type (for copying rows as they are).
  func value(_ column: Int) throws -> DatabaseValue
}

extension DatabaseRow {
  /// An integer column as `Int`; `NULL` is an error.
  public func int(_ column: Int) throws -> Int { Int(try int64(column)) }

  /// An integer column as `Int`, or `nil` for `NULL`.
  public func optionalInt(_ column: Int) throws -> Int? { try optionalInt64(column).map(Int.init) }
}

/// What kind of failure a driver's error is, for the store to answer it.
public enum DatabaseFailureKind: Equatable, Sendable {
  /// A foreign key refused the statement (the row it points at is gone).
  case foreignKeyViolation
  /// Another constraint (unique, check, not null) refused the statement.
  case constraintViolation
  /// The database cannot be reached now; the same request may succeed later.
  case unavailable
  /// A text holds a character the database cannot store (PostgreSQL: U+0000).
  case unstorableText
  /// Anything else.
  case other
}

/// An error a driver throws.
public protocol DatabaseFailure: Error, CustomStringConvertible {
  /// What kind of failure it is.
  var kind: DatabaseFailureKind { get }
  /// Whether the failure ended the whole transaction, so that only running all of it again can
  /// succeed (PostgreSQL's serialization failures and deadlocks): a write sharing a group commit
  /// must not take it as its own failure.
  var abortsTransaction: Bool { get }
}

extension DatabaseFailure {
  public var abortsTransaction: Bool { false }
}
