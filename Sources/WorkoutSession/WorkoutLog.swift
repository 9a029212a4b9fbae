import Foundation
import TraineeAPI

// NB: docs/specs/workout-session.md, "The workout log", every per-set rule; weights in kg and
// distances in km (docs/decisions/the-live-workout.md, "Workout engine"). A strength set also logs
// its `setType` and `isRecord` (docs/decisions/history-progress-and-moving-data.md, "Set types,
// records and volume in logs"), which older servers ignore.

/// Whole seconds from `startedAt` to `now`, never negative.
public func elapsedSeconds(_ startedAt: Date?, _ now: Date) -> Int {
  guard let startedAt else { return 0 }
  return max(0, Int(now.timeIntervalSince(startedAt).rounded(.down)))
}

/// The payload `finish` posts: every exercise, every set, done or not.
public func logPayload(_ session: WorkoutSession, now: Date) -> LogWorkoutPayload {
  LogWorkoutPayload(
    programId: session.programId, dayId: session.dayId, label: session.dayLabel,
    durationSec: elapsedSeconds(session.startedAt, now), completed: true,
    entries: session.exercises.map { logEntry($0, units: session.units) },
    programVersion: session.programVersion, note: session.note)
}

func logEntry(_ exercise: SessionExercise, units: UnitSystem) -> LogEntry {
  LogEntry(
    exerciseId: exercise.exerciseId, name: exercise.name, done: exercise.done,
    tempo: exercise.tempo,
    sets: exercise.sets.map { set in
      switch exercise.kind {
      case .strength: .strength(strengthLogSet(set, units: units))
      case .cardio: .cardio(cardioLogSet(set, units: units))
      }
    }, substitutionReason: exercise.origin == nil ? nil : exercise.substitutionReason)
}

/// A strength set as logged. A set that was not done carries only its number, target and type.
/// A done set logs its reps (else the placeholder, else the target), its weight (else the
/// placeholder, else null), its RIR and its RM, its type, and whether it is the exercise's record
/// (`isPr`, as ``WorkoutSession`` flags it).
public func strengthLogSet(_ set: ExerciseSet, units: UnitSystem) -> StrengthLogSet {
  let targetReps = set.targetReps.flatMap { $0 > 0 ? $0 : nil }
  guard set.done else {
    return StrengthLogSet(
      setNumber: set.setNumber, reps: nil, targetReps: targetReps, weight: nil, rir: nil, rm: nil,
      done: false, setType: set.type, note: set.note)
  }
  let repsText = set.reps.isEmpty ? set.lastReps : set.reps
  let reps = EnteredValue.wholeNumber(repsText) ?? targetReps
  // NB: docs/specs/workout-session.md, "Session state": an empty field means the placeholder, as
  // the stats and the record check read it and as the screen shows it (greyed): a weight cleared
  // after the check is last time's. A bodyweight set has neither and logs null; `0` logs 0.
  let weight = weightKilograms(set, units: units)
  return StrengthLogSet(
    setNumber: set.setNumber, reps: reps, targetReps: targetReps, weight: weight,
    rir: nonEmpty(set.rir), rm: nonEmpty(set.rm), done: true, setType: set.type,
    isRecord: set.isPr, note: set.note)
}

/// A cardio set as logged: duration in seconds, distance in kilometres, RPE as chosen.
public func cardioLogSet(_ set: ExerciseSet, units: UnitSystem) -> CardioLogSet {
  guard set.done else {
    return CardioLogSet(
      setNumber: set.setNumber, durationSec: nil, distanceKm: nil, rpe: nil, done: false,
      note: set.note)
  }
  return CardioLogSet(
    setNumber: set.setNumber, durationSec: EnteredValue.durationSeconds(set.duration),
    distanceKm: EnteredValue.decimal(set.distance).map(units.kilometres), rpe: nonEmpty(set.rpe),
    done: true, note: set.note)
}

private func nonEmpty(_ text: String) -> String? {
  let trimmed = text.trimmingCharacters(in: .whitespaces)
  return trimmed.isEmpty ? nil : trimmed
}
