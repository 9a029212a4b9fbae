import Foundation

extension DatabaseConnection {
  /// Every row of a query that selects `columns` (its select list rendered from them), each read
  /// by name by `read` while it is current.
  public func rows<T>(
    _ sql: String, _ values: [DatabaseValue], named columns: DatabaseColumns,
    _ read: (NamedRow) throws -> T
  ) throws -> [T] {
    try rows(sql, values) { try read(NamedRow($0, columns: columns)) }
  }

  /// The first row of a query that selects `columns`, read by name by `read`, or `nil` when there
  /// is none.
  public func row<T>(
    _ sql: String, _ values: [DatabaseValue], named columns: DatabaseColumns,
    _ read: (NamedRow) throws -> T
  ) throws -> T? {
    try row(sql, values) { try read(NamedRow($0, columns: columns)) }
  }
}
