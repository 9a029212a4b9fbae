import Foundation
import Testing

@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeServer

/// Rows read and bound by column name (docs/decisions/the-server-http-routes-and-storage.md,
/// "Rows by column name"), on both backends.
struct RowsByColumnNameTests {
  static let columns = DatabaseColumns(["label", "weight", "reps", "done"])

  /// A table of sets, on `backend`, with the given rows inserted by name.
  static func table(_ backend: StoreBackend, _ rows: [ColumnValues]) throws -> any DatabaseDriver {
    let database = try backend.makeUnmigratedDatabase()
    try database.writeTransaction(.readCommitted) { db in
      try db.execute(
        """
        CREATE TABLE sets (
          id INTEGER PRIMARY KEY, label TEXT, weight REAL, reps INTEGER, done INTEGER NOT NULL)
        """)
      for row in rows { try db.insert(into: "sets", row) }
    }
    return database
  }

  @Test(arguments: StoreBackend.available)
  func aRowBoundByNameIsReadBackByName(_ backend: StoreBackend) throws {
    // The columns are listed in another order than the table's and the select list's.
    let database = try Self.table(
      backend,
      [
        ["done": 1, "reps": 5, "id": 1, "weight": 62.5, "label": "top set"],
        ["weight": nil, "label": nil, "done": 0, "id": 2, "reps": nil],
      ])
    defer { database.close() }
    let rows = try database.readTransaction { db in
      try db.rows(
        "SELECT \(Self.columns) FROM sets ORDER BY id", [], named: Self.columns
      ) { row -> [String] in
        let label: String? = try row["label"]
        let weight: Double? = try row["weight"]
        let reps: Int? = try row["reps"]
        let done: Bool = try row["done"]
        return [
          label ?? "-", weight.map { "\($0)" } ?? "-", reps.map { "\($0)" } ?? "-", "\(done)",
        ]
      }
    }
    #expect(rows == [["top set", "62.5", "5", "true"], ["-", "-", "-", "false"]])
  }

  @Test(arguments: StoreBackend.available)
  func aColumnTheQueryDoesNotSelectIsAThrownError(_ backend: StoreBackend) throws {
    let database = try Self.table(backend, [["id": 1, "done": 1]])
    defer { database.close() }
    #expect(
      throws: DatabaseColumnError.unknownColumn(
        "weight_kg", selected: ["label", "weight", "reps", "done"])
    ) {
      try database.readTransaction { db in
        try db.row("SELECT \(Self.columns) FROM sets", [], named: Self.columns) {
          try $0["weight_kg"] as Double?
        }
      }
    }
  }

  @Test func aNullReadAsANonOptionalValueIsTheDriversError() throws {
    let database = try Self.table(.sqlite, [["id": 1, "done": 1]])
    defer { database.close() }
    #expect(throws: SQLiteError.self) {
      try database.readTransaction { db in
        try db.row("SELECT \(Self.columns) FROM sets", [], named: Self.columns) {
          try $0["weight"] as Double
        }
      }
    }
  }

  @Test func columnsAreNamedAsTheDatabasesNameThem() throws {
    let columns = DatabaseColumns(["s.weight", "COUNT(*) AS logged", "reps"])
    #expect(columns.names == ["weight", "logged", "reps"])
    #expect(columns.description == "s.weight, COUNT(*) AS logged, reps")
    #expect(try columns.position(of: "logged") == 1)
    let qualified = DatabaseColumns(["weight", "reps"]).qualified(by: "s")
    #expect(qualified.description == "s.weight, s.reps")
    #expect(qualified.names == ["weight", "reps"])
  }

  /// The column list and the placeholders come from one list; PostgreSQL's driver numbers the
  /// placeholders.
  @Test func anInsertByNameRendersItsColumnsAndPlaceholdersTogether() {
    let row: ColumnValues = ["log_id": 7, "label": nil, "volume": 1.5]
    let sql = row.insert(into: "workout_summaries", "RETURNING log_id")
    #expect(
      sql
        == "INSERT INTO workout_summaries (log_id, label, volume) VALUES (?, ?, ?)"
        + " RETURNING log_id"
    )
    #expect(row.values == [7, nil, 1.5])
    #expect(
      PostgreSQLPlaceholders.translate(sql)
        == "INSERT INTO workout_summaries (log_id, label, volume) VALUES ($1, $2, $3)"
        + " RETURNING log_id")
  }
}
