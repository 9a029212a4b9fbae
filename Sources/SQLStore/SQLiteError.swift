import CSQLite
import Foundation

/// A failure reported by SQLite, naming the SQL and SQLite's own message.
public enum SQLiteError: DatabaseFailure, Equatable, Sendable {
  /// The database file could not be opened or set up.
  case cannotOpen(path: String, message: String)
  /// A statement failed to prepare, bind or run; `code` is SQLite's extended result code.
  case failed(sql: String, code: Int32, message: String)
  /// A column read as a non-optional value held `NULL`.
  case unexpectedNull(sql: String, column: Int)
  /// A row was read after its statement moved on (a row escaped its closure).
  case rowNotCurrent(sql: String)
  /// The database was closed.
  case closed(path: String)
  /// The WAL could not be synced to disk: the commits it was to make durable, and every later
  /// one, are not acknowledged.
  case cannotSync(path: String, message: String)

  /// Whether a constraint (unique, foreign key, check, not null) refused the statement.
  public var isConstraintViolation: Bool {
    if case .failed(_, let code, _) = self { return code & 0xff == SQLITE_CONSTRAINT }
    return false
  }

  /// Whether a foreign key refused the statement.
  public var isForeignKeyViolation: Bool {
    if case .failed(_, let code, _) = self { return code == foreignKeyCode }
    return false
  }

  /// Whether the database stayed locked by another connection or process past the busy timeout
  /// (`SQLITE_BUSY`, `SQLITE_LOCKED` and their extended codes): the same statement may succeed
  /// later.
  public var isBusy: Bool {
    if case .failed(_, let code, _) = self {
      return code & 0xff == SQLITE_BUSY || code & 0xff == SQLITE_LOCKED
    }
    return false
  }

  public var kind: DatabaseFailureKind {
    if isForeignKeyViolation { return .foreignKeyViolation }
    if isConstraintViolation { return .constraintViolation }
    // NB: docs/architecture.md, "The server at scale": a database held by someone else past the
    // busy timeout is away for now: 503 with Retry-After, as a PostgreSQL that cannot be reached.
    if isBusy { return .unavailable }
    if case .cannotSync = self { return .unavailable }
    return .other
  }

  /// `SQLITE_CONSTRAINT_FOREIGNKEY`, a C macro Swift does not import.
  private var foreignKeyCode: Int32 { SQLITE_CONSTRAINT | (3 << 8) }

  public var description: String {
    switch self {
    case .cannotOpen(let path, let message): "cannot open \(path): \(message)"
    case .failed(let sql, let code, let message): "\(message) (code \(code)) in: \(sql)"
    case .unexpectedNull(let sql, let column): "column \(column) is NULL in: \(sql)"
    case .rowNotCurrent(let sql): "row read after its statement moved on: \(sql)"
    case .closed(let path): "database \(path) is closed"
    case .cannotSync(let path, let message): "cannot sync \(path) to disk: \(message)"
    }
  }
}
