import Foundation
import NutritionLog
import TraineeAPI

/// What `perform nutrition replay` prints: the device's today and shown day, the store's ten
/// maps, the preferred day, the home hint, every request, the server's days and every refused
/// action.
public struct NutritionReplayResult: Encodable, Sendable {
  /// The device's today (`todayMs`) when the script ended.
  public var today: CalendarDay
  /// The day the tab showed (`dateMs`).
  public var shown: CalendarDay
  /// The store; the output holds its ten edit maps.
  public var state: NutritionEdits
  /// The preferred plan day while one is set.
  public var preferredDay: PreferredNutritionDay?
  /// `homeDayHintOf(state)` for today.
  public var homeHint: PlanDayHint?
  /// Every request the app sent, in order.
  public var requests: [ReplayRequest]
  /// What the server holds when the script ends.
  public var serverDays: [CalendarDay: NutritionDaySnapshot]
  /// Every action that changed nothing, in order.
  public var refused: [ReplayRefusal]

  public init(
    today: CalendarDay, shown: CalendarDay, state: NutritionEdits,
    preferredDay: PreferredNutritionDay?, homeHint: PlanDayHint?, requests: [ReplayRequest],
    serverDays: [CalendarDay: NutritionDaySnapshot], refused: [ReplayRefusal]
  ) {
    self.today = today
    self.shown = shown
    self.state = state
    self.preferredDay = preferredDay
    self.homeHint = homeHint
    self.requests = requests
    self.serverDays = serverDays
    self.refused = refused
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(today, forKey: .today)
    try container.encode(shown, forKey: .shown)
    try container.encode(EditMaps(state), forKey: .state)
    try container.encode(preferredDay, forKey: .preferredDay)
    try container.encode(homeHint, forKey: .homeHint)
    try container.encode(requests, forKey: .requests)
    let days = Dictionary(uniqueKeysWithValues: serverDays.map { ($0.key.isoDate, $0.value) })
    try container.encode(days, forKey: .serverDays)
    try container.encode(refused, forKey: .refused)
  }

  enum CodingKeys: String, CodingKey {
    case today, shown, state, preferredDay, homeHint, requests, serverDays, refused
  }

  /// The result as the JSON document `perform nutrition replay` prints: sorted keys, indented,
  /// one line feed at the end.
  public func json() throws -> Data {
    try ReadableJSON.document(self)
  }
}

/// An action that changed nothing: its index in `actions` and the reason's code
/// (`readOnlyDay`, `futureDay`, `unknownFood`...).
public struct ReplayRefusal: Codable, Equatable, Sendable {
  /// The action's index in `actions`.
  public var index: Int
  /// `NutritionEditRefusal.code`.
  public var reason: String

  public init(index: Int, reason: String) {
    self.index = index
    self.reason = reason
  }
}

/// The store's ten maps by their spec names, flat across dates.
private struct EditMaps: Encodable {
  var edits: NutritionEdits

  init(_ edits: NutritionEdits) { self.edits = edits }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(edits.eaten, forKey: .eaten)
    try container.encode(edits.swaps, forKey: .swaps)
    try container.encode(edits.swapOptions, forKey: .swapOptions)
    try container.encode(edits.removed, forKey: .removed)
    try container.encode(edits.aiMeals, forKey: .aiMeals)
    try container.encode(edits.mealStatus, forKey: .mealStatus)
    try container.encode(edits.replacement, forKey: .replacement)
    try container.encode(edits.removedMeals, forKey: .removedMeals)
    try container.encode(edits.customMeals, forKey: .customMeals)
    try container.encode(edits.portions, forKey: .portions)
  }

  enum CodingKeys: String, CodingKey {
    case eaten, swaps, swapOptions, removed, aiMeals, mealStatus, replacement, removedMeals
    case customMeals, portions
  }
}
