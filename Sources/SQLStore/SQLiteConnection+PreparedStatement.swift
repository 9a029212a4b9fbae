import CSQLite
import Foundation

// NB: docs/architecture.md, "C libraries": the statements a connection (SQLiteConnection.swift)
// prepares and keeps, and their SQLite pointers.

/// A prepared statement, kept for the life of its connection.
final class SQLitePreparedStatement {
  let sql: String
  private(set) var pointer: OpaquePointer?
  private let connection: OpaquePointer
  /// Counts steps, so that a row read after a later step is detected.
  private(set) var generation = 0

  /// Tells SQLite to copy bound blobs (the C macro `SQLITE_TRANSIENT`).
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
  /// Tells SQLite that bound text stays where it is until the statement is reset (the C macro
  /// `SQLITE_STATIC`).
  private static let unchanging: sqlite3_destructor_type? = nil

  // NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
  // answers, group commit and paged history", "bound text without a copy each": SQLite built
  // without lookaside (Debian's build) mallocs and frees a copy of every text bound with
  // SQLITE_TRANSIENT, about 70 a log post in the one writer (a set's label, exercise and name,
  // fourteen sets a log). The text of one execution is copied here instead, end to end into one
  // buffer the statement keeps and reuses, and bound where it lies; the buffer is not touched again
  // until the next bind, which comes after the reset that ends SQLite's use of it (`bind` refuses a
  // statement that is still running).
  /// The text bound for the current execution, end to end.
  private var boundText: UnsafeMutableRawPointer?
  private var boundTextCapacity = 0

  init(sql: String, connection: OpaquePointer) throws {
    self.sql = sql
    self.connection = connection
    let (code, rest) = sql.withCString { text in
      var tail: UnsafePointer<CChar>?
      let code = sqlite3_prepare_v3(
        connection, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, &tail)
      // The tail points into `text`, so it is read before `text` goes away.
      return (code, tail.map { String(cString: $0) } ?? "")
    }
    guard code == SQLITE_OK else { throw failure() }
    guard pointer != nil, rest.allSatisfy({ $0.isWhitespace || $0 == ";" }) else {
      finalize()
      throw SQLiteError.failed(
        sql: sql, code: SQLITE_MISUSE, message: "expected exactly one statement")
    }
  }

  /// Whether the statement has been stepped and not yet reset or run to its end.
  var isRunning: Bool { pointer.map { sqlite3_stmt_busy($0) != 0 } ?? false }

  /// Binds `values`, one for each parameter; the statement must not be running.
  func bind(_ values: [DatabaseValue]) throws {
    guard let pointer else { throw SQLiteError.rowNotCurrent(sql: sql) }
    let expected = Int(sqlite3_bind_parameter_count(pointer))
    guard values.count == expected else {
      throw SQLiteError.failed(
        sql: sql, code: SQLITE_RANGE,
        message: "expected \(expected) parameters, got \(values.count)")
    }
    var textBytes = 0
    for case .text(let text) in values { textBytes += text.utf8.count }
    let buffer = textBuffer(holding: textBytes)
    var offset = 0
    for (position, value) in values.enumerated() {
      let index = Int32(position + 1)
      let code: Int32
      switch value {
      case .integer(let number): code = sqlite3_bind_int64(pointer, index, number)
      case .real(let number): code = sqlite3_bind_double(pointer, index, number)
      case .null: code = sqlite3_bind_null(pointer, index)
      case .text(let text):
        let start = buffer + offset
        var text = text
        let count = text.withUTF8 { bytes in
          if let base = bytes.baseAddress { start.copyMemory(from: base, byteCount: bytes.count) }
          return bytes.count
        }
        offset += count
        code = sqlite3_bind_text64(
          pointer, index, start.assumingMemoryBound(to: CChar.self), UInt64(count),
          Self.unchanging, UInt8(SQLITE_UTF8))
      case .blob(let data):
        code = data.withUnsafeBytes { bytes in
          guard let base = bytes.baseAddress, !bytes.isEmpty else {
            return sqlite3_bind_zeroblob(pointer, index, 0)
          }
          return sqlite3_bind_blob64(pointer, index, base, UInt64(bytes.count), Self.transient)
        }
      }
      guard code == SQLITE_OK else { throw failure() }
    }
  }

  /// The statement's text buffer, grown to hold at least `count` bytes (and at least one, so
  /// that empty text has an address to be bound at).
  private func textBuffer(holding count: Int) -> UnsafeMutableRawPointer {
    if let boundText, boundTextCapacity >= max(count, 1) { return boundText }
    dropTextBuffer()
    boundTextCapacity = max(count, 64)
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: boundTextCapacity, alignment: 8)
    boundText = buffer
    return buffer
  }

  /// Gives the text buffer back; SQLite must hold no text bound from it.
  private func dropTextBuffer() {
    boundText?.deallocate()
    boundText = nil
    boundTextCapacity = 0
  }

  /// Advances to the next row; `false` when the statement is done.
  func step() throws -> Bool {
    guard let pointer else { throw SQLiteError.rowNotCurrent(sql: sql) }
    generation += 1
    switch sqlite3_step(pointer) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw failure()
    }
  }

  /// The most text a statement keeps room for between executions: a larger buffer (a program
  /// or a log bound once) is given back at the reset.
  private static let keptTextCapacity = 64 * 1024

  /// Makes the statement ready for its next use and drops its bound values.
  func reset() {
    generation += 1
    sqlite3_reset(pointer)
    sqlite3_clear_bindings(pointer)
    if boundTextCapacity > Self.keptTextCapacity { dropTextBuffer() }
  }

  func finalize() {
    generation += 1
    sqlite3_finalize(pointer)
    pointer = nil
    dropTextBuffer()
  }

  private func failure() -> SQLiteError {
    .failed(
      sql: sql, code: sqlite3_extended_errcode(connection),
      message: String(cString: sqlite3_errmsg(connection)))
  }
}
