import Foundation
import Synchronization
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// Isolation between trainees, threads writing at once, and what survives a reopen.
struct DatabaseTraineeStoreSafetyTests {
  // MARK: Isolation

  @Test(arguments: StoreBackend.available) func oneTraineeCanNeverReadChangeOrDeleteAnothersData(
    _ backend: StoreBackend
  ) throws {
    let store = try StoreFixture.makeStore(backend)
    let ada = try store.createTrainee(name: "Ada").trainee.id
    let eve = try store.createTrainee(name: "Eve").trainee.id
    let day = try #require(CalendarDate("2026-01-05"))
    try store.importPrograms(StoreFixture.programs, for: ada)
    try store.importNutritionPlans(json: "[]", for: ada)
    try store.saveNutritionDay(day, json: "{}", for: ada)
    let meal = try store.logMeal(date: day, consumedAt: nil, itemsJSON: "[]", for: ada)
    let log = try store.logWorkout(StoreFixture.benchDay, idempotencyKey: "k", for: ada)
    let video = try store.addTechniqueVideo(url: "https://v/1", exerciseId: nil, for: ada)
    try store.saveNotificationConfig(
      NotificationConfigDto(type: "REST_TIMER", enabled: false), for: ada)
    try store.saveSubstitution(
      Substitution(
        programId: "plan-1", dayId: "day-a", rowId: "row-1", fromExerciseId: "bench",
        toExerciseId: "dips"), for: ada)
    let adasBefore = try StoreFixture.answers(ada, store, day)

    #expect(try store.programs(for: eve) == nil)
    #expect(try store.substitutions(for: eve) == [])
    #expect(try store.workoutHistory(for: eve) == [])
    #expect(try store.workoutLog(log.id, for: eve) == nil)
    #expect(try !store.deleteWorkoutLog(log.id, for: eve))
    #expect(try store.exerciseHistory(for: eve) == [:])
    #expect(try store.techniqueVideos(for: eve) == [])
    #expect(try !store.markFeedbackSeen(video.id, for: eve))
    #expect(try !store.addCoachFeedback("x", to: video.id, for: eve))
    #expect(try store.notificationConfigs(for: eve).allSatisfy { $0.enabled == true })
    #expect(try store.nutritionPlans(for: eve) == nil)
    #expect(try store.nutritionDay(day, for: eve) == nil)
    #expect(try store.mealLogs(on: day, for: eve) == [])
    // Eve's writes land in her own records.
    #expect(try store.logWorkout(StoreFixture.benchDay, idempotencyKey: "k", for: eve).id != log.id)
    try store.saveNutritionDay(day, json: #"{"eve":true}"#, for: eve)
    #expect(try store.logMeal(date: day, consumedAt: nil, itemsJSON: "[]", for: eve) != meal)
    try store.saveSubstitution(
      Substitution(
        programId: "plan-1", dayId: "day-a", rowId: "row-1", fromExerciseId: "bench",
        toExerciseId: "bench"), for: eve)

    #expect(try StoreFixture.answers(ada, store, day) == adasBefore)
  }

  // MARK: Concurrency and durability

  @Test(arguments: StoreBackend.available)
  func threadsLoggingAtOnceLoseAndDuplicateNothing(_ backend: StoreBackend) throws {
    try withTemporaryDirectory { directory in
      let store = try DatabaseTraineeStore(
        database: backend.open(backend.makeSharedLocation(in: directory)),
        now: { StoreFixture.monday })
      defer { store.database.close() }
      let ada = try store.createTrainee(name: "Ada").trainee.id
      let answers = Mutex<[LoggedWorkout]>([])
      let failures = Mutex<[String]>([])
      DispatchQueue.concurrentPerform(iterations: 8) { thread in
        do {
          for index in 0..<25 {
            let key = index.isMultiple(of: 5) ? "shared-\(index)" : "thread-\(thread)-\(index)"
            let answer = try store.logWorkout(StoreFixture.benchDay, idempotencyKey: key, for: ada)
            _ = try store.exerciseHistory(for: ada)
            answers.withLock { $0.append(answer) }
          }
        } catch {
          failures.withLock { $0.append("\(error)") }
        }
      }
      #expect(failures.withLock { $0 } == [])
      // 5 shared keys logged once each, 8 x 20 own keys: 165 logs numbered 1 to 165.
      let history = try store.workoutHistory(for: ada)
      #expect(history.map(\.workoutNumber).sorted() == Array(1...165))
      #expect(
        Set(answers.withLock { $0 })
          == Set(history.map { LoggedWorkout(id: $0.id, workoutNumber: $0.workoutNumber) }))
      let sets = try store.database.readTransaction {
        try $0.row("SELECT COUNT(*) FROM set_history WHERE is_strength = 1") { try $0.int(0) }
      }
      #expect(sets == 165 * 2)
    }
  }

  @Test(arguments: StoreBackend.available)
  func everythingWrittenIsThereAfterCloseAndReopen(_ backend: StoreBackend) throws {
    try withTemporaryDirectory { directory in
      let location = try backend.makeSharedLocation(in: directory)
      let day = try #require(CalendarDate("2026-01-05"))
      let first = try DatabaseTraineeStore(
        database: backend.open(location), now: { StoreFixture.monday })
      let ada = try first.createTrainee(name: "Ada")
      try first.importPrograms(StoreFixture.programs, for: ada.trainee.id)
      let logs = try (0..<10).map { _ in
        try first.logWorkout(StoreFixture.benchDay, idempotencyKey: nil, for: ada.trainee.id)
      }
      try first.saveNutritionDay(day, json: #"{"eaten":{}}"#, for: ada.trainee.id)
      let before = try StoreFixture.answers(ada.trainee.id, first, day)
      first.database.close()

      let second = try DatabaseTraineeStore(
        database: backend.open(location), now: { StoreFixture.monday })
      defer { second.database.close() }
      #expect(try second.trainee(forToken: ada.token) == ada.trainee)
      #expect(try second.workoutHistory(for: ada.trainee.id).map(\.id) == logs.map(\.id).reversed())
      #expect(try StoreFixture.answers(ada.trainee.id, second, day) == before)
    }
  }
}
