import Foundation
import LiveWorkoutScreens
import PerformApp
import TerminalScreens
import TerminalUI
import Testing
import TraineeAPI
import WorkoutLogDelivery
import WorkoutSession

/// The trainee's words for the coach written with keys in the live workout: `n` on the set,
/// `N` on the workout, `R` the reason for a swap (docs/decisions/the-coachs-words.md, "The
/// trainee's words in the app").
@MainActor
struct LiveNotesTests {
  let screens: WorkoutScreensTests

  init() throws {
    screens = try WorkoutScreensTests()
  }

  @Test func nWritesANoteOnTheSelectedSetShownUnderIt() async throws {
    let tabs = try await WorkoutTabs(directory: screens.directory, api: screens.api)
    let (app, coordinator) = (tabs.app, tabs.coordinator)
    _ = app.handle(.enter, now: Date())
    screens.type("n", into: app)
    #expect(screens.screen(app).contains("Note on set 1 of Bench press: "))
    #expect(tabs.live.keyHelp == [KeyHelp("Enter", "keep the note"), KeyHelp("Esc", "cancel")])

    screens.type("Grip wider\n", into: app)

    #expect(try screens.bench(coordinator).sets[0].note == "Grip wider")
    #expect(screens.screen(app).contains("✎ Grip wider"))
    // The field opens on what is written; Esc keeps it as it was.
    screens.type("n", into: app)
    screens.type("!!", into: app)
    _ = app.handle(.escape, now: Date())
    #expect(try screens.bench(coordinator).sets[0].note == "Grip wider")
    // Emptied, the note goes.
    screens.type("n", into: app)
    for _ in 0..<"Grip wider".count { _ = app.handle(.backspace, now: Date()) }
    screens.type("\n", into: app)
    #expect(try screens.bench(coordinator).sets[0].note == nil)
  }

  @Test func theNotesReachTheLogEvenWhenTheFirstSendFails() async throws {
    let tabs = try await WorkoutTabs(directory: screens.directory, api: screens.api)
    let (app, coordinator) = (tabs.app, tabs.coordinator)
    _ = app.handle(.enter, now: Date())
    screens.type("N", into: app)
    #expect(screens.screen(app).contains("Note on the workout for your coach: "))
    screens.type("Slept badly\n", into: app)
    #expect(screens.screen(app).contains("✎ Note on the workout: Slept badly"))
    screens.type("R", into: app)
    #expect(app.message == "Bench press is the program's own; swap it (S) to say why.")
    screens.type("S", into: app)
    _ = app.handle(.down, now: Date())
    _ = app.handle(.enter, now: Date())
    #expect(tabs.live.keyHelp.contains(KeyHelp("R", "why this one")))
    screens.type("Rbench taken\n", into: app)
    #expect(screens.screen(app).contains("why: bench taken"))
    screens.type("jnSeat at 4\n", into: app)

    screens.api.reachable = false
    screens.type("Fy", into: app)
    #expect(
      await settled {
        if case .waiting = coordinator.finish { true } else { false }
      })
    let kept = try #require(
      WorkoutLogOutbox(dataDirectory: screens.directory).load(now: Date()).log)
    #expect(kept.payload.note == "Slept badly")
    screens.api.reachable = true
    screens.type("r", into: app)
    #expect(
      await settled {
        if case .accepted = coordinator.finish { true } else { false }
      })

    let payload = try #require(screens.api.recorded.withLock { $0.logs.first?.payload })
    #expect(payload.note == "Slept badly")
    #expect(payload.entries[0].substitutionReason == "bench taken")
    guard case .strength(let second) = payload.entries[0].sets[1] else {
      Issue.record("not a strength set")
      return
    }
    #expect(second.note == "Seat at 4")
  }

  @Test func theNoteKeysAreOnTheHelpLineInGerman() async throws {
    let tabs = try await WorkoutTabs(
      directory: screens.directory, api: screens.api,
      settings: AppSettingsStore(
        dataDirectory: screens.directory, environment: ["LANG": "de_DE.UTF-8"], now: Date()))
    _ = tabs.app.handle(.enter, now: Date())

    let help = tabs.live.keyHelp.map(\.action)
    screens.type("N", into: tabs.app)

    #expect(help.contains("Notiz zum Satz"))
    #expect(help.contains("Notiz zum Training"))
    #expect(screens.screen(tabs.app).contains("Notiz zum Training für deinen Coach: "))
  }
}
