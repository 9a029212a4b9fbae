import Foundation

// NB: docs/decisions/postgresql-beside-sqlite-what-differs-and-why.md, "PostgreSQL beside SQLite:
// what differs and why": a bounded connection pool, prepared statements, and for each write the
// isolation it needs. At most `Options.connections` connections are open; a request that finds none
// idle waits up to `Options.waitLimit` for one, then fails as unavailable (answered 503). A
// connection that broke is dropped, never handed out again, and the next request opens a new one,
// so the server recovers by itself when PostgreSQL is back. A connection found broken at `BEGIN`
// (idle in the pool while PostgreSQL restarted) is replaced and the transaction started again;
// nothing had run on it. A failure at `COMMIT` is never retried: the commit may have happened.

/// A PostgreSQL database that libmicrohttpd's threads and other processes share.
public final class PostgreSQLDatabase: @unchecked Sendable {
  // NB: @unchecked because `idle`, `open` and `waits` are only reached while `condition` is held,
  // and a connection is used by the one thread that took it from `idle`.

  /// How the pool is set up.
  public struct Options: Equatable, Sendable {
    /// The most connections open at once.
    public var connections: Int
    /// How long a request waits for a connection when all are busy.
    public var waitLimit: Duration
    /// How many times a write that hit a serialization failure is run in all.
    public var attempts: Int

    /// Eight connections (as many as SQLite's readers), five seconds' wait, ten attempts.
    public init(connections: Int = 8, waitLimit: Duration = .seconds(5), attempts: Int = 10) {
      self.connections = connections
      self.waitLimit = waitLimit
      self.attempts = attempts
    }
  }

  /// How the pool's connections are used now, for `/metrics`.
  public struct PoolUsage: Equatable, Sendable {
    /// Connections handed to a request.
    public var inUse: Int
    /// Connections open and waiting in the pool.
    public var idle: Int
    /// How many times a request had to wait for a connection, since the start.
    public var waits: Int
  }

  /// The URL without its password.
  public let location: String
  private let url: String
  private let options: Options
  private let condition = NSCondition()
  private var idle: [PostgreSQLConnection] = []
  private var open = 0
  private var waits = 0
  private var closed = false

  /// Connects to `url` (`postgresql://` or `postgres://`, as libpq reads it) once, to report a
  /// wrong URL or a server that is down at once; throws `PostgreSQLError.cannotConnect`.
  public init(url: String, options: Options = Options()) throws {
    self.url = url
    self.options = options
    location = Self.withoutPassword(url)
    let first = try PostgreSQLConnection(url: url, location: location)
    idle = [first]
    open = 1
  }

  /// Whether `text` names a PostgreSQL database rather than a SQLite file.
  public static func isURL(_ text: String) -> Bool {
    text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
  }

  /// The pool's connections now.
  public var usage: PoolUsage {
    condition.lock()
    defer { condition.unlock() }
    return PoolUsage(inUse: open - idle.count, idle: idle.count, waits: waits)
  }

  /// Closes every idle connection and each busy one when it comes back; later calls throw.
  public func close() {
    condition.lock()
    closed = true
    let connections = idle
    idle = []
    open -= connections.count
    condition.broadcast()
    condition.unlock()
    connections.forEach { $0.close() }
  }

  /// Runs statements that take no parameters outside any transaction (`CREATE DATABASE`, say).
  public func execute(_ sql: String) throws {
    try withConnection { try $0.execute(sql) }
  }

  /// Runs `body` on a connection of the pool, returned to it afterwards (or dropped if broken).
  private func withConnection<T>(_ body: (PostgreSQLConnection) throws -> T) throws -> T {
    let connection = try checkOut()
    defer { checkIn(connection) }
    return try body(connection)
  }

  private func checkOut() throws -> PostgreSQLConnection {
    condition.lock()
    let deadline = Date().addingTimeInterval(options.waitLimit.seconds)
    var waited = false
    while !closed, idle.isEmpty, open >= options.connections {
      if !waited {
        waits += 1
        waited = true
      }
      guard condition.wait(until: deadline) else {
        condition.unlock()
        throw PostgreSQLError.poolExhausted(location: location, connections: options.connections)
      }
    }
    if closed {
      condition.unlock()
      throw PostgreSQLError.closed(location: location)
    }
    if let connection = idle.popLast() {
      condition.unlock()
      return connection
    }
    open += 1
    condition.unlock()
    do {
      return try PostgreSQLConnection(url: url, location: location)
    } catch {
      condition.lock()
      open -= 1
      condition.signal()
      condition.unlock()
      throw error
    }
  }

  private func checkIn(_ connection: PostgreSQLConnection) {
    if connection.inTransaction { _ = try? connection.execute("ROLLBACK") }
    condition.lock()
    if closed || !connection.isHealthy || connection.inTransaction {
      open -= 1
      condition.signal()
      condition.unlock()
      connection.close()
      return
    }
    idle.append(connection)
    condition.signal()
    condition.unlock()
  }

