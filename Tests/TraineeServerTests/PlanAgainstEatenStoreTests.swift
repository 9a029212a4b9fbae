import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import SQLStore
@testable import TraineeData

/// docs/decisions/the-coachs-roster.md, "Nutrition within tolerance": a day's plan against eaten
/// kept in the transaction of each nutrition write, the roster's days within tolerance, and the
/// coach's tolerance, on both backends.
@Suite struct PlanAgainstEatenStoreTests {
  typealias World = CoachRosterStoreTests.World

  /// One plan, one day of 2000 kcal and 150 g protein (or `kcal` and `protein`), whose breakfast
  /// is oats of 500 kcal and 40 g protein.
  static func plans(kcal: Int = 2000, protein: Int = 150) -> String {
    """
    {"plans":[{"id":"cut","name":"Cut","days":[{"id":"train","targets":{"kcal":\(kcal),\
    "protein":\(protein),"carbs":200},"meals":[{"id":"breakfast","name":"Breakfast","items":\
    [{"id":"oats","options":[{"id":"oats-1","name":"Oats","kcal":500,"protein":40,"carbs":60,\
    "fat":10}]}]}]}]}]}
    """
  }

  /// The saved day of `date` with the oats ticked eaten.
  static func oatsEaten(_ date: String) -> String {
    #"{"eaten":{"\#(eatenKey(CalendarDate(date)!.dayKey, "oats"))":true}}"#
  }

  /// Logs a meal of one food of `kcal` and `protein` on `date`.
  static func logMeal(
    _ world: World, _ date: String, kcal: Double, protein: Double, studio: StudioID? = nil
  ) throws {
    _ = try world.fixture.trainees.logMeal(
      date: CalendarDate(date)!, consumedAt: nil,
      itemsJSON: #"[{"name":"Lunch","kcal":\#(kcal),"protein":\#(protein),"carbs":1,"fat":2}]"#,
      details: MealLogDetails(studio: studio ?? world.studio), for: world.trainee)
  }

  /// The kept totals of every row of the trainee's `date`, by studio tag.
  static func kept(_ world: World, _ date: String) throws -> [Int64: KeptDayTotals?] {
    let columns = DatabaseColumns(["studio_id"] + KeptDayTotals.columnNames)
    return try world.fixture.trainees.read { db in
      Dictionary(
        uniqueKeysWithValues: try db.rows(
          "SELECT \(columns) FROM trainee_days WHERE trainee_id = ? AND date = ?",
          [world.trainee.value, .text(date)], named: columns
        ) { row -> (Int64, KeptDayTotals?) in (try row["studio_id"], try KeptDayTotals(row: row)) })
    }
  }

  static func totals(
    kcal: Double, protein: Double, carbs: Double, fat: Double, targets: (Double, Double)?
  ) -> KeptDayTotals {
    KeptDayTotals(
      eaten: MacrosDto(kcal: kcal, protein: protein, carbs: carbs, fat: fat),
      targets: targets.map { NutritionTargetsDto(kcal: $0.0, protein: $0.1) })
  }

