import Foundation

// NB: docs/specs/live-activity.md, "What the card shows": the card says what to lift next;
// docs/specs/workout-session.md, "When a rest starts": a superset's rest starts only once every
// member has that set number done, so the trainee alternates members round by round. The set due
// next is therefore picked within a superset group, not within the exercise alone: the group of the
// exercise checked last while it is open (a trainee working out of order goes on where they are,
// issue 29 item 7), else the first open exercise's. `nextExercise` keeps the spec's own meaning
// (the first open exercise).

/// One set of a workout: where it sits (for a screen's cursor) and how actions name it.
///
/// `SetLocation.due(in:)` is the one definition of the set due next, used by the Live
/// Activity card and its checkmark, the card's pending commands and the terminal's cursor.
public struct SetLocation: Hashable, Sendable {
  /// The exercise's index in the session.
  public var exerciseIndex: Int
  /// The set's index within its exercise.
  public var setIndex: Int
  /// The exercise's current id (a substitute's after a swap).
  public var exerciseId: String
  /// The set's number, as actions name it.
  public var setNumber: Int

  /// Creates a location from its parts.
  public init(exerciseIndex: Int, setIndex: Int, exerciseId: String, setNumber: Int) {
    self.exerciseIndex = exerciseIndex
    self.setIndex = setIndex
    self.exerciseId = exerciseId
    self.setNumber = setNumber
  }

  /// Set `setNumber` of the exercise whose current id is `exerciseId`, as the actions reach it
  /// (the first of each); `nil` when either is not in `session`.
  public init?(exerciseId: String, setNumber: Int, in session: WorkoutSession) {
    guard let exercise = session.exerciseIndex(exerciseId),
      let set = session.exercises[exercise].sets.firstIndex(where: { $0.setNumber == setNumber })
    else { return nil }
    self.init(
      exerciseIndex: exercise, setIndex: set, exerciseId: exerciseId, setNumber: setNumber)
  }

  /// The set the trainee is due to lift next; `nil` without a session or an open set, and once
  /// the workout is finished (its open sets are left undone, not due).
  ///
  /// The exercise whose set was checked last (`lastChecked`) decides the superset group while a
  /// member of that group is not done and still has an open set; otherwise the first such exercise
  /// (`nextExercise`) does. A single exercise is its own group. Each open member of that group
  /// offers its first open set; the one with the lowest set number is due, and among equal numbers
  /// the member that comes first in the workout. So the members alternate round by round, a member
  /// with fewer sets or already completed drops out, and a set unchecked mid-round (or a
  /// substitute's fresh sets) makes that earliest open round due again.
  public static func due(in session: WorkoutSession?) -> SetLocation? {
    guard let session, session.finishedAt == nil,
      let first = session.exercises.firstIndex(where: Self.isOpen)
    else { return nil }
    // NB: the group, not the exercise alone, must be open: after Dips set 1 (its only set) the
    // superset's partner is due, not the first open exercise above it.
    let anchor =
      session.lastChecked.flatMap(session.exerciseIndex).flatMap { checked in
        session.groupMemberIndices(of: checked).contains { Self.isOpen(session.exercises[$0]) }
          ? checked : nil
      } ?? first
    var due: SetLocation?
    for member in session.groupMemberIndices(of: anchor) {
      let exercise = session.exercises[member]
      guard Self.isOpen(exercise), let set = exercise.sets.firstIndex(where: { !$0.done })
      else { continue }
      let setNumber = exercise.sets[set].setNumber
      // NB: strictly lower: on equal numbers the member earlier in the workout stays due.
      if let current = due, current.setNumber <= setNumber { continue }
      due = SetLocation(
        exerciseIndex: member, setIndex: set, exerciseId: exercise.exerciseId,
        setNumber: setNumber)
    }
    return due
  }

  /// The exercise at this location in `session`, if it is still there.
  public func exercise(in session: WorkoutSession) -> SessionExercise? {
    guard session.exercises.indices.contains(exerciseIndex) else { return nil }
    return session.exercises[exerciseIndex]
  }

  /// The set at this location in `session`, if it is still there.
  public func set(in session: WorkoutSession) -> ExerciseSet? {
    guard let exercise = exercise(in: session), exercise.sets.indices.contains(setIndex) else {
      return nil
    }
    return exercise.sets[setIndex]
  }

  /// Whether an exercise still has something to do: not done, with an open set (as
  /// `nextExercise` reads it).
  static func isOpen(_ exercise: SessionExercise) -> Bool {
    !exercise.done && exercise.sets.contains { !$0.done }
  }
}
