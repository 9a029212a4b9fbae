import Foundation
import NutritionLog
import TerminalScreens
import TerminalUI
import TextColumns
import TraineeAPI

/// What a selectable line of the nutrition day stands for.
enum NutritionRowID: Hashable, Sendable {
  /// A plan meal's header.
  case meal(String)
  /// A plan item of a plan meal.
  case item(mealId: String, itemId: String)
  /// A food the trainee added to a plan meal (or to a meal the plan day does not have).
  case food(mealId: String, foodId: String)
  /// The entry standing in for a replaced plan meal.
  case replacement(mealId: String)
  /// A composed meal's header.
  case customMeal(String)
  /// A food of a composed meal.
  case customFood(mealId: String, foodId: String)

  /// The meal the row belongs to (plan or composed).
  var mealId: String {
    switch self {
    case .meal(let id), .customMeal(let id): id
    case .item(let mealId, _), .food(let mealId, _), .replacement(let mealId),
      .customFood(let mealId, _):
      mealId
    }
  }

  /// Whether the row belongs to a composed meal.
  var isCustom: Bool {
    switch self {
    case .customMeal, .customFood: true
    default: false
    }
  }
}

/// One line of the day's list: part of a row (its first line is the one shown selected) or a
/// heading that cannot be selected.
struct NutritionListLine {
  var row: NutritionRowID?
  var isPrimary: Bool
  var line: StyledLine
}

/// The nutrition day laid out as lines: plan meals with their items and options, added foods,
/// replacements, composed meals, other foods and (for a diary) the meal logs.
struct NutritionDayList {
  private(set) var lines: [NutritionListLine] = []
  /// The selectable rows, top to bottom.
  private(set) var rows: [NutritionRowID] = []
  private var nameColumns = 18
  private let dim = TextStyle(dim: true)

  /// A list with no lines (a day still loading).
  init() {}

