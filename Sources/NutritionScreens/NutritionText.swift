import Foundation
import LiveActivity
import NutritionLog
import TerminalScreens
import TextColumns
import TraineeAPI
import TraineeClient

/// The words and numbers of the Nutrition screen: amounts, macros, dates, sync states, errors.
enum NutritionText {
  // NB: docs/decisions/the-terminal-app-as-a-daily-app.md "The app's settings, language and units":
  // the tab's numbers and dates follow the trainee's language (dates its region too); the screen
  // draws inside `$text.withValue`, so every helper here reads it without being handed it. English
  // unless the screen says otherwise.

  /// The texts, numbers and dates the screen draws in.
  @TaskLocal static var text = AppText(.en)

  /// The language the numbers are written in while the screen draws.
  static var language: ActivityLanguage { text.language }

  /// `value` to one decimal, without a trailing `.0`: `303`, `10.5` (`10,5` in German), `-2`.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "–" }
    let tenths = (value * 10).rounded()
    if tenths == 0 { return "0" }
    if tenths.truncatingRemainder(dividingBy: 10) == 0 { return String(Int(tenths / 10)) }
    let text = String(format: "%.1f", tenths / 10)
    return language == .en
      ? text : text.replacingOccurrences(of: ".", with: Self.text.decimalSeparator)
  }

  /// `80 g`, `2 pcs`, or the empty string without a quantity.
  static func amount(_ qty: Double?, _ unit: String?) -> String {
    guard let qty else { return "" }
    guard let unit, !unit.isEmpty else { return number(qty) }
    return "\(number(qty)) \(unit)"
  }

  /// `303 kcal  P 10.5  C 53  F 5.5` (`E 10,5  KH 53  F 5,5` in German).
  static func macros(_ macros: MacrosDto) -> String {
    "\(text.kcal(macros.kcal)) kcal  \(text(.nutritionLetterProtein)) \(number(macros.protein))"
      + "  \(text(.nutritionLetterCarbs)) \(number(macros.carbs))"
      + "  \(text(.nutritionLetterFat)) \(number(macros.fat))"
  }

  /// `606 / 2400 g`, or `606 g` without a target; `unit` follows the numbers.
  static func progress(_ progress: MacroProgress, unit: String) -> String {
    let target = progress.target.map { " / \(number($0))" } ?? ""
    return "\(number(progress.eaten))\(target) \(unit)"
  }

  /// `2353 / 2400 kcal` in whole kcal, marked when over the target: `2552 / 2400 kcal (152 over)`.
  static func kcalProgress(_ progress: MacroProgress) -> String {
    let target = progress.target.map { " / \(text.kcal($0))" } ?? ""
    return "\(text.kcal(progress.eaten))\(target) kcal"
      + text.kcalOver(eaten: progress.eaten, target: progress.target)
  }

  /// The day's totals against the targets, one line.
  static func totals(_ totals: DayTotals) -> String {
    totalsParts(totals).joined(separator: " · ")
  }

  /// The day's totals in lines of at most `columns`, broken between the macros, never inside
  /// one (German and French need two lines at 80 columns).
  static func totals(_ totals: DayTotals, columns: Int) -> [String] {
    var lines: [String] = []
    for part in totalsParts(totals) {
      if let last = lines.last, TextColumns.of(last + " · " + part) <= columns {
        lines[lines.count - 1] = last + " · " + part
      } else {
        lines.append(part)
      }
    }
    return lines
  }

  private static func totalsParts(_ totals: DayTotals) -> [String] {
    [
      "\(text(.nutritionEaten)) \(kcalProgress(totals.kcal))",
      "\(text(.nutritionProtein)) \(progress(totals.protein, unit: "g"))",
      "\(text(.nutritionCarbs)) \(progress(totals.carbs, unit: "g"))",
      "\(text(.nutritionFat)) \(progress(totals.fat, unit: "g"))",
    ]
  }

  /// `Mon 5 Jan 2026` (en_GB), `Mon, Jan 5, 2026` (en_US), `Mo., 5. Jan. 2026` in German.
  static func date(_ day: CalendarDay) -> String {
    text.calendarDay(year: day.year, month: day.month, day: day.day)
  }

  /// `today`, `yesterday`, `3 days ago`.
  static func relative(_ day: CalendarDay, today: CalendarDay) -> String {
    switch dayOffsetFromToday(day, today: today) {
    case 0: text(.nutritionToday)
    case -1: text(.nutritionYesterday)
    case let offset where offset < 0:
      text(.nutritionDaysAgo, count: -offset, ["days": String(-offset)])
    case let offset: text(.nutritionInDays, count: offset, ["days": String(offset)])
    }
  }

  /// Why an edit was refused, in the language drawn in: the read-only and future days as the
  /// trainee reads them, any other refusal (a bug's, not the trainee's) as the engine says it.
  static func describe(_ refusal: any Error) -> String {
    switch refusal as? NutritionEditRefusal {
    case .readOnlyDay(let date, _)?: text(.nutritionReadOnlyDay, ["date": self.date(date)])
    case .futureDay(let date, _)?: text(.nutritionFutureDay, ["date": self.date(date)])
    default: (refusal as? NutritionEditRefusal)?.message ?? "\(refusal)"
    }
  }

  /// The sync state as the trainee reads it: saved, saving, offline.
  static func syncState(_ status: NutritionSyncStatus?) -> String {
    switch status {
    case .saved: text(.nutritionSaved)
    case .saving, .pending: text(.nutritionSaving)
    case .offlineWillRetry: text(.nutritionStateOffline)
    case .loading, nil: text(.nutritionStateLoading)
    }
  }

  /// What went wrong with a call, for a message line.
  static func describe(_ error: TraineeAPIError) -> String {
    switch error {
    case .offline: text(.apiOffline)
    case .timeout: text(.apiTimeout)
    case .http(let status, let body):
      body.map(\.error.message) ?? text(.apiAnswered, ["status": String(status)])
    case .decoding(let problem): "the answer was not understood (\(problem))"
    case .cancelled: "the request was cancelled"
    case .transport(let text): text
    }
  }

  /// Why an older day could not be shown.
  static func describe(_ error: ReadOnlyDayLoadError) -> String {
    switch error {
    case .day(.offline): text(.apiOffline)
    case .day(.http(let status)): text(.apiAnswered, ["status": String(status)])
    case .day(.malformedResponse(let problem)): "the saved day was not understood (\(problem))"
    case .menu(let problem): "the diary could not be read (\(problem))"
    case .invalidMenu(.menuDateMismatch(let asked, let answered)):
      "the diary answered \(answered) for \(asked)"
    case .invalidMenu(.unknownMealStatus(let mealId, let status)):
      "meal \(mealId) has an unknown status \(status)"
    }
  }

  /// Why a portion was not kept.
  static func describe(_ problem: PortionProblem) -> String {
    switch problem {
    case .emptyFoodId: text(.nutritionPortionNoFood)
    case .notFinite: text(.nutritionPortionNotANumber)
    case .notPositive: text(.nutritionPortionNotPositive)
    case .tooLarge(let maximum): text(.nutritionPortionTooLarge, ["maximum": number(maximum)])
    }
  }

  /// A field of the hand-entry form as its label reads: `Protein (g)`.
  static func label(_ field: NutritionManualFoodForm.Field) -> String {
    switch field {
    case .name: text(.nutritionFieldName)
    case .amount: text(.nutritionFieldAmount)
    case .kcal: "kcal"
    case .protein: text(.nutritionFieldProtein)
    case .carbs: text(.nutritionFieldCarbs)
    case .fat: text(.nutritionFieldFat)
    }
  }

  /// Why a food typed in by hand is refused, starting with the field: `Fat: "1..2" is not a
  /// number.`
  static func describe(_ problem: NutritionManualFoodProblem) -> String {
    let field = ["field": label(problem.field).replacingOccurrences(of: " (g)", with: "")]
    func with(_ values: [String: String]) -> [String: String] { field.merging(values) { $1 } }
    switch problem {
    case .nameMissing: return text(.nutritionFieldNameMissing, field)
    case .nameTooLong(let count):
      return text(
        .nutritionFieldTooLong,
        with([
          "maximum": String(NutritionManualFoodForm.maximumNameLength), "count": String(count),
        ]))
    case .notANumber(_, let typed): return text(.nutritionFieldNotANumber, with(["text": typed]))
    case .negative: return text(.nutritionFieldNegative, field)
    case .amountNotPositive: return text(.nutritionFieldNotPositive, field)
    case .amountTooLarge(let maximum):
      return text(.nutritionFieldTooLarge, with(["maximum": number(maximum)]))
    case .kcalMissing: return text(.nutritionFieldKcalMissing, field)
    }
  }

  /// `text` padded with spaces, or cut with `…`, to exactly `columns` terminal columns.
  static func padded(_ text: String, to columns: Int) -> String {
    // NB: `TextColumns.fit` trims the whitespace around a cut; the indent is kept apart.
    let indent = String(text.prefix { $0 == " " })
    let rest = String(text.dropFirst(indent.count))
    let fitted =
      rest.isEmpty
      ? String(indent.prefix(max(0, columns)))
      : indent + TextColumns.fit(rest, columns: max(0, columns - indent.count))
    let width = TextColumns.of(fitted)
    return fitted + String(repeating: " ", count: max(0, columns - width))
  }

  /// The amount the trainee typed (`120`, `120.5`, `120,5`), when it is a number.
  static func parseAmount(_ text: String) -> Double? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
      .replacingOccurrences(of: ",", with: ".")
    guard !trimmed.isEmpty, trimmed.filter({ $0 == "." }).count <= 1,
      let value = Double(trimmed), value.isFinite
    else { return nil }
    return value
  }
}
