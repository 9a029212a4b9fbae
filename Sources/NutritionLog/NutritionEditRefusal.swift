import Foundation

/// Why an edit changed nothing. Each case says what and where.
public enum NutritionEditRefusal: Error, Equatable, Sendable {
  /// Not a `dateKeyOf` key (`2026-0-5`: zero-based, unpadded month). An ISO date such as
  /// `2026-01-05` is refused here, so the two are never mixed.
  case invalidDateKey(String)
  /// An id the edit needs is empty; `field` names it (`itemId`, `meal.id`, ...).
  case emptyId(field: String)
  /// A number is NaN or infinite and could not be saved; `field` names it (`item.kcal`, ...).
  case notFinite(field: String)
  /// Plan meal `mealId` has no added food `itemId` on that day.
  case unknownFood(mealId: String, itemId: String)
  /// Food `itemId` is already in meal `mealId`.
  case duplicateFood(mealId: String, itemId: String)
  /// No composed meal `mealId` on that day.
  case unknownCustomMeal(mealId: String)
  /// The render data given for a swap is of option `renderedId`, not the chosen `optionId`.
  case optionMismatch(optionId: String, renderedId: String)
  /// Item `itemId` appears twice in one meal's swaps.
  case duplicateItem(itemId: String)
  /// `date` is older than the editable window (before yesterday when today is `today`): it is
  /// rendered from the saved day and never edited.
  case readOnlyDay(date: CalendarDay, today: CalendarDay)
  /// `date` is after `today`: it cannot be picked and is never saved.
  case futureDay(date: CalendarDay, today: CalendarDay)

  /// The reason's name in replay output.
  public var code: String {
    switch self {
    case .invalidDateKey: "invalidDateKey"
    case .emptyId: "emptyId"
    case .notFinite: "notFinite"
    case .unknownFood: "unknownFood"
    case .duplicateFood: "duplicateFood"
    case .unknownCustomMeal: "unknownCustomMeal"
    case .optionMismatch: "optionMismatch"
    case .duplicateItem: "duplicateItem"
    case .readOnlyDay: "readOnlyDay"
    case .futureDay: "futureDay"
    }
  }

  /// A sentence for the trainee or the developer.
  public var message: String {
    switch self {
    case .invalidDateKey(let key):
      "\"\(key)\" is not a day key (year-month-date, month from 0, no padding)."
    case .emptyId(let field): "The \(field) is empty."
    case .notFinite(let field): "The \(field) is not a finite number."
    case .unknownFood(let mealId, let itemId): "Meal \(mealId) has no added food \(itemId)."
    case .duplicateFood(let mealId, let itemId): "Meal \(mealId) already has food \(itemId)."
    case .unknownCustomMeal(let mealId): "There is no meal \(mealId) on this day."
    case .optionMismatch(let optionId, let renderedId):
      "The option shown (\(renderedId)) is not the option chosen (\(optionId))."
    case .duplicateItem(let itemId): "Item \(itemId) is swapped twice."
    case .readOnlyDay(let date, let today):
      "\(date) is read-only: only today (\(today)) and yesterday can be edited."
    case .futureDay(let date, let today):
      "\(date) is after today (\(today)) and cannot be edited."
    }
  }
}
