import Foundation
import TraineeAPI

// NB: docs/decisions/the-live-workout.md, "Workout engine": a substitute keeps the set structure,
// clears entered values and done flags, takes placeholders from its own `lastSets`, and keeps the
// whole prescribed exercise in `origin`; choosing the prescribed option again restores it exactly
// as it was.

extension WorkoutSession {
  mutating func substitute(
    _ exerciseId: String, option: String
  ) throws(ActionRefusal) -> [WorkoutEffect] {
    let index = try index(of: exerciseId)
    let current = exercises[index]
    if option == current.exerciseId { return [] }
    let prescribed = current.origin?.exercise ?? current

    if option == prescribed.exerciseId {
      // Another row may have swapped in this exercise meanwhile; two rows with one id would
      // leave the second unreachable by the actions.
      guard exerciseIndex(option) == nil else { throw .optionAlreadyInWorkout(option: option) }
      exercises[index] = prescribed
      followSwap(from: current.exerciseId, to: option)
      return [.saveSubstitution(request(prescribed, to: prescribed.exerciseId))]
    }
    guard let substitute = prescribed.substitutes.first(where: { $0.exerciseId == option }) else {
      throw .unknownOption(exerciseId: exerciseId, option: option)
    }
    guard exerciseIndex(option) == nil else { throw .optionAlreadyInWorkout(option: option) }

    var swapped = prescribed
    swapped.origin = ExerciseOrigin(prescribed)
    swapped.exerciseId = substitute.exerciseId
    swapped.name = substitute.name
    swapped.image = substitute.image
    swapped.best = substitute.best
    swapped.coachFeedback = nil
    swapped.done = false
    swapped.videoSent = false
    swapped.videoSkipped = false
    swapped.techniquePrompted = false
    // A reason written for the substitute swapped out holds for the next one ("machine taken").
    swapped.substitutionReason = current.origin == nil ? nil : current.substitutionReason
    swapped.sets = prescribed.sets.map { set in
      var fresh = set.cleared
      fresh.takeLast(lastSet(substitute.lastSets, setNumber: set.setNumber), units: units)
      return fresh
    }
    exercises[index] = swapped
    followSwap(from: current.exerciseId, to: option)
    return [.saveSubstitution(request(prescribed, to: option))]
  }

  /// The row checked last stays the one the set due next continues, under its new id (SetLocation).
  private mutating func followSwap(from old: String, to new: String) {
    if lastChecked == old { lastChecked = new }
  }

  private func request(_ prescribed: SessionExercise, to option: String) -> SubstitutionRequestDto {
    SubstitutionRequestDto(
      programId: programId, dayId: dayId, rowId: prescribed.id,
      fromExerciseId: prescribed.exerciseId, toExerciseId: option)
  }
}
