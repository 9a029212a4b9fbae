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
  public let url: URL

  public init(dataDirectory: URL) {
    url = dataDirectory.appendingPathComponent("nutrition-edits.json")
  }

  /// The snapshots kept, by date key (`2026-0-5`). An unreadable file is moved aside and reported,
  /// never silently replaced.
  public func load(now: Date) -> (snapshots: [String: NutritionDaySnapshot], problem: String?) {
    guard let data = FileManager.default.contents(atPath: url.path) else { return ([:], nil) }
    do {
      return (try JSONDecoder().decode([String: NutritionDaySnapshot].self, from: data), nil)
    } catch {
      let aside = url.path + ".corrupt-\(Int64(now.timeIntervalSince1970))"
      let moved = rename(url.path, aside) == 0
      return (
        [:],
        "The saved nutrition edits could not be read (\(error))"
          + (moved ? "; the file was kept as \(aside)." : ".")
      )
    }
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
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data: Data
    do {
      data = try encoder.encode(snapshots)
    } catch {
      preconditionFailure("encoding nutrition snapshots failed: \(error)")
    }
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw FileError(path: directory.path, operation: "mkdir", code: EIO)
    }
    try DurableFile.atomicWrite(data, to: url)
  }
}
