import Foundation
import RestTimer
import TraineeAPI
import WorkoutSession

@testable import LiveActivity

/// Superset workouts at the moments the card must show the right member, reached through the
/// engine's own actions (`applySession`: no rest, so the card shows the set alone).
enum SupersetCards: String, CaseIterable, Sendable {
  /// Bench press and cable row, bench set 1 checked: cable row set 1 is due.
  case twoMembers = "superset-two-members"
  /// Bench press, cable row and face pull, bench and row set 1 checked: face pull set 1.
  case threeMembers = "superset-three-members"
  /// Bench press (3 sets) and cable row (2), rounds 1 and 2 done: bench set 3 alone.
  case unevenSets = "superset-uneven-sets"
  /// Three members, round 1 done, cable row completed early, bench set 2 checked: face pull 2.
  case memberCompletedEarly = "superset-member-completed-early"
  /// Bench press and cable row, round 1 done, the row swapped for a dumbbell row: its set 1.
  case substitution = "superset-substitution"
  /// Round 1 and bench set 2 done, then bench set 1 unchecked: bench set 1 again.
  case uncheckedMidRound = "superset-unchecked-mid-round"

  /// The exercise and set number the card must show.
  var due: (exerciseId: String, setNumber: Int) {
    switch self {
    case .twoMembers: ("ex_cable_row", 1)
    case .threeMembers: ("ex_face_pull", 1)
    case .unevenSets: ("ex_bench", 3)
    case .memberCompletedEarly: ("ex_face_pull", 2)
    case .substitution: ("ex_db_row", 1)
    case .uncheckedMidRound: ("ex_bench", 1)
    }
  }

  var state: WorkoutState {
    switch self {
    case .twoMembers:
      Self.state(members: 2, after: [.toggleSet(exerciseId: "ex_bench", setNumber: 1)])
    case .threeMembers:
      Self.state(members: 3, after: [check("ex_bench", 1), check("ex_cable_row", 1)])
    case .unevenSets:
      Self.state(
        members: 2, rowSets: 2,
        after: [
          check("ex_bench", 1), check("ex_cable_row", 1), check("ex_bench", 2),
          check("ex_cable_row", 2),
        ])
    case .memberCompletedEarly:
      Self.state(
        members: 3,
        after: [
          check("ex_bench", 1), check("ex_cable_row", 1), check("ex_face_pull", 1),
          .completeExercise(exerciseId: "ex_cable_row"), check("ex_bench", 2),
        ])
    case .substitution:
      Self.state(
        members: 2,
        after: [
          check("ex_bench", 1), check("ex_cable_row", 1),
          .substitute(exerciseId: "ex_cable_row", option: "ex_db_row"),
        ])
    case .uncheckedMidRound:
      Self.state(
        members: 2,
        after: [
          check("ex_bench", 1), check("ex_cable_row", 1), check("ex_bench", 2),
          check("ex_bench", 1),
        ])
    }
  }

  private func check(_ exerciseId: String, _ setNumber: Int) -> WorkoutAction {
    .toggleSet(exerciseId: exerciseId, setNumber: setNumber)
  }

  /// Superset `A` of bench press (3 sets, last time 60 × 8), cable row (`rowSets` sets, 45 ×
  /// 12, a dumbbell row allowed instead) and, with three members, face pull (3 sets, 20 × 15),
  /// then `actions` applied.
  static func state(
    members: Int, rowSets: Int = 3, after actions: [WorkoutAction]
  ) -> WorkoutState {
    func member(
      _ id: String, _ name: String, sets: Int, weight: String, reps: String,
      substitutes: [SubstituteDto] = []
    ) -> SessionExercise {
      SessionExercise(
        exercise: WorkoutExercise(
          id: "row_" + id, exerciseId: "ex_" + id, name: name, restSeconds: 90,
          supersetGroup: "A", substitutes: substitutes,
          sets: (1...sets).map { CardFixtures.set($0, lastWeight: weight, lastReps: reps) }))
    }
    let dumbbellRow = SubstituteDto(
      exerciseId: "ex_db_row", name: "Dumbbell row",
      lastSets: [LastSetDto(setNumber: 1, weight: "24", reps: "10")])
    let exercises = [
      member("bench", "Bench press", sets: 3, weight: "60", reps: "8"),
      member(
        "cable_row", "Cable row", sets: rowSets, weight: "45", reps: "12",
        substitutes: [dumbbellRow]),
      member("face_pull", "Face pull", sets: 3, weight: "20", reps: "15"),
    ]
    var state = CardFixtures.state(
      CardFixtures.session(Array(exercises.prefix(members)), title: "Upper Day"))
    for action in actions {
      let effects = state.applySession(action, now: CardFixtures.now - 60)
      let refused = effects.contains { if case .actionRefused = $0 { true } else { false } }
      precondition(!refused, "\(action) refused: \(effects)")
    }
    return state
  }
}
