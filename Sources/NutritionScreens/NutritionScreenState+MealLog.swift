import Foundation
import NutritionLog
import TerminalScreens
import TerminalUI
import TraineeAPI

// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "Meal logs from the app": `L` logs a meal
// eaten outside the plan: a description and its macros (the hand-entry form, checked field by
// field), then optionally a photo file's path (refused inline unless it names a readable file). It
// goes into the day at once as a composed meal, and to the server as a meal log (POST
// /nutrition/logs, consumed at noon of the day) through `MealLogOutbox`; once the server answers,
// the meal is linked to the log by `logId`, so the day counts it once. A read-only day logs to
// today.

/// The meal log being entered.
struct MealLogEntry: Equatable {
  /// The day it logs to.
  var date: CalendarDay
  var form = NutritionManualFoodForm()
  /// The food the form made, once submitted; then the photo path is asked for.
  var food: NutritionManualFood?
  var photo = LineEditor("", maxLength: 1024)
  var problem: String?
}

extension NutritionScreenState {
  /// `L`: opens the meal log form for the day shown, or today when the day shown is read-only.
  mutating func startMealLog(_ turn: inout NutritionScreenTurn) {
    guard turn.context.canLogMeals else {
      turn.say(turn.text(.nutritionLogsNeedServer))
      return
    }
    let date = (try? checkEditableDay(shown, today: today)) != nil ? shown : today
    if date != shown { turn.say(turn.text(.nutritionReadOnlyLogsToday)) }
    mealLogEntry = MealLogEntry(date: date)
  }

  /// A key while the meal log form is open.
  mutating func handleMealLog(_ key: Key, now: Date, _ turn: inout NutritionScreenTurn) {
    guard var entry = mealLogEntry else { return }
    guard entry.food != nil else {
      switch entry.form.handle(key) {
      case .editing: mealLogEntry = entry
      case .cancelled: mealLogEntry = nil
      case .submitted(let food):
        entry.food = food
        mealLogEntry = entry
      }
      return
    }
    switch entry.photo.handle(key) {
    case .editing:
      entry.problem = nil
      mealLogEntry = entry
    case .cancelled:
      mealLogEntry = nil
    case .committed(let typed):
      let path = typed.trimmingCharacters(in: .whitespaces)
      mealLogEntry = entry
      if path.isEmpty {
        photoChecked(path: path, readable: true, now: now, &turn)
      } else {
        turn.ask(.checkPhoto(path: path))
      }
    }
  }

  /// The photo path typed is checked: a path that names no readable file is refused inline;
  /// otherwise the meal is logged.
  mutating func photoChecked(
    path: String, readable: Bool, now: Date, _ turn: inout NutritionScreenTurn
  ) {
    guard var entry = mealLogEntry, let food = entry.food else { return }
    if !path.isEmpty, !readable {
      entry.problem = turn.text(.nutritionNoPhotoFile, ["path": path])
      mealLogEntry = entry
      return
    }
    mealLogEntry = nil
    logMeal(food, photoPath: path.isEmpty ? nil : path, on: entry.date, now: now, &turn)
  }

  /// Puts `food` into `date` as a composed meal and keeps its meal log for the server.
  private mutating func logMeal(
    _ food: NutritionManualFood, photoPath: String?, on date: CalendarDay, now: Date,
    _ turn: inout NutritionScreenTurn
  ) {
    let item = NutritionFoodAmount.item(food, id: turn.newID())
    let meal = CustomMeal(id: turn.newID(), label: food.name, items: [item], source: "log")
    guard apply(.setCustomMeal(meal), on: date, now: now, &turn), turn.context.canLogMeals
    else { return }
    let request = MealLogRequestDto(
      date: date.isoDate,
      consumedAt: Self.noon(of: date, timeZone: turn.context.timeZone, orElse: now),
      items: [
        MealLogItemDto(
          id: item.id, name: food.name, qty: food.grams, unit: food.grams.map { _ in "g" },
          macros: food.macros)
      ],
      description: food.name, photoPath: photoPath)
    turn.ask(
      .keepMealLog(
        PendingMealLog(key: turn.newID(), mealId: meal.id, request: request), name: food.name))
  }

  /// Noon of `date` in `timeZone`, as RFC 3339 with its offset (`instead` when the calendar has
  /// no such time).
  static func noon(of date: CalendarDay, timeZone: TimeZone, orElse instead: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let instant =
      calendar.date(
        from: DateComponents(year: date.year, month: date.month, day: date.day, hour: 12))
      ?? instead
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = timeZone
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: instant)
  }

  /// Links the composed meal of a logged meal to its log, so the server counts it once; says
  /// when the server refused one.
  mutating func mealLogSettled(
    _ outcome: MealLogOutbox.Outcome, now: Date, _ turn: inout NutritionScreenTurn
  ) {
    switch outcome {
    case .refused(let log, let problem):
      turn.say("The server refused the meal log \(log.request.description ?? ""): \(problem)")
    case .logged(let log, let id):
      guard let dateText = log.request.date, let date = CalendarDay(isoDate: dateText),
        var meal = turn.edits.collectDaySnapshot(date.dayKey.rawValue)
          .customMeals[aiKey(date.dayKey, log.mealId)],
        meal.logId != id
      else { return }
      meal.logId = id
      apply(.setCustomMeal(meal), on: date, now: now, &turn)
    }
  }
}
