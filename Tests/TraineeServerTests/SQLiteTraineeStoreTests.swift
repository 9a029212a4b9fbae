import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeServer

struct DatabaseTraineeStoreTests {
  // MARK: Trainees and tokens

  @Test(arguments: StoreBackend.available) func aNewTraineesTokenFindsItAndOnlyIt(
    _ backend: StoreBackend
  ) throws {
    let store = try StoreFixture.makeStore(backend, recordIDs: .databaseSequence)
    let ada = try store.createTrainee(name: "  Ada  ")
    let grace = try store.createTrainee(name: "Grace")
    #expect(
      ada.trainee
        == Trainee(id: TraineeID(rawValue: 1), name: "Ada", createdAt: StoreFixture.monday))
    #expect(ada.token.count == 64 && ada.token.allSatisfy(\.isHexDigit))
    #expect(ada.token != grace.token)
    #expect(try store.trainee(forToken: ada.token) == ada.trainee)
    #expect(try store.trainee(forToken: grace.token) == grace.trainee)
    #expect(try store.trainee(forToken: "") == nil)
    #expect(try store.trainee(forToken: ada.token.uppercased()) == nil)
    #expect(try store.trainee(id: grace.trainee.id) == grace.trainee)
    #expect(try store.trainees() == [ada.trainee, grace.trainee])
    #expect(throws: TraineeStoreError.invalid(field: "name", problem: "is empty")) {
      try store.createTrainee(name: " \n")
    }
  }

  @Test func theRawTokenIsNeverWrittenOnlyItsSHA256() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("tokens.sqlite").path
      let store = try DatabaseTraineeStore(path: path, now: { StoreFixture.monday })
      let ada = try store.createTrainee(name: "Ada")
      let stored = try store.database.readTransaction { db in
        try db.rows("SELECT token_sha256 FROM trainees") { try $0.string(0) }
      }
      #expect(stored == [BearerToken.digest(ada.token)])
      store.database.close()
      var bytes = Data()
      for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
        bytes += try Data(contentsOf: directory.appendingPathComponent(file))
      }
      #expect(bytes.range(of: Data(ada.token.utf8)) == nil)
      #expect(bytes.range(of: Data(BearerToken.digest(ada.token).utf8)) != nil)
    }
  }

  @Test(arguments: StoreBackend.available) func aReplacedTokenRetiresTheOldOne(
    _ backend: StoreBackend
  ) throws {
    let store = try StoreFixture.makeStore(backend)
    let ada = try store.createTrainee(name: "Ada")
    let token = try store.replaceToken(of: ada.trainee.id)
    #expect(try store.trainee(forToken: ada.token) == nil)
    #expect(try store.trainee(forToken: token) == ada.trainee)
    let nobody = TraineeID(rawValue: 99)
    #expect(throws: TraineeStoreError.traineeNotFound(nobody)) {
      try store.replaceToken(of: nobody)
    }
  }

  @Test(arguments: [
    ("", ""),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (
      String(repeating: "a", count: 1000),
      "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"
    ),
  ])
  func sha256MatchesTheFIPSVectors(message: String, digest: String) {
    let expected =
      digest.isEmpty ? "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" : digest
    #expect(BearerToken.digest(message) == expected)
  }

  @Test func sha256OfAMultiBlockMessage() {
    let message = String(repeating: "a", count: 1000)
    #expect(
      BearerToken.digest(message)
        == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
  }

  // MARK: Programs and substitutions

  @Test(arguments: StoreBackend.available) func programsReadBackAsImportedAndAReimportReplacesThem(
    _ backend: StoreBackend
  ) throws {
    let store = try StoreFixture.makeStore(backend)
    let ada = try store.createTrainee(name: "Ada").trainee.id
    #expect(try store.programs(for: ada) == nil)
    try store.importPrograms(StoreFixture.programs, for: ada)
    #expect(try store.programs(for: ada) == StoreFixture.programs)
    let next = TrainingProgramsDto(plans: [ProgramPlanDto(id: "plan-2", name: "Next", days: [])])
    try store.importPrograms(next, for: ada)
    #expect(try store.programs(for: ada) == next)
    let nobody = TraineeID(rawValue: 99)
    #expect(throws: TraineeStoreError.traineeNotFound(nobody)) {
      try store.importPrograms(StoreFixture.programs, for: nobody)
    }
  }

  @Test(arguments: StoreBackend.available) func aSubstitutionIsSavedReplacedAndUndoneByEqualIds(
    _ backend: StoreBackend
  ) throws {
    let store = try StoreFixture.makeStore(backend)
    let ada = try store.createTrainee(name: "Ada").trainee.id
    func swap(_ row: String, _ to: String) -> Substitution {
      Substitution(
        programId: "plan-1", dayId: "day-a", rowId: row, fromExerciseId: "bench",
        toExerciseId: to)
    }
    try store.saveSubstitution(swap("row-1", "db-press"), for: ada)
    try store.saveSubstitution(swap("row-3", "dips"), for: ada)
    #expect(
      try store.substitutions(for: ada) == [swap("row-1", "db-press"), swap("row-3", "dips")])
    try store.saveSubstitution(swap("row-1", "floor-press"), for: ada)
    try store.saveSubstitution(swap("row-3", "bench"), for: ada)
    #expect(try store.substitutions(for: ada) == [swap("row-1", "floor-press")])
  }

  // MARK: Workout logs

  @Test(arguments: StoreBackend.available) func logsAreNumberedListedNewestFirstReadAndDeleted(
    _ backend: StoreBackend
  ) throws {
    let store = try StoreFixture.makeStore(backend, recordIDs: .databaseSequence)
    let ada = try store.createTrainee(name: "Ada").trainee.id
    let first = try store.logWorkout(StoreFixture.benchDay, idempotencyKey: nil, for: ada)
    let second = try store.logWorkout(
      StoreFixture.workout([], day: "day-b"), idempotencyKey: nil, for: ada)
    #expect(first == LoggedWorkout(id: WorkoutLogID(rawValue: 1), workoutNumber: 1))
    #expect(second == LoggedWorkout(id: WorkoutLogID(rawValue: 2), workoutNumber: 2))
    let firstRecord = WorkoutLogRecord(
      id: first.id, workoutNumber: 1, loggedAt: StoreFixture.monday, payload: StoreFixture.benchDay)
    let secondRecord = WorkoutLogRecord(
      id: second.id, workoutNumber: 2, loggedAt: StoreFixture.monday,
      payload: StoreFixture.workout([], day: "day-b"))
    #expect(try store.workoutHistory(for: ada) == [secondRecord, firstRecord])
    #expect(try store.workoutLog(first.id, for: ada) == firstRecord)
    #expect(try store.deleteWorkoutLog(first.id, for: ada))
    #expect(try !store.deleteWorkoutLog(first.id, for: ada))
    #expect(try store.workoutLog(first.id, for: ada) == nil)
    #expect(try store.workoutHistory(for: ada) == [secondRecord])
    let third = try store.logWorkout(StoreFixture.benchDay, idempotencyKey: nil, for: ada)
    // A deleted log's number is not given again.
    #expect(third == LoggedWorkout(id: WorkoutLogID(rawValue: 3), workoutNumber: 3))
  }

  @Test(arguments: StoreBackend.available)
  func aRepeatedIdempotencyKeyReturnsTheFirstAnswerAndStoresNothing(_ backend: StoreBackend) throws
  {
    let store = try StoreFixture.makeStore(backend, recordIDs: .databaseSequence)
    let ada = try store.createTrainee(name: "Ada").trainee.id
    let grace = try store.createTrainee(name: "Grace").trainee.id
    let first = try store.logWorkout(StoreFixture.benchDay, idempotencyKey: "retry-1", for: ada)
    let again = try store.logWorkout(StoreFixture.benchDay, idempotencyKey: "retry-1", for: ada)
    #expect(again == first)
    #expect(try store.workoutHistory(for: ada).map(\.payload) == [StoreFixture.benchDay])
    // Another trainee's same key is its own.
    let graces = try store.logWorkout(StoreFixture.benchDay, idempotencyKey: "retry-1", for: grace)
    #expect(graces == LoggedWorkout(id: WorkoutLogID(rawValue: 2), workoutNumber: 1))
    // A key outlives its deleted log: a late retry does not bring the log back, and is told
    // the log was deleted.
    #expect(try store.deleteWorkoutLog(first.id, for: ada))
    #expect(
      try store.logWorkout(StoreFixture.benchDay, idempotencyKey: "retry-1", for: ada)
        == LoggedWorkout(id: first.id, workoutNumber: first.workoutNumber, deleted: true))
    #expect(try store.workoutHistory(for: ada) == [])
  }

  @Test(arguments: StoreBackend.available)
  func aKeyUsedBeforeForAnotherWorkoutIsRefusedAndStoresNothing(_ backend: StoreBackend) throws {
    let store = try StoreFixture.makeStore(backend)
    let ada = try store.createTrainee(name: "Ada").trainee.id
    let first = try store.logWorkout(StoreFixture.benchDay, idempotencyKey: "retry-1", for: ada)
    #expect(throws: TraineeStoreError.idempotencyKeyReused("retry-1")) {
      try store.logWorkout(StoreFixture.workout([]), idempotencyKey: "retry-1", for: ada)
    }
    #expect(try store.workoutHistory(for: ada).map(\.id) == [first.id])
    // Once the first log is deleted its key still holds its workout: another is refused, the
    // same one gets the first answer marked deleted, and nothing is stored either way.
    #expect(try store.deleteWorkoutLog(first.id, for: ada))
    #expect(throws: TraineeStoreError.idempotencyKeyReused("retry-1")) {
      try store.logWorkout(StoreFixture.workout([]), idempotencyKey: "retry-1", for: ada)
    }
    var deleted = first
    deleted.deleted = true
    #expect(
      try store.logWorkout(StoreFixture.benchDay, idempotencyKey: "retry-1", for: ada) == deleted)
    #expect(try store.workoutHistory(for: ada) == [])
    // The next workout with its own key is stored and numbered after the deleted one.
    let next = try store.logWorkout(StoreFixture.workout([]), idempotencyKey: "retry-2", for: ada)
    #expect(next.workoutNumber == 2)
  }

  @Test(arguments: StoreBackend.available) func lastSetsAndBestComeFromTheLoggedHistory(
    _ backend: StoreBackend
  ) throws {
    let store = try StoreFixture.makeStore(backend)
    let ada = try store.createTrainee(name: "Ada").trainee.id
    #expect(try store.exerciseHistory(for: ada) == [:])
    // 100 x 3 and 75 x 14 both estimate 110 kg: the earlier one is the best.
    _ = try store.logWorkout(
      StoreFixture.workout([
        StoreFixture.entry(
          "squat",
          [
            StoreFixture.strength(1, 100, 3), StoreFixture.strength(2, 75, 14),
            StoreFixture.strength(3, 200, nil),
          ]),
        StoreFixture.entry(
          "bike",
          [
            .cardio(
              CardioLogSet(setNumber: 1, durationSec: 600, distanceKm: 5, rpe: nil, done: true))
          ]
        ),
      ]), idempotencyKey: nil, for: ada)
    let latest = try store.logWorkout(
      StoreFixture.workout([
        StoreFixture.entry(
          "squat",
          [
            StoreFixture.strength(1, 80, 5), StoreFixture.strength(2, nil, 12),
            StoreFixture.strength(3, 300, 1, done: false),
          ]),
        StoreFixture.entry("bench", [StoreFixture.strength(1, 60, 10, done: false)]),
      ]), idempotencyKey: nil, for: ada)
    let squatBest = BestDto(weight: 100, reps: 3)
    let history = try store.exerciseHistory(for: ada)
    #expect(
      history == [
        "squat": ExerciseHistory(
          lastSets: [
            LastSetDto(setNumber: 1, weight: "80", reps: "5"),
            LastSetDto(setNumber: 2, weight: nil, reps: "12"),
          ], best: squatBest)
      ])
    #expect(try store.deleteWorkoutLog(latest.id, for: ada))
    let earlier = try store.exerciseHistory(for: ada)
    #expect(
      earlier == [
        "squat": ExerciseHistory(
          lastSets: [
            LastSetDto(setNumber: 1, weight: "100", reps: "3"),
            LastSetDto(setNumber: 2, weight: "75", reps: "14"),
            LastSetDto(setNumber: 3, weight: "200", reps: nil),
          ], best: squatBest)
      ])
  }

  // MARK: Technique videos and notification configs

  @Test(arguments: StoreBackend.available)
  func techniqueVideosCarryTheCoachsFeedbackAndWhenItWasSeen(_ backend: StoreBackend) throws {
    let store = try StoreFixture.makeStore(backend, recordIDs: .databaseSequence)
    let ada = try store.createTrainee(name: "Ada").trainee.id
    let video = try store.addTechniqueVideo(
      url: "https://videos.example/1.mp4", exerciseId: "bench", for: ada)
    let bare = try store.addTechniqueVideo(
      url: "https://videos.example/2.mp4", exerciseId: nil, for: ada)
    #expect(
      video
        == TechniqueVideo(
          id: TechniqueVideoID(rawValue: 1), url: "https://videos.example/1.mp4",
          exerciseId: "bench", submittedAt: StoreFixture.monday))
    #expect(try store.addCoachFeedback("Elbows in", to: video.id, for: ada))
    var answered = video
    answered.feedback = "Elbows in"
    #expect(try store.techniqueVideos(for: ada) == [answered, bare])
    #expect(try store.markFeedbackSeen(video.id, for: ada))
    answered.feedbackSeenAt = StoreFixture.monday
    #expect(try store.techniqueVideos(for: ada) == [answered, bare])
    let unknown = TechniqueVideoID(rawValue: 42)
    #expect(try !store.markFeedbackSeen(unknown, for: ada))
    #expect(try !store.addCoachFeedback("?", to: unknown, for: ada))
  }

  @Test(arguments: StoreBackend.available)
  func notificationConfigsStartFromDefaultsAndKeepWhatIsSaved(_ backend: StoreBackend) throws {
    let store = try StoreFixture.makeStore(backend)
    let ada = try store.createTrainee(name: "Ada").trainee.id
    let defaults = [
      NotificationConfigDto(type: "REST_TIMER", enabled: true),
      NotificationConfigDto(type: "WORKOUT_IDLE", enabled: true),
      NotificationConfigDto(type: "WORKOUT_UNFINISHED", enabled: true),
    ]
    #expect(try store.notificationConfigs(for: ada) == defaults)
    let rest = NotificationConfigDto(
      type: "REST_TIMER", enabled: false, titleTemplate: "Go", bodyTemplate: "{{ exercise }}")
    let other = NotificationConfigDto(type: "HYDRATION", enabled: nil)
    try store.saveNotificationConfig(other, for: ada)
    try store.saveNotificationConfig(rest, for: ada)
    #expect(try store.notificationConfigs(for: ada) == [rest, defaults[1], defaults[2], other])
  }

  // MARK: Nutrition

  @Test(arguments: StoreBackend.available) func nutritionIsStoredAsGivenAndOnlyJSONIsAccepted(
    _ backend: StoreBackend
  ) throws {
    let store = try StoreFixture.makeStore(backend)
    let ada = try store.createTrainee(name: "Ada").trainee.id
    let day = try #require(CalendarDate("2026-01-05"))
    let plans = #"{"plans":[{"id":"p1","days":[]}],"extra":1.50}"#
    let snapshot = #"{"eaten":{"2026-0-5__item1":true},"portions":{}}"#
    #expect(try store.nutritionPlans(for: ada) == nil)
    #expect(try store.nutritionDay(day, for: ada) == nil)
    try store.importNutritionPlans(json: plans, for: ada)
    try store.saveNutritionDay(day, json: #"{"eaten":{}}"#, for: ada)
    try store.saveNutritionDay(day, json: snapshot, for: ada)
    #expect(try store.nutritionPlans(for: ada) == plans)
    #expect(try store.nutritionDay(day, for: ada) == snapshot)
    #expect(try store.nutritionDay(try #require(CalendarDate("2026-01-04")), for: ada) == nil)

    let noon = Date(timeIntervalSince1970: 1_767_528_000)
    let lunch = try store.logMeal(
      date: day, consumedAt: noon, itemsJSON: #"[{"name":"Rice"}]"#, for: ada)
    let snack = try store.logMeal(date: day, consumedAt: nil, itemsJSON: "[]", for: ada)
    #expect(
      try store.mealLogs(on: day, for: ada) == [
        MealLog(id: lunch, date: day, consumedAt: noon, itemsJSON: #"[{"name":"Rice"}]"#),
        MealLog(id: snack, date: day, consumedAt: StoreFixture.monday, itemsJSON: "[]"),
      ])

    let notJSON = TraineeStoreError.invalid(field: "data", problem: "is not valid JSON")
    #expect(throws: notJSON) { try store.saveNutritionDay(day, json: "{eaten", for: ada) }
    #expect(throws: TraineeStoreError.invalid(field: "items", problem: "is not valid JSON")) {
      try store.logMeal(date: day, consumedAt: nil, itemsJSON: "", for: ada)
    }
    #expect(throws: TraineeStoreError.invalid(field: "plans", problem: "is not valid JSON")) {
      try store.importNutritionPlans(json: "[1,", for: ada)
    }
    #expect(try store.nutritionDay(day, for: ada) == snapshot)
    #expect(try store.mealLogs(on: day, for: ada).count == 2)
  }

  @Test(arguments: StoreBackend.available) func aDaySavedKeepingPortionsAddsTheStoredOnes(
    _ backend: StoreBackend
  ) throws {
    let store = try StoreFixture.makeStore(backend)
    let ada = try store.createTrainee(name: "Ada").trainee.id
    let day = try #require(CalendarDate("2026-01-05"))
    let amount = #""portions":{"2026-0-5__it1":{"foodId":"f_bread","qty":150}}"#
    // Nothing stored yet, or a stored day without amounts: the text is kept as given.
    #expect(
      try store.saveNutritionDay(day, json: "{ }", keepingStoredPortions: true, for: ada) == "{ }")
    #expect(try store.nutritionDay(day, for: ada) == "{ }")
    // With amounts stored, they are added to the text, which SQLite re-serializes.
    try store.saveNutritionDay(day, json: "{\(amount)}", for: ada)
    let eaten = #"{ "eaten": {"2026-0-5__it1": true}, "x": 1.50 }"#
    let merged = #"{"eaten":{"2026-0-5__it1":true},"x":1.50,\#(amount)}"#
    #expect(
      try store.saveNutritionDay(day, json: eaten, keepingStoredPortions: true, for: ada) == merged)
    #expect(try store.nutritionDay(day, for: ada) == merged)
    // Without the flag the day is replaced as given.
    #expect(try store.saveNutritionDay(day, json: eaten, for: ada) == eaten)
    #expect(try store.nutritionDay(day, for: ada) == eaten)
    // A `portions` member of the text sent is never replaced, `null` included; a stored `null`
    // is not an amount to keep.
    try store.saveNutritionDay(day, json: "{\(amount)}", for: ada)
    let cleared = #"{"portions":null}"#
    #expect(
      try store.saveNutritionDay(day, json: cleared, keepingStoredPortions: true, for: ada)
        == cleared)
    #expect(
      try store.saveNutritionDay(day, json: "{}", keepingStoredPortions: true, for: ada) == "{}")
    // Another date or trainee keeps nothing from this one.
    try store.saveNutritionDay(day, json: "{\(amount)}", for: ada)
    let bob = try store.createTrainee(name: "Bob").trainee.id
    #expect(
      try store.saveNutritionDay(day, json: "{}", keepingStoredPortions: true, for: bob) == "{}")
    let next = try #require(CalendarDate("2026-01-06"))
    #expect(
      try store.saveNutritionDay(next, json: "{}", keepingStoredPortions: true, for: ada) == "{}")
  }

  @Test(arguments: ["2026-01-05", "2024-02-29", "0001-12-31"])
  func calendarDatesReadBackAsWritten(text: String) throws {
    #expect(try #require(CalendarDate(text)).description == text)
  }

  @Test(arguments: ["2026-1-05", "2026-02-29", "2026-13-01", "2026-00-10", "２026-01-05", ""])
  func invalidCalendarDatesAreRefused(text: String) {
    #expect(CalendarDate(text) == nil)
  }
}
