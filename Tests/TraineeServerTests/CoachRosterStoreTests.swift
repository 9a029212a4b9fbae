import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import SQLStore
@testable import TraineeData

/// docs/decisions/the-coachs-roster.md, "Kept on write" and "What the roster counts": a history
/// built through the store, on both backends, on the injected clock.
@Suite struct CoachRosterStoreTests {
  /// 2026-03-01 08:00 UTC: the program's import.
  static let march1 = Date(timeIntervalSince1970: 1_772_352_000)
  /// 2026-03-30 10:00 UTC, a Monday: 12:00 in Berlin, the day after the clocks went forward.
  static let march30 = Date(timeIntervalSince1970: 1_774_864_800)
  static let berlin = TimeZone(identifier: "Europe/Berlin")!

  /// A studio, its coach and one trainee of it with `StoreFixture.programs` imported on 1 March.
  struct World {
    var fixture: AccountFixture
    var studio: StudioID
    var trainee: TraineeID
    var account: AccountID
  }

  static func world(_ backend: StoreBackend) throws -> World {
    let fixture = try AccountFixture(
      database: backend.makeDatabase(), clock: SettableClock(march1))
    let (studio, _, invite) = try fixture.studioWithInvite()
    let signedIn = try fixture.accounts.acceptInvite(
      code: invite.code, name: "Ada", email: "ada@example.com", password: AccountFixture.password,
      device: "phone", address: "192.0.2.1")
    let trainee = try #require(signedIn.account.trainee)
    try fixture.trainees.importPrograms(StoreFixture.programs, for: trainee)
    return World(
      fixture: fixture, studio: studio.id, trainee: trainee, account: signedIn.account.id)
  }

