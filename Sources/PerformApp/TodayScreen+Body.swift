import Foundation
import LiveWorkoutScreens
import TerminalScreens
import TerminalUI
import TraineeAPI
import WorkoutSession

extension TodayScreen {
  public func body(size: TerminalSize, now: Date) -> Frame {
    let zone = environment.timeZone()
    var lines = [
      StyledLine(text(.todayTitle, ["date": text.day(now, timeZone: zone)]), TextStyle(bold: true))
    ]
    if let home, home.failure != nil {
      lines[0].append(
        "  " + text(.todayAsOf, ["time": Self.clock(home.fetchedAt, zone)]),
        TextStyle(foreground: .yellow))
    }
    if tokenRefused {
      lines += messageLines(
        OfflineText.refusedToken(text: text), TextStyle(bold: true, foreground: .red),
        columns: size.columns)
    }
    lines += coachWordsLines(zone: zone)
    lines.append(StyledLine(""))
    lines.append(StyledLine(text(.todayWorkout), TextStyle(bold: true, underline: true)))
    lines += workoutLines()
    lines.append(StyledLine(""))
    lines.append(StyledLine(text(.todayNutrition), TextStyle(bold: true, underline: true)))
    lines += nutritionLines()
    lines.append(StyledLine(""))
    lines.append(StyledLine(text(.todayHistory), TextStyle(bold: true, underline: true)))
    lines += historyLines(now: now, zone: zone)
    // Every line of Today is a sentence or a heading: none is cut, each wraps.
    return Frame(lines: lines.flatMap { messageLines($0, columns: size.columns) })
  }

  private func workoutLines() -> [StyledLine] {
    let coordinator = environment.coordinator
    if coordinator.logWasRefused {
      return [StyledLine("  " + text(.todayRefused), TextStyle(bold: true, foreground: .red))]
    }
    switch coordinator.finish {
    case .sending:
      return [StyledLine("  " + text(.todaySending), TextStyle(bold: true, foreground: .yellow))]
    case .waiting(let problem, _):
      return [
        StyledLine(
          "  " + text(.todayWaiting, ["problem": problem]),
          TextStyle(bold: true, foreground: .yellow))
      ]
    case .idle, .accepted:
      break
    }
    if let session = inProgress {
      let title = session.title.isEmpty ? session.dayLabel : session.title
      return [
        StyledLine(
          "  " + text(.todayInProgress, ["title": title]), TextStyle(bold: true, foreground: .cyan))
      ]
    }
    guard let home else {
      return [StyledLine("  " + (homeProblem.map { problemText($0) } ?? text(.todayLoading)))]
    }
    guard let next = home.value.nextWorkout else {
      return [StyledLine("  " + text(.todayNoNextWorkout), TextStyle(dim: true))]
    }
    var line = StyledLine(
      "  " + text(.todayNextWorkout, ["title": next.title]), TextStyle(bold: true))
    line.append("   (Enter)", TextStyle(dim: true))
    return [line]
  }

  private func nutritionLines() -> [StyledLine] {
    guard let home else {
      return [StyledLine("  " + (homeProblem.map { problemText($0) } ?? text(.todayLoading)))]
    }
    guard let nutrition = home.value.nutrition else {
      return [StyledLine("  " + text(.todayNoNutrition), TextStyle(dim: true))]
    }
    let eaten = nutrition.eaten
    let targets = nutrition.targets
    func number(_ value: Double?) -> String { value.map { text.decimal($0, digits: 0) } ?? "–" }
    let over = text.kcalOver(eaten: eaten.kcal, target: targets.kcal)
    let target = targets.kcal.map { text.kcal($0) } ?? "–"
    var lines = [
      StyledLine(
        "  " + text(.todayEaten, ["kcal": text.kcal(eaten.kcal), "target": target]) + over,
        TextStyle(bold: true, foreground: over.isEmpty ? .green : .red)),
      StyledLine(
        "  "
          + text(
            .todayMacros,
            [
              "protein": number(eaten.protein), "proteinTarget": number(targets.protein),
              "carbs": number(eaten.carbs), "carbsTarget": number(targets.carbs),
              "fat": number(eaten.fat), "fatTarget": number(targets.fat),
            ])),
    ]
    let plan = nutritionPlans?.plans.first { $0.id == nutrition.planId }
    let day = plan?.days.first { $0.id == nutrition.dayId }
    let name = [plan?.name, day?.label ?? nutrition.dayId].compactMap { $0 }.joined(
      separator: " · ")
    lines.append(StyledLine("  " + text(.todayPlanDay, ["day": name]), TextStyle(dim: true)))
    return lines
  }

  private func historyLines(now: Date, zone: TimeZone) -> [StyledLine] {
    guard let history else {
      return [StyledLine("  " + (historyProblem.map { problemText($0) } ?? text(.todayLoading)))]
    }
    guard let last = history.first else {
      return [StyledLine("  " + text(.todayNoWorkoutYet), TextStyle(dim: true))]
    }
    let date = Self.loggedDate(last.loggedAt).map { text.day($0, timeZone: zone) }
    let count = Self.countThisWeek(history.map(\.loggedAt), now: now, zone: zone)
    return [
      StyledLine(
        "  "
          + text(
            .todayLastWorkout,
            [
              "number": String(last.workoutNumber), "label": last.label ?? "",
              "date": date ?? String(last.loggedAt.prefix(10)),
            ])),
      StyledLine("  " + text(.todayWeekCount, ["count": String(count)])),
    ]
  }

  private func problemText(_ problem: String) -> String {
    text(.todayUnavailable, ["problem": problem])
  }

  static func clock(_ date: Date, _ zone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents([.hour, .minute], from: date)
    return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
  }

  /// A log's `loggedAt` (ISO 8601, with or without fractional seconds).
  static func loggedDate(_ text: String) -> Date? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: text)
  }

  /// How many of `loggedAt` fall in the week of `now` (Monday to Sunday in `zone`).
  static func countThisWeek(_ loggedAt: [String], now: Date, zone: TimeZone) -> Int {
    var calendar = Calendar(identifier: .iso8601)
    calendar.timeZone = zone
    guard let week = calendar.dateInterval(of: .weekOfYear, for: now) else { return 0 }
    return loggedAt.compactMap(loggedDate).filter { week.contains($0) && $0 <= now }.count
  }
}
