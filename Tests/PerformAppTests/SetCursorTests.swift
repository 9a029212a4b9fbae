import Foundation
import Testing
import WorkoutSession

@testable import LiveWorkoutScreens
@testable import NutritionScreens
@testable import PerformApp
@testable import TerminalScreens

/// The live workout's cursor as a value: each move on a fixed session, as a table of where the
/// cursor starts, what moves it and where it ends.
struct SetCursorTests {
  /// A started workout: squat (2 sets, the first done), superset A of bench press (3 sets) and
  /// cable row (2 sets), and a treadmill (1 cardio set). `rirColumn` adds the RIR field.
  static func session(
    rirColumn: Bool = false, startedAt seconds: Double = 1_767_607_200
  )
    -> WorkoutSession
  {
    func strength(_ id: String, sets: Int, done: Int = 0, group: String? = nil) -> SessionExercise {
      SessionExercise(
        exercise: WorkoutExercise(
          id: "row_\(id)", exerciseId: "ex_\(id)", name: id, supersetGroup: group,
          sets: (1...sets).map { ExerciseSet(setNumber: $0, done: $0 <= done) }))
    }
    let treadmill = SessionExercise(
      exercise: WorkoutExercise(
        id: "row_run", exerciseId: "ex_run", name: "run", kind: .cardio,
        sets: [ExerciseSet(setNumber: 1)]))
    return WorkoutSession(
      dayId: "day_1", programId: "p", rirColumn: rirColumn, started: true,
      startedAt: Date(timeIntervalSince1970: seconds),
      exercises: [
        strength("squat", sets: 2, done: 1), strength("bench", sets: 3, group: "A"),
        strength("row", sets: 2, group: "A"), treadmill,
      ])
  }

  /// Where a cursor stands: exercise, set and field index.
  struct Place: Equatable, CustomStringConvertible {
    var exercise: Int, set: Int, field: Int
    init(_ exercise: Int, _ set: Int, _ field: Int = 0) {
      (self.exercise, self.set, self.field) = (exercise, set, field)
    }
    init(_ cursor: SetCursor) {
      self.init(cursor.exerciseIndex, cursor.setIndex, cursor.fieldIndex)
    }
    var description: String { "(\(exercise), \(set), \(field))" }
  }

  static let setMoves: [(from: Place, step: Int, to: Place)] = [
    (Place(0, 0), 1, Place(0, 1)),
    // Past an exercise's last set onto the next exercise's first.
    (Place(0, 1), 1, Place(1, 0)),
    (Place(1, 0), -1, Place(0, 1)),
    // The field is kept where the next set has it, and cut to a shorter list.
    (Place(1, 2, 1), 1, Place(2, 0, 1)),
    (Place(2, 1, 1), 1, Place(3, 0, 1)),
    (Place(3, 0, 2), -1, Place(2, 1, 1)),
    // Either end of the workout stays put.
    (Place(0, 0, 1), -1, Place(0, 0, 1)),
    (Place(3, 0, 2), 1, Place(3, 0, 2)),
  ]

  @Test(arguments: setMoves)
  func moveSet(from: Place, step: Int, to: Place) {
    var cursor = SetCursor(exercise: from.exercise, set: from.set, field: from.field)
    cursor.moveSet(by: step, in: Self.session())
    #expect(Place(cursor) == to)
  }

  static let fieldMoves: [(from: Place, step: Int, wrapping: Bool, rir: Bool, to: Int)] = [
    (Place(0, 0, 0), 1, true, false, 1),
    // Weight and reps: past reps wraps round to weight, and back.
    (Place(0, 0, 1), 1, true, false, 0),
    (Place(0, 0, 0), -1, true, false, 1),
    // The RIR column is a third field.
    (Place(0, 0, 1), 1, true, true, 2),
    // After a saved value the cursor moves on without wrapping: it stays on the last field.
    (Place(0, 0, 1), 1, false, false, 1),
    (Place(0, 0, 0), -1, false, false, 0),
    // Cardio: time, distance, RPE.
    (Place(3, 0, 2), 1, true, false, 0),
    (Place(3, 0, 1), 1, false, true, 2),
  ]

  @Test(arguments: fieldMoves)
  func moveField(from: Place, step: Int, wrapping: Bool, rir: Bool, to: Int) {
    var cursor = SetCursor(exercise: from.exercise, set: from.set, field: from.field)
    cursor.moveField(by: step, wrapping: wrapping, in: Self.session(rirColumn: rir))
    #expect(Place(cursor) == Place(from.exercise, from.set, to))
  }

