import Foundation
import Testing
import TraineeAPI

@testable import WorkoutSession

/// `LogWorkoutPayload` exactly per docs/specs/workout-session.md, "The workout log": the spec's
/// bench press entry, each per-set rule, cardio sets, kilograms and kilometres, and the payload's
/// top-level fields.
struct LogPayloadTests {
  /// 2026-01-05T10:00:00Z.
  private static let workoutStart = Date(timeIntervalSince1970: 1_767_607_200)

  /// The spec's example entry, with the set type and record flag logged since
  /// (docs/decisions/history-progress-and-moving-data.md "Set types, records and volume in logs").
  private static let specEntry = """
    {
      "exerciseId": "ex_123",
      "name": "Bench press",
      "done": true,
      "tempo": null,
      "sets": [
        { "setNumber": 1, "reps": 10, "targetReps": 10, "weight": 60, "rir": "2", "rm": null,
          "done": true, "setType": "working", "isRecord": false },
        { "setNumber": 2, "reps": null, "targetReps": 10, "weight": null, "rir": null,
          "rm": null, "done": false, "setType": "working" }
      ]
    }
    """

  /// The spec's two-set bench press: set 1 done with 10 reps of 60 at RIR 2, set 2 not done.
  private static let specBenchPress = SessionExercise(
    exercise: WorkoutExercise(
      id: "row_1", exerciseId: "ex_123", name: "Bench press", tempo: nil,
      sets: [
        ExerciseSet(
          setNumber: 1, targetReps: 10, targetRepsLabel: "10", weight: "60", reps: "10", rir: "2",
          done: true),
        ExerciseSet(setNumber: 2, targetReps: 10, targetRepsLabel: "10"),
      ]),
    done: true)

  private static func session(
    _ exercises: [SessionExercise], units: UnitSystem = .metric, startedAt: Date? = workoutStart
  ) -> WorkoutSession {
    WorkoutSession(
      dayId: "day_push", programId: "plan_1", dayLabel: "Day 1", title: "Push", units: units,
      started: startedAt != nil, startedAt: startedAt, exercises: exercises)
  }

  private static func strength(_ sets: [ExerciseSet]) -> SessionExercise {
    SessionExercise(exercise: WorkoutExercise(id: "r", exerciseId: "ex", name: "Lift", sets: sets))
  }

  private static func cardio(_ sets: [ExerciseSet]) -> SessionExercise {
    SessionExercise(
      exercise: WorkoutExercise(
        id: "c", exerciseId: "ex_bike", name: "Bike", kind: .cardio, sets: sets))
  }

