import Foundation
import SQLStore
import TraineeAPI
import TraineeRecords

// NB: docs/decisions/the-coachs-roster.md, "Nutrition within tolerance": one row of
// `nutrition_tolerances` per trainee and studio that set one; none means the default. The
// roster reads it with each trainee's line, on every request, so a change reaches the next
// roster of every process without anything kept to invalidate.

extension NutritionTolerance {
  /// The tolerance `studio` set for `trainee`, or ``standard`` when it set none.
  public static func read(
    of trainee: TraineeID, by studio: StudioID, _ db: any DatabaseConnection
  ) throws -> NutritionTolerance {
    let columns = DatabaseColumns(["kcal_within_percent", "protein_at_least_percent"])
    return try db.row(
      """
      SELECT \(columns) FROM nutrition_tolerances WHERE trainee_id = ? AND studio_id = ?
      """, [.integer(trainee.rawValue), .integer(studio.rawValue)], named: columns, Self.init(row:))
      ?? .standard
  }

  /// Sets `studio`'s tolerance of `trainee` to this one at `at`.
  public func write(
    of trainee: TraineeID, by studio: StudioID, at: Date, _ db: any DatabaseConnection
  ) throws {
    try db.run(
      """
      INSERT INTO nutrition_tolerances (trainee_id, studio_id, kcal_within_percent,
        protein_at_least_percent, set_at)
      VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (trainee_id, studio_id) DO UPDATE SET
        kcal_within_percent = excluded.kcal_within_percent,
        protein_at_least_percent = excluded.protein_at_least_percent, set_at = excluded.set_at
      """,
      [
        .integer(trainee.rawValue), .integer(studio.rawValue), DatabaseValue(kcalWithinPercent),
        DatabaseValue(proteinAtLeastPercent), .integer(at.milliseconds),
      ])
  }

  /// The tolerance of a row whose `kcal_within_percent` and `protein_at_least_percent` may be
  /// `NULL` (a `LEFT JOIN` that found none): ``standard`` then.
  public init(row: NamedRow) throws {
    let kcal: Int64? = try row["kcal_within_percent"]
    let protein: Int64? = try row["protein_at_least_percent"]
    guard let kcal, let protein else {
      self = .standard
      return
    }
    self.init(kcalWithinPercent: Int(kcal), proteinAtLeastPercent: Int(protein))
  }
}
