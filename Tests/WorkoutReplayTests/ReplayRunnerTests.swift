import Foundation
import Testing
import TraineeAPI
import WorkoutReplay
import WorkoutSession

/// Running scripts through the real store and journal on the scripted clock.
@MainActor
@Suite struct ReplayRunnerTests {
  /// 2026-01-05T10:00:00Z.
  static let monday = Date(timeIntervalSince1970: 1_767_607_200)

  /// A two-set bench press day (rest 1:30, best 60 x 5) with `actions` spliced in.
  static func script(dayId: String = "day_push", actions: String) throws -> ReplayScript {
    try ReplayScript(
      json: Data(
        """
        { "workouts": { "plans": [ { "id": "plan_1", "name": "Strength block", "days": [
            { "id": "day_push", "label": "Day 1", "title": "Push", "strength": [
              { "id": "row_1", "exerciseId": "ex_bench", "name": "Bench press", "sets": "2",
                "reps": "5", "weight": "60", "rest": "1:30",
                "lastSets": [ { "setNumber": 1, "weight": "57.5", "reps": "5" } ],
                "best": { "weight": 60, "reps": 5 } } ] } ] } ] },
          "dayId": "\(dayId)", "planId": "plan_1", "startAt": "2026-01-05T10:00:00Z",
          "actions": [ \(actions) ] }
        """.utf8))
  }

