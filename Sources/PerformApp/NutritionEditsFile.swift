import Foundation
import NutritionLog
import WorkoutSession

// NB: issue 7 "Faults a person meets": nutrition edits queue and are saved when the server is
// back, also across a quit or a kill while offline. The sync engine keeps its edits in memory;
// the app writes every held date's snapshot here after each change and hands them back to the
// next mount, whose hydration merges them with the server's (local wins) and saves the result.

/// The trainee's nutrition edits on disk: `DIR/nutrition-edits.json`, `{ dateKey: snapshot }`,
/// written atomically.
public struct NutritionEditsFile: Sendable {
  private let file: DurableJSONFile<[String: NutritionDaySnapshot]>
  public var url: URL { file.url }

  public init(dataDirectory: URL) {
    file = DurableJSONFile(
      url: dataDirectory.appendingPathComponent("nutrition-edits.json"),
      what: "The saved nutrition edits")
  }

  /// The snapshots kept, by date key (`2026-0-5`). An unreadable file is moved aside and reported,
  /// never silently replaced.
  public func load(now: Date) -> (snapshots: [String: NutritionDaySnapshot], problem: String?) {
    let (snapshots, problem) = file.load(now: now)
    return (snapshots ?? [:], problem)
  }

  /// `edits` holding every kept snapshot.
  public func restore(into edits: inout NutritionEdits, now: Date) -> String? {
    let (snapshots, problem) = load(now: now)
    for (dateKey, snapshot) in snapshots { edits.hydrateDay(dateKey, snapshot) }
    return problem
  }

  /// Writes every date `edits` holds.
  public func save(_ edits: NutritionEdits) throws(FileError) {
    var snapshots: [String: NutritionDaySnapshot] = [:]
    for dateKey in edits.dateKeys { snapshots[dateKey] = edits.collectDaySnapshot(dateKey) }
    try file.save(snapshots)
  }
}
