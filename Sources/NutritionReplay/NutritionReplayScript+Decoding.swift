import Foundation
import NutritionLog
import TraineeAPI

// NB: every problem names the action index and, inside the action, the field: "action 3: tick:
// itemId is missing". A field of a nested object is named by its path ("addFood: item.kcal is
// not a number"), a field of the document by its own ("serverDays.2026-01-05.eaten is not an
// object").

extension NutritionReplayScript {
  /// The longest `wait`: a week.
  static let longestWait = 7 * 24 * 3600
  /// The longest `latency`: a minute.
  static let longestLatency = 60
  /// The most failures one `failNext` asks for.
  static let mostFailures = 100

  /// Reads a script, naming the action index and field of anything wrong in it.
  public init(json data: Data) throws(NutritionReplayScriptError) {
    let document: Document
    do {
      document = try JSONDecoder().decodePayload(Document.self, from: data)
    } catch {
      throw NutritionReplayScriptError(actionIndex: nil, problem: error.description)
    }
    guard let timeZone = TimeZone(identifier: document.timeZone) else {
      throw NutritionReplayScriptError(
        actionIndex: nil,
        problem: "timeZone \"\(document.timeZone)\" is not a known IANA time zone")
    }
    guard let startAt = ISO8601Instant.date(from: document.startAt) else {
      throw NutritionReplayScriptError(
        actionIndex: nil,
        problem: "startAt \"\(document.startAt)\" is not an ISO 8601 time such as "
          + "2026-01-05T10:00:00Z")
    }
    var serverDays: [CalendarDay: NutritionDaySnapshot] = [:]
    for (text, snapshot) in document.serverDays ?? [:] {
      do {
        serverDays[try CalendarDay.parse(isoDate: text)] = snapshot
      } catch {
        throw NutritionReplayScriptError(actionIndex: nil, problem: "serverDays: \(error.message)")
      }
    }
    var steps: [NutritionReplayStep] = []
    for (index, raw) in document.actions.enumerated() {
      do {
        steps.append(try Self.step(raw))
      } catch {
        throw NutritionReplayScriptError(actionIndex: index, problem: error.text)
      }
    }
    self.init(
      timeZone: timeZone, startAt: startAt, plans: document.plans ?? NutritionPlansDto(plans: []),
      serverDays: serverDays, steps: steps)
  }

  private struct Document: Decodable {
    var timeZone: String
    var startAt: String
    var plans: NutritionPlansDto?
    var serverDays: [String: NutritionDaySnapshot]?
    var actions: [JSONValue]
  }

  private static func step(_ raw: JSONValue) throws(ActionProblem) -> NutritionReplayStep {
    guard case .object(let fields) = raw else { throw ActionProblem("is not an object") }
    guard case .string(let name)? = fields["do"] else {
      throw ActionProblem("\"do\" is missing or not text")
    }
    let action = ActionFields(name: name, fields: fields)
    switch name {
    case "view":
      return .view(
        planId: try action.optionalString("planId"), dayId: try action.optionalString("dayId"))
    case "mount":
      return .mount
    case "selectDate":
      return .selectDate(try action.date("date"))
    case "network":
      switch try action.string("state") {
      case "down": return .network(reachable: false)
      case "up": return .network(reachable: true)
      default: throw action.problem("state must be \"down\" or \"up\"")
      }
    case "failNext":
      return .failNext(count: try action.wholeNumber("count", in: 1...mostFailures))
    case "latency":
      return .latency(milliseconds: try action.milliseconds("seconds", upTo: longestLatency))
    case "setClock":
      let at = try action.instant("at")
      let timeZone = try action.timeZone("timeZone")
      guard at != nil || timeZone != nil else {
        throw action.problem("needs \"at\", \"timeZone\" or both")
      }
      return .setClock(at: at, timeZone: timeZone)
    case "wait":
      guard case .number(let seconds)? = fields["seconds"], seconds.isFinite, seconds >= 0,
        seconds <= Double(longestWait)
      else {
        throw ActionProblem("wait needs \"seconds\", a number from 0 to \(longestWait)")
      }
      return .wait(milliseconds: Int((seconds * 1000).rounded()))
    default:
      return .edit(try edit(action))
    }
  }

  /// The edits, by the names the issue gives them.
  private static func edit(_ action: ActionFields) throws(ActionProblem) -> NutritionEdit {
    switch action.name {
    case "tick":
      return .setEaten(
        itemId: try action.id("itemId"), eaten: try action.bool("eaten", default: true))
    case "swap":
      return .setSwap(
        itemId: try action.id("itemId"),
        optionId: try action.nullableId("optionId", meaning: "an option id, or null"),
        option: nil)
    case "portion":
      let itemId = try action.id("itemId")
      let foodId = try action.optionalId("foodId")
      let qty = try action.optionalNumber("qty")
      switch (foodId, qty) {
      case (let foodId?, let qty?):
        return .setPortion(itemId: itemId, portion: ItemPortion(foodId: foodId, qty: qty))
      case (nil, nil):
        return .setPortion(itemId: itemId, portion: nil)
      default:
        throw action.problem("needs both foodId and qty, or neither to clear the portion")
      }
    case "removeItem":
      return .setItemRemoved(
        itemId: try action.id("itemId"), removed: try action.bool("removed", default: true))
    case "addFood":
      return .addFood(
        mealId: try action.id("mealId"), item: try action.object("item", CustomMealItem.self))
    case "mealStatus":
      return .setMealStatus(
        mealId: try action.id("mealId"), status: try action.object("status", MealStatus.self))
    case "replaceMeal":
      return .setReplacement(
        mealId: try action.id("mealId"),
        replacement: try action.nullableObject("replacement", MealReplacement.self))
    case "removeMeal":
      return .setMealRemoved(
        mealId: try action.id("mealId"), removed: try action.bool("removed", default: true))
    case "customMeal":
      return .setCustomMeal(try action.object("meal", CustomMeal.self))
    default:
      throw ActionProblem("unknown action \"\(action.name)\"")
    }
  }
}