  /// docs/decisions/the-coachs-programs.md, "The roster": once the studio assigns a program it
  /// built, its schedule and size are what the roster counts, not the imported program's.
  @Test(arguments: StoreBackend.available)
  func theStudiosAssignedProgramIsWhatTheRosterCounts(_ backend: StoreBackend) throws {
    let world = try Self.world(backend)
    let store = world.fixture.trainees
    let squat = try store.createLibraryExercise(
      LibraryExerciseRequestDto(name: "Squat", kind: .strength), in: world.studio)
    let program = try store.createCoachProgram(
      CoachProgramDocumentDto(
        name: "Legs",
        days: [
          CoachProgramDayDto(rows: [CoachProgramRowDto(exerciseId: squat.id.description, sets: 4)])
        ]), in: world.studio)
    guard
      case .assigned = try store.assignCoachProgram(
        program.program.id, to: [world.trainee], mode: .linked, schedule: .perWeek(5),
        in: world.studio)
    else { throw RosterFailure() }
    world.fixture.clock.advance(seconds: Self.march30.timeIntervalSince(Self.march1))
    let ada = try #require(try world.fixture.accounts.roster(of: world.studio).first)
    let from = ada.today.adding(days: -29)
    let assigned = ProgramAssignment(
      schedule: .perWeek(5), daysAWeek: 1, setsPerWorkout: 4,
      scheduledFrom: try #require(CalendarDate("2026-03-01")))
    let imported = try #require(try store.programAssignment(for: world.trainee))
    #expect(ada.last30Days == .of([], from: from, through: ada.today, assignment: assigned))
    #expect(ada.last30Days != .of([], from: from, through: ada.today, assignment: imported))
  }

  struct RosterFailure: Error {}

  /// A workout of 2 bench sets, `done` of them done.
  static func workout(done: Int) -> LogWorkoutPayload {
    StoreFixture.workout([
      StoreFixture.entry(
        "bench", [1, 2].map { StoreFixture.strength($0, 60, 10, done: $0 <= done) })
    ])
  }

  static func log(
    _ world: World, at text: String, done: Int = 2, zone: TimeZone? = berlin,
    studio: StudioID? = nil
  ) throws -> WorkoutLogID {
    try world.fixture.trainees.logWorkout(
      workout(done: done), idempotencyKey: nil, loggedAt: ISO8601Instant.date(from: text)!,
      studio: studio ?? world.studio, timeZone: zone, for: world.trainee
    ).id
  }

  /// Saves the nutrition day of `date` as `json`, tagged with `studio` (the world's by default).
  static func saveDay(
    _ world: World, _ date: String, _ json: String, studio: StudioID? = nil
  ) throws {
    try world.fixture.trainees.saveNutritionDay(
      CalendarDate(date)!, json: json, keepingStoredPortions: false,
      studio: studio ?? world.studio, for: world.trainee)
  }

  /// Logs an empty meal on `date`, tagged with `studio` (the world's by default).
  static func logMeal(_ world: World, _ date: String, studio: StudioID? = nil) throws {
    _ = try world.fixture.trainees.logMeal(
      date: CalendarDate(date)!, consumedAt: nil, itemsJSON: "[]",
      details: MealLogDetails(studio: studio ?? world.studio), for: world.trainee)
  }

  static func days(_ world: World) throws -> [String] {
    try world.fixture.trainees.read { db in
      try db.rows(
        """
        SELECT date, workouts_done, sets_done, sets_prescribed, nutrition_logged
        FROM trainee_days WHERE trainee_id = ? ORDER BY date
        """, [world.trainee.value]
      ) { row in
        "\(try row.string(0)) \(try row.int(1)) \(try row.int(2))/\(try row.int(3))"
          + " \(try row.int(4))"
      }
    }
  }

  /// Workouts on both sides of Berlin's midnight, on the night the clocks go forward (29 March
  /// 2026, 02:00 CET becomes 03:00 CEST), are counted on Berlin's dates, not UTC's.
  @Test(arguments: StoreBackend.available)
  func workoutsAreCountedOnTheTraineesDates(_ backend: StoreBackend) throws {
    let world = try Self.world(backend)
    // 00:30 CET on the 29th (UTC's 28th).
    _ = try Self.log(world, at: "2026-03-28T23:30:00Z")
    // 23:30 CEST on the 29th.
    _ = try Self.log(world, at: "2026-03-29T21:30:00Z", done: 1)
    // 00:30 CEST on the 30th (UTC's 29th).
    let last = try Self.log(world, at: "2026-03-29T22:30:00Z")
    #expect(try Self.days(world) == ["2026-03-29 2 3/4 0", "2026-03-30 1 2/2 0"])
    // A write without a zone is dated in the zone kept from the last: Berlin's 30th.
    _ = try Self.log(world, at: "2026-03-29T22:45:00Z", zone: nil)
    #expect(try Self.days(world) == ["2026-03-29 2 3/4 0", "2026-03-30 2 4/4 0"])
    // A deletion takes back what its log added, whatever the zone is by then.
    _ = try Self.log(world, at: "2026-03-20T12:00:00Z", zone: TimeZone(identifier: "UTC")!)
    #expect(try world.fixture.trainees.deleteWorkoutLog(last, for: world.trainee))
    #expect(
      try Self.days(world) == [
        "2026-03-20 1 2/2 0", "2026-03-29 2 3/4 0", "2026-03-30 1 2/2 0",
      ])
  }

