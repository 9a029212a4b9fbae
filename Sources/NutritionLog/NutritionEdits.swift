import Foundation
import TraineeAPI

// NB: docs/specs/nutrition-day.md, "Edit maps and day keys" and "What each map holds". Every edit
// map holds all dates at once, each entry under `dateKey__id`. Here the entries are partitioned by
// date key, so collecting, hydrating or editing one day costs the same however many days are held;
// the keys inside a partition are the full wire keys, so a day's snapshot is its partition as it
// is.

/// Everything the trainee did to nutrition days, on top of the coach's plans: the edit maps of
/// every held date, the plan day in view and the preferred day.
///
/// Edits are pure: they read no clock and do no I/O, take the `dateKey` of the day they act on
/// (from the caller's `dateKeyOf`), and return the effects the store should perform. A refused
/// edit throws a `NutritionEditRefusal` and changes nothing.
public struct NutritionEdits: Equatable, Sendable {
  /// The edits of each held date, by date key. A day with no entry left is removed.
  var days: [String: DayEdits]
  /// The plan and day the tab shows (`viewPlanId`, `viewDayId`).
  public internal(set) var viewPlanId: String?
  public internal(set) var viewDayId: String?
  /// The plan day the trainee follows today, while it is active.
  public internal(set) var preferredDay: PreferredNutritionDay?
  /// The plan day on screen the last time the tab showed today (`todayPick`), set through
  /// `setTodayPick`; the home hint prefers it while its date key is today's.
  public internal(set) var todayPick: TodayNutritionDay?
  /// What the server is known to hold for each date, by date key: its answer when the date was
  /// last fetched, or the last save it confirmed. Only non-empty snapshots are kept; a date
  /// without one counts as empty (NutritionEdits+Confirmed.swift).
  var confirmed: [String: NutritionDaySnapshot]

  /// No edits, no plan in view, no preferred day.
  public init() {
    days = [:]
    confirmed = [:]
  }

  /// The date keys that hold edits, sorted.
  public var dateKeys: [String] { days.keys.sorted() }

  /// Shows plan `planId`, day `dayId` (or none): the plan day an eating edit may lock as preferred.
  public mutating func view(planId: String?, dayId: String?) {
    viewPlanId = planId
    viewDayId = dayId
  }

  /// Sets the preferred day read back from its file at launch, or clears it with `nil`.
  public mutating func restorePreferredDay(_ day: PreferredNutritionDay?) {
    preferredDay = day
  }

  /// Forgets the preferred day once it has expired at `now` (`refreshToday`). Returns whether it
  /// did, so the store can delete the file.
  @discardableResult
  public mutating func expirePreferredDay(now: Date) -> Bool {
    guard let day = preferredDay, !day.isActive(at: now) else { return false }
    preferredDay = nil
    return true
  }

  /// Resets everything: every edit of every date, the plan in view and the preferred day, which
  /// is also deleted from disk. Called on sign out and on a studio switch.
  public mutating func clear() -> [NutritionEditEffect] {
    self = NutritionEdits()
    return [.deletePreferredDay]
  }
}

/// One date's edits: its snapshot maps and the local-only render data of its swaps.
struct DayEdits: Equatable, Sendable {
  var snapshot = NutritionDaySnapshot()
  /// Render data of swaps the plan payload does not carry, by `dateKey__itemId`. Never sent.
  var swapOptions: [String: NutritionOptionDto] = [:]

  var isEmpty: Bool { snapshot.isEmpty && swapOptions.isEmpty }
}

extension NutritionEdits {
  /// `dateKey__id`, the key of an entry in any edit map (the spec's `eatenKey` and `aiKey`).
  static func key(_ dateKey: String, _ id: String) -> String {
    dateKey + entryKeySeparator + id
  }

  /// The date key of a map key: what comes before the first `__`, `nil` when there is none.
  static func dateKey(ofKey key: String) -> String? {
    guard let range = key.range(of: entryKeySeparator) else { return nil }
    return String(key[..<range.lowerBound])
  }

  /// Refuses a date key that `dateKeyOf` could not have made.
  static func checkDateKey(_ dateKey: String) throws(NutritionEditRefusal) {
    guard DayKey(rawValue: dateKey) != nil else { throw .invalidDateKey(dateKey) }
  }

  /// Refuses an empty id; `field` names it in the refusal.
  static func checkId(_ id: String, _ field: String) throws(NutritionEditRefusal) {
    guard !id.isEmpty else { throw .emptyId(field: field) }
  }

  /// Changes the edits of `dateKey` in place, dropping the day when nothing is left of it.
  mutating func editDay<Result>(
    _ dateKey: String, _ change: (inout DayEdits) -> Result
  ) -> Result {
    let result = change(&days[dateKey, default: DayEdits()])
    if days[dateKey]?.isEmpty == true { days[dateKey] = nil }
    return result
  }
}