/// What is wrong with one action.
struct ActionProblem: Error {
  var text: String
  init(_ text: String) { self.text = text }
}

/// The fields of one action, read with problems that name the action and the field.
private struct ActionFields {
  var name: String
  var fields: [String: JSONValue]

  func problem(_ text: String) -> ActionProblem {
    ActionProblem("\(name): \(text)")
  }

  /// Non-empty text.
  func string(_ key: String) throws(ActionProblem) -> String {
    guard let value = fields[key] else { throw problem("\(key) is missing") }
    guard case .string(let text) = value else { throw problem("\(key) is not text") }
    guard !text.isEmpty else { throw problem("\(key) is empty") }
    return text
  }

  // NB: docs/replay.md, "Actions": an edit's ids and the portion's `foodId` reach the engine as
  // given, empty ones included, so the store's own rules answer them (`emptyId` refused, an
  // empty `foodId` clearing the portion) as they would in the app. Only a missing id, or one
  // that is not text, makes the script bad.

  /// Text, possibly empty, which must be given: an id of an edit.
  func id(_ key: String) throws(ActionProblem) -> String {
    guard let value = fields[key] else { throw problem("\(key) is missing") }
    guard case .string(let text) = value else { throw problem("\(key) is not text") }
    return text
  }

  /// Text, possibly empty, or `nil` when absent or null.
  func optionalId(_ key: String) throws(ActionProblem) -> String? {
    guard let value = fields[key], value != .null else { return nil }
    return try id(key)
  }

  /// Text (possibly empty) or null, which must be given: `meaning` says what it is.
  func nullableId(_ key: String, meaning: String) throws(ActionProblem) -> String? {
    guard fields[key] != nil else { throw problem("\(key) is missing (\(meaning))") }
    return try optionalId(key)
  }

  /// Non-empty text, or `nil` when absent or null.
  func optionalString(_ key: String) throws(ActionProblem) -> String? {
    guard let value = fields[key], value != .null else { return nil }
    return try string(key)
  }

  func bool(_ key: String, default fallback: Bool) throws(ActionProblem) -> Bool {
    guard let value = fields[key], value != .null else { return fallback }
    guard case .bool(let flag) = value else { throw problem("\(key) is not true or false") }
    return flag
  }

  func optionalNumber(_ key: String) throws(ActionProblem) -> Double? {
    guard let value = fields[key], value != .null else { return nil }
    guard case .number(let number) = value else { throw problem("\(key) is not a number") }
    return number
  }

  func wholeNumber(_ key: String, in range: ClosedRange<Int>) throws(ActionProblem) -> Int {
    guard case .number(let number)? = fields[key], number == number.rounded(),
      number >= Double(range.lowerBound), number <= Double(range.upperBound)
    else {
      throw problem(
        "\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return Int(number)
  }

  /// A number of seconds from 0 to `longest`, as whole milliseconds.
  func milliseconds(_ key: String, upTo longest: Int) throws(ActionProblem) -> Int {
    guard case .number(let seconds)? = fields[key], seconds.isFinite, seconds >= 0,
      seconds <= Double(longest)
    else { throw problem("\(key) must be a number from 0 to \(longest)") }
    return Int((seconds * 1000).rounded())
  }

  func date(_ key: String) throws(ActionProblem) -> CalendarDay {
    let text = try string(key)
    do {
      return try CalendarDay.parse(isoDate: text)
    } catch {
      throw problem("\(key): \(error.message)")
    }
  }

  func instant(_ key: String) throws(ActionProblem) -> Date? {
    guard let text = try optionalString(key) else { return nil }
    guard let date = ISO8601Instant.date(from: text) else {
      throw problem("\(key) \"\(text)\" is not an ISO 8601 time such as 2026-01-05T10:00:00Z")
    }
    return date
  }

  func timeZone(_ key: String) throws(ActionProblem) -> TimeZone? {
    guard let text = try optionalString(key) else { return nil }
    guard let zone = TimeZone(identifier: text) else {
      throw problem("\(key) \"\(text)\" is not a known IANA time zone")
    }
    return zone
  }

  /// A value of `type`, which must be given.
  func object<T: Decodable>(_ key: String, _ type: T.Type) throws(ActionProblem) -> T {
    guard let value = fields[key], value != .null else { throw problem("\(key) is missing") }
    return try decode(value, key, type)
  }

  /// A value of `type` or null, which must be given.
  func nullableObject<T: Decodable>(_ key: String, _ type: T.Type) throws(ActionProblem) -> T? {
    guard let value = fields[key] else { throw problem("\(key) is missing (an object, or null)") }
    return value == .null ? nil : try decode(value, key, type)
  }

  private func decode<T: Decodable>(
    _ value: JSONValue, _ key: String, _ type: T.Type
  ) throws(ActionProblem) -> T {
    do {
      let data = try JSONEncoder().encode(Envelope(value: value))
      return try JSONDecoder().decodePayload(Envelope<T>.self, from: data).value
    } catch let error as PayloadError {
      let field = error.field.replacingOccurrences(of: "value", with: key, options: .anchored)
      throw problem("\(field) \(error.problem)")
    } catch {
      throw problem("\(key): \(error)")
    }
  }
}

/// One value under the key `value`, so a decoding error's path starts with it.
private struct Envelope<Value> {
  var value: Value
}

extension Envelope: Encodable where Value: Encodable {}
extension Envelope: Decodable where Value: Decodable {}
