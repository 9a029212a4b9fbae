import Foundation
import SQLStore
import TraineeAPI

// NB: docs/decisions/accounts.md, "What a coach sees", "The coach's reads": every coach read
// asks the rule in the transaction of its page (`visibleRead`), adds `recordFilter` to a key
// range of the trainee's records, and reads at most a page, so its cost follows the page.

/// A calendar range of a trainee's nutrition days as a coach asks for it: both ends included.
public struct NutritionDayRange: Equatable, Sendable {
  /// The first day, `YYYY-MM-DD`.
  public var from: CalendarDate
  /// The last day, `YYYY-MM-DD`.
  public var to: CalendarDate

  /// The days from `from` to `to`, both included.
  public init(from: CalendarDate, to: CalendarDate) {
    self.from = from
    self.to = to
  }
}

/// A stored nutrition day: its date and its snapshot as the JSON text it was saved in.
public struct StoredNutritionDay: Equatable, Sendable {
  /// The day.
  public var date: CalendarDate
  /// The snapshot, byte for byte as stored.
  public var json: String
  /// The day's plan against eaten, kept on write, as the studio may see it; `nil` when none is
  /// kept where it may look (docs/decisions/what-the-coach-sees.md, "Plan against eaten").
  public var totals: KeptDayTotals?

  /// A stored day.
  public init(date: CalendarDate, json: String, totals: KeptDayTotals? = nil) {
    self.date = date
    self.json = json
    self.totals = totals
  }
}

/// A range of a trainee's nutrition days as a coach reads it, with the studio's tolerance.
public struct CoachNutritionDays: Equatable, Sendable {
  /// The stored days, oldest first.
  public var days: [StoredNutritionDay]
  /// The studio's tolerance of the trainee (the default when it set none).
  public var tolerance: NutritionTolerance
}

extension DatabaseTraineeStore {
  /// `body` with what `studio` may see of `trainee`, in one read transaction; `nil` (and
  /// `body` never called) while the trainee has no live link to the studio.
  package func visibleRead<T>(
    of trainee: TraineeID, to studio: StudioID,
    _ body: (StudioVisibility, any DatabaseConnection) throws -> T
  ) throws -> T? {
    try read { db in
      guard let visibility = try StudioVisibility.of(trainee, to: studio, db) else { return nil }
      return try body(visibility, db)
    }
  }

  /// `trainee`'s nutrition days in `range` as `studio`'s coaches may see them, oldest first;
  /// `nil` while the trainee has no live link to the studio. A key range of the table's
  /// primary key (`trainee_id, date`); the routes bound the range.
  public func nutritionDays(
    in range: NutritionDayRange, of trainee: TraineeID, visibleTo studio: StudioID
  ) throws -> CoachNutritionDays? {
    try visibleRead(of: trainee, to: studio) { visibility, db in
      let filter = visibility.recordFilter(tagColumn: "studio_id")
      let totals = try KeptDayTotals.read(
        of: trainee, from: range.from, through: range.to,
        filter: visibility.recordFilter(tagColumn: "d.studio_id"), db)
      let days = try db.rows(
        """
        SELECT date, data FROM nutrition_days
        WHERE trainee_id = ? AND date >= ? AND date <= ? AND \(filter.sql)
        ORDER BY date
        """,
        [trainee.value, .text(range.from.description), .text(range.to.description)]
          + filter.values
      ) { row in
        let text = try row.string(0)
        guard let date = CalendarDate(text) else {
          throw TraineeStoreError.storageFailed("a nutrition day's date is \(text)")
        }
        return StoredNutritionDay(date: date, json: try row.string(1), totals: totals[date])
      }
      return CoachNutritionDays(
        days: days, tolerance: try NutritionTolerance.read(of: trainee, by: studio, db))
    }
  }

  /// A page of `trainee`'s technique videos as `studio`'s coaches may see them, the latest sent
  /// first, those before `cursor` (`nil`: from the latest), at most `limit`; `nil` while the
  /// trainee has no live link to the studio. A key range of `technique_videos_by_trainee`.
  public func techniqueVideos(
    of trainee: TraineeID, visibleTo studio: StudioID, before cursor: TechniqueVideoID?,
    limit: Int
  ) throws -> [TechniqueVideo]? {
    try visibleRead(of: trainee, to: studio) { visibility, db in
      guard limit > 0 else { return [] }
      let filter = visibility.recordFilter(tagColumn: "studio_id")
      return try db.rows(
        """
        SELECT \(TechniqueVideo.columns) FROM technique_videos
        WHERE trainee_id = ? AND id < ? AND \(filter.sql)
        ORDER BY id DESC LIMIT ?
        """,
        [trainee.value, .integer(cursor?.rawValue ?? .max)] + filter.values + [
          DatabaseValue(limit)
        ], named: TechniqueVideo.columns, TechniqueVideo.init(row:))
    }
  }
}
