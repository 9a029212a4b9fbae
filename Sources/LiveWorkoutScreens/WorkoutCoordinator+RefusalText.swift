import LiveActivity
import TerminalScreens
import WorkoutSession

// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "The app's settings, language and units":
// the engine's refusals are English sentences naming ids; those a trainee meets by typing or
// pressing a key (a value that is not one, the last set, warm-ups after a checked set) are said in
// the trainee's language with the exercise's name; the others (a bug's, not the trainee's) as the
// engine says them.

extension WorkoutCoordinator {
  /// `refusal` as the trainee reads it, exercises named as `state`'s session names them.
  func said(_ refusal: ActionRefusal, in state: WorkoutState) -> String {
    let text = alertText ?? AppText(.en)
    func name(_ id: String) -> String {
      state.session?.exercises.first { $0.exerciseId == id }?.name ?? id
    }
    switch refusal {
    case .notANumber(_, let value): return text(.liveNotANumber, ["value": value])
    case .notAWholeNumber(_, let value): return text(.liveNotAWholeNumber, ["value": value])
    case .notADuration(_, let value): return text(.liveNotADuration, ["value": value])
    case .looksLikeATime(_, let value): return text(.liveLooksLikeATime, ["value": value])
    case .outOfRange(_, let value): return text(.liveOutOfRange, ["value": value])
    case .lastSet(let id): return text(.liveLastSet, ["exercise": name(id)])
    case .exerciseStarted(let id): return text(.liveWarmUpsAfterCheck, ["exercise": name(id)])
    default: return refusal.message
    }
  }
}
