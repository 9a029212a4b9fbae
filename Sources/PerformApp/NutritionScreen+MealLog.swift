import Foundation
import NutritionLog
import TerminalUI
import TextColumns
import TraineeAPI

// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "Meal logs from the app": `L` logs a meal
// eaten outside the plan: a description and its macros (the hand-entry form, checked field by
// field), then optionally a photo file's path (refused inline unless it names a readable file). It
// goes into the day at once as a composed meal, and to the server as a meal log (POST
// /nutrition/logs, consumed at noon of the day) through `MealLogOutbox`; once the server answers,
// the meal is linked to the log by `logId`, so the day counts it once. A read-only day logs to
// today.

/// The meal log being entered.
struct MealLogEntry {
  /// The day it logs to.
  var date: CalendarDay
  var form = NutritionManualFoodForm()
  /// The food the form made, once submitted; then the photo path is asked for.
  var food: NutritionManualFood?
  var photo = LineEditor("", maxLength: 1024)
  var problem: String?
}

extension NutritionScreen {
  /// `L`: opens the meal log form for the day shown, or today when the day shown is read-only.
  func startMealLog(now: Date) {
    guard mealLogs != nil else {
      host?.show(message: text(.nutritionLogsNeedServer))
      return
    }
    let date = (try? checkEditableDay(shown, today: today)) != nil ? shown : today
    if date != shown { host?.show(message: text(.nutritionReadOnlyLogsToday)) }
    mealLogEntry = MealLogEntry(date: date)
  }

  /// A key while the meal log form is open.
  func handleMealLog(_ key: Key, now: Date) {
    guard var entry = mealLogEntry else { return }
    guard let food = entry.food else {
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
      if !path.isEmpty, !Self.isReadableFile(path) {
        entry.problem = text(.nutritionNoPhotoFile, ["path": path])
        mealLogEntry = entry
        return
      }
      mealLogEntry = nil
      logMeal(food, photoPath: path.isEmpty ? nil : path, on: entry.date, now: now)
    }
  }

  static func isReadableFile(_ path: String) -> Bool {
    var directory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &directory)
      && !directory.boolValue && FileManager.default.isReadableFile(atPath: path)
  }

  /// Puts `food` into `date` as a composed meal and keeps its meal log for the server.
  private func logMeal(
    _ food: NutritionManualFood, photoPath: String?, on date: CalendarDay, now: Date
  ) {
    let item = NutritionFoodAmount.item(food, id: environment.newID())
    let meal = CustomMeal(id: environment.newID(), label: food.name, items: [item], source: "log")
    guard apply(.setCustomMeal(meal), on: date, now: now), let outbox = mealLogs else { return }
    let request = MealLogRequestDto(
      date: date.isoDate, consumedAt: noon(of: date),
      items: [
        MealLogItemDto(
          id: item.id, name: food.name, qty: food.grams, unit: food.grams.map { _ in "g" },
          macros: food.macros)
      ],
      description: food.name, photoPath: photoPath)
    do {
      try outbox.add(PendingMealLog(key: environment.newID(), mealId: meal.id, request: request))
      host?.show(message: text(.nutritionLogged, ["meal": food.name]))
    } catch {
      host?.show(
        message: "\(food.name) is in the day, but its meal log could not be kept to send: \(error)."
      )
    }
  }

  /// Noon of `date` in the device's zone, as RFC 3339 with its offset.
  func noon(of date: CalendarDay) -> String {
    let zone = environment.timeZone()
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let instant =
      calendar.date(
        from: DateComponents(year: date.year, month: date.month, day: date.day, hour: 12))
      ?? environment.now()
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = zone
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: instant)
  }

  /// Links the composed meal of a logged meal to its log, so the server counts it once; says
  /// when the server refused one.
  func mealLogSettled(_ outcome: MealLogOutbox.Outcome) {
    switch outcome {
    case .refused(let log, let problem):
      host?.show(
        message: "The server refused the meal log \(log.request.description ?? ""): \(problem)")
    case .logged(let log, let id):
      guard let dateText = log.request.date, let date = CalendarDay(isoDate: dateText),
        var meal = sync.edits.collectDaySnapshot(date.dayKey.rawValue)
          .customMeals[aiKey(date.dayKey, log.mealId)],
        meal.logId != id
      else { return }
      meal.logId = id
      apply(.setCustomMeal(meal), on: date, now: environment.now())
    }
  }

  /// The form's lines under the day, and where the cursor sits among them.
  func mealLogLines() -> (lines: [StyledLine], cursor: (row: Int, column: Int))? {
    guard let entry = mealLogEntry else { return nil }
    let title = text(.nutritionLogTitle, ["date": NutritionText.date(entry.date)])
    guard entry.food != nil else {
      guard var form = manualFoodLines(entry.form, title: title, hint: .nutritionLogFiguresHint)
      else { return nil }
      form.lines[0] = StyledLine(title, TextStyle(bold: true))
      return form
    }
    let label = text(.nutritionLogPhoto)
    var lines = [
      StyledLine(title, TextStyle(bold: true)),
      StyledLine([StyledRun(label, TextStyle(bold: true)), StyledRun(entry.photo.text)]),
    ]
    if let problem = entry.problem {
      lines.append(StyledLine(problem, TextStyle(foreground: .red)))
    } else {
      lines.append(StyledLine(text(.nutritionLogEnterHint), TextStyle(dim: true)))
    }
    let typed = String(entry.photo.text.prefix(entry.photo.cursor))
    return (lines, (1, TextColumns.of(label) + TextColumns.of(typed)))
  }
}
