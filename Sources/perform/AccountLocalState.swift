import DurableFiles
import Foundation
import NutritionLog
import NutritionScreens
import OperatorCommands
import TraineeAPI
import TraineeClient
import WorkoutLogDelivery
import WorkoutSession

// NB: docs/decisions/the-apps-files-and-the-api-client.md, "Sign-out without loss": signing out
// clears the account's local state as the nutrition spec's `clearAccountState` does (the edits,
// the preferred day) and what else is the account's on this device (its kept answers, the card's
// taps, the session file). What the server has not yet had (a finished workout, meal logs,
// nutrition days not confirmed, a workout under way) is listed first, so the trainee sends it or
// discards it knowingly; the settings (language, units, plates) are the device's and stay, and so
// do logs the trainee set aside after the server refused them.

/// What the server has not yet had from this device.
enum UnsentWrite: Equatable {
  /// A finished workout in the outbox.
  case finishedWorkout(title: String)
  /// A workout started and not finished.
  case workoutUnderWay
  /// Meal logs waiting to be sent.
  case mealLogs(count: Int)
  /// Nutrition days with edits the server has not confirmed (date keys).
  case nutritionDays([String])

  /// The write as a line of the list: "a finished workout (Push)".
  var described: String {
    switch self {
    case .finishedWorkout(let title): "a finished workout (\(title)) not yet sent"
    case .workoutUnderWay: "a workout under way, not finished"
    case .mealLogs(let count):
      count == 1 ? "1 meal log not yet sent" : "\(count) meal logs not yet sent"
    case .nutritionDays(let keys):
      keys.count == 1
        ? "nutrition edits of 1 day not yet saved"
        : "nutrition edits of \(keys.count) days not yet saved"
    }
  }
}

extension UnsentWrite {
  /// Why `perform login` and the app with `--server` refuse a first sign-in while the app's
  /// trainee (the embedded server's) has `unsent` writes on this device: signing in would send
  /// them to the account signed in.
  static func refusalBeforeFirstSignIn(_ unsent: [UnsentWrite]) -> String {
    "this device holds writes of the app's trainee not yet sent:\n"
      + unsent.map { "  - \($0.described)" }.joined(separator: "\n")
      + "\nstart perform without --server to send them first; signing in here would send"
      + " them to the account signed in"
  }
}

/// The signed-in account's files in a data directory.
struct AccountLocalState {
  let layout: DataDirectory

  /// Everything not yet sent, in the order listed.
  func unsent(now: Date) -> [UnsentWrite] {
    var unsent: [UnsentWrite] = []
    let directory = layout.root
    if let log = WorkoutLogOutbox(dataDirectory: directory).load(now: now).log {
      unsent.append(.finishedWorkout(title: log.title))
    }
    if (try? SessionJournal.read(directory: layout.workoutSession))?.session?.started == true {
      unsent.append(.workoutUnderWay)
    }
    let meals =
      DurableJSONFile<[PendingMealLog]>(url: layout.pendingMealLogs, what: "meal logs")
      .load(now: now).value ?? []
    if !meals.isEmpty { unsent.append(.mealLogs(count: meals.count)) }
    var edits = NutritionEdits()
    _ = NutritionEditsFile(dataDirectory: directory).restore(into: &edits, now: now)
    let days = edits.dateKeys.filter { edits.hasUnconfirmedEdits($0) }.sorted()
    if !days.isEmpty { unsent.append(.nutritionDays(days)) }
    return unsent
  }

  /// Removes the account's local state: its kept answers (`copies`), the nutrition edits, the
  /// preferred day, the card's taps, every unsent write (the caller asked first) and, last, the
  /// session file unless `keepingSession` (a studio switch). Answers what could not be removed.
  func clear(copies: URL, keepingSession: Bool = false) -> [String] {
    var problems: [String] = []
    let paths = [
      copies, layout.nutritionEdits, layout.preferredNutritionDay, layout.liveActivity,
      layout.pendingWorkoutLog, layout.pendingMealLogs, layout.workoutSession,
    ]
    for path in paths where FileManager.default.fileExists(atPath: path.path) {
      do {
        try FileManager.default.removeItem(at: path)
      } catch {
        problems.append("cannot remove \(path.path): \(error.localizedDescription)")
      }
    }
    do {
      if !keepingSession { try SessionFile(dataDirectory: layout.root).remove() }
    } catch {
      problems.append("cannot remove \(layout.session.path): \(error)")
    }
    DurableFile.syncDirectory(layout.root)
    return problems
  }
}
