import Foundation
import PerformApp
import TerminalScreens
import TerminalUI
import Testing

@testable import PerformApp

/// The settings tab's "Sign out" and "Switch studio" rows, with recorded steps: what is asked,
/// what is sent and when, what is refused (docs/decisions/the-apps-files-and-the-api-client.md,
/// "Sign-out and studio switch in the app").
@MainActor
@Suite struct SettingsAccountTests {
  let size = TerminalSize(rows: 40, columns: 100)

  /// The steps the screen was given, recording each call as an event (the host's redraws
  /// too), so a test waits for the event it expects, never for time.
  @MainActor
  final class Recorder: ScreenHost {
    let events: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation
    var unsent: [String]
    /// What stays unsent after a send, and the problems it answers.
    var afterSend: (unsent: [String], problems: [String]) = ([], [])
    var switchRefusal: String?
    var studios = AccountStudios(
      all: [AccountStudio(id: "1", name: "Iron Temple"), AccountStudio(id: "2", name: "Second")],
      currentID: "1")

    init(unsent: [String] = []) {
      (events, continuation) = AsyncStream<String>.makeStream()
      self.unsent = unsent
    }

    func setNeedsRedraw() { continuation.yield("redraw") }
    func ringBell() {}
    func show(message: String) {}

    var steps: SettingsAccountSteps {
      SettingsAccountSteps(
        email: "ada@example.com",
        studios: {
          self.continuation.yield("studios")
          return self.studios
        },
        unsent: { self.unsent },
        sendUnsent: {
          self.continuation.yield("send")
          self.unsent = self.afterSend.unsent
          return self.afterSend.problems
        },
        signOut: { self.continuation.yield("signOut") },
        switchStudio: { studio in
          self.continuation.yield("switch \(studio.id)")
          return self.switchRefusal
        })
    }

    /// Waits for `event`, skipping others; answers the ones skipped.
    @discardableResult
    func next(_ event: String) async -> [String] {
      var skipped: [String] = []
      for await seen in events {
        if seen == event { return skipped }
        skipped.append(seen)
      }
      return skipped
    }
  }

  private func screen(_ recorder: Recorder, signedIn: Bool = true) throws -> SettingsScreen {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "settings-account-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let settings = AppSettingsStore(
      dataDirectory: directory, environment: ["LANG": "en_US.UTF-8"], now: Date())
    return SettingsScreen(
      settings: settings, host: recorder, account: signedIn ? recorder.steps : nil)
  }

  private func text(_ screen: SettingsScreen) -> String {
    screen.body(size: size, now: Date()).plainText
  }

  private func press(_ keys: Key..., on screen: SettingsScreen) {
    for key in keys { _ = screen.handle(key, now: Date()) }
  }

  @Test func theSignOutRowIsOnlySignedInAndTheSwitchOnlyForMoreThanOneStudio() async throws {
    let recorder = Recorder()
    #expect(try !text(screen(recorder, signedIn: false)).contains("Sign out"))
    let settings = try screen(recorder)
    #expect(text(settings).contains("Sign out"))
    #expect(text(settings).contains("ada@example.com"))
    #expect(!text(settings).contains("Switch studio"))
    recorder.studios.all.removeLast()
    settings.reloadStudios()
    await recorder.next("studios")
    await recorder.next("redraw")
    #expect(!text(settings).contains("Switch studio"))
    recorder.studios.all.append(AccountStudio(id: "2", name: "Second"))
    settings.reloadStudios()
    await recorder.next("studios")
    await recorder.next("redraw")
    #expect(text(settings).contains("Switch studio  Iron Temple"))
  }

  @Test func unsentWritesAreListedEscStaysAndEnterSendsThenSignsOut() async throws {
    let recorder = Recorder(unsent: ["1 meal log"])
    let settings = try screen(recorder)
    press(.down, .down, .down, .down, .enter, on: settings)
    #expect(text(settings).contains("Not yet sent from this device:"))
    #expect(text(settings).contains("- 1 meal log"))
    press(.escape, on: settings)
    #expect(!text(settings).contains("Not yet sent"))
    // What could not be sent is said, and asked about again; nothing signs out.
    recorder.afterSend = (["1 meal log"], ["a meal log: the server cannot be reached"])
    press(.enter, .enter, on: settings)
    await recorder.next("send")
    await recorder.next("redraw")
    #expect(text(settings).contains("Not sent: a meal log: the server cannot be reached"))
    #expect(text(settings).contains("- 1 meal log"))
    // Sent this time: the sign-out follows.
    recorder.afterSend = ([], [])
    press(.enter, on: settings)
    await recorder.next("send")
    let skipped = await recorder.next("signOut")
    #expect(!skipped.contains { $0.hasPrefix("switch") })
  }

  @Test func dDiscardsAndSignsOutWithoutSending() async throws {
    let recorder = Recorder(unsent: ["a workout under way, not finished"])
    let settings = try screen(recorder)
    press(.down, .down, .down, .down, .enter, .character("d"), on: settings)
    let skipped = await recorder.next("signOut")
    #expect(!skipped.contains("send"))
  }

  @Test func nothingUnsentAsksYesOrNoAndOnlyYesSignsOut() async throws {
    let recorder = Recorder()
    let settings = try screen(recorder)
    press(.down, .down, .down, .down, .enter, on: settings)
    #expect(text(settings).contains("Sign out of ada@example.com?"))
    press(.character("n"), on: settings)
    #expect(!text(settings).contains("Sign out of ada@example.com?"))
    press(.enter, .character("y"), on: settings)
    await recorder.next("signOut")
  }

  @Test func aSwitchChoosesAnotherStudioAndARefusalIsSaidUnderTheRow() async throws {
    let recorder = Recorder()
    let settings = try screen(recorder)
    settings.reloadStudios()
    await recorder.next("studios")
    press(.down, .down, .down, .down, .down, .enter, on: settings)
    let choosing = text(settings)
    #expect(choosing.contains("The studio this device uses:"))
    #expect(choosing.contains("Iron Temple  (in use)"))
    #expect(choosing.contains("▸ Second"))
    press(.enter, on: settings)
    #expect(text(settings).contains("Switch to Second?"))
    recorder.switchRefusal = "the server cannot be reached"
    press(.character("y"), on: settings)
    await recorder.next("switch 2")
    await recorder.next("redraw")
    #expect(text(settings).contains("Not switched: the server cannot be reached"))
    // Choosing the studio in use changes nothing and asks nothing.
    press(.enter, .up, .enter, on: settings)
    #expect(!text(settings).contains("Switch to"))
  }
}