  static let benchDay = #"""
    { "do": "start" }, { "do": "begin" },
    { "do": "toggleSet", "exerciseId": "ex_bench", "setNumber": 1 },
    { "do": "wait", "seconds": 90 },
    { "do": "setValue", "exerciseId": "ex_bench", "setNumber": 2, "field": "weight",
      "value": "62.5" },
    { "do": "wait", "seconds": 0.5 },
    { "do": "toggleSet", "exerciseId": "ex_bench", "setNumber": 2 },
    { "do": "wait", "seconds": 600 },
    { "do": "finish" }
    """#

  static func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-replay-test-\(UUID().uuidString)")
  }

  @Test func effectsCarryTheScriptedTimeAfterWaits() async throws {
    let result = try await ReplayRunner().run(Self.script(actions: Self.benchDay))

    let log = try #require(result.log)
    #expect(
      result.effects.compactMap(\.sessionEffect) == [
        .restStarted(
          seconds: 90, exerciseId: "ex_bench", exerciseName: "Bench press", setNumber: 1),
        .personalRecord(
          exerciseId: "ex_bench", setNumber: 2, weightKg: 62.5, reps: 5,
          estimatedOneRepMaxKg: 72.9),
        .exerciseCompleted(exerciseId: "ex_bench"),
        .workoutFinished(log: log),
      ])
    let sessionEffects = result.effects.filter { $0.sessionEffect != nil }
    #expect(sessionEffects.map(\.actionIndex) == [2, 6, 6, 8])
    let afterWaits = Self.monday.addingTimeInterval(90.5)
    #expect(
      sessionEffects.map(\.at) == [Self.monday, afterWaits, afterWaits, afterWaits + 600])
    #expect(result.session?.startedAt == Self.monday)
    #expect(result.log?.durationSec == 690)
  }

  @Test func effectTimesArePrintedInUTCWithMillisecondsOnlyWhenNeeded() async throws {
    let result = try await ReplayRunner().run(Self.script(actions: Self.benchDay))
    let document = try #require(
      try JSONSerialization.jsonObject(with: result.json()) as? [String: Any])
    let effects = try #require(document["effects"] as? [[String: Any]]).filter {
      ["restStarted", "personalRecord", "exerciseCompleted"].contains($0["effect"] as? String)
    }

    #expect(
      effects.compactMap { $0["at"] as? String } == [
        "2026-01-05T10:00:00Z", "2026-01-05T10:01:30.500Z", "2026-01-05T10:01:30.500Z",
      ])
  }

  @Test func twoRunsOfOneScriptPrintTheSameDocument() async throws {
    let script = try Self.script(actions: Self.benchDay)

    let first = try await ReplayRunner().run(script).json()
    let second = try await ReplayRunner().run(script).json()

    #expect(first == second)
  }

  @Test func givenDataDirectoryKeepsTheJournalThere() async throws {
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }

    let result = try await ReplayRunner(journalDirectory: directory).run(
      Self.script(actions: Self.benchDay))

    #expect(
      FileManager.default.fileExists(atPath: directory.appendingPathComponent("session.json").path))
    let journal = SessionJournal(directory: directory)
    defer { journal.close() }
    let restored = try journal.restore(now: Self.monday)
    #expect(restored.notices.isEmpty)
    #expect(restored.state.session == result.session)
  }

  @Test func logIsNullWithoutFinishAndTakenAtTheLastFinish() async throws {
    let unfinished = try await ReplayRunner().run(
      Self.script(actions: #"{ "do": "start" }, { "do": "begin" }"#))
    let finishedTwice = try await ReplayRunner().run(
      Self.script(
        actions: #"""
          { "do": "start" }, { "do": "begin" }, { "do": "wait", "seconds": 60 },
          { "do": "finish" }, { "do": "wait", "seconds": 60 }, { "do": "finish" }
          """#))

    #expect(unfinished.log == nil)
    #expect(finishedTwice.log?.durationSec == 120)
  }

  @Test func missingDayStartsAnEmptyWorkoutWithoutPlan() async throws {
    let result = try await ReplayRunner().run(
      Self.script(
        dayId: "day_legs",
        actions: #"{ "do": "start" }, { "do": "begin" }, { "do": "finish" }"#))

    let session = try #require(result.session)
    #expect(session.dayId == "day_legs")
    #expect(session.programId == nil)
    #expect(session.exercises.isEmpty)
    #expect(result.nextExercise == nil)
    #expect(result.placeholders.isEmpty)
    #expect(
      result.log
        == LogWorkoutPayload(
          programId: nil, dayId: "day_legs", label: "", durationSec: 0, completed: true,
          entries: []))
  }

  @Test func refusedActionsBecomeEffectsAndChangeNothing() async throws {
    let result = try await ReplayRunner().run(
      Self.script(
        actions: #"""
          { "do": "toggleSet", "exerciseId": "ex_bench", "setNumber": 1 },
          { "do": "start" },
          { "do": "setValue", "exerciseId": "ex_bench", "setNumber": 1, "field": "reps",
            "value": "five" },
          { "do": "toggleSet", "exerciseId": "ex_bench", "setNumber": 1 },
          { "do": "removeSet", "exerciseId": "ex_bench", "setNumber": 2 },
          { "do": "removeSet", "exerciseId": "ex_bench", "setNumber": 1 }
          """#))

    #expect(
      result.effects.compactMap(\.sessionEffect) == [
        .actionRefused(.noSession),
        .actionRefused(.notAWholeNumber(field: .reps, value: "five")),
        .actionRefused(.lastSet(exerciseId: "ex_bench")),
      ])
    #expect(result.effects.map(\.actionIndex) == [0, 3, 5])
    let sets = try #require(result.session?.exercises.first?.sets)
    #expect(sets.map(\.setNumber) == [1])
    #expect(sets.first?.done == false)
    #expect(sets.first?.reps == "five")
    #expect(result.session?.started == false)
  }

  @Test func unknownExerciseOrSetStopsTheRunAtItsIndex() async throws {
    let unknownExercise = try Self.script(
      actions: #"{ "do": "start" }, { "do": "addSet", "exerciseId": "ex_dips" }"#)
    let unknownSet = try Self.script(
      actions: #"""
        { "do": "start" }, { "do": "begin" },
        { "do": "setValue", "exerciseId": "ex_bench", "setNumber": 3, "field": "reps",
          "value": "5" }
        """#)

    await #expect(
      throws: ReplayScriptError(
        actionIndex: 1, problem: "addSet: No exercise ex_dips in this workout.")
    ) {
      try await ReplayRunner().run(unknownExercise)
    }
    await #expect(
      throws: ReplayScriptError(
        actionIndex: 2, problem: "setValue: Exercise ex_bench has no set 3.")
    ) {
      try await ReplayRunner().run(unknownSet)
    }
  }

  @Test func finishWithoutWorkoutStopsTheRun() async throws {
    let script = try Self.script(actions: #"{ "do": "wait", "seconds": 5 }, { "do": "finish" }"#)

    await #expect(
      throws: ReplayScriptError(actionIndex: 1, problem: "finish: no workout is open")
    ) {
      try await ReplayRunner().run(script)
    }
  }
}
