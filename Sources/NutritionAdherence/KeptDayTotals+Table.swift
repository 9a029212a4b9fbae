import Foundation
import SQLStore
import TraineeAPI
import TraineeRecords

// NB: docs/decisions/the-coachs-roster.md, "Nutrition within tolerance": the totals of a day live
// on the roster's `trainee_days` row of the trainee, date and studio tag of the day's latest
// nutrition write (a day saved, a meal logged), as a saved day counts for the studio of its
// latest save; every other tag's row of the date holds none. So a studio that sees only its own
// tag sees a day's totals when the latest write was its trainee's under it, and one that sees
// every tag finds exactly one row with them (`MAX` over the date's rows).

extension KeptDayTotals {
  /// The columns of `trainee_days` the totals are kept in, in tenths; `NULL` when a row holds
  /// none.
  public static let columnNames = [
    "eaten_kcal_tenths", "eaten_protein_tenths", "eaten_carbs_tenths", "eaten_fat_tenths",
    "target_kcal_tenths", "target_protein_tenths",
  ]

  /// Keeps `totals` on the row of `trainee`, `date` and `studio` (the `trainee_days` key of the
  /// write's tag, which must exist) and clears them from the date's other rows; `nil` clears
  /// them from every row of the date.
  public static func keep(
    _ totals: KeptDayTotals?, on date: CalendarDate, studio: DatabaseValue,
    of trainee: TraineeID, _ db: any DatabaseConnection
  ) throws {
    let clear = columnNames.map { "\($0) = NULL" }.joined(separator: ", ")
    try db.run(
      "UPDATE trainee_days SET \(clear) WHERE trainee_id = ? AND date = ? AND studio_id <> ?",
      [.integer(trainee.rawValue), .text(date.description), studio])
    let values: [DatabaseValue] =
      totals.map {
        [
          DatabaseValue($0.eatenKcalTenths), DatabaseValue($0.eatenProteinTenths),
          DatabaseValue($0.eatenCarbsTenths), DatabaseValue($0.eatenFatTenths),
          DatabaseValue($0.targetKcalTenths), DatabaseValue($0.targetProteinTenths),
        ]
      } ?? columnNames.map { _ in .null }
    let set = columnNames.map { "\($0) = ?" }.joined(separator: ", ")
    try db.run(
      "UPDATE trainee_days SET \(set) WHERE trainee_id = ? AND date = ? AND studio_id = ?",
      values + [.integer(trainee.rawValue), .text(date.description), studio])
  }

  /// The `SELECT` expressions that read a date's totals over the rows a `GROUP BY` of the date
  /// gathers (`alias` the table's), named as ``columnNames``.
  public static func aggregates(of alias: String) -> [String] {
    columnNames.map { "MAX(\(alias).\($0)) AS \($0)" }
  }

  /// The totals of a row that selects ``columnNames`` (or ``aggregates(of:)``); `nil` when it
  /// holds none.
  public init?(row: NamedRow) throws {
    let kcal: Int64? = try row["eaten_kcal_tenths"]
    guard let kcal else { return nil }
    let protein: Int64? = try row["eaten_protein_tenths"]
    let carbs: Int64? = try row["eaten_carbs_tenths"]
    let fat: Int64? = try row["eaten_fat_tenths"]
    let targetKcal: Int64? = try row["target_kcal_tenths"]
    let targetProtein: Int64? = try row["target_protein_tenths"]
    self.init(
      eatenKcalTenths: Int(kcal), eatenProteinTenths: Int(protein ?? 0),
      eatenCarbsTenths: Int(carbs ?? 0), eatenFatTenths: Int(fat ?? 0),
      targetKcalTenths: targetKcal.map(Int.init), targetProteinTenths: targetProtein.map(Int.init))
  }

  /// The totals of `trainee`'s dates `from` through `to` over the `trainee_days` rows `filter`
  /// lets through (its SQL on the row's `studio_id`), by date: one key range of the table.
  public static func read(
    of trainee: TraineeID, from: CalendarDate, through to: CalendarDate,
    filter: (sql: String, values: [DatabaseValue]), _ db: any DatabaseConnection
  ) throws -> [CalendarDate: KeptDayTotals] {
    let columns = DatabaseColumns(["date"] + aggregates(of: "d"))
    var totals: [CalendarDate: KeptDayTotals] = [:]
    for (date, kept) in try db.rows(
      """
      SELECT \(columns) FROM trainee_days AS d
      WHERE d.trainee_id = ? AND d.date >= ? AND d.date <= ? AND \(filter.sql)
      GROUP BY d.date
      """,
      [.integer(trainee.rawValue), .text(from.description), .text(to.description)] + filter.values,
      named: columns,
      { row -> (String, KeptDayTotals?) in (try row["date"], try KeptDayTotals(row: row)) })
    {
      if let date = CalendarDate(date), let kept { totals[date] = kept }
    }
    return totals
  }
}
