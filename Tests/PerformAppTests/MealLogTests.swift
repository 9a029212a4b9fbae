import DurableFiles
import Foundation
import NutritionLog
import Synchronization
import TerminalUI
import Testing
import TraineeAPI
import TraineeClient

@testable import LiveWorkoutScreens
@testable import NutritionScreens
@testable import PerformApp
@testable import TerminalScreens

/// A meal eaten outside the plan, logged from the nutrition tab
/// (docs/decisions/the-terminal-app-as-a-daily-app.md "Meal logs from the app"): in the day at
/// once, on the server once, linked so it counts once.
@MainActor
struct MealLogTests {
  /// The meal-log endpoint in memory: stores by key like the server, can be away, and can lose
  /// an answer after storing.
  final class FakeMealLogs: Sendable {
    struct State {
      var stored: [String: (id: String, request: MealLogRequestDto)] = [:]
      var calls: [(MealLogRequestDto, String)] = []
      var reachable = true
      var loseNextAnswer = false
    }
    let state = Mutex(State())

    func send(
      _ request: MealLogRequestDto, _ key: String
    ) throws(TraineeAPIError) -> LoggedMealDto {
      let result: Result<LoggedMealDto, TraineeAPIError> = state.withLock { state in
        state.calls.append((request, key))
        guard state.reachable else { return .failure(.offline) }
        let id = state.stored[key]?.id ?? String(41 + state.stored.count)
        state.stored[key] = (id, request)
        if state.loseNextAnswer {
          state.loseNextAnswer = false
          return .failure(.timeout)
        }
        return .success(LoggedMealDto(id: id))
      }
      return try result.get()
    }
  }

  let logs = FakeMealLogs()

  func outbox(_ harness: NutritionScreenHarness) -> MealLogOutbox {
    let logs = logs
    return MealLogOutbox(dataDirectory: harness.dataDirectory, now: NutritionScreenHarness.now) {
      request, key throws(TraineeAPIError) -> LoggedMealDto in try logs.send(request, key)
    }
  }

  /// Types the form: description and macros, then the photo's path, each field then Enter.
  func fill(_ harness: NutritionScreenHarness, _ fields: [String], photo: String) {
    for (index, value) in fields.enumerated() {
      harness.type(value)
      harness.press(index == fields.count - 1 ? .enter : .tab)
    }
    harness.press(.control("u"))
    harness.type(photo)
    harness.press(.enter)
  }

  @Test func aMealLogIsInTheDayAtOnceSentOnceWithItsKeyAndLinkedByItsId() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    let outbox = outbox(harness)
    harness.screen.mealLogs = outbox
    let photo = harness.dataDirectory.appendingPathComponent("pizza.jpg")
    try Data([0xFF, 0xD8]).write(to: photo)
    // The server is away, and the answer to the first send that reaches it is lost.
    logs.state.withLock { $0.reachable = false }

    harness.press(.character("L"))
    #expect(harness.text.contains("Log a meal eaten outside the plan, Mon, 5 Jan 2026"))
    #expect(harness.screen.isEditingText)
    // The form says what Enter on its last figure does: it goes on to the photo, not "adds it".
    #expect(harness.text.contains("Enter on Fat goes on to the photo"))
    #expect(!harness.text.contains("Enter on Fat adds it"))
    // A bad field is refused inline and nothing is logged.
    fill(harness, ["Pizza with friends", "", "lots"], photo: "")
    #expect(harness.text.contains("kcal"))
    #expect(harness.snapshot().customMeals.isEmpty)
    harness.press(.control("u"))
    harness.type("850")
    harness.press(.tab)
    fill(harness, ["35", "95", "32"], photo: "/nowhere/pizza.jpg")
    #expect(harness.text.contains("No readable file at /nowhere/pizza.jpg"))
    #expect(harness.snapshot().customMeals.isEmpty)
    harness.press(.control("u"))
    harness.type(photo.path)
    harness.press(.enter)

    // In the day at once, eaten, counted.
    let meal = try #require(harness.snapshot().customMeals.values.first)
    #expect(meal.label == "Pizza with friends" && meal.logId == nil)
    #expect(meal.items.map(\.kcal) == [850])
    #expect(harness.text.contains("Pizza with friends"))
    // Kept on disk while the server is away.
    #expect(await harness.settle { !outbox.isSending })
    #expect(outbox.waiting.count == 1)
    let kept = MealLogOutbox(dataDirectory: harness.dataDirectory, now: Date()) {
      _, _ throws(TraineeAPIError) -> LoggedMealDto in throw .offline
    }
    #expect(kept.waiting == outbox.waiting)

