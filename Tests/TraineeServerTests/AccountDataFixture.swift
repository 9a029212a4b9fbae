import Foundation
import Testing
import TraineeAPI
import TraineeClient

@testable import Accounts
@testable import SQLStore
@testable import TraineeData
@testable import TraineeDatabaseSchema

/// A trainee account with a row in every table that can hold one of theirs, made through the
/// stores as a person would.
struct FilledTrainee {
  var signedIn: SignedIn
  var coach: Account
  /// The refresh token the set-up spent (its digest is in `retired_refresh_tokens`).
  var spentRefreshToken: String
  var tokens: SessionTokens

  /// The workouts the set-up logs: enough for their sets to be merged into `sets_by_exercise`.
  static let workoutLogs = DatabaseTraineeStore.logsPerMerge

  var account: AccountID { signedIn.account.id }
  var trainee: TraineeID { signedIn.account.trainee! }
}

extension AccountFixture {
  /// A trainee invited to a studio of their own, signed in, with records of every kind, a
  /// refresh spent and failed attempts counted against their login and their account.
  func filledTrainee(email: String) throws -> FilledTrainee {
    let (studio, coach, invite) = try studioWithInvite(coachEmail: "coach-of-" + email)
    let signedIn = try accounts.acceptInvite(
      code: invite.code, name: "Trainee \(email)", email: email, password: Self.password,
      device: "phone", address: "192.0.2.1")
    let trainee = try #require(signedIn.account.trainee)
    let tokens = try accounts.refresh(signedIn.tokens.refreshToken, address: "192.0.2.1")

    try trainees.importPrograms(StoreFixture.programs, for: trainee)
    let squat = try trainees.createLibraryExercise(
      LibraryExerciseRequestDto(name: "Squat", kind: .strength), in: studio.id)
    let built = try trainees.createCoachProgram(
      CoachProgramDocumentDto(
        name: "Legs",
        days: [
          CoachProgramDayDto(rows: [CoachProgramRowDto(exerciseId: squat.id.description, sets: 3)])
        ]),
      in: studio.id)
    _ = try trainees.assignCoachProgram(
      built.program.id, to: [trainee], mode: .linked, schedule: .perWeek(2), in: studio.id)
    let mealPlan = try trainees.createCoachMealPlan(
      CoachMealPlanStoreTests.document(), in: studio.id)
    _ = try trainees.assignCoachMealPlan(
      mealPlan.mealPlan.id, to: [trainee], mode: .copy, in: studio.id)
    try trainees.saveSubstitution(
      Substitution(
        programId: "plan-1", dayId: "day-a", rowId: "row-1", fromExerciseId: "bench",
        toExerciseId: "db-press"), for: trainee)
    // Tagged with the trainee's studio, as the log route tags it, so its coach may review it.
    let first = try trainees.logWorkout(
      StoreFixture.benchDay, idempotencyKey: "key-1", loggedAt: nil, studio: studio.id,
      timeZone: nil, for: trainee)
    for _ in 1..<FilledTrainee.workoutLogs {
      _ = try trainees.logWorkout(StoreFixture.benchDay, idempotencyKey: nil, for: trainee)
    }
    let video = try trainees.addTechniqueVideo(
      url: "https://videos.example/1", exerciseId: "bench", for: trainee)
    _ = try trainees.addCoachFeedback("Elbows in", to: video.id, for: trainee)
    // The coach's review and private notes (docs/decisions/the-coachs-words.md).
    let review = try trainees.reviewWorkout(
      first.id, of: trainee, by: studio.id,
      WorkoutReviewRequestDto(verdict: .reviewed, comment: "Solid"))
    #expect(review??.verdict == .reviewed)
    _ = try trainees.writeCoachNotes("Knee: no deep lunges", on: trainee, of: studio.id)
    // The studio's nutrition tolerance (docs/decisions/the-coachs-roster.md).
    #expect(
      try accounts.setNutritionTolerance(
        NutritionTolerance(kcalWithinPercent: 5, proteinAtLeastPercent: 95), of: trainee,
        by: studio.id))
    // The studio's notification texts, and its override for the trainee.
    _ = try trainees.setStudioNotificationConfig(
      .workoutIdle, NotificationConfigRequestDto(enabled: false), of: studio.id)
    _ = try trainees.setNotificationOverride(
      .restTimer, NotificationConfigRequestDto(enabled: true, titleTemplate: "Rest over"),
      of: trainee, in: studio.id)
    try trainees.saveNotificationConfig(
      NotificationConfigDto(type: "REST_TIMER", enabled: false), for: trainee)
    try trainees.importNutritionPlans(json: #"{"plans":[]}"#, for: trainee)
    let day = try #require(CalendarDate("2026-01-05"))
    try trainees.saveNutritionDay(day, json: #"{"eaten":{"a":true}}"#, for: trainee)
    _ = try trainees.logMeal(
      date: day, consumedAt: nil, itemsJSON: #"[{"name":"Toast","kcal":200}]"#,
      details: MealLogDetails(description: "Toast", photoPath: "toast.jpg", idempotencyKey: "m"),
      for: trainee)

    // Failures counted against the login and the account, after the last good sign-in.
    #expect(throws: AccountRefusal.invalidCredentials) {
      try accounts.signIn(
        email: email, password: "not the password", device: "laptop", address: "192.0.2.9")
    }
    #expect(throws: AccountRefusal.invalidCredentials) {
      try accounts.changePassword(
        of: signedIn.account.id, current: "not the password", new: "a new long password",
        keeping: tokens.session, address: "192.0.2.9")
    }
    return FilledTrainee(
      signedIn: signedIn, coach: coach, spentRefreshToken: signedIn.tokens.refreshToken,
      tokens: tokens)
  }
}

/// The database's own list of tables and columns, read from its catalog.
enum DatabaseCatalog {
  /// Every table of the schema with its columns (the schema version's own table left out).
  static func tables(of database: any DatabaseDriver) throws -> [String: [String]] {
    let tablesSQL: String
    let columnsSQL: String
    switch database.dialect {
    case .sqlite:
      tablesSQL =
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'sqlite_sequence'"
      columnsSQL = "SELECT name FROM pragma_table_info(?)"
    case .postgresql:
      tablesSQL = """
        SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
          AND table_name <> 'perform_schema'
        """
      columnsSQL = """
        SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = ?
        """
    }
    return try database.readTransaction { db in
      let names = try db.rows(tablesSQL) { try $0.string(0) }
      return try Dictionary(
        uniqueKeysWithValues: names.map { name in
          (name, try db.rows(columnsSQL, [.text(name)]) { try $0.string(0) })
        })
    }
  }

  /// The columns that point at another table (`from` column, `to` table), from SQLite's catalog;
  /// both backends' steps build the same keys.
  static func foreignKeys() throws -> [String: [String: String]] {
    let database = try SQLiteDatabase.inMemory()
    defer { database.close() }
    try TraineeSchema.migrate(database)
    let tables = try Self.tables(of: database)
    return try database.readTransaction { db in
      try tables.keys.reduce(into: [:]) { keys, table in
        for (from, to) in try db.rows(
          "SELECT \"from\", \"table\" FROM pragma_foreign_key_list(?)", [.text(table)],
          { (try $0.string(0), try $0.string(1)) })
        {
          keys[table, default: [:]][from] = to
        }
      }
    }
  }
}
