import CPostgreSQL
import Foundation

// NB: docs/architecture.md, "C libraries": this is the one file that touches libpq's pointers
// (`PGconn`, `PGresult`). Everything above it works with `PostgreSQLConnection`, `DatabaseValue`
// and `DatabaseRow`, and every failure becomes a thrown `PostgreSQLError`. Parameters go as text
// (numbers) or as binary (text and blobs, so their bytes arrive as they are, a NUL included);
// results come back as text and are parsed here.

/// One connection to a PostgreSQL server, with its statements prepared once and kept by SQL text
/// and parameter types.
///
/// Not thread-safe: reach it only through `PostgreSQLDatabase`, which hands it to one thread at
/// a time, and do not keep it past the closure it was handed to.
public final class PostgreSQLConnection: DatabaseConnection {
  private var handle: OpaquePointer?
  private var statements: [StatementKey: String] = [:]
  /// The URL without its password, for messages.
  let location: String

  private struct StatementKey: Hashable {
    var sql: String
    var types: [UInt32]
  }

  /// Connects with `url` (`postgresql://…`, as libpq reads it); throws `cannotConnect`.
  init(url: String, location: String) throws {
    self.location = location
    let opened = PQconnectdb(url)
    guard let opened, PQstatus(opened) == CONNECTION_OK else {
      let message = opened.map { Self.message(PQerrorMessage($0)) } ?? "out of memory"
      PQfinish(opened)
      throw PostgreSQLError.cannotConnect(location: location, message: message)
    }
    handle = opened
    // Notices ("relation already exists, skipping") are not errors; they are dropped rather
    // than written to standard error, where they would interleave with the access log.
    PQsetNoticeProcessor(opened, { _, _ in }, nil)
  }

  deinit { close() }

  /// Closes the connection; later calls throw `closed`.
  func close() {
    PQfinish(handle)
    handle = nil
    statements = [:]
  }

  /// Whether the connection is still usable (libpq has not seen it break).
  var isHealthy: Bool { handle.map { PQstatus($0) == CONNECTION_OK } ?? false }

  /// Whether a transaction is open (or failed and not yet rolled back).
  var inTransaction: Bool {
    guard let handle else { return false }
    let status = PQtransactionStatus(handle)
    return status == PQTRANS_INTRANS || status == PQTRANS_INERROR
  }

  public func execute(_ sql: String) throws {
    let handle = try openHandle()
    _ = try check(PQexec(handle, sql), sql: sql, handle)
  }

  @discardableResult
  public func run(_ sql: String, _ values: [DatabaseValue]) throws -> Int {
    let result = try prepared(sql, values)
    return Int(String(cString: PQcmdTuples(result.pointer))) ?? 0
  }

  public func rows<T>(
    _ sql: String, _ values: [DatabaseValue], _ read: (any DatabaseRow) throws -> T
  ) throws -> [T] {
    let result = try prepared(sql, values)
    return try (0..<PQntuples(result.pointer)).map { index in
      try read(PostgreSQLRow(result: result, index: index))
    }
  }

  public func row<T>(
    _ sql: String, _ values: [DatabaseValue], _ read: (any DatabaseRow) throws -> T
  ) throws -> T? {
    let result = try prepared(sql, values)
    guard PQntuples(result.pointer) > 0 else { return nil }
    return try read(PostgreSQLRow(result: result, index: 0))
  }

  private func openHandle() throws -> OpaquePointer {
    guard let handle else { throw PostgreSQLError.closed(location: location) }
    return handle
  }

  /// Prepares `sql` (once per parameter types) and runs it with `values`.
  private func prepared(_ sql: String, _ values: [DatabaseValue]) throws -> PostgreSQLResult {
    let handle = try openHandle()
    let types = values.map(\.postgreSQLType)
    let key = StatementKey(sql: sql, types: types)
    let name: String
    if let known = statements[key] {
      name = known
    } else {
      name = "s\(statements.count + 1)"
      let translated = PostgreSQLPlaceholders.translate(sql)
      let prepared = types.withUnsafeBufferPointer { types in
        PQprepare(handle, name, translated, Int32(types.count), types.baseAddress)
      }
      _ = try check(prepared, sql: sql, handle)
      statements[key] = name
    }
    let parameters = values.map(\.postgreSQLParameter)
    let pointers = parameters.map { parameter -> UnsafeMutablePointer<CChar>? in
      guard let bytes = parameter?.bytes else { return nil }
      let copy = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
      bytes.withUnsafeBytes { source in
        UnsafeMutableRawPointer(copy).copyMemory(
          from: source.baseAddress ?? UnsafeRawPointer(copy), byteCount: bytes.count)
      }
      return copy
    }
    defer { pointers.forEach { $0?.deallocate() } }
    let lengths = parameters.map { Int32($0?.bytes.count ?? 0) }
    let formats = parameters.map { Int32($0?.binary == true ? 1 : 0) }
    let constants = pointers.map { UnsafePointer($0) }
    let result = PQexecPrepared(
      handle, name, Int32(values.count), constants, lengths, formats, 0)
    return try check(result, sql: sql, handle)
  }

