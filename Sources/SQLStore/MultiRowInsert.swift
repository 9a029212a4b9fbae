// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history", "a log's rows go in a few statements": a log post
// inserted each set as a statement of its own, about thirty statements for a workout of fifteen
// sets; each statement costs its look-up, binding, start and reset whatever its size. Rows now go
// in statements of up to `rowsPerStatement`, whose SQL is built once per row count, so the prepared
// statements a connection keeps stay bounded.

/// An `INSERT ... VALUES (...), (...)` of many rows in few statements.
package struct MultiRowInsert: Sendable {
  /// The most rows one statement inserts.
  package static let rowsPerStatement = 16

  /// The statement for 1 to `rowsPerStatement` rows, by row count less one.
  private let statements: [String]
  /// The values of one row.
  package let columns: Int

  /// `head` is the statement up to its `VALUES` (`INSERT INTO t (a, b)`), `tail` what follows
  /// the rows (`ON CONFLICT ...`); every row has `columns` values.
  package init(_ head: String, columns: Int, tail: String = "") {
    precondition(columns > 0)
    self.columns = columns
    let row = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
    statements = (1...Self.rowsPerStatement).map { count in
      head + " VALUES " + Array(repeating: row, count: count).joined(separator: ", ")
        + (tail.isEmpty ? "" : "\n" + tail)
    }
  }

  /// Inserts the rows `values` holds end to end, each of exactly `columns` values, in order;
  /// `tail` binds the tail's own `?` parameters (after the rows') in each statement.
  package func run(
    _ values: [DatabaseValue], tail: [DatabaseValue] = [], _ db: any DatabaseConnection
  ) throws {
    precondition(
      values.count % columns == 0, "\(values.count) values for rows of \(columns) columns")
    let rows = values.count / columns
    // Up to a statement's worth of rows with no tail go as they are, without a copy.
    if rows <= Self.rowsPerStatement, tail.isEmpty {
      if rows > 0 { try db.run(statements[rows - 1], values) }
      return
    }
    var start = 0
    while start < rows {
      let end = min(start + Self.rowsPerStatement, rows)
      var statementValues: [DatabaseValue] = []
      statementValues.reserveCapacity((end - start) * columns + tail.count)
      statementValues += values[start * columns..<end * columns]
      statementValues += tail
      try db.run(statements[end - start - 1], statementValues)
      start = end
    }
  }
}
