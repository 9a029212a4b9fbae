import Foundation
import OperatorCommands
import TerminalScreens

// NB: docs/decisions/the-apps-files-and-the-api-client.md, "Sign-out and studio switch in the
// app": the app lists what is not yet sent in its own language; `perform logout` in English.

extension UnsentWrite {
  /// The write as a line of the settings tab's list, in `text`'s language.
  func described(in text: AppText) -> String {
    switch self {
    case .finishedWorkout(let title): text(.unsentFinishedWorkout, ["title": title])
    case .workoutUnderWay: text(.unsentWorkoutUnderWay)
    case .mealLogs(let count): text.count(.countUnsentMealLogs, count)
    case .nutritionDays(let keys): text.count(.countUnsentDays, keys.count)
    }
  }
}
