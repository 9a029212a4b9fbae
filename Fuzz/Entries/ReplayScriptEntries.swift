import Foundation
import NutritionReplay
import TraineeAPI
import WorkoutReplay
import WorkoutSession

/// A `perform replay` script: decoded, then its steps applied to the engine's state the way the
/// runner applies them (without the store's effects, timers and journal, which cost time and
/// decode nothing).
enum WorkoutReplayEntry {
  /// The most steps applied from one script; the decoder bounds nothing here.
  static let maximumSteps = 2000

  static func run(_ input: Data) {
    guard let script = try? ReplayScript(json: input) else { return }
    var state = WorkoutState()
    var now = script.startAt
    if let configs = script.notificationConfigs {
      _ = state.apply(.notificationConfigsLoaded(configs), now: now)
    }
    for step in script.steps.prefix(maximumSteps) {
      switch step {
      case .start:
        let workout = getLiveWorkout(
          script.workouts, dayId: script.dayId, planId: script.planId, units: script.units)
        _ = state.apply(.start(workout, units: script.units), now: now)
      case .action(let action):
        _ = state.apply(action, now: now)
      case .wait(let seconds):
        now = later(now, by: seconds)
        _ = state.apply(.tick, now: now)
      case .finish:
        _ = state.apply(.finish, now: now)
      case .restart(let after):
        now = later(now, by: after)
        _ = state.apply(.resume, now: now)
      case .background:
        break
      case .foreground:
        _ = state.apply(.resume, now: now)
      }
    }
  }

  /// `date` moved on by `seconds` when that is a time the runner could reach.
  private static func later(_ date: Date, by seconds: Double) -> Date {
    guard seconds.isFinite, seconds >= 0, seconds < 1e9 else { return date }
    return date + seconds
  }
}

/// A `perform nutrition-replay` script, decoded. Running it needs the in-process server and
/// the sync engine's timers, which the server target and the unit tests cover.
enum NutritionReplayEntry {
  static func run(_ input: Data) {
    _ = try? NutritionReplayScript(json: input)
  }
}
