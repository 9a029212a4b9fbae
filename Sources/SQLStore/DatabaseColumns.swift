import Foundation

// NB: docs/decisions/the-server-http-routes-and-storage.md, "Rows by column name": a query's
// select list is rendered from the same `DatabaseColumns` its rows are read by, so a column is
// named once and read by that name; a name the list lacks is a thrown `DatabaseColumnError`, never
// a silent `nil` or another column's value.

/// The columns a query selects, in order, read back by name.
///
/// Each is a select expression: a column (`weight`), a column of a table (`s.weight`, read as
/// `weight`) or an expression with its name (`COUNT(*) AS logged`, read as `logged`), as SQLite
/// and PostgreSQL name a result column.
public struct DatabaseColumns: Sendable, CustomStringConvertible {
  /// The select expressions, in order.
  public let expressions: [String]
  /// The name each column is read by, in order.
  public let names: [String]
  /// The select list: the expressions separated by commas (joined once, not per query).
  public let description: String
  /// Each name's position in ``names``.
  private let positions: [String: Int]

  /// Columns selected by `expressions`, whose names must be distinct.
  public init(_ expressions: [String]) {
    let names = expressions.map(Self.name(of:))
    var positions: [String: Int] = [:]
    for (position, name) in names.enumerated() {
      precondition(positions.updateValue(position, forKey: name) == nil, "\(name) named twice")
    }
    self.expressions = expressions
    self.names = names
    self.positions = positions
    description = expressions.joined(separator: ", ")
  }

  /// The same columns, each qualified by `table` (`s.weight, s.reps`); they keep their names.
  public func qualified(by table: String) -> DatabaseColumns {
    DatabaseColumns(expressions.map { "\(table).\($0)" })
  }

  /// The name of the result column `expression` selects: what follows its last ` AS `, else
  /// what follows its last `.`.
  static func name(of expression: String) -> String {
    if let alias = expression.range(of: " AS ", options: .backwards) {
      return String(expression[alias.upperBound...])
    }
    return String(expression.split(separator: ".").last ?? Substring(expression))
  }

  /// The position of the column `name` in a row of the query.
  public func position(of name: String) throws -> Int {
    guard let position = positions[name] else {
      throw DatabaseColumnError.unknownColumn(name, selected: names)
    }
    return position
  }
}

/// A column read by a name its query does not select: a mistake in the code, thrown so a test
/// sees it.
public enum DatabaseColumnError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `name` is not among the `selected` columns.
  case unknownColumn(String, selected: [String])

  public var description: String {
    switch self {
    case .unknownColumn(let name, let selected):
      "no column \(name) among the selected \(selected.joined(separator: ", "))"
    }
  }
}