    // Back: stored, answer lost; sent again with the same key: one log, linked.
    logs.state.withLock {
      $0.reachable = true
      $0.loseNextAnswer = true
    }
    outbox.sendWaiting()
    #expect(await harness.settle { !outbox.isSending })
    #expect(outbox.waiting.count == 1)
    outbox.sendWaiting()
    #expect(await harness.settle { outbox.waiting.isEmpty })
    let state = logs.state.withLock { $0 }
    #expect(state.stored.count == 1)
    #expect(Set(state.calls.map(\.1)).count == 1)
    let sent = try #require(state.stored.values.first?.request)
    #expect(sent.date == "2026-01-05")
    #expect(sent.consumedAt == "2026-01-05T12:00:00Z")
    #expect(sent.description == "Pizza with friends")
    #expect(sent.photoPath == photo.path)
    #expect(sent.items.map(\.macros) == [MacrosDto(kcal: 850, protein: 35, carbs: 95, fat: 32)])
    // Posted with the composed meal's item ids: until the link is saved, the diary reading
    // counts the meal once through them (TraineeAPI, NutritionMenuDto+Diary.swift).
    #expect(sent.items.map(\.id) == meal.items.map { Optional($0.entry.id) })
    #expect(harness.snapshot().customMeals.values.first?.logId == "41")
    // The link reaches the server's day, so the server counts the meal once.
    await harness.clock.advance(by: .milliseconds(600))
    #expect(
      await harness.settle { harness.sync.status(of: NutritionScreenHarness.today) == .saved })
    #expect(
      await harness.days.days[NutritionScreenHarness.today]?.customMeals.values.first?.logId
        == "41")
  }

  @Test func aReadOnlyDayLogsToToday() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    harness.screen.mealLogs = outbox(harness)
    harness.press(.character("["), .character("["), .character("["))
    #expect(await harness.settle { harness.text.contains("Read-only") })
    harness.press(.character("L"))
    #expect(harness.host.messages.last == "A read-only day logs to today.")
    #expect(harness.text.contains("Log a meal eaten outside the plan, Mon, 5 Jan 2026"))
    // Description and kcal, the macros left empty: Enter on Fat goes on to the photo, none.
    harness.type("Soup")
    harness.press(.tab, .tab)
    harness.type("200")
    harness.press(.tab, .tab, .tab, .enter, .enter)
    #expect(harness.snapshot().customMeals.values.map(\.label) == ["Soup"])
  }
}

/// A 401 refuses the token, not the meal: the log waits for the next sign-in
/// (docs/decisions/the-apps-files-and-the-api-client.md, "Sign-out without loss").
@MainActor
struct MealLogRefusedTokenTests {
  @Test func aMealLogAnswered401StaysWaitingOnDisk() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-meal-401-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let refused = TraineeAPIError.http(
      status: 401, error: APIErrorBody(code: "refresh_refused", message: "Sign in again."))
    let outbox = MealLogOutbox(dataDirectory: directory, now: Date()) {
      _, _ throws(TraineeAPIError) -> LoggedMealDto in throw refused
    }
    var outcomes: [MealLogOutbox.Outcome] = []
    outbox.onOutcome = { outcomes.append($0) }
    try outbox.add(PendingMealLog(key: "k1", mealId: "m1", request: MealLogRequestDto(items: [])))
    while outbox.isSending { await Task.yield() }
    #expect(outbox.waiting.map(\.key) == ["k1"])
    #expect(outcomes.isEmpty)
    let again = MealLogOutbox(dataDirectory: directory, now: Date()) {
      _, _ throws(TraineeAPIError) -> LoggedMealDto in throw refused
    }
    #expect(again.waiting.map(\.key) == ["k1"])
  }
}

/// A send under way when the app stops does not write the file back when its answer comes: a
/// sign-out or a studio switch clears the account's files after the app stops, and the logs the
/// trainee sent or discarded must not come back (docs/decisions/the-apps-files-and-the-api-client.md,
/// "Sign-out and studio switch in the app").
@MainActor
struct MealLogOutboxStopTests {
  @Test func anAnswerAfterStopLeavesTheClearedFileAlone() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-meal-stop-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let (answers, answer) = AsyncStream.makeStream(of: Void.self)
    let calls = Mutex(0)
    let outbox = MealLogOutbox(dataDirectory: directory, now: Date()) {
      _, key throws(TraineeAPIError) -> LoggedMealDto in
      calls.withLock { $0 += 1 }
      for await _ in answers { break }
      return LoggedMealDto(id: "id-" + key)
    }
    var outcomes: [MealLogOutbox.Outcome] = []
    outbox.onOutcome = { outcomes.append($0) }
    for key in ["k1", "k2"] {
      try outbox.add(
        PendingMealLog(key: key, mealId: "m-" + key, request: MealLogRequestDto(items: [])))
    }
    while calls.withLock({ $0 }) == 0 { await Task.yield() }
    outbox.stop()
    let file = DataDirectory(directory).pendingMealLogs
    try FileManager.default.removeItem(at: file)
    answer.yield()
    answer.finish()
    while outbox.isSending { await Task.yield() }
    #expect(!FileManager.default.fileExists(atPath: file.path))
    #expect(outcomes.isEmpty)
    #expect(calls.withLock { $0 } == 1)
    outbox.sendWaiting()
    #expect(!outbox.isSending)
  }
}
