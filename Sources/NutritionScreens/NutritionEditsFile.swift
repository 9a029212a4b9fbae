import DurableFiles
import Foundation
import NutritionLog
import TerminalScreens
import TraineeAPI
import WorkoutSession

// NB: docs/decisions/the-terminal-app-and-the-perform-command.md, "The terminal app": nutrition
// edits queue and are saved when the server is back, also across a quit or a kill while offline.
// The sync engine keeps its edits in memory; the app writes every held date's snapshot here after
// each change, with what the server was known to hold for it (its last answer or confirmed save),
// and hands both back to the next mount, whose hydration lays over the server's day only what was
// not confirmed (docs/decisions/the-nutrition-day.md, "Nutrition sync: confirmed copies"). A file
// of the first format (no confirmations) loads with every edit unconfirmed, so nothing in it is
// lost.

/// The trainee's nutrition edits on disk: `DIR/nutrition-edits.json`, written atomically.
public struct NutritionEditsFile: Sendable {
  private let file: DurableJSONFile<KeptNutritionDays>
  public var url: URL { file.url }

  public init(dataDirectory: URL) {
    file = DurableJSONFile(
      url: DataDirectory(dataDirectory).nutritionEdits,
      what: "The saved nutrition edits")
  }

  /// The snapshots kept, and the confirmed ones, by date key (`2026-0-5`). An unreadable file is
  /// moved aside and reported, never silently replaced.
  public func load(
    now: Date
  ) -> (
    snapshots: [String: NutritionDaySnapshot], confirmed: [String: NutritionDaySnapshot],
    problem: String?
  ) {
    let (kept, problem) = file.load(now: now)
    return (kept?.edits ?? [:], kept?.confirmed ?? [:], problem)
  }

  /// `edits` holding every kept snapshot and what the server was known to hold for its date.
  public func restore(into edits: inout NutritionEdits, now: Date) -> String? {
    let (snapshots, confirmed, problem) = load(now: now)
    for dateKey in Set(snapshots.keys).union(confirmed.keys).sorted() {
      edits.restoreDay(
        dateKey, snapshots[dateKey] ?? .empty, confirmed: confirmed[dateKey])
    }
    return problem
  }

  /// Writes every date `edits` holds, and every confirmed snapshot.
  public func save(_ edits: NutritionEdits) throws(FileError) {
    var kept = KeptNutritionDays()
    for dateKey in edits.dateKeys { kept.edits[dateKey] = edits.collectDaySnapshot(dateKey) }
    for dateKey in edits.confirmedDateKeys {
      kept.confirmed[dateKey] = edits.confirmedSnapshot(dateKey)
    }
    try file.save(kept)
  }
}

/// What `nutrition-edits.json` holds.
///
/// Format 2: `{ "format": 2, "edits": { dateKey: snapshot }, "confirmed": { dateKey: snapshot } }`.
/// Format 1, `{ dateKey: snapshot }` (no key is `format`: a date key never is), reads as edits
/// with nothing confirmed.
struct KeptNutritionDays: Codable, Equatable, Sendable {
  /// The format this app writes.
  static let format = 2

  /// Every held date's snapshot, by date key.
  var edits: [String: NutritionDaySnapshot] = [:]
  /// What the server was known to hold, by date key.
  var confirmed: [String: NutritionDaySnapshot] = [:]

  init() {}

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    guard container.contains(.format) else {
      edits = try [String: NutritionDaySnapshot](from: decoder)
      return
    }
    let format = try container.decode(Int.self, forKey: .format)
    guard format == Self.format else {
      throw DecodingError.dataCorruptedError(
        forKey: .format, in: container,
        debugDescription: "format \(format) is not one this app reads (\(Self.format))")
    }
    edits =
      try container.decodeIfPresent([String: NutritionDaySnapshot].self, forKey: .edits) ?? [:]
    confirmed =
      try container.decodeIfPresent([String: NutritionDaySnapshot].self, forKey: .confirmed)
      ?? [:]
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(Self.format, forKey: .format)
    try container.encode(edits, forKey: .edits)
    try container.encode(confirmed, forKey: .confirmed)
  }

  private enum Key: String, CodingKey {
    case format, edits, confirmed
  }
}
