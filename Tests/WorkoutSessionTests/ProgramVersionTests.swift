import Foundation
import Testing
import TraineeAPI

@testable import WorkoutSession

/// docs/decisions/the-coachs-programs.md, "Versions": a workout started or logged keeps what was
/// prescribed then, and its log names the version it was done from.
struct ProgramVersionTests {
  static let start = Date(timeIntervalSince1970: 1_767_600_000)

  /// A coach's program at `version`: one day of bench, `sets` sets of `reps` at RIR 2.
  static func programs(version: Int?, sets: Int, reps: String) -> TrainingProgramsDto {
    TrainingProgramsDto(plans: [
      ProgramPlanDto(
        id: "program-7", name: "Push",
        days: [
          ProgramDayDto(
            id: "d1",
            strength: [
              StrengthDto(
                id: "r1", exerciseId: "41", name: "Bench press", sets: String(sets), reps: reps,
                setRows: (1...sets).map { SetRowDto(setNumber: $0, reps: reps, rir: 2) })
            ])
        ], version: version)
    ])
  }

  static func started(_ programs: TrainingProgramsDto) -> WorkoutState {
    var state = WorkoutState()
    _ = state.apply(
      .start(getLiveWorkout(programs, dayId: "d1", planId: "program-7"), units: .metric),
      now: start)
    _ = state.apply(.begin, now: start)
    return state
  }

  @Test func theLogNamesTheVersionOfThePlanItWasStartedFrom() throws {
    var state = Self.started(Self.programs(version: 3, sets: 3, reps: "8"))
    let log = try #require(state.apply(.finish, now: Self.start + 60).first?.finishedLog)
    #expect(log.programVersion == 3)
    #expect(log.programId == "program-7")
  }

  /// The programs fetched again mid-workout hold version 4 with other sets: starting the same day
  /// keeps the open session, and its log is version 3's, as prescribed when it was started.
  @Test func anEditMidWorkoutLeavesTheStartedWorkoutAsPrescribed() throws {
    var state = Self.started(Self.programs(version: 3, sets: 3, reps: "8"))
    let toggled = state.apply(.toggleSet(exerciseId: "41", setNumber: 1), now: Self.start + 30)
    #expect(!toggled.contains { if case .actionRefused = $0 { true } else { false } })
    let edited = Self.programs(version: 4, sets: 5, reps: "5")
    #expect(
      state.apply(
        .start(getLiveWorkout(edited, dayId: "d1", planId: "program-7"), units: .metric),
        now: Self.start + 40) == [])
    let log = try #require(state.apply(.finish, now: Self.start + 60).first?.finishedLog)
    #expect(log.programVersion == 3)
    guard case .strength(let first) = log.entries[0].sets[0] else { throw Unexpected() }
    #expect(log.entries[0].sets.count == 3)
    #expect(first.targetReps == 8)
    #expect(first.done)
  }

  /// A log already built is a value: the next version changes neither it nor its version, and
  /// the next workout is started from the new version.
  @Test func anEditAfterLoggingChangesOnlyTheNextWorkout() throws {
    var state = Self.started(Self.programs(version: 3, sets: 3, reps: "8"))
    let log = try #require(state.apply(.finish, now: Self.start + 60).first?.finishedLog)
    let logged = log
    _ = state.apply(.discard, now: Self.start + 61)
    let next = Self.started(Self.programs(version: 4, sets: 5, reps: "5"))
    #expect(log == logged)
    #expect(next.session?.programVersion == 4)
    #expect(next.session?.exercises[0].sets.count == 5)
  }

  /// An imported program has no version, and neither has its log; a journal of a session from
  /// before versions reads as one without.
  @Test func anImportedProgramLogsNoVersion() throws {
    var state = Self.started(Self.programs(version: nil, sets: 1, reps: "8"))
    let log = try #require(state.apply(.finish, now: Self.start + 60).first?.finishedLog)
    #expect(log.programVersion == nil)
    let session = try #require(state.session)
    let encoded = try JSONEncoder().encode(session)
    #expect(!String(decoding: encoded, as: UTF8.self).contains("programVersion"))
    #expect(try JSONDecoder().decode(WorkoutSession.self, from: encoded) == session)
  }

  struct Unexpected: Error {}
}
