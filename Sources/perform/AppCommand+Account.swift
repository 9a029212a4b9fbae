import DurableFiles
import Foundation
import OperatorCommands
import PerformApp
import TerminalScreens
import TerminalUI
import TraineeAPI
import TraineeClient

// NB: docs/decisions/the-apps-files-and-the-api-client.md, "Sign-out and studio switch in the
// app": the settings tab asks; the app then stops, and only once every screen, outbox and sync
// has stopped writing is the account's local state cleared, as `perform logout` clears it. A
// sign-out then ends the command; a studio switch starts the app again on the same session, so
// every copy is read afresh from the studio switched to.

/// How a run of the app ended.
enum AppEnding {
  /// Quit, with this exit status.
  case quit(Int32)
  /// Signed out from the settings tab; `said` is what the server's sign-out answered.
  case signedOut(KeptSession, said: String?)
  /// The session now uses `studio` (its name).
  case switchedStudio(KeptSession, studio: String)
}

/// The ending the settings tab chose, read once the app stopped.
@MainActor
final class AppEndingBox {
  var value: AppEnding?
}

extension AppCommand {
  /// Runs the app until it quits or signs out, again after every studio switch; answers the
  /// exit status.
  @MainActor
  static func runUntilQuit(
    device: TerminalDevice, baseURL: URL, credentials: AppCredentials, options: Options
  ) async -> Int32 {
    var device = device
    var credentials = credentials
    var notice: String?
    let layout = dataLayout(options)
    while true {
      switch await runApp(
        device: device, baseURL: baseURL, credentials: credentials, options: options,
        notice: notice)
      {
      case .quit(let status): return status
      case .signedOut(let session, let said):
        if let said { say(said) }
        let problems = SignOut.clearLocalState(of: session, in: layout)
        for problem in problems { fail(problem) }
        say(
          "Signed out of \(session.email); this device's copies of the account's data are"
            + " removed.")
        return problems.isEmpty ? 0 : 1
      case .switchedStudio(let session, let studio):
        let problems = SignOut.clearLocalState(of: session, in: layout, keepingSession: true)
        guard problems.isEmpty else {
          for problem in problems { fail(problem) }
          return 1
        }
        let settings = AppSettingsStore(
          dataDirectory: layout.root, environment: ProcessInfo.processInfo.environment,
          now: Date())
        notice = settings.text(.settingsSwitched, ["studio": studio])
        credentials = .session(keptSession(options) ?? session)
        do {
          device = try TerminalDevice.open()
        } catch {
          fail("\(error)")
          return 2
        }
      }
    }
  }

  /// The settings tab's sign-out and studio switch for a signed-in session; `nil` for a token
  /// (the embedded server's demo trainee, `--token-file`), which has nothing to sign out of.
  @MainActor
  static func accountSteps(
    _ credentials: AppCredentials, client: TraineeAPIClient, layout: DataDirectory,
    text: @escaping @MainActor () -> AppText, ending: AppEndingBox,
    stop: @escaping @MainActor () -> Void
  ) -> SettingsAccountSteps? {
    guard case .session(let session) = credentials else { return nil }
    let state = AccountLocalState(layout: layout)
    return SettingsAccountSteps(
      email: session.email,
      studios: {
        guard let account = try? await client.account() else { return nil }
        return AccountStudios(
          all: account.studios.map { AccountStudio(id: $0.studioId, name: $0.studioName) },
          currentID: account.currentStudioId)
      },
      unsent: { state.unsent(now: Date()).map { $0.described(in: text()) } },
      sendUnsent: { await state.sendUnsent(through: client, now: Date()) },
      signOut: {
        let said = await SignOut.endOnServer(session, through: client)
        ending.value = .signedOut(session, said: said)
        stop()
      },
      switchStudio: { studio in
        do throws(TraineeAPIError) {
          _ = try await client.switchStudio(to: studio.id)
        } catch {
          return error.explanation
        }
        ending.value = .switchedStudio(session, studio: studio.name)
        stop()
        return nil
      })
  }

  /// Prints the demo coach's sign-in, as `perform serve --demo` does, and how it is used.
  static func printDemoCoach(_ prepared: EmbeddedServer.Prepared) {
    say("demo coach: \(prepared.coach.email)")
    say(
      "demo coach password: "
        + (prepared.coach.password ?? "(not kept: \(prepared.coachFile.path) is gone)"))
    say("(a coach signs in on the coach dashboard below: see README, \"For coaches\")")
  }
}
