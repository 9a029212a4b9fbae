import Foundation
import LockedValue
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeServer

struct PostgreSQLDriverTests {
  @Test(arguments: [
    ("SELECT ? + ?", "SELECT $1 + $2"),
    ("WHERE a = ?2 AND b = ?1 AND c = ?", "WHERE a = $2 AND b = $1 AND c = $3"),
    (
      "SELECT '?', \"x?\" FROM t WHERE y = ? -- why?\n AND z = ?",
      "SELECT '?', \"x?\" FROM t WHERE y = $1 -- why?\n AND z = $2"
    ),
    ("SELECT 'it''s ?' || ?", "SELECT 'it''s ?' || $1"),
  ])
  func placeholdersAreNumberedAsSQLiteNumbersThem(sql: String, expected: String) {
    #expect(PostgreSQLPlaceholders.translate(sql) == expected)
  }

  @Test func aPasswordNeverAppearsInTheLocation() {
    #expect(
      PostgreSQLDatabase.withoutPassword("postgresql://ada:secret@db.example:5432/perform")
        == "postgresql://ada:***@db.example:5432/perform")
    #expect(
      PostgreSQLDatabase.withoutPassword("postgres:///perform?host=/run/pg&password=secret")
        == "postgres:///perform?host=/run/pg&password=***")
    #expect(
      PostgreSQLDatabase.withoutPassword("/var/lib/perform.sqlite") == "/var/lib/perform.sqlite")
  }

  @Test func aServerThatCannotBeReachedIsUnavailableNotAFailure() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    let url = "postgresql:///perform?host=\(directory.path)&port=1"
    #expect {
      try PostgreSQLDatabase(url: url)
    } throws: { error in
      (error as? PostgreSQLError)?.kind == .unavailable
    }
  }

  @Test func aDatabaseAwayIsAnswered503WithRetryAfter() throws {
    let router = TraineeAPIRoutes(store: AwayStore(), now: { StoreFixture.monday }).router()
    let response = router.respond(
      to: HTTPRequest(
        method: .get, path: "/v1/trainee/workouts", headers: ["Authorization": "Bearer x"]))
    #expect(response.status == .serviceUnavailable)
    #expect(response.headers["Retry-After"] == "1")
    #expect(response.errorBody?.code == "database_unavailable")
  }

  @Test(arguments: StoreBackend.available)
  func aNulInAStoredTextIsNeverA500(_ backend: StoreBackend) throws {
    // PostgreSQL's text cannot hold U+0000, and no name may hold a control character
    // (docs/security.md, "Names and the terminal"): refused as bad input by both, naming the
    // field, and nothing is stored.
    let api = try WorkoutAPIFixture(backend)
    let payload = StoreFixture.workout([
      StoreFixture.entry("be\u{0}nch", [StoreFixture.strength(1, 60, 10)])
    ])
    let response = try api.send(
      .post, "/v1/trainee/workouts/log", token: api.alice.token, json: payload)
    #expect(response.status == .badRequest)
    #expect(response.errorBody?.code == "invalid_body")
    #expect(
      response.errorBody?.message.contains("entries[0].exerciseId holds a control character")
        == true)
    #expect(try api.store.workoutHistory(for: api.alice.trainee.id).isEmpty)
  }

  @Test(arguments: StoreBackend.available.filter { $0 == .postgresql })
  func concurrentRetriesOfOneKeyStoreOneLog(_ backend: StoreBackend) throws {
    // Two stores (two pools, as two processes would have) on one database, eight threads each
    // posting the same workout under the same key: one log, one number, one answer.
    let url = try StoreBackend.newPostgreSQLSchema()
    let first = try DatabaseTraineeStore(database: PostgreSQLDatabase(url: url))
    let second = try DatabaseTraineeStore(database: PostgreSQLDatabase(url: url))
    let ada = try first.createTrainee(name: "Ada").trainee.id
    let answers = Locked<[Result<LoggedWorkout, any Error>]>([])
    DispatchQueue.concurrentPerform(iterations: 16) { index in
      let store = index.isMultiple(of: 2) ? first : second
      let answer = Result {
        try store.logWorkout(StoreFixture.benchDay, idempotencyKey: "same", for: ada)
      }
      answers.withLock { $0.append(answer) }
    }
    let logged = try answers.withLock { try $0.map { try $0.get() } }
    #expect(Set(logged).count == 1)
    #expect(try first.workoutHistory(for: ada).count == 1)
    #expect(try second.workoutHistory(for: ada).map(\.workoutNumber) == [1])
  }

  @Test(arguments: StoreBackend.available.filter { $0 == .postgresql })
  func concurrentLogsGetConsecutiveNumbers(_ backend: StoreBackend) throws {
    let url = try StoreBackend.newPostgreSQLSchema()
    let stores = try (0..<2).map { _ in
      try DatabaseTraineeStore(database: PostgreSQLDatabase(url: url))
    }
    let ada = try stores[0].createTrainee(name: "Ada").trainee.id
    DispatchQueue.concurrentPerform(iterations: 20) { index in
      _ = try? stores[index % 2].logWorkout(StoreFixture.benchDay, idempotencyKey: nil, for: ada)
    }
    let numbers = try stores[1].workoutHistory(for: ada).map(\.workoutNumber).sorted()
    #expect(numbers == Array(1...20))
  }
}