  /// Runs `body` between `begin` and `COMMIT` on a pooled connection. A connection that broke
  /// while idle (found at `begin`) is replaced; `retrySerialization` runs the whole transaction
  /// again after a serialization failure, up to `Options.attempts` times in all.
  private func transaction<T>(
    begin: String, retrySerialization: Bool, _ body: (any DatabaseConnection) throws -> T
  ) throws -> T {
    var attempt = 1
    var replaced = 0
    while true {
      do {
        return try withConnection { connection in
          do {
            try connection.execute(begin)
          } catch let error as PostgreSQLError where error.kind == .unavailable {
            throw StaleConnection(error: error)
          }
          let result = try body(connection)
          try connection.execute("COMMIT")
          return result
        }
      } catch let stale as StaleConnection {
        replaced += 1
        guard replaced <= options.connections else { throw stale.error }
      } catch let error as PostgreSQLError where retrySerialization && error.isSerializationFailure
      {
        attempt += 1
        guard attempt <= options.attempts else { throw error }
      }
    }
  }

  /// A pooled connection that turned out to be broken before anything ran on it.
  private struct StaleConnection: Error {
    var error: PostgreSQLError
  }

  /// `url` with any password replaced by `***`; anything but a PostgreSQL URL as it is.
  public static func withoutPassword(_ url: String) -> String {
    guard isURL(url), var components = URLComponents(string: url) else { return url }
    if components.password != nil { components.password = "***" }
    components.queryItems = components.queryItems?.map { item in
      item.name == "password" ? URLQueryItem(name: item.name, value: "***") : item
    }
    return components.string ?? url
  }
}

extension PostgreSQLDatabase: DatabaseDriver {
  public var dialect: SQLDialect { .postgresql }

  public func writeTransaction<T>(
    _ isolation: TransactionIsolation, _ body: (any DatabaseConnection) throws -> T
  ) throws -> T {
    switch isolation {
    case .readCommitted:
      try transaction(begin: "BEGIN ISOLATION LEVEL READ COMMITTED", retrySerialization: true, body)
    case .serializable:
      try transaction(begin: "BEGIN ISOLATION LEVEL SERIALIZABLE", retrySerialization: true, body)
    }
  }

  /// A read in `REPEATABLE READ READ ONLY`: one snapshot for all its queries, and never a
  /// serialization failure.
  public func readTransaction<T>(_ body: (any DatabaseConnection) throws -> T) throws -> T {
    try transaction(
      begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", retrySerialization: false, body)
  }

  // NB: a pooled connection found broken by the statement itself is replaced and the statement
  // run again, as a broken `BEGIN` is in a transaction: a read changes nothing, so running it
  // twice is safe.

  public func readStatement<T>(_ body: (any DatabaseConnection) throws -> T) throws -> T {
    var replaced = 0
    while true {
      do {
        return try withConnection { connection in
          do {
            return try body(connection)
          } catch let error as PostgreSQLError where error.kind == .unavailable {
            throw StaleConnection(error: error)
          }
        }
      } catch let stale as StaleConnection {
        replaced += 1
        guard replaced <= options.connections else { throw stale.error }
      }
    }
  }

  // NB: the schema version is the one row of `perform_schema`. A transaction-scoped advisory lock
  // (the key is "PERF" in ASCII) keeps a second process from migrating at the same time; the
  // migration's transaction is READ COMMITTED, so the version read after the lock is granted is
  // the one the first process committed.

  public func schemaVersion(_ connection: any DatabaseConnection) throws -> Int {
    try connection.run("SELECT pg_advisory_xact_lock(1346720326)")
    let exists =
      try connection.row("SELECT to_regclass('perform_schema') IS NOT NULL") { try $0.int(0) }
    guard exists == 1 else { return 0 }
    return try connection.row("SELECT version FROM perform_schema") { try $0.int(0) } ?? 0
  }

  public func setSchemaVersion(_ version: Int, _ connection: any DatabaseConnection) throws {
    try connection.execute(
      """
      CREATE TABLE IF NOT EXISTS perform_schema (version INTEGER NOT NULL);
      DELETE FROM perform_schema;
      INSERT INTO perform_schema (version) VALUES (\(version));
      """)
  }
}

extension PostgreSQLDatabase {
  // NB: identity columns draw from a sequence named by `pg_get_serial_sequence`; its
  // `last_value` in `pg_sequences` is NULL until it gave an id.

  public func lastIDs(
    of tables: [String], _ connection: any DatabaseConnection
  ) throws -> [String: Int64] {
    var found: [String: Int64] = [:]
    for table in tables {
      found[table] =
        try connection.row(
          """
          SELECT last_value FROM pg_sequences
          WHERE format('%I.%I', schemaname, sequencename) = pg_get_serial_sequence(?, 'id')
          """, [.text(table)]
        ) { try $0.optionalInt64(0) }.flatMap { $0 } ?? 0
    }
    return found
  }

  public func setLastIDs(_ lastIDs: [String: Int64], _ connection: any DatabaseConnection) throws {
    for (table, last) in lastIDs.sorted(by: { $0.key < $1.key }) {
      // `setval(…, 1, false)`: the next id is 1, as in a table that never had a row.
      if last > 0 {
        try connection.run(
          "SELECT setval(pg_get_serial_sequence(?, 'id'), ?, true)",
          [.text(table), .integer(last)])
      } else {
        try connection.run(
          "SELECT setval(pg_get_serial_sequence(?, 'id'), 1, false)", [.text(table)])
      }
    }
  }
}
