import DurableFiles
import Foundation
import Testing

/// Where the data directory is and where each file lives in it.
struct DataDirectoryTests {
  let home = URL(fileURLWithPath: "/home/ana")

  @Test func anExplicitDirectoryWinsOverTheEnvironment() {
    let layout = DataDirectory(
      explicit: "/data/p", environment: ["XDG_DATA_HOME": "/xdg"], home: home)
    #expect(layout.root.path == "/data/p")
  }

  @Test func anAbsoluteXDGDataHomeComesNextThenTheHomeDirectory() {
    let xdg = DataDirectory(explicit: nil, environment: ["XDG_DATA_HOME": "/xdg"], home: home)
    #expect(xdg.root.path == "/xdg/perform")
    let relative = DataDirectory(
      explicit: nil, environment: ["XDG_DATA_HOME": "xdg"], home: home)
    #expect(relative.root.path == "/home/ana/.local/share/perform")
    let none = DataDirectory(explicit: nil, environment: [:], home: home)
    #expect(none.root.path == "/home/ana/.local/share/perform")
  }

  @Test func everyFileHasItsOneName() {
    let layout = DataDirectory(URL(fileURLWithPath: "/d"))
    let paths = [
      layout.workoutSession, layout.lastGoodAnswers, layout.pendingWorkoutLog,
      layout.refusedWorkoutLogs, layout.liveActivityPending, layout.nutritionEdits,
      layout.preferredNutritionDay, layout.settings, layout.pendingMealLogs, layout.database,
      layout.postgreSQLTokenBase, layout.session,
    ].map(\.path)
    #expect(
      paths == [
        "/d/workout-session", "/d/last-good-answers", "/d/pending-workout-log.json",
        "/d/refused-workout-logs", "/d/live-activity/pending", "/d/nutrition-edits.json",
        "/d/perform-preferred-nutrition-day.json", "/d/settings.json",
        "/d/pending-meal-logs.json", "/d/perform.sqlite", "/d/postgresql",
        "/d/session.json",
      ])
  }
}