/// A store whose database is away: every call throws `unavailable`.
private struct AwayStore: TraineeStore {
  static let away = TraineeStoreError.unavailable("connection refused")
  func checkReadiness() throws { throw Self.away }
  func createTrainee(name: String) throws -> NewTrainee { throw Self.away }
  func trainee(forToken token: String) throws -> Trainee? { throw Self.away }
  func refusal(ofToken token: String) throws -> TokenRefusalReason { throw Self.away }
  func trainee(id: TraineeID) throws -> Trainee? { throw Self.away }
  func trainees() throws -> [Trainee] { throw Self.away }
  func replaceToken(of trainee: TraineeID) throws -> String { throw Self.away }
  func importPrograms(_ programs: TrainingProgramsDto, for trainee: TraineeID) throws {
    throw Self.away
  }
  func programs(for trainee: TraineeID) throws -> TrainingProgramsDto? { throw Self.away }
  func saveSubstitution(_ substitution: Substitution, for trainee: TraineeID) throws {
    throw Self.away
  }
  func substitutions(for trainee: TraineeID) throws -> [Substitution] { throw Self.away }
  func logWorkout(
    _ payload: LogWorkoutPayload, idempotencyKey: String?, loggedAt: Date?, studio: StudioID?,
    timeZone: TimeZone?, for trainee: TraineeID
  ) throws -> LoggedWorkout { throw Self.away }
  func workoutHistory(for trainee: TraineeID) throws -> [WorkoutLogRecord] { throw Self.away }
  func workoutLog(_ id: WorkoutLogID, for trainee: TraineeID) throws -> WorkoutLogRecord? {
    throw Self.away
  }
  func deleteWorkoutLog(_ id: WorkoutLogID, for trainee: TraineeID) throws -> Bool {
    throw Self.away
  }
  func exerciseHistory(for trainee: TraineeID) throws -> [String: ExerciseHistory] {
    throw Self.away
  }
  func addTechniqueVideo(
    url: String, exerciseId: String?, studio: StudioID?, for trainee: TraineeID
  ) throws
    -> TechniqueVideo
  { throw Self.away }
  func techniqueVideos(for trainee: TraineeID) throws -> [TechniqueVideo] { throw Self.away }
  func addCoachFeedback(
    _ message: String, to video: TechniqueVideoID, for trainee: TraineeID
  )
    throws -> Bool
  { throw Self.away }
  func markFeedbackSeen(_ video: TechniqueVideoID, for trainee: TraineeID) throws -> Bool {
    throw Self.away
  }
  func notificationConfigs(for trainee: TraineeID) throws -> [NotificationConfigDto] {
    throw Self.away
  }
  func saveNotificationConfig(_ config: NotificationConfigDto, for trainee: TraineeID) throws {
    throw Self.away
  }
  func importNutritionPlans(json: String, for trainee: TraineeID) throws { throw Self.away }
  func nutritionPlans(for trainee: TraineeID) throws -> String? { throw Self.away }
  func saveNutritionDay(
    _ date: CalendarDate, json: String, keepingStoredPortions: Bool, studio: StudioID?,
    for trainee: TraineeID
  ) throws -> String { throw Self.away }
  func studioVisibility(of trainee: TraineeID, to studio: StudioID) throws -> StudioVisibility? {
    throw Self.away
  }
  func workoutSummaries(
    of trainee: TraineeID, visibleTo studio: StudioID, after cursor: WorkoutHistoryCursor?,
    limit: Int
  ) throws -> [WorkoutLogSummary]? { throw Self.away }
  func workoutLog(
    _ id: WorkoutLogID, of trainee: TraineeID, visibleTo studio: StudioID
  ) throws -> PrescribedWorkoutLog?? { throw Self.away }
  func nutritionDays(
    in range: NutritionDayRange, of trainee: TraineeID, visibleTo studio: StudioID
  ) throws -> CoachNutritionDays? { throw Self.away }
  func techniqueVideos(
    of trainee: TraineeID, visibleTo studio: StudioID, before cursor: TechniqueVideoID?,
    limit: Int
  ) throws -> [TechniqueVideo]? { throw Self.away }
  func studioEvents(
    of studio: StudioID, after cursor: StudioEventCursor, limit: Int, trainee: TraineeID?
  ) throws -> StudioEventPage? { throw Self.away }
  func studioEventHead(of studio: StudioID) throws -> Int64 { throw Self.away }
  func nutritionDay(_ date: CalendarDate, for trainee: TraineeID) throws -> String? {
    throw Self.away
  }
  func logMeal(
    date: CalendarDate, consumedAt: Date?, itemsJSON: String, for trainee: TraineeID
  ) throws -> MealLogID { throw Self.away }
  func logMeal(
    date: CalendarDate, consumedAt: Date?, itemsJSON: String, details: MealLogDetails,
    for trainee: TraineeID
  ) throws -> MealLogID { throw Self.away }
  func mealLogs(on date: CalendarDate, for trainee: TraineeID) throws -> [MealLog] {
    throw Self.away
  }
  func loggedSets(_ query: LoggedSetQuery, for trainee: TraineeID) throws -> LoggedSetPage {
    throw Self.away
  }
  func versionedTrainee(forToken token: String) throws -> VersionedTrainee? { throw Self.away }
  func workoutSummaries(
    for trainee: TraineeID, after cursor: WorkoutHistoryCursor?, limit: Int
  ) throws -> [WorkoutLogSummary] { throw Self.away }
  func reviewWorkout(
    _ log: WorkoutLogID, of trainee: TraineeID, by studio: StudioID,
    _ review: WorkoutReviewRequestDto
  ) throws -> WorkoutReview?? { throw Self.away }
  func workoutReview(of log: WorkoutLogID, for trainee: TraineeID) throws -> WorkoutReview? {
    throw Self.away
  }
  func markReviewSeen(_ log: WorkoutLogID, for trainee: TraineeID) throws -> Bool {
    throw Self.away
  }
  func unseenReviews(for trainee: TraineeID, limit: Int) throws -> [UnseenReview] {
    throw Self.away
  }
  func giveVideoFeedback(
    _ message: String, to video: TechniqueVideoID, of trainee: TraineeID, by studio: StudioID
  ) throws -> Bool? { throw Self.away }
  func exerciseRecords(
    of trainee: TraineeID, visibleTo studio: StudioID
  ) throws -> [ExerciseRecords]? { throw Self.away }
  func progressSets(
    of trainee: TraineeID, exercise exerciseId: String, from: Date, to: Date,
    visibleTo studio: StudioID, limit: Int
  ) throws -> [LoggedSet]? { throw Self.away }
  func coachNotes(on trainee: TraineeID, of studio: StudioID) throws -> CoachNotes? {
    throw Self.away
  }
  func writeCoachNotes(
    _ text: String, on trainee: TraineeID, of studio: StudioID
  ) throws -> CoachNotes? { throw Self.away }
}

