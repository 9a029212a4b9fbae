import Foundation

/// The current row of a query read by column name: `try row["weight"]`, the value's type chosen
/// by what it is assigned to (`Double?` reads `NULL` as `nil`; `Double` throws on `NULL`).
public struct NamedRow {
  /// The row, read by position.
  public let row: any DatabaseRow
  /// The columns the query selects, in order.
  public let columns: DatabaseColumns

  /// `row`, whose query selects `columns`.
  public init(_ row: any DatabaseRow, columns: DatabaseColumns) {
    self.row = row
    self.columns = columns
  }

  /// The column `name`; throws `DatabaseColumnError.unknownColumn` when the query does not
  /// select it, and the driver's error for a `NULL` read as a non-optional value.
  public subscript<Value: DatabaseColumnValue>(_ name: String) -> Value {
    get throws { try Value.read(row, try columns.position(of: name)) }
  }
}

/// A type a column is read as.
public protocol DatabaseColumnValue {
  /// The value of `column` of `row`; `NULL` is an error.
  static func read(_ row: any DatabaseRow, _ column: Int) throws -> Self
  /// The value of `column` of `row`, or `nil` for `NULL`.
  static func readUnlessNull(_ row: any DatabaseRow, _ column: Int) throws -> Self?
}

extension Int64: DatabaseColumnValue {
  public static func read(_ row: any DatabaseRow, _ column: Int) throws -> Int64 {
    try row.int64(column)
  }

  public static func readUnlessNull(_ row: any DatabaseRow, _ column: Int) throws -> Int64? {
    try row.optionalInt64(column)
  }
}

extension Int: DatabaseColumnValue {
  public static func read(_ row: any DatabaseRow, _ column: Int) throws -> Int {
    try row.int(column)
  }

  public static func readUnlessNull(_ row: any DatabaseRow, _ column: Int) throws -> Int? {
    try row.optionalInt(column)
  }
}

extension Double: DatabaseColumnValue {
  public static func read(_ row: any DatabaseRow, _ column: Int) throws -> Double {
    try row.double(column)
  }

  public static func readUnlessNull(_ row: any DatabaseRow, _ column: Int) throws -> Double? {
    try row.optionalDouble(column)
  }
}

extension String: DatabaseColumnValue {
  public static func read(_ row: any DatabaseRow, _ column: Int) throws -> String {
    try row.string(column)
  }

  public static func readUnlessNull(_ row: any DatabaseRow, _ column: Int) throws -> String? {
    try row.text(column)
  }
}

/// An integer column that holds `1` or `0` (any value but `0` reads as `true`).
extension Bool: DatabaseColumnValue {
  public static func read(_ row: any DatabaseRow, _ column: Int) throws -> Bool {
    try row.int64(column) != 0
  }

  public static func readUnlessNull(_ row: any DatabaseRow, _ column: Int) throws -> Bool? {
    try row.optionalInt64(column).map { $0 != 0 }
  }
}

/// A column that may be `NULL`, read as `nil`.
extension Optional: DatabaseColumnValue where Wrapped: DatabaseColumnValue {
  public static func read(_ row: any DatabaseRow, _ column: Int) throws -> Wrapped? {
    try Wrapped.readUnlessNull(row, column)
  }

  public static func readUnlessNull(_ row: any DatabaseRow, _ column: Int) throws -> Wrapped?? {
    .some(try Wrapped.readUnlessNull(row, column))
  }
}
