import JSONWire
import TraineeAPI

// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history", "a day checked straight from the tree": a day save only
// checks its `data` (the handler stores the text as sent), yet `JSONTreeDecoder` built the whole
// `NutritionDaySnapshot` through `Decodable`'s containers to do it, a fifth of a day save's CPU. A
// day whose every member has the plain form the decoder accepts is checked here in one pass that
// builds nothing. Anything else (a text sent as a number, an unknown meal status, a missing id, an
// amount out of range) gives `nil`, and the body goes through `JSONTreeDecoder`, which decides and
// names the field as before; so this accepts only what that decoder accepts, and a test compares
// the two on every variation of a day.
//
// NB: docs/decisions/wire-types-shared-by-the-app-and-the-server.md "Wire types: one field list":
// a member one of the day's types names in its `CodingKeys` and a check below has no case for
// makes the check give up (`isExtraMember`), so a field added to a type is checked by its
// decoder, never waved through unchecked.

extension DayBody: PlainTreeDecodable {
  package init?(plainTree tree: JSONTree) {
    guard case .object(let members) = tree else { return nil }
    var date: String?
    var hasData = false
    var sendsPortions = false
    for member in members {
      switch member.name {
      case "date": guard plainOptional(member.value, &date) else { return nil }
      case "data":
        switch member.value {
        case .null: break
        case .object(let snapshot):
          guard PlainDay.isSnapshot(snapshot) else { return nil }
          hasData = true
          sendsPortions = snapshot.contains { $0.name == "portions" }
        default: return nil
        }
      default: guard isExtraMember(member.name, of: CodingKeys.self) else { return nil }
      }
    }
    self.init(date: date, hasData: hasData, sendsPortions: sendsPortions)
  }
}

/// The plain forms of a day's snapshot, as `NutritionDaySnapshot.init(from:)` and the types it
/// reads accept them when the server checks its input. Each check is `true` only for a value
/// that decoder accepts; `false` leaves the decision to it.
enum PlainDay {
  /// A snapshot's members: each map absent, `null`, or an object of plain values.
  static func isSnapshot(_ members: [JSONTree.Member]) -> Bool {
    members.allSatisfy { member in
      switch member.name {
      case "eaten", "removed", "removedMeals": map(member.value, isBool)
      case "swaps": map(member.value, isString)
      case "mealStatus": map(member.value, isMealStatus)
      case "portions": map(member.value, isPortion)
      case "aiMeals": map(member.value) { list($0, isCustomMealItem) }
      case "customMeals": map(member.value, isCustomMeal)
      case "replacement": map(member.value, isReplacement)
      default: isExtraMember(member.name, of: NutritionDaySnapshot.CodingKeys.self)
      }
    }
  }

  /// `null`, or an object whose every value is `plain`.
  private static func map(_ tree: JSONTree, _ plain: (JSONTree) -> Bool) -> Bool {
    switch tree {
    case .null: true
    case .object(let members): members.allSatisfy { plain($0.value) }
    default: false
    }
  }

  /// An array whose every item is `plain`; where a list may be `null`, the caller says so
  /// (`isOptional`).
  private static func list(_ tree: JSONTree, _ plain: (JSONTree) -> Bool) -> Bool {
    guard case .array(let items) = tree else { return false }
    return items.allSatisfy(plain)
  }

  private static func isBool(_ tree: JSONTree) -> Bool {
    if case .bool = tree { return true }
    return false
  }

  private static func isString(_ tree: JSONTree) -> Bool {
    if case .string = tree { return true }
    return false
  }

  /// A name without control characters: one with them is left to the decoder, which finds its
  /// path for the refusal (docs/security.md, "Names and the terminal").
  private static func isName(_ tree: JSONTree) -> Bool {
    guard case .string(let text) = tree else { return false }
    return !ControlCharacters.found(in: text)
  }

