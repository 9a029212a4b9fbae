import Foundation
import Testing
import TraineeAPI

@testable import WorkoutSession

/// Personal records: Epley's estimate against the exercise's best, one flag per exercise.
struct PersonalRecordTests {
  /// A set of a record case: typed weight and reps, and whether it gets checked.
  struct LoggedSet: Sendable {
    var type: SetType = .working
    var weight: String
    var reps: String
    var checked = true
  }

  /// An exercise with a best and some sets, and the set numbers that must carry `isPr`.
  struct RecordCase: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var best: BestDto?
    var sets: [LoggedSet]
    var records: [Int]
  }

  static let best100x5 = BestDto(weight: 100, reps: 5)

  static let recordCases: [RecordCase] = [
    RecordCase(
      testDescription: "equal to the best is no record", best: best100x5,
      sets: [LoggedSet(weight: "100", reps: "5")], records: []),
    RecordCase(
      testDescription: "beating the best is a record", best: best100x5,
      sets: [LoggedSet(weight: "100", reps: "6")], records: [1]),
    RecordCase(
      testDescription: "heavier with a lower estimate is no record", best: best100x5,
      sets: [LoggedSet(weight: "110", reps: "1")], records: []),
    RecordCase(
      testDescription: "a warm-up is never a record", best: best100x5,
      sets: [LoggedSet(type: .warmup, weight: "130", reps: "5")], records: []),
    RecordCase(
      testDescription: "a drop set can be a record", best: best100x5,
      sets: [LoggedSet(type: .drop, weight: "110", reps: "5")], records: [1]),
    RecordCase(
      testDescription: "a failure set can be a record", best: best100x5,
      sets: [LoggedSet(type: .failure, weight: "110", reps: "5")], records: [1]),
    RecordCase(
      testDescription: "a warm-up above a working record does not take the flag",
      best: best100x5,
      sets: [
        LoggedSet(type: .warmup, weight: "150", reps: "5"), LoggedSet(weight: "110", reps: "5"),
      ],
      records: [2]),
    RecordCase(
      testDescription: "zero reps is never a record", best: BestDto(weight: 40, reps: 1),
      sets: [LoggedSet(weight: "50", reps: "0")], records: []),
    RecordCase(
      testDescription: "no weight is never a record", best: BestDto(weight: 0, reps: 0),
      sets: [LoggedSet(weight: "0", reps: "30"), LoggedSet(weight: "", reps: "30")],
      records: []),
    RecordCase(
      testDescription: "an open set is never a record", best: best100x5,
      sets: [LoggedSet(weight: "150", reps: "5", checked: false)], records: []),
    RecordCase(
      testDescription: "only the highest set is flagged", best: best100x5,
      sets: [
        LoggedSet(weight: "110", reps: "5"), LoggedSet(weight: "120", reps: "5"),
        LoggedSet(weight: "115", reps: "5"),
      ],
      records: [2]),
    RecordCase(
      testDescription: "the earliest set wins a tie", best: best100x5,
      sets: [LoggedSet(weight: "100", reps: "6"), LoggedSet(weight: "90", reps: "10")],
      records: [1]),
    RecordCase(
      testDescription: "the earliest set wins a tie in either order", best: best100x5,
      sets: [LoggedSet(weight: "90", reps: "10"), LoggedSet(weight: "100", reps: "6")],
      records: [1]),
    RecordCase(
      testDescription: "an unchecked heavier set does not take the flag", best: best100x5,
      sets: [
        LoggedSet(weight: "110", reps: "5"),
        LoggedSet(weight: "150", reps: "5", checked: false),
      ],
      records: [1]),
    RecordCase(
      testDescription: "no best, no record", best: nil,
      sets: [LoggedSet(weight: "150", reps: "5")], records: []),
    RecordCase(
      testDescription: "decimal commas are read", best: best100x5,
      sets: [LoggedSet(weight: "100,5", reps: "6")], records: [1]),
  ]

  /// A state with one exercise `ex_lift` holding `sets` typed and, where asked, checked.
  static func loggedState(
    best: BestDto?, sets: [LoggedSet], units: UnitSystem = .metric
  ) -> WorkoutState {
    let exercise = SampleWorkouts.strengthExercise(
      best: best,
      sets: sets.enumerated().map { ExerciseSet(setNumber: $0.offset + 1, type: $0.element.type) }
    )
    var state = SampleWorkouts.state([exercise], units: units)
    for (offset, set) in sets.enumerated() {
      SampleWorkouts.applySession(
        [
          .setValue(
            exerciseId: "ex_lift", setNumber: offset + 1, field: .weight, value: set.weight),
          .setValue(exerciseId: "ex_lift", setNumber: offset + 1, field: .reps, value: set.reps),
        ], to: &state)
    }
    for (offset, set) in sets.enumerated() where set.checked {
      SampleWorkouts.applySession(
        [.toggleSet(exerciseId: "ex_lift", setNumber: offset + 1)], to: &state)
    }
    return state
  }

  @Test(arguments: [
    (100.0, 5, 116.666_666_666_666_67), (60, 10, 80), (80, 1, 82.666_666_666_666_67),
    (100, 0, 100), (0, 12, 0), (57.5, 30, 115),
  ])
  func epleyEstimatesTheOneRepMax(weight: Double, reps: Int, estimate: Double) {
    #expect(abs(estimatedOneRepMax(weight: weight, reps: reps) - estimate) < 1e-9)
  }

  @Test(arguments: recordCases)
  func recordFlags(_ recordCase: RecordCase) {
    let state = Self.loggedState(best: recordCase.best, sets: recordCase.sets)

    #expect(SampleWorkouts.recordSets("ex_lift", in: state) == recordCase.records)
  }

  @Test(arguments: [
    (UnitSystem.imperial, "225", [1]), (.imperial, "220", []), (.metric, "220", [1]),
    (.metric, "100", []),
  ])
  func weightsAreComparedInKilograms(units: UnitSystem, weight: String, records: [Int]) {
    let state = Self.loggedState(
      best: Self.best100x5, sets: [LoggedSet(weight: weight, reps: "5")], units: units)

    #expect(SampleWorkouts.recordSets("ex_lift", in: state) == records)
  }

  @Test func aCheckedRecordIsCelebratedInKilograms() {
    var state = Self.loggedState(
      best: Self.best100x5, sets: [LoggedSet(weight: "225", reps: "5", checked: false)],
      units: .imperial)

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_lift", setNumber: 1), now: SampleWorkouts.laterAt)

    #expect(
      effects == [
        .personalRecord(
          exerciseId: "ex_lift", setNumber: 1, weightKg: 102.058, reps: 5,
          estimatedOneRepMaxKg: 119.1),
        .exerciseCompleted(exerciseId: "ex_lift"),
      ])
  }

  @Test func aCheckedSetBelowTheRecordIsNotCelebrated() {
    var state = Self.loggedState(
      best: Self.best100x5,
      sets: [
        LoggedSet(weight: "120", reps: "5"), LoggedSet(weight: "110", reps: "5", checked: false),
      ]
    )

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_lift", setNumber: 2), now: SampleWorkouts.laterAt)

    #expect(effects == [.exerciseCompleted(exerciseId: "ex_lift")])
    #expect(SampleWorkouts.recordSets("ex_lift", in: state) == [1])
  }

  @Test func aCheckedSetThatTiesTheRecordIsNotCelebrated() {
    var state = Self.loggedState(
      best: Self.best100x5,
      sets: [
        LoggedSet(weight: "100", reps: "6"), LoggedSet(weight: "90", reps: "10", checked: false),
      ]
    )

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_lift", setNumber: 2), now: SampleWorkouts.laterAt)

    #expect(effects == [.exerciseCompleted(exerciseId: "ex_lift")])
  }

  @Test func aCheckedSetAboveTheRecordTakesTheFlag() {
    var state = Self.loggedState(
      best: Self.best100x5,
      sets: [
        LoggedSet(weight: "110", reps: "5"), LoggedSet(weight: "120", reps: "5", checked: false),
      ]
    )

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_lift", setNumber: 2), now: SampleWorkouts.laterAt)

    #expect(
      effects == [
        .personalRecord(
          exerciseId: "ex_lift", setNumber: 2, weightKg: 120, reps: 5, estimatedOneRepMaxKg: 140),
        .exerciseCompleted(exerciseId: "ex_lift"),
      ])
    #expect(SampleWorkouts.recordSets("ex_lift", in: state) == [2])
  }

  @Test func uncheckingTheRecordMovesTheFlagThenClearsIt() {
    var state = Self.loggedState(
      best: Self.best100x5,
      sets: [LoggedSet(weight: "110", reps: "5"), LoggedSet(weight: "120", reps: "5")])
    #expect(SampleWorkouts.recordSets("ex_lift", in: state) == [2])

    SampleWorkouts.applySession([.toggleSet(exerciseId: "ex_lift", setNumber: 2)], to: &state)
    #expect(SampleWorkouts.recordSets("ex_lift", in: state) == [1])

    SampleWorkouts.applySession([.toggleSet(exerciseId: "ex_lift", setNumber: 1)], to: &state)
    #expect(SampleWorkouts.recordSets("ex_lift", in: state) == [])
  }

  @Test func removingTheRecordSetMovesTheFlag() {
    var state = Self.loggedState(
      best: Self.best100x5,
      sets: [
        LoggedSet(weight: "110", reps: "5"), LoggedSet(weight: "120", reps: "5"),
        LoggedSet(weight: "50", reps: "5", checked: false),
      ])

    SampleWorkouts.applySession([.removeSet(exerciseId: "ex_lift", setNumber: 2)], to: &state)

    #expect(SampleWorkouts.recordSets("ex_lift", in: state) == [1])
  }

  @Test func cardioSetsAreNeverRecords() {
    var exercise = SampleWorkouts.cardioExercise()
    exercise.best = BestDto(weight: 0, reps: 0)
    var state = SampleWorkouts.state([exercise])

    let effects = SampleWorkouts.applySession(
      [
        .setValue(exerciseId: "ex_treadmill", setNumber: 1, field: .distance, value: "10"),
        .toggleSet(exerciseId: "ex_treadmill", setNumber: 1),
      ], to: &state)

    #expect(effects == [.exerciseCompleted(exerciseId: "ex_treadmill")])
    #expect(SampleWorkouts.recordSets("ex_treadmill", in: state) == [])
  }
}