  /// `value` encoded and read back as a JSON tree, so key order and number spelling do not matter.
  private static func json(of value: some Encodable) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
  }

  // MARK: the spec's example

  @Test func specBenchPressEncodesExactlyToTheSpecEntry() throws {
    let payload = logPayload(Self.session([Self.specBenchPress]), now: Self.workoutStart)
    let expected = try JSONDecoder().decode(JSONValue.self, from: Data(Self.specEntry.utf8))
    #expect(payload.entries.count == 1)
    #expect(try Self.json(of: payload.entries[0]) == expected)
  }

  @Test func specBenchPressPayloadCarriesTheSessionAndEveryEntry() throws {
    let now = Self.workoutStart.addingTimeInterval(45 * 60 + 30.8)
    let payload = logPayload(Self.session([Self.specBenchPress]), now: now)
    let entry = try JSONDecoder().decode(JSONValue.self, from: Data(Self.specEntry.utf8))
    let expected: JSONValue = .object([
      "programId": .string("plan_1"), "dayId": .string("day_push"), "label": .string("Day 1"),
      "durationSec": .number(2730), "completed": .bool(true), "entries": .array([entry]),
    ])
    #expect(try Self.json(of: payload) == expected)
  }

  @Test func specBenchPressBuiltThroughActionsLogsTheSpecSets() throws {
    let workout = LiveWorkout(
      dayId: "day_push", programId: "plan_1", dayLabel: "Day 1",
      exercises: [
        WorkoutExercise(
          id: "row_1", exerciseId: "ex_123", name: "Bench press",
          sets: [
            ExerciseSet(setNumber: 1, targetReps: 10, targetRepsLabel: "10"),
            ExerciseSet(setNumber: 2, targetReps: 10, targetRepsLabel: "10"),
          ])
      ])
    var state = WorkoutState()
    let actions: [WorkoutAction] = [
      .start(workout, units: .metric), .begin,
      .setValue(exerciseId: "ex_123", setNumber: 1, field: .weight, value: "60"),
      .setValue(exerciseId: "ex_123", setNumber: 1, field: .reps, value: "10"),
      .setValue(exerciseId: "ex_123", setNumber: 1, field: .rir, value: "2"),
      .toggleSet(exerciseId: "ex_123", setNumber: 1),
    ]
    for action in actions {
      #expect(
        !state.applySession(action, now: Self.workoutStart).contains { $0.name == "actionRefused" })
    }
    let session = try #require(state.session)
    let payload = logPayload(session, now: Self.workoutStart.addingTimeInterval(600))
    let expected = LogWorkoutPayload(
      programId: "plan_1", dayId: "day_push", label: "Day 1", durationSec: 600, completed: true,
      entries: [
        LogEntry(
          exerciseId: "ex_123", name: "Bench press", done: false, tempo: nil,
          sets: [
            .strength(
              StrengthLogSet(
                setNumber: 1, reps: 10, targetReps: 10, weight: 60, rir: "2", rm: nil,
                done: true, setType: .working, isRecord: false)),
            .strength(
              StrengthLogSet(
                setNumber: 2, reps: nil, targetReps: 10, weight: nil, rir: nil, rm: nil,
                done: false, setType: .working)),
          ])
      ])
    #expect(payload == expected)
  }

  // MARK: per-set rules

  @Test(arguments: [
    ("8", "10", Int?.some(12), Int?.some(8)), ("", "10", 12, 10), ("", "", 12, 12),
    ("", "", nil, nil), ("", "", 0, nil), (" 6 ", "10", 12, 6), ("", "10", nil, 10),
  ])
  func doneSetLogsEnteredElsePlaceholderElseTargetReps(
    reps: String, lastReps: String, targetReps: Int?, logged: Int?
  ) {
    let set = ExerciseSet(
      setNumber: 1, targetReps: targetReps, reps: reps, lastReps: lastReps, done: true)
    #expect(strengthLogSet(set, units: .metric).reps == logged)
  }

  /// "weight: for a done set with a value, the number. Otherwise null", read with "an empty string
  /// means use the placeholder": entered, else last time's, else null; the target never stands in.
  @Test(arguments: [
    ("60", "57.5", Double?.some(60)), ("", "57.5", 57.5), ("", "", nil), ("62,5", "", 62.5),
    ("0", "", 0), (" 60 ", "", 60), ("0", "57.5", 0),
  ])
  func doneSetLogsEnteredElsePlaceholderWeightElseNull(
    weight: String, lastWeight: String, logged: Double?
  ) {
    let set = ExerciseSet(
      setNumber: 1, targetWeight: 70, weight: weight, reps: "5", lastWeight: lastWeight,
      done: true)
    #expect(strengthLogSet(set, units: .metric).weight == logged)
  }

  /// The screen shows an empty field's placeholder greyed, and the stats and the record check
  /// count it: the log agrees, so a weight cleared after the check logs last time's weight.
  @Test func weightClearedAfterTheCheckLogsThePlaceholderTheScreenShows() throws {
    let workout = LiveWorkout(
      dayId: "day_push", programId: "plan_1",
      exercises: [
        WorkoutExercise(
          id: "r", exerciseId: "ex_bench", name: "Bench press",
          sets: [
            ExerciseSet(
              setNumber: 1, targetReps: 8, targetRepsLabel: "8", targetWeight: 60,
              lastWeight: "57.5", lastReps: "10")
          ])
      ])
    var state = WorkoutState()
    let actions: [WorkoutAction] = [
      .start(workout, units: .metric), .begin, .toggleSet(exerciseId: "ex_bench", setNumber: 1),
    ]
    for action in actions {
      #expect(
        !state.applySession(action, now: Self.workoutStart).contains { $0.name == "actionRefused" })
    }
    let committed = try #require(state.session?.exercises.first?.sets.first)
    #expect(committed.weight == "57.5")
    #expect(committed.done)

    let clear = WorkoutAction.setValue(
      exerciseId: "ex_bench", setNumber: 1, field: .weight, value: "")
    #expect(
      !state.applySession(clear, now: Self.workoutStart).contains { $0.name == "actionRefused" })
    #expect(state.session?.exercises.first?.sets.first?.weight == "")

    let session = try #require(state.session)
    let expected: [LogSet] = [
      .strength(
        StrengthLogSet(
          setNumber: 1, reps: 10, targetReps: 8, weight: 57.5, rir: nil, rm: nil, done: true,
          setType: .working, isRecord: false))
    ]
    #expect(logPayload(session, now: Self.workoutStart).entries[0].sets == expected)
    #expect(sessionStats(session).volumeKg == 575)
  }

  @Test(arguments: [
    (SetType.warmup, true, Bool?.some(true)), (.drop, false, false), (.failure, true, true),
  ])
  func aDoneSetLogsItsTypeAndRecordFlag(type: SetType, isPr: Bool, logged: Bool?) {
    let set = ExerciseSet(setNumber: 1, type: type, weight: "60", reps: "8", done: true, isPr: isPr)
    #expect(strengthLogSet(set, units: .metric).setType == type)
    #expect(strengthLogSet(set, units: .metric).isRecord == logged)
    var notDone = set
    notDone.done = false
    #expect(strengthLogSet(notDone, units: .metric).setType == type)
    #expect(strengthLogSet(notDone, units: .metric).isRecord == nil)
  }

  @Test func bodyweightSetLogsNullWeightAndItsReps() {
    let set = ExerciseSet(setNumber: 1, targetReps: 12, targetRepsLabel: "12", done: true)
    let expected = StrengthLogSet(
      setNumber: 1, reps: 12, targetReps: 12, weight: nil, rir: nil, rm: nil, done: true,
      setType: .working, isRecord: false)
    #expect(strengthLogSet(set, units: .metric) == expected)
  }

  @Test(arguments: [
    ("135", "", 61.235), ("126.8", "135", 57.516), ("", "126.8", 57.516), ("100", "", 45.359),
    ("45", "", 20.412),
  ])
  func imperialWeightsAreLoggedInKilograms(weight: String, lastWeight: String, kilograms: Double) {
    let set = ExerciseSet(
      setNumber: 1, weight: weight, reps: "5", lastWeight: lastWeight, done: true)
    #expect(strengthLogSet(set, units: .imperial).weight == kilograms)
  }

  @Test(arguments: [("2", String?.some("2")), ("", nil), (" 3 ", "3"), ("1-2", "1-2")])
  func rirIsTheChosenStringOrNull(rir: String, logged: String?) {
    let set = ExerciseSet(setNumber: 1, weight: "60", reps: "8", rir: rir, done: true)
    #expect(strengthLogSet(set, units: .metric).rir == logged)
  }

  @Test func rmIsNullWhenNothingWroteIt() {
    let set = ExerciseSet(setNumber: 1, weight: "60", reps: "8", done: true)
    #expect(strengthLogSet(set, units: .metric).rm == nil)
  }

  @Test(arguments: [(" 80 ", String?.some("80")), ("80", "80"), ("  ", nil)])
  func rmIsLoggedTrimmedWhenGiven(rm: String, logged: String?) {
    let set = ExerciseSet(setNumber: 1, weight: "60", reps: "8", rm: rm, done: true)
    #expect(strengthLogSet(set, units: .metric).rm == logged)
  }

  @Test(arguments: [
    (Int?.some(10), true, Int?.some(10)), (10, false, 10), (0, true, nil), (0, false, nil),
    (-3, true, nil), (nil, true, nil), (nil, false, nil),
  ])
  func targetRepsIsLoggedOnlyWhenPositive(targetReps: Int?, done: Bool, logged: Int?) {
    let set = ExerciseSet(setNumber: 1, targetReps: targetReps, weight: "60", done: done)
    #expect(strengthLogSet(set, units: .metric).targetReps == logged)
  }

  @Test(arguments: UnitSystem.allCases)
  func notDoneSetNeverCarriesRepsWeightOrRir(units: UnitSystem) {
    let set = ExerciseSet(
      setNumber: 3, targetReps: 8, targetRepsLabel: "8", targetWeight: 60, weight: "60",
      reps: "8", rir: "2", rm: "80", lastWeight: "57.5", lastReps: "10", done: false)
    let expected = StrengthLogSet(
      setNumber: 3, reps: nil, targetReps: 8, weight: nil, rir: nil, rm: nil, done: false,
      setType: .working)
    #expect(strengthLogSet(set, units: units) == expected)
  }

  @Test func notDoneSetWithoutAnythingIsStillSent() throws {
    let exercise = Self.strength([
      ExerciseSet(setNumber: 1), ExerciseSet(setNumber: 2, lastWeight: "50", lastReps: "5"),
    ])
    let payload = logPayload(Self.session([exercise]), now: Self.workoutStart)
    let expected: JSONValue = .array([
      .object([
        "setNumber": .number(1), "reps": .null, "targetReps": .null, "weight": .null,
        "rir": .null, "rm": .null, "done": .bool(false), "setType": .string("working"),
      ]),
      .object([
        "setNumber": .number(2), "reps": .null, "targetReps": .null, "weight": .null,
        "rir": .null, "rm": .null, "done": .bool(false), "setType": .string("working"),
      ]),
    ])
    #expect(try Self.json(of: payload.entries[0].sets) == expected)
  }

  // MARK: cardio sets

  @Test(arguments: [
    (
      "20", "5", "7", UnitSystem.metric,
      CardioLogSet(
        setNumber: 1, durationSec: 1200, distanceKm: 5, rpe: "7", done: true)
    ),
    (
      "25:30", "5", "7", .imperial,
      CardioLogSet(
        setNumber: 1, durationSec: 1530, distanceKm: 8.047, rpe: "7", done: true)
    ),
    (
      "1:02:03", "3,1", "", .imperial,
      CardioLogSet(
        setNumber: 1, durationSec: 3723, distanceKm: 4.989, rpe: nil, done: true)
    ),
    (
      "", "", "", .metric,
      CardioLogSet(
        setNumber: 1, durationSec: nil, distanceKm: nil, rpe: nil, done: true)
    ),
    (
      "12.5", "2.4", " 8 ", .metric,
      CardioLogSet(
        setNumber: 1, durationSec: 750, distanceKm: 2.4, rpe: "8", done: true)
    ),
  ])
  func doneCardioSetLogsSecondsKilometresAndRpe(
    duration: String, distance: String, rpe: String, units: UnitSystem, expected: CardioLogSet
  ) {
    let set = ExerciseSet(
      setNumber: 1, duration: duration, distance: distance, rpe: rpe, done: true)
    #expect(cardioLogSet(set, units: units) == expected)
  }

  @Test(arguments: UnitSystem.allCases)
  func notDoneCardioSetLogsNulls(units: UnitSystem) {
    let set = ExerciseSet(setNumber: 2, duration: "20", distance: "5", rpe: "7", done: false)
    let expected = CardioLogSet(
      setNumber: 2, durationSec: nil, distanceKm: nil, rpe: nil, done: false)
    #expect(cardioLogSet(set, units: units) == expected)
  }

  @Test func cardioExerciseIsLoggedWithCardioSets() throws {
    let exercise = Self.cardio([
      ExerciseSet(setNumber: 1, duration: "20", distance: "5", rpe: "7", done: true),
      ExerciseSet(setNumber: 2),
    ])
    let payload = logPayload(Self.session([exercise]), now: Self.workoutStart)
    let expected: JSONValue = .object([
      "exerciseId": .string("ex_bike"), "name": .string("Bike"), "done": .bool(false),
      "tempo": .null,
      "sets": .array([
        .object([
          "setNumber": .number(1), "durationSec": .number(1200), "distanceKm": .number(5),
          "rpe": .string("7"), "done": .bool(true),
        ]),
        .object([
          "setNumber": .number(2), "durationSec": .null, "distanceKm": .null, "rpe": .null,
          "done": .bool(false),
        ]),
      ]),
    ])
    #expect(try Self.json(of: payload.entries[0]) == expected)
  }

  @Test func imperialCardioThroughActionsIsLoggedInKilometres() throws {
    let workout = LiveWorkout(
      dayId: "day_cardio", programId: nil,
      exercises: [
        WorkoutExercise(
          id: "c", exerciseId: "ex_run", name: "Run", kind: .cardio,
          sets: [ExerciseSet(setNumber: 1)])
      ])
    var state = WorkoutState()
    let actions: [WorkoutAction] = [
      .start(workout, units: .imperial),
      .setValue(exerciseId: "ex_run", setNumber: 1, field: .duration, value: "30"),
      .setValue(exerciseId: "ex_run", setNumber: 1, field: .distance, value: "3.1"),
      .setValue(exerciseId: "ex_run", setNumber: 1, field: .rpe, value: "6"),
      .toggleSet(exerciseId: "ex_run", setNumber: 1),
    ]
    for action in actions {
      #expect(
        !state.applySession(action, now: Self.workoutStart).contains { $0.name == "actionRefused" })
    }
    let session = try #require(state.session)
    let payload = logPayload(session, now: Self.workoutStart.addingTimeInterval(1800))
    let expected = LogWorkoutPayload(
      programId: nil, dayId: "day_cardio", label: "", durationSec: 1800, completed: true,
      entries: [
        LogEntry(
          exerciseId: "ex_run", name: "Run", done: true, tempo: nil,
          sets: [
            .cardio(
              CardioLogSet(
                setNumber: 1, durationSec: 1800, distanceKm: 4.989, rpe: "6", done: true))
          ])
      ])
    #expect(payload == expected)
  }

  @Test func imperialStrengthThroughActionsIsLoggedInKilograms() throws {
    let workout = LiveWorkout(
      dayId: "day_push", programId: "plan_1",
      exercises: [
        WorkoutExercise(
          id: "r", exerciseId: "ex_bench", name: "Bench press",
          sets: [ExerciseSet(setNumber: 1, targetReps: 5, targetRepsLabel: "5")])
      ])
    var state = WorkoutState()
    let actions: [WorkoutAction] = [
      .start(workout, units: .imperial),
      .setValue(exerciseId: "ex_bench", setNumber: 1, field: .weight, value: "135"),
      .toggleSet(exerciseId: "ex_bench", setNumber: 1),
    ]
    for action in actions {
      #expect(
        !state.applySession(action, now: Self.workoutStart).contains { $0.name == "actionRefused" })
    }
    let session = try #require(state.session)
    let set = logPayload(session, now: Self.workoutStart).entries[0].sets
    let expected: [LogSet] = [
      .strength(
        StrengthLogSet(
          setNumber: 1, reps: 5, targetReps: 5, weight: 61.235, rir: nil, rm: nil, done: true,
          setType: .working, isRecord: false))
    ]
    #expect(set == expected)
  }

  // MARK: the payload's top-level fields

  @Test func payloadCarriesProgramDayLabelAndCompleted() {
    let session = WorkoutSession(
      dayId: "day_legs", programId: "plan_9", dayLabel: "Day 3", title: "Legs", started: true,
      startedAt: Self.workoutStart)
    let expected = LogWorkoutPayload(
      programId: "plan_9", dayId: "day_legs", label: "Day 3", durationSec: 0, completed: true,
      entries: [])
    #expect(logPayload(session, now: Self.workoutStart) == expected)
  }

  @Test func payloadHasOneEntryPerExerciseInOrderDoneOrNot() {
    let squat = SessionExercise(
      exercise: WorkoutExercise(
        id: "r1", exerciseId: "squat", name: "Squat", tempo: "3-1-1-0",
        sets: [ExerciseSet(setNumber: 1, weight: "100", reps: "5", done: true)]),
      done: true)
    let press = SessionExercise(
      exercise: WorkoutExercise(
        id: "r2", exerciseId: "press", name: "Press", sets: [ExerciseSet(setNumber: 1)]))
    let payload = logPayload(Self.session([squat, press]), now: Self.workoutStart)
    let expected = [
      LogEntry(
        exerciseId: "squat", name: "Squat", done: true, tempo: "3-1-1-0",
        sets: [
          .strength(
            StrengthLogSet(
              setNumber: 1, reps: 5, targetReps: nil, weight: 100, rir: nil, rm: nil, done: true,
              setType: .working, isRecord: false))
        ]),
      LogEntry(
        exerciseId: "press", name: "Press", done: false, tempo: nil,
        sets: [
          .strength(
            StrengthLogSet(
              setNumber: 1, reps: nil, targetReps: nil, weight: nil, rir: nil, rm: nil,
              done: false, setType: .working))
        ]),
    ]
    #expect(payload.entries == expected)
  }

  @Test(arguments: [
    (0.0, 0), (0.999, 0), (90.9, 90), (3600.0, 3600), (7205.5, 7205), (-5.0, 0), (-0.5, 0),
  ])
  func durationIsWholeElapsedSecondsNeverNegative(offset: Double, seconds: Int) {
    let now = Self.workoutStart.addingTimeInterval(offset)
    #expect(elapsedSeconds(Self.workoutStart, now) == seconds)
    #expect(logPayload(Self.session([]), now: now).durationSec == seconds)
  }

  @Test func durationIsZeroWhenNotStarted() {
    let session = Self.session([], startedAt: nil)
    #expect(session.started == false)
    #expect(elapsedSeconds(nil, Self.workoutStart) == 0)
    #expect(logPayload(session, now: Self.workoutStart.addingTimeInterval(600)).durationSec == 0)
  }

  @Test func payloadIsCompletedEvenWithNothingDone() {
    let exercise = Self.strength([ExerciseSet(setNumber: 1)])
    #expect(logPayload(Self.session([exercise]), now: Self.workoutStart).completed == true)
  }
}
