import CSQLite
import Foundation

// NB: docs/architecture.md, "C libraries": a query's rows, read through SQLite's pointers as the
// connection (SQLiteConnection.swift) hands them out.

/// The current row of a query; read its columns inside the closure it was handed to.
public struct SQLiteRow: DatabaseRow {
  let statement: SQLitePreparedStatement
  let generation: Int

  /// Whether column `column` (from 0) is `NULL`.
  public func isNull(_ column: Int) throws -> Bool {
    try current(column) == SQLITE_NULL
  }

  /// An integer column; `NULL` is an error.
  public func int64(_ column: Int) throws -> Int64 {
    sqlite3_column_int64(try notNull(column), Int32(column))
  }

  /// An integer column, or `nil` for `NULL`.
  public func optionalInt64(_ column: Int) throws -> Int64? {
    guard let pointer = try pointer(column) else { return nil }
    return sqlite3_column_int64(pointer, Int32(column))
  }

  /// A real column; `NULL` is an error.
  public func double(_ column: Int) throws -> Double {
    sqlite3_column_double(try notNull(column), Int32(column))
  }

  /// A real column, or `nil` for `NULL`.
  public func optionalDouble(_ column: Int) throws -> Double? {
    guard let pointer = try pointer(column) else { return nil }
    return sqlite3_column_double(pointer, Int32(column))
  }

  /// A text column, or `nil` for `NULL`.
  public func text(_ column: Int) throws -> String? {
    guard let pointer = try pointer(column) else { return nil }
    let count = Int(sqlite3_column_bytes(pointer, Int32(column)))
    guard count > 0, let bytes = sqlite3_column_text(pointer, Int32(column)) else { return "" }
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  /// A text column; `NULL` is an error.
  public func string(_ column: Int) throws -> String {
    try required(column, text)
  }

  /// A blob column, or `nil` for `NULL`.
  public func data(_ column: Int) throws -> Data? {
    guard let pointer = try pointer(column) else { return nil }
    let count = Int(sqlite3_column_bytes(pointer, Int32(column)))
    guard count > 0, let bytes = sqlite3_column_blob(pointer, Int32(column)) else { return Data() }
    return Data(bytes: bytes, count: count)
  }

  /// The column's value in its storage class.
  public func value(_ column: Int) throws -> DatabaseValue {
    switch try current(column) {
    case SQLITE_INTEGER: .integer(try int64(column))
    case SQLITE_FLOAT: .real(try double(column))
    case SQLITE_TEXT: .text(try string(column))
    case SQLITE_BLOB: .blob(try data(column) ?? Data())
    default: .null
    }
  }

  private func required<T>(_ column: Int, _ read: (Int) throws -> T?) throws -> T {
    guard let value = try read(column) else {
      throw SQLiteError.unexpectedNull(sql: statement.sql, column: column)
    }
    return value
  }

  /// The statement pointer while this row is current and the column is not `NULL`.
  private func pointer(_ column: Int) throws -> OpaquePointer? {
    let pointer = try currentPointer()
    return sqlite3_column_type(pointer, Int32(column)) == SQLITE_NULL ? nil : pointer
  }

  /// The statement pointer while this row is current; `unexpectedNull` for a `NULL` column.
  private func notNull(_ column: Int) throws -> OpaquePointer {
    let pointer = try currentPointer()
    guard sqlite3_column_type(pointer, Int32(column)) != SQLITE_NULL else {
      throw SQLiteError.unexpectedNull(sql: statement.sql, column: column)
    }
    return pointer
  }

  private func current(_ column: Int) throws -> Int32 {
    sqlite3_column_type(try currentPointer(), Int32(column))
  }

  // NB: every step, reset and finalize moves the statement's generation, and a row is made only
  // on a step that gave one: the same generation means the statement is still on this row.
  private func currentPointer() throws -> OpaquePointer {
    guard generation == statement.generation, let pointer = statement.pointer else {
      throw SQLiteError.rowNotCurrent(sql: statement.sql)
    }
    return pointer
  }
}