  /// The list of `day`, whose plan day is `plan` (for the options of each item); `snapshot` is
  /// the store's day when it is editable (for the amounts of added foods).
  init(
    day: ReadOnlyDay, plan: NutritionPlanDayDto?, snapshot: NutritionDaySnapshot?, columns: Int,
    timeZone: TimeZone
  ) {
    nameColumns = max(18, columns - 36)
    let dateKey = day.date.dayKey
    let planMeals = Dictionary(
      (plan?.meals ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for meal in day.meals {
      let key = aiKey(dateKey, meal.id)
      addMeal(
        meal, plan: planMeals[meal.id], foods: snapshot?.aiMeals[key],
        replacement: snapshot?.replacement[key])
    }
    if day.meals.isEmpty, day.customMeals.isEmpty, day.otherFoods.isEmpty {
      heading(NutritionText.text(plan == nil ? .nutritionNoPlanMeals : .nutritionNoPlanDayMeals))
    }
    if !day.customMeals.isEmpty {
      blank()
      heading(NutritionText.text(.nutritionYourMeals))
      for meal in day.customMeals {
        addCustomMeal(meal, items: snapshot?.customMeals[aiKey(dateKey, meal.id)]?.items)
      }
    }
    if !day.otherFoods.isEmpty {
      blank()
      heading(NutritionText.text(.nutritionOtherFoods))
      for mealId in day.otherFoods.keys.sorted() {
        let stored = snapshot?.aiMeals[aiKey(dateKey, mealId)]
        for food in day.otherFoods[mealId] ?? [] {
          add(
            .food(mealId: mealId, foodId: food.id), food: food, mark: "+ ",
            amount: amount(food, stored))
        }
      }
    }
    if !day.logs.isEmpty {
      blank()
      heading(NutritionText.text(.nutritionLoggedMeals))
      for log in day.logs {
        let note = log.counted ? "" : NutritionText.text(.nutritionCountedAbove)
        append(
          nil, primary: false,
          StyledLine([
            StyledRun(
              NutritionText.padded(
                "  \(Self.clockTime(log.consumedAt, timeZone: timeZone))\(note)",
                to: nameColumns)),
            StyledRun(" " + NutritionText.macros(log.macros), dim),
          ]))
      }
    }
  }

  /// A meal log's `consumedAt` (an ISO 8601 instant) as a time of day in the trainee's zone and
  /// locale (`19:00`, `7:00 PM`); a value that is not an instant is shown as it came.
  static func clockTime(_ instant: String, timeZone: TimeZone) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    if let date = formatter.date(from: instant) {
      return NutritionText.text.time(date, timeZone: timeZone)
    }
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    guard let date = formatter.date(from: instant) else { return instant }
    return NutritionText.text.time(date, timeZone: timeZone)
  }

  // MARK: Plan meals

  private mutating func addMeal(
    _ meal: ReadOnlyMeal, plan: NutritionMealDto?, foods: [CustomMealItem]?,
    replacement stored: MealReplacement?
  ) {
    blank()
    var title = meal.name
    if let time = meal.time, !time.isEmpty { title += " \(time)" }
    var tag = ""
    if meal.removed {
      tag = NutritionText.text(.nutritionDeletedForDay)
    } else if meal.status == .replaced {
      tag = NutritionText.text(.nutritionReplaced)
    } else if meal.status == .eatenOutside {
      tag = NutritionText.text(.nutritionEatenOutside)
    }
    let style = meal.removed ? TextStyle(bold: true, dim: true) : TextStyle(bold: true)
    append(
      .meal(meal.id), primary: true,
      StyledLine([
        StyledRun(NutritionText.padded(title + tag, to: nameColumns), style),
        StyledRun(
          " "
            + NutritionText.text(
              .nutritionKcalEaten, ["kcal": NutritionText.text.kcal(meal.eaten.kcal)]), dim),
      ]))
    guard !meal.removed else { return }
    if meal.status == .replaced {
      if let replacement = meal.replacement {
        add(
          .replacement(mealId: meal.id), food: replacement, mark: "⇢ ",
          amount: NutritionText.amount(stored?.qty, stored?.unit))
      }
      return
    }
    let planItems = Dictionary(
      (plan?.items ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for item in meal.items {
      addItem(item, mealId: meal.id, plan: planItems[item.id])
    }
    for food in meal.added {
      add(
        .food(mealId: meal.id, foodId: food.id), food: food, mark: "+ ",
        amount: amount(food, foods))
    }
  }

  private mutating func addItem(_ item: MenuItemDto, mealId: String, plan: NutritionItemDto?) {
    let row = NutritionRowID.item(mealId: mealId, itemId: item.id)
    var name = item.name
    let amount = NutritionText.amount(item.qty, item.unit)
    if !amount.isEmpty { name += " \(amount)" }
    let planned = plan?.options.first { $0.id == item.optionId }?.qty
    if let planned, let qty = item.qty, planned != qty {
      name +=
        " ("
        + NutritionText.text(
          .nutritionPlanAmount, ["amount": NutritionText.amount(planned, item.unit)]) + ")"
    }
    if item.removed {
      append(
        row, primary: true,
        StyledLine(
          NutritionText.padded(
            "  [–] " + NutritionText.text(.nutritionRemoved, ["name": name]), to: nameColumns),
          dim))
      return
    }
    append(
      row, primary: true,
      StyledLine([
        StyledRun(NutritionText.padded("  \(item.eaten ? "[✓]" : "[ ]") \(name)", to: nameColumns)),
        StyledRun(" " + NutritionText.macros(item.macros), dim),
      ]))
    // NB: docs/decisions/the-terminal-app-and-the-perform-command.md, "The terminal app": the main
    // option first, then the alternatives, the chosen one in brackets.
    guard let options = plan?.options, options.count > 1 || item.swapped else { return }
    var names = options.map { option in
      let text = [option.name, NutritionText.amount(option.qty, option.unit)]
        .filter { !$0.isEmpty }.joined(separator: " ")
      return option.id == item.optionId ? "[\(text)]" : text
    }
    if let chosen = item.optionId, !options.contains(where: { $0.id == chosen }) {
      names.append("[\(item.name)]")
    }
    append(
      row, primary: false,
      StyledLine(
        "        " + NutritionText.text(.nutritionOptions) + names.joined(separator: " · "), dim))
  }

  // MARK: Foods and composed meals

  private mutating func add(
    _ row: NutritionRowID, food: MenuFoodDto, mark: String, amount: String
  ) {
    let name = amount.isEmpty ? food.name : "\(food.name) \(amount)"
    append(
      row, primary: true,
      StyledLine([
        StyledRun(
          NutritionText.padded("  \(food.eaten ? "[✓]" : "[ ]") \(mark)\(name)", to: nameColumns)),
        StyledRun(" " + NutritionText.macros(food.macros), dim),
      ]))
  }

  /// `120 g` when the store holds an amount of `food`.
  private func amount(_ food: MenuFoodDto, _ stored: [CustomMealItem]?) -> String {
    guard let item = stored?.first(where: { $0.id == food.id }) else { return "" }
    return NutritionText.amount(item.qty, item.unit)
  }

  private mutating func addCustomMeal(_ meal: MenuCustomMealDto, items: [CustomMealItem]?) {
    let eaten = meal.items.filter(\.eaten).reduce(0) { $0 + $1.macros.kcal }
    append(
      .customMeal(meal.id), primary: true,
      StyledLine([
        StyledRun(
          NutritionText.padded(
            meal.label.isEmpty ? NutritionText.text(.nutritionMeal) : meal.label, to: nameColumns),
          TextStyle(bold: true)),
        StyledRun(
          " " + NutritionText.text(.nutritionKcalEaten, ["kcal": NutritionText.text.kcal(eaten)]),
          dim),
      ]))
    for food in meal.items {
      add(
        .customFood(mealId: meal.id, foodId: food.id), food: food, mark: "",
        amount: amount(food, items))
    }
  }

  // MARK: Lines

  private mutating func heading(_ text: String) {
    append(nil, primary: false, StyledLine(text, dim))
  }

  private mutating func blank() {
    guard !lines.isEmpty else { return }
    append(nil, primary: false, StyledLine())
  }

  private mutating func append(_ row: NutritionRowID?, primary: Bool, _ line: StyledLine) {
    lines.append(NutritionListLine(row: row, isPrimary: primary, line: line))
    if primary, let row { rows.append(row) }
  }
}