  /// The saved day and the meal logs both change the totals, read as the diary reads them; the
  /// targets are the plan's at the day's latest write, and a later plan rewrites no day.
  @Test(arguments: StoreBackend.available)
  func eachNutritionWriteKeepsTheDaysDiaryTotals(_ backend: StoreBackend) throws {
    let world = try CoachRosterStoreTests.world(backend)
    let store = world.fixture.trainees
    let studio = world.studio.rawValue
    try store.importNutritionPlans(json: Self.plans(), for: world.trainee)
    try CoachRosterStoreTests.saveDay(world, "2026-03-27", Self.oatsEaten("2026-03-27"))
    #expect(
      try Self.kept(world, "2026-03-27")
        == [studio: Self.totals(kcal: 500, protein: 40, carbs: 60, fat: 10, targets: (2000, 150))])
    try Self.logMeal(world, "2026-03-27", kcal: 1200.25, protein: 60.3)
    let both = Self.totals(kcal: 1700.3, protein: 100.3, carbs: 61, fat: 12, targets: (2000, 150))
    #expect(try Self.kept(world, "2026-03-27") == [studio: both])
    // The same sums as the trainee's menu reads.
    let menu = try NutritionMenuDto.stored(
      CalendarDate("2026-03-27")!, hint: nil,
      plans: try JSONDecoder().decode(NutritionPlansDto.self, from: Data(Self.plans().utf8)).plans,
      snapshot: try store.nutritionDay(CalendarDate("2026-03-27")!, for: world.trainee).map {
        try JSONDecoder().decode(NutritionDaySnapshot.self, from: Data($0.utf8))
      },
      logs: try store.mealLogs(on: CalendarDate("2026-03-27")!, for: world.trainee))
    #expect(both.eaten == menu.diary.eaten)
    // A new plan rewrites no day kept before; the day's next write takes its targets.
    try store.importNutritionPlans(json: Self.plans(kcal: 2500, protein: 180), for: world.trainee)
    #expect(try Self.kept(world, "2026-03-27") == [studio: both])
    try CoachRosterStoreTests.saveDay(world, "2026-03-27", "{}")
    #expect(
      try Self.kept(world, "2026-03-27")
        == [
          studio: Self.totals(kcal: 1200.3, protein: 60.3, carbs: 1, fat: 2, targets: (2500, 180))
        ])
  }

  /// The totals live on the row of the tag of the day's latest nutrition write and on no other.
  @Test(arguments: StoreBackend.available)
  func theTotalsFollowTheLatestWritesStudio(_ backend: StoreBackend) throws {
    let world = try CoachRosterStoreTests.world(backend)
    let store = world.fixture.trainees
    let other = try world.fixture.accounts.createStudio(name: "Other Gym")
    try store.importNutritionPlans(json: Self.plans(), for: world.trainee)
    try Self.logMeal(world, "2026-03-27", kcal: 2000, protein: 150)
    try Self.logMeal(world, "2026-03-27", kcal: 100, protein: 10, studio: other.id)
    let day = Self.totals(kcal: 2100, protein: 160, carbs: 2, fat: 4, targets: (2000, 150))
    #expect(
      try Self.kept(world, "2026-03-27") == [world.studio.rawValue: nil, other.id.rawValue: day])
    try CoachRosterStoreTests.saveDay(world, "2026-03-27", "{}")
    #expect(
      try Self.kept(world, "2026-03-27") == [world.studio.rawValue: day, other.id.rawValue: nil])
  }

  /// A stored text this build cannot read keeps no totals, and the write is not refused.
  @Test(arguments: StoreBackend.available)
  func anUnreadablePlanKeepsNoTotals(_ backend: StoreBackend) throws {
    let world = try CoachRosterStoreTests.world(backend)
    try world.fixture.trainees.importNutritionPlans(json: "[]", for: world.trainee)
    try Self.logMeal(world, "2026-03-27", kcal: 2000, protein: 150)
    #expect(try Self.kept(world, "2026-03-27") == [world.studio.rawValue: nil])
  }

  static func within(_ accounts: DatabaseAccountStore, _ studio: StudioID) throws -> [Int] {
    let line = try #require(try accounts.roster(of: studio).first)
    return [
      line.last7Days.nutritionDaysWithinTolerance, line.last30Days.nutritionDaysWithinTolerance,
    ]
  }

  /// The roster counts the days within the studio's tolerance over 7 and 30 days, exactly 10 %
  /// and 90 % included, and follows a new tolerance at once.
  @Test(arguments: StoreBackend.available)
  func theRosterCountsTheDaysWithinTolerance(_ backend: StoreBackend) throws {
    let world = try CoachRosterStoreTests.world(backend)
    let accounts = world.fixture.accounts
    try world.fixture.trainees.importNutritionPlans(json: Self.plans(), for: world.trainee)
    // 30 March is today: the 27th is in both periods, the 10th only in 30 days.
    try Self.logMeal(world, "2026-03-27", kcal: 2200, protein: 135)  // +10 %, 90 %: within
    try Self.logMeal(world, "2026-03-28", kcal: 1800, protein: 150)  // -10 %: within
    try Self.logMeal(world, "2026-03-29", kcal: 2200.1, protein: 150)  // past 10 %: not
    try Self.logMeal(world, "2026-03-26", kcal: 2000, protein: 134.9)  // under 90 %: not
    try Self.logMeal(world, "2026-03-10", kcal: 2000, protein: 150)
    world.fixture.clock.advance(
      seconds: CoachRosterStoreTests.march30.timeIntervalSince(CoachRosterStoreTests.march1))
    #expect(try Self.within(accounts, world.studio) == [2, 3])
    let line = try #require(try accounts.roster(of: world.studio).first)
    #expect(line.last7Days.nutritionDaysLogged == 4)
    #expect(
      try accounts.nutritionTolerance(of: world.trainee, by: world.studio) == .standard)
    let loose = NutritionTolerance(kcalWithinPercent: 15, proteinAtLeastPercent: 85)
    #expect(try accounts.setNutritionTolerance(loose, of: world.trainee, by: world.studio))
    #expect(try accounts.nutritionTolerance(of: world.trainee, by: world.studio) == loose)
    #expect(try Self.within(accounts, world.studio) == [4, 5])
  }

  /// A studio without a live link to the trainee neither reads nor sets a tolerance.
  @Test(arguments: StoreBackend.available)
  func anotherStudioCannotSetTheTolerance(_ backend: StoreBackend) throws {
    let world = try CoachRosterStoreTests.world(backend)
    let accounts = world.fixture.accounts
    let other = try accounts.createStudio(name: "Other Gym")
    let strict = NutritionTolerance(kcalWithinPercent: 1, proteinAtLeastPercent: 100)
    #expect(try !accounts.setNutritionTolerance(strict, of: world.trainee, by: other.id))
    #expect(try accounts.nutritionTolerance(of: world.trainee, by: other.id) == nil)
    #expect(try accounts.nutritionTolerance(of: world.trainee, by: world.studio) == .standard)
    let rows = try world.fixture.trainees.read { db in
      try db.row("SELECT COUNT(*) FROM nutrition_tolerances", []) { try $0.int(0) }
    }
    #expect(rows == 0)
  }

  /// Two processes over one database, each with its own kept roster facts: a day's new totals
  /// and a tolerance written by one reach the very next roster of the other.
  @Test(arguments: StoreBackend.available)
  func aNewTotalAndANewToleranceReachEveryProcess(_ backend: StoreBackend) throws {
    try withTemporaryDirectory { directory in
      let location = try backend.makeSharedLocation(in: directory)
      let clock = SettableClock(CoachRosterStoreTests.march1)
      let writer = try AccountFixture(database: backend.open(location), clock: clock)
      let reader = try AccountFixture(database: backend.open(location), clock: clock)
      let (studio, _, invite) = try writer.studioWithInvite()
      let signedIn = try writer.accounts.acceptInvite(
        code: invite.code, name: "Ada", email: "ada@example.com",
        password: AccountFixture.password, device: "phone", address: "192.0.2.1")
      let trainee = try #require(signedIn.account.trainee)
      let world = World(
        fixture: writer, studio: studio.id, trainee: trainee, account: signedIn.account.id)
      try writer.trainees.importNutritionPlans(json: Self.plans(), for: trainee)
      try Self.logMeal(world, "2026-03-27", kcal: 1000, protein: 150)
      clock.advance(
        seconds: CoachRosterStoreTests.march30.timeIntervalSince(CoachRosterStoreTests.march1))
      #expect(try Self.within(reader.accounts, studio.id) == [0, 0])
      #expect(try Self.within(reader.accounts, studio.id) == [0, 0])
      try Self.logMeal(world, "2026-03-27", kcal: 1000, protein: 0)
      #expect(try Self.within(reader.accounts, studio.id) == [1, 1])
      let strict = NutritionTolerance(kcalWithinPercent: 0, proteinAtLeastPercent: 101)
      #expect(try writer.accounts.setNutritionTolerance(strict, of: trainee, by: studio.id))
      #expect(try Self.within(reader.accounts, studio.id) == [0, 0])
    }
  }

  /// The coach's nutrition days carry each day's kept totals and the studio's tolerance.
  @Test(arguments: StoreBackend.available)
  func theCoachsDaysCarryTheirTotals(_ backend: StoreBackend) throws {
    let world = try CoachRosterStoreTests.world(backend)
    let store = world.fixture.trainees
    try store.importNutritionPlans(json: Self.plans(), for: world.trainee)
    try CoachRosterStoreTests.saveDay(world, "2026-03-27", Self.oatsEaten("2026-03-27"))
    let range = NutritionDayRange(
      from: CalendarDate("2026-03-01")!, to: CalendarDate("2026-03-31")!)
    let read = try #require(
      try store.nutritionDays(in: range, of: world.trainee, visibleTo: world.studio))
    #expect(read.tolerance == .standard)
    #expect(read.days.map(\.date) == [CalendarDate("2026-03-27")!])
    #expect(
      read.days.first?.totals
        == Self.totals(kcal: 500, protein: 40, carbs: 60, fat: 10, targets: (2000, 150)))
  }
}
