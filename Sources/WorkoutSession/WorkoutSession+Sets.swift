import Foundation
import TraineeAPI

// NB: docs/specs/workout-session.md, "Actions", "Checking a set" and "What follows a check"; the
// screen's follow-ups (celebrate, rest, technique prompt, complete) are effects here so every front
// end gets them.

/// The most sets one exercise can have, added sets included.
public let maximumSetsPerExercise = 30

/// The longest raw value a field accepts.
public let maximumFieldLength = 32

extension WorkoutSession {
  mutating func setValue(
    _ exerciseId: String, _ setNumber: Int, _ field: SetField, _ value: String
  ) throws(ActionRefusal) -> [WorkoutEffect] {
    let (exercise, set) = try indices(of: exerciseId, setNumber)
    guard SetField.fields(of: exercises[exercise].kind).contains(field) else {
      throw .fieldNotForExercise(field: field, exerciseId: exerciseId)
    }
    guard value.count <= maximumFieldLength else {
      throw .valueTooLong(field: field, maximum: maximumFieldLength)
    }
    if exercises[exercise].sets[set].done {
      // A done set holds committed values: a correction must still be one.
      let trimmed = value.trimmingCharacters(in: .whitespaces)
      try validate(field, trimmed)
      exercises[exercise].sets[set][field] = trimmed
      recomputePrFlags(exercise)
    } else {
      exercises[exercise].sets[set][field] = value
    }
    return []
  }

  mutating func toggleSet(
    _ exerciseId: String, _ setNumber: Int, now: Date
  ) throws(ActionRefusal) -> [WorkoutEffect] {
    let (exercise, set) = try indices(of: exerciseId, setNumber)
    if exercises[exercise].sets[set].done {
      exercises[exercise].sets[set].done = false
      exercises[exercise].done = false
      recomputePrFlags(exercise)
      markStarted(now: now)
      return []
    }
    let kind = exercises[exercise].kind
    exercises[exercise].sets[set] = try committed(exercises[exercise].sets[set], kind: kind)
    recomputePrFlags(exercise)
    markStarted(now: now)
    lastChecked = exerciseId

    var effects: [WorkoutEffect] = []
    if let record = personalRecordEffect(exercise, setNumber: setNumber) { effects.append(record) }
    if let rest = restAfterChecking(exercise, setNumber: setNumber) { effects.append(rest) }
    if let prompt = promptTechniqueIfDue(exercise) { effects.append(prompt) }
    if exercises[exercise].sets.allSatisfy(\.done) {
      exercises[exercise].done = true
      effects.append(.exerciseCompleted(exerciseId: exerciseId))
    }
    return effects
  }

  mutating func completeExercise(
    _ exerciseId: String, now: Date
  ) throws(ActionRefusal) -> [WorkoutEffect] {
    let exercise = try index(of: exerciseId)
    if exercises[exercise].done && exercises[exercise].sets.allSatisfy(\.done) { return [] }
    let kind = exercises[exercise].kind
    let previousRecord = exercises[exercise].sets.first(where: \.isPr)?.setNumber
    var sets = exercises[exercise].sets
    for index in sets.indices where !sets[index].done {
      sets[index] = try committed(sets[index], kind: kind)
    }
    exercises[exercise].sets = sets
    exercises[exercise].done = true
    recomputePrFlags(exercise)
    markStarted(now: now)
    lastChecked = exerciseId

    var effects: [WorkoutEffect] = []
    if let record = exercises[exercise].sets.first(where: \.isPr),
      record.setNumber != previousRecord,
      let effect = personalRecordEffect(exercise, setNumber: record.setNumber)
    {
      effects.append(effect)
    }
    if let prompt = promptTechniqueIfDue(exercise) { effects.append(prompt) }
    effects.append(.exerciseCompleted(exerciseId: exerciseId))
    return effects
  }