  /// `result` when the statement succeeded; otherwise frees it and throws what went wrong.
  private func check(
    _ result: OpaquePointer?, sql: String, _ handle: OpaquePointer
  ) throws -> PostgreSQLResult {
    guard let result else {
      throw failure(sql: sql, state: nil, message: Self.message(PQerrorMessage(handle)), handle)
    }
    switch PQresultStatus(result) {
    case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
      return PostgreSQLResult(result, sql: sql)
    default:
      let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
      let message = Self.message(PQresultErrorMessage(result))
      PQclear(result)
      throw failure(sql: sql, state: state, message: message, handle)
    }
  }

  private func failure(
    sql: String, state: String?, message: String, _ handle: OpaquePointer
  ) -> PostgreSQLError {
    if PQstatus(handle) != CONNECTION_OK || state == nil {
      return .connectionLost(sql: sql, message: message)
    }
    return .failed(sql: sql, state: state ?? "", message: message)
  }

  private static func message(_ text: UnsafePointer<CChar>?) -> String {
    (text.map { String(cString: $0) } ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

/// A query's result, freed when the last row read from it is gone.
final class PostgreSQLResult {
  let pointer: OpaquePointer
  let sql: String

  init(_ pointer: OpaquePointer, sql: String) {
    self.pointer = pointer
    self.sql = sql
  }

  deinit { PQclear(pointer) }
}

/// One row of a result; columns are read from PostgreSQL's text format.
struct PostgreSQLRow: DatabaseRow {
  let result: PostgreSQLResult
  let index: Int32

  func isNull(_ column: Int) throws -> Bool {
    PQgetisnull(result.pointer, index, Int32(column)) != 0
  }

  func int64(_ column: Int) throws -> Int64 { try required(column, optionalInt64) }

  func optionalInt64(_ column: Int) throws -> Int64? {
    guard let text = try text(column) else { return nil }
    // A boolean column reads as 1 or 0, as SQLite's comparisons do.
    if text == "t" || text == "f" { return text == "t" ? 1 : 0 }
    guard let number = Int64(text) else {
      throw PostgreSQLError.notANumber(sql: result.sql, column: column, text: text)
    }
    return number
  }

  func double(_ column: Int) throws -> Double { try required(column, optionalDouble) }

  func optionalDouble(_ column: Int) throws -> Double? {
    guard let text = try text(column) else { return nil }
    guard let number = Double(text) else {
      throw PostgreSQLError.notANumber(sql: result.sql, column: column, text: text)
    }
    return number
  }

  func text(_ column: Int) throws -> String? {
    guard try !isNull(column), let bytes = PQgetvalue(result.pointer, index, Int32(column))
    else { return nil }
    let count = Int(PQgetlength(result.pointer, index, Int32(column)))
    return bytes.withMemoryRebound(to: UInt8.self, capacity: count) {
      String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
    }
  }

  func string(_ column: Int) throws -> String { try required(column, text) }

  func data(_ column: Int) throws -> Data? {
    guard try !isNull(column), let text = PQgetvalue(result.pointer, index, Int32(column))
    else { return nil }
    var count = 0
    guard
      let bytes = text.withMemoryRebound(
        to: UInt8.self, capacity: 1, { PQunescapeBytea($0, &count) })
    else { return nil }
    defer { PQfreemem(bytes) }
    return Data(bytes: bytes, count: count)
  }

  /// The column's value by its type: integers, reals, `bytea` as a blob, anything else as text.
  func value(_ column: Int) throws -> DatabaseValue {
    guard try !isNull(column) else { return .null }
    switch PQftype(result.pointer, Int32(column)) {
    case 20, 21, 23: return .integer(try int64(column))
    case 700, 701, 1700: return .real(try double(column))
    case 17: return .blob(try data(column) ?? Data())
    default: return .text(try string(column))
    }
  }

  private func required<T>(_ column: Int, _ read: (Int) throws -> T?) throws -> T {
    guard let value = try read(column) else {
      throw PostgreSQLError.unexpectedNull(sql: result.sql, column: column)
    }
    return value
  }
}

extension DatabaseValue {
  /// The parameter's type (`int8`, `float8`, `text`, `bytea`; `0` lets the server infer it).
  fileprivate var postgreSQLType: UInt32 {
    switch self {
    case .integer: 20
    case .real: 701
    case .text: 25
    case .blob: 17
    case .null: 0
    }
  }

  /// The parameter's bytes and whether they are binary; `nil` for `NULL`.
  fileprivate var postgreSQLParameter: (bytes: [UInt8], binary: Bool)? {
    switch self {
    case .integer(let number): (Array(String(number).utf8) + [0], false)
    case .real(let number): (Array(Self.text(of: number).utf8) + [0], false)
    case .text(let text): (Array(text.utf8), true)
    case .blob(let data): ([UInt8](data), true)
    case .null: nil
    }
  }

  private static func text(of number: Double) -> String {
    if number.isNaN { return "NaN" }
    if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
    return "\(number)"
  }
}
