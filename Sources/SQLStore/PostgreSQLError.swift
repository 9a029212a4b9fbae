import Foundation

/// A failure reported by PostgreSQL or libpq, naming the SQL and the server's own message.
public enum PostgreSQLError: DatabaseFailure, Equatable, Sendable {
  /// No connection could be made (the server is down, the URL is wrong, access was refused).
  case cannotConnect(location: String, message: String)
  /// A statement failed; `state` is PostgreSQL's SQLSTATE (`23505`, `40001`, …).
  case failed(sql: String, state: String, message: String)
  /// The connection broke while `sql` ran; whether the statement took effect is not known
  /// unless it was not a `COMMIT`.
  case connectionLost(sql: String, message: String)
  /// A column read as a non-optional value held `NULL`.
  case unexpectedNull(sql: String, column: Int)
  /// A column read as a number held text that is not one.
  case notANumber(sql: String, column: Int, text: String)
  /// Every connection of the pool stayed busy for as long as a request may wait.
  case poolExhausted(location: String, connections: Int)
  /// The database was closed.
  case closed(location: String)

  public var kind: DatabaseFailureKind {
    switch self {
    case .cannotConnect, .connectionLost, .poolExhausted: .unavailable
    case .failed(_, let state, _):
      if state == "23503" {
        .foreignKeyViolation
      } else if state == "22021" || state == "22P05" {
        // A NUL in a text ("invalid byte sequence for encoding UTF8: 0x00").
        .unstorableText
      } else if state.hasPrefix("23") {
        .constraintViolation
      } else if state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state) {
        // Connection exceptions, and the server shutting down or starting up.
        .unavailable
      } else {
        .other
      }
    case .unexpectedNull, .notANumber, .closed: .other
    }
  }

  /// Whether running the whole transaction again may succeed: a serialization failure or a
  /// deadlock, both of which PostgreSQL resolves by aborting one of the transactions.
  public var isSerializationFailure: Bool {
    if case .failed(_, let state, _) = self { return state == "40001" || state == "40P01" }
    return false
  }

  public var abortsTransaction: Bool { isSerializationFailure }

  public var description: String {
    switch self {
    case .cannotConnect(let location, let message): "cannot connect to \(location): \(message)"
    case .failed(let sql, let state, let message): "\(message) (SQLSTATE \(state)) in: \(sql)"
    case .connectionLost(let sql, let message): "connection lost (\(message)) in: \(sql)"
    case .unexpectedNull(let sql, let column): "column \(column) is NULL in: \(sql)"
    case .notANumber(let sql, let column, let text):
      "column \(column) holds \"\(text)\", not a number, in: \(sql)"
    case .poolExhausted(let location, let connections):
      "all \(connections) connections to \(location) stayed busy"
    case .closed(let location): "database \(location) is closed"
    }
  }
}