  @Test func theFieldsFollowTheKindAndTheRIRColumn() {
    #expect(SetCursor.fields(of: .strength, rirColumn: false) == [.weight, .reps])
    #expect(SetCursor.fields(of: .strength, rirColumn: true) == [.weight, .reps, .rir])
    #expect(SetCursor.fields(of: .cardio, rirColumn: true) == [.duration, .distance, .rpe])
    let cursor = SetCursor(exercise: 0, set: 0, field: 2)
    // Past the last field reads as the last field.
    #expect(cursor.field(in: Self.session(rirColumn: false)) == .reps)
    #expect(cursor.field(in: Self.session(rirColumn: true)) == .rir)
    #expect(cursor.field(in: nil) == nil)
  }

  /// A new workout puts the cursor on its due set (squat set 2); the same workout only clamps.
  @Test func aNewWorkoutPutsTheCursorOnTheDueSet() {
    let session = Self.session()
    var cursor = SetCursor(exercise: 3, set: 0, field: 1)
    cursor.align(to: session)
    #expect(Place(cursor) == Place(0, 1, 0))
    for _ in 0..<3 { cursor.moveSet(by: 1, in: session) }
    cursor.align(to: session)
    #expect(Place(cursor) == Place(1, 2, 0))
    // Started again later: another workout, back to the due set.
    cursor.align(to: Self.session(startedAt: 1_767_700_000))
    #expect(Place(cursor) == Place(0, 1, 0))
  }

  /// In a superset the due set alternates members round by round: bench 1, row 1, bench 2.
  @Test func theDueSetAlternatesASupersetsMembers() {
    var session = Self.session()
    session.exercises[0].done = true
    var cursor = SetCursor()
    var visited: [Place] = []
    for _ in 0..<4 {
      cursor.jumpToDueSet(in: session)
      visited.append(Place(cursor))
      session.exercises[cursor.exerciseIndex].sets[cursor.setIndex].done = true
    }
    #expect(visited == [Place(1, 0), Place(2, 0), Place(1, 1), Place(2, 1)])
  }

  static let clamps: [(from: Place, exercises: Int, to: Place)] = [
    (Place(1, 2, 1), 4, Place(1, 2, 1)),
    // A removed exercise or set: back onto the last that is there.
    (Place(9, 5), 4, Place(3, 0)),
    (Place(2, 5), 4, Place(2, 1)),
    (Place(2, 1), 1, Place(0, 1)),
    // No exercises at all: zero.
    (Place(2, 1), 0, Place(0, 0)),
  ]

  @Test(arguments: clamps)
  func clamp(from: Place, exercises: Int, to: Place) {
    var session = Self.session()
    session.exercises = Array(session.exercises.prefix(exercises))
    var cursor = SetCursor(exercise: from.exercise, set: from.set, field: from.field)
    cursor.clamp(in: session)
    #expect(Place(cursor) == to)
  }

  @Test func selectingASetPutsTheCursorOnItsFirstField() {
    let session = Self.session()
    var cursor = SetCursor(exercise: 0, set: 0, field: 1)
    cursor.select(exerciseId: "ex_row", setNumber: 2, in: session)
    #expect(Place(cursor) == Place(2, 1, 0))
    // A set that is not there leaves the cursor where it was.
    cursor.select(exerciseId: "ex_row", setNumber: 9, in: session)
    cursor.select(exerciseId: "ex_nope", setNumber: 1, in: session)
    #expect(Place(cursor) == Place(2, 1, 0))
    cursor.selectLastSet(in: session)
    #expect(Place(cursor) == Place(2, 1, 0))
    cursor = SetCursor(exercise: 1, set: 0)
    cursor.selectLastSet(in: session)
    #expect(Place(cursor) == Place(1, 2, 0))
  }

  @Test func theCursorReadsItsExerciseAndSetOnlyWhenTheyAreThere() {
    let session = Self.session()
    #expect(SetCursor(exercise: 1, set: 2).set(in: session)?.setNumber == 3)
    #expect(SetCursor(exercise: 1, set: 2).exercise(in: session)?.exerciseId == "ex_bench")
    #expect(SetCursor(exercise: 1, set: 3).set(in: session) == nil)
    #expect(SetCursor(exercise: 4, set: 0).exercise(in: session) == nil)
    #expect(SetCursor(exercise: 0, set: 0).set(in: nil) == nil)
  }
}