  private static func isMealStatus(_ tree: JSONTree) -> Bool {
    guard case .string(let text) = tree else { return false }
    return MealStatus(rawValue: text) != nil
  }

  /// An object whose every member `plain` accepts, by its name and value, with every name of
  /// `required` among them (names are unique: `StrictJSON` refuses a repeated one).
  private static func object(
    _ tree: JSONTree, requiring required: [String], _ plain: (String, JSONTree) -> Bool
  ) -> Bool {
    guard case .object(let members) = tree else { return false }
    var found = 0
    for member in members {
      guard plain(member.name, member.value) else { return false }
      if required.contains(member.name) { found += 1 }
    }
    return found == required.count
  }

  /// `ItemPortion`'s synthesized reading: `foodId` text and `qty` a number, both required.
  private static func isPortion(_ tree: JSONTree) -> Bool {
    object(tree, requiring: ["foodId", "qty"]) { name, value in
      switch name {
      case "foodId": isString(value)
      case "qty": isNumber(value)
      default: isExtraMember(name, of: ItemPortion.CodingKeys.self)
      }
    }
  }

  /// A `CustomMealItem`: a food, `eaten` a flag, `source` and `logId` text.
  private static func isCustomMealItem(_ tree: JSONTree) -> Bool {
    isMealItem(tree, CustomMealItem.CodingKeys.self)
  }

  /// A `MealReplacement`: the same members as a `CustomMealItem`.
  private static func isReplacement(_ tree: JSONTree) -> Bool {
    isMealItem(tree, MealReplacement.CodingKeys.self)
  }

  /// A food with `eaten` a flag and `source` and `logId` text, the members of `Key` beside the
  /// food's.
  private static func isMealItem<Key: CodingKey>(_ tree: JSONTree, _: Key.Type) -> Bool {
    isFood(tree) { name, value in
      switch name {
      case "eaten": isOptional(value, isBool)
      case "source", "logId": isOptional(value, isString)
      default: isExtraMember(name, of: Key.self)
      }
    }
  }

  /// A `CustomMeal`: `id` text, `label`, `source` and `logId` text, `items` a list of items.
  private static func isCustomMeal(_ tree: JSONTree) -> Bool {
    object(tree, requiring: ["id"]) { name, value in
      switch name {
      case "id": isString(value)
      case "label": isOptional(value, isName)
      case "source", "logId": isOptional(value, isString)
      case "items": isOptional(value) { list($0, isCustomMealItem) }
      default: isExtraMember(name, of: CustomMeal.CodingKeys.self)
      }
    }
  }

  /// `AddedFood`'s members (`id` text, required; `name`, `unit`, `barcode` text; the amounts
  /// numbers within `MacrosDto.maximumAmount`; `qty` a number; `mbp`, `base`, `food` anything),
  /// and the owner's own members, which `other` checks.
  private static func isFood(_ tree: JSONTree, other: (String, JSONTree) -> Bool) -> Bool {
    object(tree, requiring: ["id"]) { name, value in
      switch name {
      case "id": isString(value)
      case "name": isOptional(value, isName)
      case "unit", "barcode": isOptional(value, isString)
      case "kcal", "protein", "carbs", "fat": isOptional(value, isAmount)
      case "qty": isOptional(value, isNumber)
      case "mbp", "base", "food": true
      default: isExtraMember(name, of: AddedFood.CodingKeys.self) && other(name, value)
      }
    }
  }

  private static func isNumber(_ tree: JSONTree) -> Bool {
    if case .number = tree { return true }
    return false
  }

  private static func isAmount(_ tree: JSONTree) -> Bool {
    guard case .number(let number) = tree else { return false }
    return number.value.isFinite && abs(number.value) <= MacrosDto.maximumAmount
  }

  /// `null`, or a value that is `plain`.
  private static func isOptional(_ tree: JSONTree, _ plain: (JSONTree) -> Bool) -> Bool {
    if case .null = tree { return true }
    return plain(tree)
  }
}
