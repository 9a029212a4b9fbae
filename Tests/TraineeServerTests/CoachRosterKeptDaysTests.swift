import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import SQLStore
@testable import TraineeData

/// docs/decisions/the-coachs-roster.md, "Kept per process": the roster reads a trainee's dates
/// again only after a write of theirs, and reads as many dates as its quiet days need.
@Suite struct CoachRosterKeptDaysTests {
  typealias World = CoachRosterStoreTests.World

  /// Rewrites the trainee's dates behind the store's back: no answer version is raised.
  static func overwriteDays(_ world: World, workoutsDone: Int) throws {
    try world.fixture.trainees.write(nil) { db in
      _ = try db.run(
        "UPDATE trainee_days SET workouts_done = ? WHERE trainee_id = ?",
        [.integer(Int64(workoutsDone)), world.trainee.value])
    }
  }

  static func weekDone(_ world: World, quietDays: Int = 7) throws -> Int {
    try #require(
      try world.fixture.accounts.roster(of: world.studio, rules: .init(quietDays: quietDays))
        .first
    ).last7Days.workoutsDone
  }

  @Test(arguments: StoreBackend.available)
  func theDatesAreReadAgainOnlyAfterTheTraineeWrote(_ backend: StoreBackend) throws {
    let world = try CoachRosterStoreTests.world(backend)
    _ = try CoachRosterStoreTests.log(world, at: "2026-03-02T08:00:00Z")
    world.fixture.clock.advance(seconds: 86_400)
    #expect(try Self.weekDone(world) == 1)
    // Not a write of the trainee's: the kept dates still answer.
    try Self.overwriteDays(world, workoutsDone: 5)
    #expect(try Self.weekDone(world) == 1)
    // A write of theirs raises their answer version: read again, with what was overwritten.
    _ = try CoachRosterStoreTests.log(world, at: "2026-03-02T09:00:00Z")
    #expect(try Self.weekDone(world) == 6)
    try Self.overwriteDays(world, workoutsDone: 2)
    #expect(try Self.weekDone(world) == 6)
    // A roster that needs earlier dates than those kept reads them again.
    #expect(try Self.weekDone(world, quietDays: 60) == 2)
  }

  /// The latest workout and the open items are kept with the dates, by the same version.
  @Test(arguments: StoreBackend.available)
  func theOpenItemsAreKeptWithTheDates(_ backend: StoreBackend) throws {
    let world = try CoachRosterStoreTests.world(backend)
    _ = try CoachRosterStoreTests.log(world, at: "2026-03-02T08:00:00Z")
    world.fixture.clock.advance(seconds: 86_400)
    func awaiting() throws -> Int {
      try #require(try world.fixture.accounts.roster(of: world.studio, rules: .init()).first)
        .workoutsAwaitingReview
    }
    #expect(try awaiting() == 1)
    try world.fixture.trainees.write(nil) { db in
      _ = try db.run(
        "UPDATE workout_summaries SET awaiting_review = 0 WHERE trainee_id = ?",
        [world.trainee.value])
    }
    #expect(try awaiting() == 1)
    // Two workouts of the trainee's: read again, the overwritten one no longer awaiting.
    _ = try CoachRosterStoreTests.log(world, at: "2026-03-02T09:00:00Z")
    _ = try CoachRosterStoreTests.log(world, at: "2026-03-02T10:00:00Z")
    #expect(try awaiting() == 2)
  }

  /// A workout 45 days ago counts for quiet days of 60: the roster reads that far back.
  @Test(arguments: StoreBackend.available)
  func quietDaysBeyondAMonthAreReadWhole(_ backend: StoreBackend) throws {
    let world = try CoachRosterStoreTests.world(backend)
    #expect(try world.fixture.trainees.scheduleProgram(.perWeek(3), for: world.trainee))
    _ = try CoachRosterStoreTests.log(world, at: "2026-03-02T08:00:00Z")
    // 16 April: 45 days after the workout; three a week were due since.
    world.fixture.clock.advance(seconds: 46 * 86_400)
    let quiet = { (days: Int) throws -> [AttentionReason] in
      try #require(
        try world.fixture.accounts.roster(of: world.studio, rules: .init(quietDays: days)).first
      ).attention
    }
    #expect(try quiet(30).contains(.noRecentWorkout))
    #expect(try !quiet(60).contains(.noRecentWorkout))
  }
}