extension AwayStore {
  func createLibraryExercise(
    _ exercise: LibraryExerciseRequestDto, in studio: StudioID
  ) throws -> LibraryExercise { throw Self.away }
  func updateLibraryExercise(
    _ id: LibraryExerciseID, _ exercise: LibraryExerciseRequestDto, in studio: StudioID
  ) throws -> LibraryExercise? { throw Self.away }
  func archiveLibraryExercise(_ id: LibraryExerciseID, in studio: StudioID) throws -> Bool {
    throw Self.away
  }
  func libraryExercises(
    in studio: StudioID, page: IDPage, archived: Bool
  ) throws -> [LibraryExercise] { throw Self.away }
  func createCoachProgram(
    _ document: CoachProgramDocumentDto, in studio: StudioID
  ) throws -> CoachProgramVersion { throw Self.away }
  func editCoachProgram(
    _ id: CoachProgramID, _ document: CoachProgramDocumentDto, in studio: StudioID
  ) throws -> CoachProgramVersion? { throw Self.away }
  func copyCoachProgram(
    _ id: CoachProgramID, name: String?, in studio: StudioID
  ) throws -> CoachProgramVersion? { throw Self.away }
  func archiveCoachProgram(_ id: CoachProgramID, in studio: StudioID) throws -> Bool {
    throw Self.away
  }
  func coachPrograms(
    in studio: StudioID, page: IDPage, archived: Bool
  ) throws -> [CoachProgram] { throw Self.away }
  func coachProgram(
    _ id: CoachProgramID, version: Int?, in studio: StudioID
  ) throws -> CoachProgramVersion? { throw Self.away }
  func assignCoachProgram(
    _ id: CoachProgramID, to trainees: [TraineeID], mode: AssignmentMode,
    schedule: ProgramSchedule?, in studio: StudioID
  ) throws -> ProgramAssignmentOutcome { throw Self.away }
  func endCoachProgramAssignment(
    _ id: CoachProgramID, of trainee: TraineeID, in studio: StudioID
  ) throws -> Bool { throw Self.away }
  func createCoachMealPlan(
    _ document: CoachMealPlanDocumentDto, in studio: StudioID
  ) throws -> CoachMealPlanVersion { throw Self.away }
  func editCoachMealPlan(
    _ id: CoachMealPlanID, _ document: CoachMealPlanDocumentDto, in studio: StudioID
  ) throws -> CoachMealPlanVersion? { throw Self.away }
  func copyCoachMealPlan(
    _ id: CoachMealPlanID, name: String?, in studio: StudioID
  ) throws -> CoachMealPlanVersion? { throw Self.away }
  func archiveCoachMealPlan(_ id: CoachMealPlanID, in studio: StudioID) throws -> Bool {
    throw Self.away
  }
  func coachMealPlans(
    in studio: StudioID, page: IDPage, archived: Bool
  ) throws -> [CoachMealPlan] { throw Self.away }
  func coachMealPlan(
    _ id: CoachMealPlanID, version: Int?, in studio: StudioID
  ) throws -> CoachMealPlanVersion? { throw Self.away }
  func assignCoachMealPlan(
    _ id: CoachMealPlanID, to trainees: [TraineeID], mode: AssignmentMode, in studio: StudioID
  ) throws -> MealPlanAssignmentOutcome { throw Self.away }
}

extension AwayStore {
  func studioNotificationConfigs(of studio: StudioID) throws -> [NotificationConfigDto] {
    throw Self.away
  }
  func setStudioNotificationConfig(
    _ type: CoachNotificationType, _ config: NotificationConfigRequestDto, of studio: StudioID
  ) throws -> NotificationConfigDto { throw Self.away }
  func notificationOverrides(
    of trainee: TraineeID, in studio: StudioID
  ) throws -> [NotificationConfigDto]? { throw Self.away }
  func setNotificationOverride(
    _ type: CoachNotificationType, _ config: NotificationConfigRequestDto,
    of trainee: TraineeID, in studio: StudioID
  ) throws -> NotificationConfigDto? { throw Self.away }
  func removeNotificationOverride(
    _ type: CoachNotificationType, of trainee: TraineeID, in studio: StudioID
  ) throws -> Bool? { throw Self.away }
  func notificationConfigs(
    for trainee: TraineeID, using studio: StudioID?
  ) throws -> [NotificationConfigDto] { throw Self.away }
}
