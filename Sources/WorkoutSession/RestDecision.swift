import Foundation

// NB: docs/specs/workout-session.md, "When a rest starts". A superset group is every exercise of
// the day with the same `supersetGroup`; its lead is the first of them. A member that has no set
// with this number has nothing left to do in this round and does not hold the rest back.
// docs/decisions/the-terminal-app-as-a-daily-app.md "Plates and warm-ups": a warm-up set starts no
// rest; the exercise's rest is for its working sets.

extension WorkoutSession {
  /// The rest to start after set `setNumber` of `exercise` was checked, if any.
  func restAfterChecking(_ exercise: Int, setNumber: Int) -> WorkoutEffect? {
    guard exercises[exercise].sets.first(where: { $0.setNumber == setNumber })?.type != .warmup
    else { return nil }
    let members = groupMembers(of: exercise)
    guard let lead = members.first, lead.restSeconds > 0 else { return nil }
    let roundDone = members.allSatisfy { member in
      member.sets.first { $0.setNumber == setNumber }?.done ?? true
    }
    guard roundDone, !allSetsDone else { return nil }
    return .restStarted(
      seconds: lead.restSeconds, exerciseId: lead.exerciseId, exerciseName: lead.name,
      setNumber: setNumber)
  }

  /// The exercises of `exercise`'s superset group in workout order; just itself when it has none.
  func groupMembers(of exercise: Int) -> [SessionExercise] {
    groupMemberIndices(of: exercise).map { exercises[$0] }
  }

  /// The indices of `exercise`'s superset group in workout order; just its own when it has none.
  func groupMemberIndices(of exercise: Int) -> [Int] {
    guard let group = exercises[exercise].supersetGroup, !group.isEmpty else { return [exercise] }
    return exercises.indices.filter { exercises[$0].supersetGroup == group }
  }
}
