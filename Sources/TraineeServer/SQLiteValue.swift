import CSQLite
import Foundation

/// A failure reported by SQLite, naming the SQL and SQLite's own message.
public enum SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
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

  /// `SQLITE_CONSTRAINT_FOREIGNKEY`, a C macro Swift does not import.
  private var foreignKeyCode: Int32 { SQLITE_CONSTRAINT | (3 << 8) }

  public var description: String {
    switch self {
    case .cannotOpen(let path, let message): "cannot open \(path): \(message)"
    case .failed(let sql, let code, let message): "\(message) (code \(code)) in: \(sql)"
    case .unexpectedNull(let sql, let column): "column \(column) is NULL in: \(sql)"
    case .rowNotCurrent(let sql): "row read after its statement moved on: \(sql)"
    case .closed(let path): "database \(path) is closed"
    }
  }
}

/// A value bound to a statement parameter.
public enum SQLiteValue: Equatable, Sendable, ExpressibleByNilLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral
{
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob(Data)
  case null

  public init(nilLiteral: ()) { self = .null }
  public init(integerLiteral value: Int64) { self = .integer(value) }
  public init(floatLiteral value: Double) { self = .real(value) }
  public init(stringLiteral value: String) { self = .text(value) }

  /// An integer, or `NULL` for `nil`.
  public init(_ value: Int64?) { self = value.map(Self.integer) ?? .null }
  /// An integer, or `NULL` for `nil`.
  public init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
  /// `1` or `0`.
  public init(_ value: Bool) { self = .integer(value ? 1 : 0) }
  /// A real, or `NULL` for `nil`.
  public init(_ value: Double?) { self = value.map(Self.real) ?? .null }
  /// A text, or `NULL` for `nil`.
  public init(_ value: String?) { self = value.map(Self.text) ?? .null }
  /// A blob, or `NULL` for `nil`.
  public init(_ value: Data?) { self = value.map(Self.blob) ?? .null }
}
