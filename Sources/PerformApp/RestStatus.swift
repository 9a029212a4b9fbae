import Foundation
import LiveWorkoutScreens
import RestTimer
import TerminalScreens
import TerminalUI

// NB: issue 29 item 8 and docs/decisions/the-terminal-app-and-the-perform-command.md "The terminal
// app": the rest has one end time (RestTimer); the live tab's bar and every tab's status line read
// it, so a trainee on the nutrition or today tab still sees the rest count down and then how long
// it is overdue.

/// The rest as the status line shows it: `Rest 1:23` in green while it runs, then
/// `+0:12 rest over` in red; `nil` without a rest.
func restStatus(_ clock: RestClock?, now: Date, text: AppText) -> StyledRun? {
  guard let clock else { return nil }
  let remaining = clock.remainingSeconds(at: now)
  if remaining > 0 {
    return StyledRun(
      text(.liveRest) + formatClock(remaining), TextStyle(bold: true, foreground: .green))
  }
  let overdue = "+" + formatClock(clock.overdueSeconds(at: now)) + text(.liveRestOver)
  return StyledRun(
    overdue.trimmingCharacters(in: .whitespaces), TextStyle(bold: true, foreground: .red))
}

extension PerformTerminalApp {
  /// Shows `coordinator`'s rest in the status line of every tab, in the language `text` gives.
  public func showRest(
    of coordinator: WorkoutCoordinator, text: @escaping @MainActor () -> AppText
  ) {
    statusRest = { [weak coordinator] now in
      restStatus(coordinator?.store.state.rest.clock, now: now, text: text())
    }
  }
}
