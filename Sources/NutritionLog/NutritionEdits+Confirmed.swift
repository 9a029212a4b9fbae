import Foundation
import TraineeAPI

// NB: docs/specs/nutrition-day.md, "Loading a day" merges the local day over the server's (local
// wins), because a meal added from the home screen lands in the store before the tab mounts. A
// local copy the server has already confirmed is no such edit: merged again, it would undo what was
// changed elsewhere since (a food unticked by the coach comes back ticked). So the store keeps, per
// date, what the server is known to hold, and hydration lays over the server's day only what
// changed locally since then (docs/decisions/the-nutrition-day.md, "Nutrition sync: confirmed
// copies").

extension NutritionEdits {
  /// What the server is known to hold for `dateKey`: its answer when the date was last fetched,
  /// or the last save it confirmed (2xx for exactly what was sent). `nil` when neither is known
  /// or the server holds nothing: then every local entry of the date counts as not yet on the
  /// server.
  public func confirmedSnapshot(_ dateKey: String) -> NutritionDaySnapshot? {
    confirmed[dateKey]
  }

  /// The date keys with a confirmed snapshot, sorted.
  public var confirmedDateKeys: [String] { confirmed.keys.sorted() }

  /// Whether `dateKey` holds edits the server has not confirmed.
  public func hasUnconfirmedEdits(_ dateKey: String) -> Bool {
    collectDaySnapshot(dateKey) != (confirmed[dateKey] ?? .empty)
  }

  /// Puts back a date kept on this device: its edits (`hydrateDay`) and what the server was known
  /// to hold for it (`nil`: not known, so every edit counts as unconfirmed).
  public mutating func restoreDay(
    _ dateKey: String, _ snapshot: NutritionDaySnapshot, confirmed: NutritionDaySnapshot?
  ) {
    hydrateDay(dateKey, snapshot)
    confirm(dateKey, confirmed ?? .empty)
  }

  /// Records that the server holds `snapshot` for `dateKey` (its own keys only).
  mutating func confirm(_ dateKey: String, _ snapshot: NutritionDaySnapshot) {
    let prefix = dateKey + entryKeySeparator
    let own = snapshot.onlyKeys { $0.hasPrefix(prefix) }
    confirmed[dateKey] = own.isEmpty ? nil : own
  }
}
