import DurableFiles
import Foundation
import NutritionLog
import NutritionScreens
import OperatorCommands
import TraineeAPI
import TraineeClient
import WorkoutLogDelivery

// NB: docs/decisions/the-apps-files-and-the-api-client.md, "Sign-out without loss": `perform
// logout` offers to send what is not yet sent before it clears anything: the finished workout and
// the meal logs with the keys they were kept with (a retry never logs twice), the nutrition days
// through the sync engine (merged with the server's day, as the app saves them).

extension AccountLocalState {
  /// Sends every unsent write it can through `client`; what stays unsent is listed by `unsent`
  /// afterwards. Answers what failed, one line each.
  @MainActor
  func sendUnsent(through client: TraineeAPIClient, now: Date) async -> [String] {
    var problems: [String] = []
    let directory = layout.root
    let outbox = WorkoutLogOutbox(dataDirectory: directory)
    if let log = outbox.load(now: now).log {
      do {
        _ = try await client.logWorkout(log.payload, idempotencyKey: log.idempotencyKey)
        outbox.remove()
      } catch {
        problems.append("the finished workout (\(log.title)): \(error.explanation)")
      }
    }
    let mealFile = DurableJSONFile<[PendingMealLog]>(
      url: layout.pendingMealLogs, what: "The meal logs waiting to be sent")
    var meals = mealFile.load(now: now).value ?? []
    while let meal = meals.first {
      do {
        _ = try await client.logMeal(meal.request, idempotencyKey: meal.key)
        meals.removeFirst()
        try? mealFile.save(meals)
      } catch {
        problems.append("a meal log: \(error.explanation)")
        break
      }
    }
    problems += await saveNutritionDays(through: client, now: now)
    return problems
  }

  /// Saves the nutrition days with unconfirmed edits, as the app's sync does, waiting at most
  /// `limit` for the server; the edits file keeps what was confirmed.
  @MainActor
  private func saveNutritionDays(
    through client: TraineeAPIClient, now: Date, within limit: Duration = .seconds(15)
  ) async -> [String] {
    let file = NutritionEditsFile(dataDirectory: layout.root)
    var edits = NutritionEdits()
    _ = file.restore(into: &edits, now: now)
    let keys = edits.dateKeys.filter { edits.hasUnconfirmedEdits($0) }
    guard !keys.isEmpty else { return [] }
    let today = NutritionCalendar(timeZone: TimeZone.current).day(of: now)
    let sync = NutritionSync(
      edits: edits, transport: HTTPNutritionDayTransport(client: client),
      clock: ContinuousClock(), today: { today })
    let days = keys.compactMap(CalendarDay.init(dayKey:))
    for day in days { sync.show(day) }
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    func unsaved() -> [String] { keys.filter { sync.edits.hasUnconfirmedEdits($0) } }
    while !unsaved().isEmpty, clock.now < deadline,
      !days.allSatisfy({ sync.status(of: $0) == .offlineWillRetry })
    {
      try? await clock.sleep(for: .milliseconds(50))
    }
    sync.stop()
    while sync.hasCallsRunning, clock.now < deadline {
      try? await clock.sleep(for: .milliseconds(20))
    }
    try? file.save(sync.edits)
    let left = unsaved()
    return left.isEmpty ? [] : ["nutrition edits of \(left.count) day(s) could not be saved"]
  }
}

extension CalendarDay {
  /// The day a date key names (`2026-0-5`: the month counted from zero, as the spec's keys are).
  init?(dayKey: String) {
    let parts = dayKey.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3 else { return nil }
    let iso = String(format: "%04d-%02d-%02d", parts[0], parts[1] + 1, parts[2])
    self.init(isoDate: iso)
  }
}