  @Test(arguments: StoreBackend.available)
  func theRosterCountsAgainstTheSchedule(_ backend: StoreBackend) throws {
    let world = try Self.world(backend)
    #expect(
      try world.fixture.trainees.scheduleProgram(
        .weekdays(ScheduledWeekdays(names: "mon,wed,fri")!), for: world.trainee))
    _ = try Self.log(world, at: "2026-03-28T23:30:00Z")  // Sunday the 29th in Berlin
    _ = try Self.log(world, at: "2026-03-27T17:00:00Z", done: 1)  // Friday the 27th
    _ = try Self.log(world, at: "2026-03-30T06:00:00Z")  // Monday the 30th, today
    try Self.saveDay(world, "2026-03-28", "{}")
    try Self.saveDay(world, "2026-03-27", #"{"eaten":{"x":true}}"#)
    try Self.logMeal(world, "2026-03-26")
    world.fixture.clock.advance(seconds: Self.march30.timeIntervalSince(Self.march1))
    let roster = try world.fixture.accounts.roster(of: world.studio, rules: RosterRules())
    let ada = try #require(roster.first)
    #expect(roster.count == 1)
    #expect(ada.trainee == world.trainee)
    #expect(ada.timeZone == "Europe/Berlin")
    #expect(ada.today == CalendarDate("2026-03-30"))
    #expect(ada.lastWorkoutAt == ISO8601Instant.date(from: "2026-03-30T06:00:00Z"))
    // 24 to 30 March: Wednesday 25, Friday 27 and today, Monday 30, done: 3 due, 3 done.
    // Sets: 2 + 2 + 2 logged, all due workouts done.
    #expect(
      ada.last7Days
        == RosterPeriod(
          workoutsDone: 3, workoutsPrescribed: 3, setsDone: 5, setsPrescribed: 6,
          nutritionDaysLogged: 2))
    // 1 to 30 March: 13 due (every Monday, Wednesday and Friday), 3 done; the 10 missed owe
    // the program's 4 sets each.
    #expect(
      ada.last30Days
        == RosterPeriod(
          workoutsDone: 3, workoutsPrescribed: 13, setsDone: 5, setsPrescribed: 46,
          nutritionDaysLogged: 2))
    #expect(ada.videosAwaitingFeedback == 0)
    #expect(ada.attention == [])
  }

  /// A trainee of two studios: each studio's roster counts only the records tagged with it,
  /// and every record once the trainee shares earlier records with it; a nutrition day counts
  /// for the studio of its latest save (docs/decisions/the-coachs-roster.md, "What the studio
  /// sees").
  @Test(arguments: StoreBackend.available)
  func eachStudioCountsOnlyWhatItMaySee(_ backend: StoreBackend) throws {
    let world = try Self.world(backend)
    let accounts = world.fixture.accounts
    let other = try accounts.createStudio(name: "Other Gym")
    let coach = try accounts.createAccount(
      role: .coach, name: "Coach Olga", email: "olga@example.com",
      password: AccountFixture.password, studio: other.id)
    let invite = try accounts.createInvite(studio: other.id, by: coach.id, validFor: nil)
    _ = try accounts.acceptInvite(code: invite.code, for: world.account, address: "192.0.2.1")
    _ = try Self.log(world, at: "2026-03-27T17:00:00Z")  // ours: 2 of 2 sets
    let theirs = try Self.log(world, at: "2026-03-29T08:00:00Z", done: 1, studio: other.id)
    _ = try Self.log(world, at: "2026-03-30T06:00:00Z", done: 1, studio: other.id)
    _ = try world.fixture.trainees.addTechniqueVideo(
      url: "https://example.com/v", exerciseId: nil, studio: other.id, for: world.trainee)
    try Self.logMeal(world, "2026-03-26")
    try Self.saveDay(world, "2026-03-28", #"{"eaten":{"x":true}}"#, studio: other.id)
    try Self.saveDay(world, "2026-03-29", #"{"eaten":{"x":true}}"#, studio: other.id)
    // Saved again through ours: the day is ours now, and theirs no longer.
    try Self.saveDay(world, "2026-03-29", #"{"eaten":{"y":true}}"#)
    world.fixture.clock.advance(seconds: Self.march30.timeIntervalSince(Self.march1))

    func seen(by studio: StudioID) throws -> RosterTrainee {
      try #require(try accounts.roster(of: studio, rules: .init()).first)
    }
    func done(_ ada: RosterTrainee) -> [Int] {
      [ada.last7Days.workoutsDone, ada.last7Days.setsDone, ada.last7Days.nutritionDaysLogged]
    }
    var ours = try seen(by: world.studio)
    #expect(done(ours) == [1, 2, 2])
    #expect(ours.lastWorkoutAt == ISO8601Instant.date(from: "2026-03-27T17:00:00Z"))
    #expect(ours.videosAwaitingFeedback == 0)
    var theirView = try seen(by: other.id)
    #expect(done(theirView) == [2, 2, 1])
    #expect(theirView.lastWorkoutAt == ISO8601Instant.date(from: "2026-03-30T06:00:00Z"))
    #expect(theirView.videosAwaitingFeedback == 1)

    #expect(
      try accounts.setSharesEarlierRecords(true, studio: other.id, account: world.account) != nil)
    theirView = try seen(by: other.id)
    #expect(done(theirView) == [3, 4, 3])
    #expect(theirView.lastWorkoutAt == ISO8601Instant.date(from: "2026-03-30T06:00:00Z"))
    ours = try seen(by: world.studio)
    #expect(done(ours) == [1, 2, 2])

    // A deletion takes back from the tag its log was counted under.
    #expect(try world.fixture.trainees.deleteWorkoutLog(theirs, for: world.trainee))
    #expect(done(try seen(by: other.id)) == [2, 3, 3])
    #expect(done(try seen(by: world.studio)) == [1, 2, 2])
  }

  @Test(arguments: StoreBackend.available)
  func aVideoWaitingMoreThanTwoDaysAsksForAttention(_ backend: StoreBackend) throws {
    let world = try Self.world(backend)
    let video = try world.fixture.trainees.addTechniqueVideo(
      url: "https://example.com/v", exerciseId: "bench", studio: world.studio, for: world.trainee)
    world.fixture.clock.advance(seconds: 2 * 86_400)
    var ada = try #require(
      try world.fixture.accounts.roster(of: world.studio, rules: .init()).first)
    #expect(ada.videosAwaitingFeedback == 1)
    #expect(!ada.attention.contains(.videoWaiting))
    world.fixture.clock.advance(seconds: 1)
    ada = try #require(try world.fixture.accounts.roster(of: world.studio, rules: .init()).first)
    #expect(ada.attention.contains(.videoWaiting))
    #expect(try world.fixture.trainees.addCoachFeedback("Lower", to: video.id, for: world.trainee))
    ada = try #require(try world.fixture.accounts.roster(of: world.studio, rules: .init()).first)
    #expect(ada.videosAwaitingFeedback == 0)
    #expect(!ada.attention.contains(.videoWaiting))
  }

  @Test(arguments: StoreBackend.available)
  func anEndedLinkLeavesTheRoster(_ backend: StoreBackend) throws {
    let world = try Self.world(backend)
    #expect(try world.fixture.accounts.roster(of: world.studio, rules: .init()).count == 1)
    #expect(try world.fixture.accounts.endMembership(studio: world.studio, account: world.account))
    #expect(try world.fixture.accounts.roster(of: world.studio, rules: .init()).isEmpty)
  }

  @Test(arguments: StoreBackend.available)
  func aScheduleIsCheckedAndNeedsAProgram(_ backend: StoreBackend) throws {
    let world = try Self.world(backend)
    let store = world.fixture.trainees
    #expect(throws: TraineeStoreError.self) {
      _ = try store.scheduleProgram(.perWeek(15), for: world.trainee)
    }
    #expect(throws: TraineeStoreError.self) {
      _ = try store.scheduleProgram(.weekdays(ScheduledWeekdays()), for: world.trainee)
    }
    let before = try store.programAssignment(for: world.trainee)
    #expect(before?.effectiveSchedule == .perWeek(1))
    #expect(before?.scheduledFrom == CalendarDate("2026-03-01"))
    #expect(try store.scheduleProgram(.perWeek(3), for: world.trainee))
    #expect(try store.programAssignment(for: world.trainee)?.schedule == .perWeek(3))
    // A new import keeps the schedule and the date it counts from.
    world.fixture.clock.advance(seconds: 86_400)
    try store.importPrograms(StoreFixture.programs, for: world.trainee)
    let after = try store.programAssignment(for: world.trainee)
    #expect(after?.schedule == .perWeek(3))
    #expect(after?.scheduledFrom == CalendarDate("2026-03-01"))
    let other = try store.createTrainee(name: "No program")
    #expect(try !store.scheduleProgram(.perWeek(3), for: other.trainee.id))
  }
}