  mutating func addSet(_ exerciseId: String) throws(ActionRefusal) -> [WorkoutEffect] {
    let exercise = try index(of: exerciseId)
    let sets = exercises[exercise].sets
    guard sets.count < maximumSetsPerExercise, let last = sets.last else {
      throw .tooManySets(exerciseId: exerciseId, maximum: maximumSetsPerExercise)
    }
    var added = last
    added.setNumber = (sets.map(\.setNumber).max() ?? 0) + 1
    added.done = false
    added.isPr = false
    exercises[exercise].sets.append(added)
    exercises[exercise].done = false
    return []
  }

  mutating func removeSet(
    _ exerciseId: String, _ setNumber: Int
  ) throws(ActionRefusal) -> [WorkoutEffect] {
    let (exercise, set) = try indices(of: exerciseId, setNumber)
    guard exercises[exercise].sets.count > 1 else { throw .lastSet(exerciseId: exerciseId) }
    exercises[exercise].sets.remove(at: set)
    recomputePrFlags(exercise)
    if !exercises[exercise].done, exercises[exercise].sets.allSatisfy(\.done) {
      exercises[exercise].done = true
      return [.exerciseCompleted(exerciseId: exerciseId)]
    }
    return []
  }

  /// The technique prompt, once per exercise that requires a video and has neither been sent
  /// nor skipped.
  mutating func promptTechniqueIfDue(_ exercise: Int) -> WorkoutEffect? {
    let current = exercises[exercise]
    guard current.videoRequired, !current.videoSent, !current.videoSkipped,
      !current.techniquePrompted
    else { return nil }
    exercises[exercise].techniquePrompted = true
    return .techniquePrompt(exerciseId: current.exerciseId)
  }

  /// `set` checked: empty weight and reps take their placeholder, every value is trimmed and
  /// validated, and the set is done. Throws, changing nothing, when a value is not readable.
  func committed(_ set: ExerciseSet, kind: ExerciseKind) throws(ActionRefusal) -> ExerciseSet {
    var result = set
    for field in SetField.fields(of: kind) {
      result[field] = result[field].trimmingCharacters(in: .whitespaces)
    }
    if kind == .strength {
      if result.weight.isEmpty { result.weight = set.lastWeight }
      if result.reps.isEmpty { result.reps = set.lastReps }
    }
    for field in SetField.fields(of: kind) { try validate(field, result[field]) }
    result.done = true
    return result
  }
}

extension SetField {
  /// Why `value` (trimmed; empty is always fine) is not a valid value of this field, or `nil`
  /// when it is: the check a set's values meet when it is checked, for a front end that wants to
  /// say so as a value is entered.
  public func refusal(for value: String) -> ActionRefusal? {
    do {
      try validate(self, value.trimmingCharacters(in: .whitespaces))
      return nil
    } catch {
      return error
    }
  }
}

/// Throws when a non-empty, trimmed `value` is not a valid `field`, as its `entry` says.
func validate(_ field: SetField, _ value: String) throws(ActionRefusal) {
  guard !value.isEmpty else { return }
  // docs/decisions/the-live-workout.md "Workout engine", Actions: a clock time in a number field is
  // a value meant for the duration (or a typo), never a number; said as such rather than "not a
  // number".
  switch field.entry {
  case .decimal, .wholeNumber:
    if value.contains(":"),
      value.allSatisfy({ $0 == ":" || $0 == "." || $0 == "," || ($0.isASCII && $0.isNumber) })
    {
      throw .looksLikeATime(field: field, value: value)
    }
  case .duration, .text:
    break
  }
  switch field.entry {
  case .decimal(let max):
    guard let number = EnteredValue.decimal(value) else {
      throw .notANumber(field: field, value: value)
    }
    guard number <= max else { throw .outOfRange(field: field, value: value) }
  case .wholeNumber(let max):
    guard let number = EnteredValue.wholeNumber(value) else {
      throw .notAWholeNumber(field: field, value: value)
    }
    guard number <= max else { throw .outOfRange(field: field, value: value) }
  case .duration(let maxSeconds):
    guard let seconds = EnteredValue.durationSeconds(value) else {
      throw .notADuration(field: field, value: value)
    }
    guard seconds <= maxSeconds else { throw .outOfRange(field: field, value: value) }
  case .text:
    break
  }
}
