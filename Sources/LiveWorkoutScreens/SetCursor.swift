import TerminalScreens
import WorkoutSession

// NB: docs/decisions/the-terminal-app-and-the-perform-command.md "The terminal app" (logging a set
// fast) and "The set due next". The cursor sits on the set due next, the one the card shows (in a
// superset, the next member's set of the round: `SetLocation.due(in:)`); Enter moves weight -> reps
// (-> RIR). It is a value that reads the session it is given and nothing else, so each move is a
// table test (SetCursorTests); the screen holds one and draws it.

/// The live workout's cursor: which set of which exercise, and which of its fields.
///
/// Every move takes the session it moves in and leaves the cursor on a set that exists (or at
/// zero when there is none); no move reads the clock or the store.
struct SetCursor: Equatable, Sendable {
  /// The exercise's index in the session.
  private(set) var exerciseIndex = 0
  /// The set's index within its exercise.
  private(set) var setIndex = 0
  /// The field's index in `SetCursor.fields(of:rirColumn:)` of the exercise.
  private(set) var fieldIndex = 0
  /// The workout the cursor belongs to (`workoutKey(of:)`): a new workout puts it on its due set.
  private(set) var workout: String?

  init() {}

  /// A cursor at the given indices, belonging to `session`'s workout when given.
  init(exercise: Int, set: Int, field: Int = 0, workout session: WorkoutSession? = nil) {
    exerciseIndex = exercise
    setIndex = set
    fieldIndex = field
    workout = session.map(Self.workoutKey(of:))
  }

  /// The fields a trainee fills in, in order: the RIR column only when the day has one.
  static func fields(of kind: ExerciseKind, rirColumn: Bool) -> [SetField] {
    switch kind {
    case .strength: rirColumn ? [.weight, .reps, .rir] : [.weight, .reps]
    case .cardio: [.duration, .distance, .rpe]
    }
  }

  /// What tells one workout from the next: its day and when it started.
  static func workoutKey(of session: WorkoutSession) -> String {
    "\(session.dayId)@\(session.startedAt?.milliseconds ?? 0)"
  }

  // MARK: Reading

  /// The exercise under the cursor, if `session` has it.
  func exercise(in session: WorkoutSession?) -> SessionExercise? {
    guard let session, session.exercises.indices.contains(exerciseIndex) else { return nil }
    return session.exercises[exerciseIndex]
  }

  /// The set under the cursor, if `session` has it.
  func set(in session: WorkoutSession?) -> ExerciseSet? {
    guard let exercise = exercise(in: session), exercise.sets.indices.contains(setIndex) else {
      return nil
    }
    return exercise.sets[setIndex]
  }

  /// The field under the cursor (the last of the set's when the index is past them).
  func field(in session: WorkoutSession?) -> SetField? {
    guard let session, let exercise = exercise(in: session) else { return nil }
    let fields = Self.fields(of: exercise.kind, rirColumn: session.rirColumn)
    return fields[min(fieldIndex, fields.count - 1)]
  }

  /// Whether the cursor is on set `setIndex` of exercise `exerciseIndex`.
  func isOn(exercise: Int, set: Int) -> Bool {
    exerciseIndex == exercise && setIndex == set
  }

  // MARK: Moving

  /// Keeps the cursor on `session`: on the set due next when the workout is new to it, else
  /// clamped to the sets there are.
  mutating func align(to session: WorkoutSession) {
    let key = Self.workoutKey(of: session)
    guard workout != key else {
      clamp(in: session)
      return
    }
    workout = key
    exerciseIndex = 0
    setIndex = 0
    jumpToDueSet(in: session)
  }

  /// Keeps the indices within `session`'s exercises and the selected exercise's sets.
  mutating func clamp(in session: WorkoutSession?) {
    guard let session, !session.exercises.isEmpty else {
      exerciseIndex = 0
      setIndex = 0
      return
    }
    exerciseIndex = min(exerciseIndex, session.exercises.count - 1)
    setIndex = min(setIndex, max(0, session.exercises[exerciseIndex].sets.count - 1))
  }

  /// Puts the cursor on the first field of the set due next (the one the card shows); clamps it
  /// when no set is due.
  mutating func jumpToDueSet(in session: WorkoutSession?) {
    guard let due = SetLocation.due(in: session) else {
      clamp(in: session)
      return
    }
    select(due)
  }

  /// Puts the cursor on the first field of set `setNumber` of `exerciseId`, if it is there.
  mutating func select(exerciseId: String, setNumber: Int, in session: WorkoutSession) {
    guard let location = SetLocation(exerciseId: exerciseId, setNumber: setNumber, in: session)
    else { return }
    select(location)
  }

  /// Puts the cursor on the first field of `location`.
  mutating func select(_ location: SetLocation) {
    exerciseIndex = location.exerciseIndex
    setIndex = location.setIndex
    fieldIndex = 0
  }

  /// Puts the cursor on the last set of the selected exercise (after a set was added to it).
  mutating func selectLastSet(in session: WorkoutSession?) {
    setIndex = max(0, (exercise(in: session)?.sets.count ?? 1) - 1)
  }

  /// Moves `step` sets down (or up), across exercises, keeping the field where the next set has
  /// it; stays put at either end of the workout.
  mutating func moveSet(by step: Int, in session: WorkoutSession) {
    var exercise = exerciseIndex
    var set = setIndex + step
    while session.exercises.indices.contains(exercise) {
      let count = session.exercises[exercise].sets.count
      if set < 0 {
        exercise -= 1
        guard session.exercises.indices.contains(exercise) else { return }
        set = session.exercises[exercise].sets.count - 1
      } else if set >= count {
        exercise += 1
        set = 0
      } else {
        exerciseIndex = exercise
        setIndex = set
        let fields = Self.fields(
          of: session.exercises[exercise].kind, rirColumn: session.rirColumn)
        fieldIndex = min(fieldIndex, fields.count - 1)
        return
      }
    }
  }

  /// Moves `step` fields right (or left) within the set: round from the last to the first when
  /// `wrapping`, else stopping at either end.
  mutating func moveField(by step: Int, wrapping: Bool = true, in session: WorkoutSession?) {
    guard let session, let exercise = exercise(in: session) else { return }
    let count = Self.fields(of: exercise.kind, rirColumn: session.rirColumn).count
    let next = fieldIndex + step
    fieldIndex = wrapping ? (next % count + count) % count : min(max(0, next), count - 1)
  }
}
