import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import SQLStore
@testable import TraineeData

/// docs/decisions/what-the-coach-sees.md, "The prescription kept with the log": a workout done
/// from a program a coach built and assigned keeps the day of the version it names, so the coach
/// sees what was prescribed then, also after an edit; a version the trainee was never given is
/// kept as nothing.
@Suite struct AssignedPrescriptionTests {
  typealias Studio = CoachProgramStoreTests.Studio

  /// Ada's log of the program's day A at `version`, as the coach's read of it.
  static func logged(
    _ world: Studio, _ plan: ProgramPlanDto, version: Int?
  ) throws -> PrescribedWorkoutLog {
    let store = world.fixture.trainees
    let day = try #require(plan.days.first)
    let bench = try #require(day.strength.first)
    let set = StrengthLogSet(
      setNumber: 1, reps: 8, targetReps: nil, weight: 60, rir: nil, rm: nil, done: true)
    let log = try store.logWorkout(
      LogWorkoutPayload(
        programId: plan.id, dayId: day.id, label: "A", durationSec: nil, completed: true,
        entries: [
          LogEntry(
            exerciseId: bench.exerciseId, name: bench.name, done: true, tempo: nil,
            sets: [.strength(set)])
        ], programVersion: version),
      idempotencyKey: nil, loggedAt: nil, studio: world.studio, timeZone: nil, for: world.ada)
    return try #require(try store.workoutLog(log.id, of: world.ada, visibleTo: world.studio) ?? nil)
  }

  /// The bench row's reps as kept with the log.
  static func keptReps(_ log: PrescribedWorkoutLog) -> String? {
    guard case .object(let day) = log.prescription?.day,
      case .array(let strength) = day["strength"], case .object(let row) = strength.first,
      case .string(let reps) = row["reps"]
    else { return nil }
    return reps
  }

  @Test(arguments: StoreBackend.available)
  func aLogKeepsTheDayOfTheVersionItNames(_ backend: StoreBackend) throws {
    let world = try Studio(backend)
    let store = world.fixture.trainees
    let program = try store.createCoachProgram(world.document(), in: world.studio).program.id
    _ = try store.assignCoachProgram(
      program, to: [world.ada], mode: .linked, schedule: nil, in: world.studio)
    let first = try #require(try store.programs(for: world.ada)?.plans.first)
    #expect(Self.keptReps(try Self.logged(world, first, version: 1)) == "8")
    _ = try store.editCoachProgram(program, world.document(benchReps: "5"), in: world.studio)
    // A workout started before the edit and logged after it names version 1.
    #expect(Self.keptReps(try Self.logged(world, first, version: 1)) == "8")
    #expect(Self.keptReps(try Self.logged(world, first, version: 2)) == "5")
    // An older app names no version: the assignment's.
    #expect(Self.keptReps(try Self.logged(world, first, version: nil)) == "5")
    // A version that does not exist.
    #expect(try Self.logged(world, first, version: 3).prescription == nil)
  }

  /// A copy keeps its version: a later one, made after the copy, was never the trainee's.
  @Test(arguments: StoreBackend.available)
  func aCopyKeepsOnlyItsOwnVersion(_ backend: StoreBackend) throws {
    let world = try Studio(backend)
    let store = world.fixture.trainees
    let program = try store.createCoachProgram(world.document(), in: world.studio).program.id
    _ = try store.assignCoachProgram(
      program, to: [world.ada], mode: .copy, schedule: nil, in: world.studio)
    _ = try store.editCoachProgram(program, world.document(benchReps: "5"), in: world.studio)
    let copy = try #require(try store.programs(for: world.ada)?.plans.first)
    #expect(Self.keptReps(try Self.logged(world, copy, version: 1)) == "8")
    #expect(try Self.logged(world, copy, version: 2).prescription == nil)
  }

  /// Another studio's program, never assigned to the trainee, is kept as nothing.
  @Test(arguments: StoreBackend.available)
  func aProgramNotAssignedIsNotKept(_ backend: StoreBackend) throws {
    let world = try Studio(backend)
    let store = world.fixture.trainees
    let program = try store.createCoachProgram(world.document(), in: world.studio).program.id
    _ = try store.assignCoachProgram(
      program, to: [world.bo], mode: .copy, schedule: nil, in: world.studio)
    let bos = try #require(try store.programs(for: world.bo)?.plans.first)
    #expect(try Self.logged(world, bos, version: 1).prescription == nil)
  }
}
