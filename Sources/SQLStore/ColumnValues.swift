import Foundation

// NB: docs/decisions/the-server-http-routes-and-storage.md, "Rows by column name": an `INSERT`'s
// column list and its placeholders are rendered from one list of column and value pairs, so a
// value sits next to its column's name and cannot slip to its neighbour's. The placeholders are
// the store's one form, `?`, which the PostgreSQL driver numbers `$1`, `$2`, ... as it does for
// every statement (PostgreSQLPlaceholders.swift).

/// The values of one row by column name, in order.
public struct ColumnValues: Sendable, ExpressibleByDictionaryLiteral {
  /// The columns, in order; distinct.
  public let columns: [String]
  /// Each column's value, in the same order.
  public let values: [DatabaseValue]

  /// The row `elements` lists, column by column.
  public init(dictionaryLiteral elements: (String, DatabaseValue)...) {
    precondition(!elements.isEmpty, "a row has at least one column")
    precondition(
      Set(elements.map(\.0)).count == elements.count, "a column is named twice in \(elements)")
    columns = elements.map(\.0)
    values = elements.map(\.1)
  }

  /// `INSERT INTO table (a, b) VALUES (?, ?)`, and `tail` (an `ON CONFLICT` or a `RETURNING`
  /// clause) after a space when it is not empty.
  public func insert(into table: String, _ tail: String = "") -> String {
    let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
    return "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders))"
      + (tail.isEmpty ? "" : " " + tail)
  }
}

extension DatabaseConnection {
  /// Inserts `row` into `table` (`tail` as in ``ColumnValues/insert(into:_:)``, taking no
  /// parameters); returns the rows it changed.
  @discardableResult
  public func insert(into table: String, _ row: ColumnValues, _ tail: String = "") throws -> Int {
    try run(row.insert(into: table, tail), row.values)
  }
}
