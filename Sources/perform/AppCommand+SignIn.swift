import DurableFiles
import Foundation
import OperatorCommands
import TerminalScreens
import TraineeAPI
import TraineeClient

// NB: docs/decisions/the-apps-files-and-the-api-client.md, "The sign-in screen".

extension AppCommand {
  /// The session the sign-in screen keeps for `server`, or the exit status when there is none:
  /// 1 when the trainee left the screen, 2 when it could not be shown (said on standard error).
  @MainActor
  static func signIn(server: URL, options: Options) async -> Result<KeptSession, ExitStatus> {
    let layout = dataLayout(options)
    let unsent = SignInAttempt.unsentBeforeFirstSignIn(layout)
    guard unsent.isEmpty else {
      fail(UnsentWrite.refusalBeforeFirstSignIn(unsent))
      return .failure(ExitStatus(code: 2))
    }
    let settings = AppSettingsStore(
      dataDirectory: layout.root, environment: ProcessInfo.processInfo.environment, now: Date())
    switch await SignInPrompt.run(server: server, layout: layout, text: settings.text) {
    case .signedIn(let session): return .success(session)
    case .left:
      fail("not signed in; perform login --server \(server.absoluteString) signs in too")
      return .failure(ExitStatus(code: 1))
    case .noTerminal(let problem):
      fail(
        "\(problem)\n--server needs the trainee's token: --token-file FILE, or"
          + " \(RemoteServer.tokenVariable) in the environment, or perform login --server URL"
          + " first")
      return .failure(ExitStatus(code: 2))
    }
  }
}

/// A command's exit status, as an error.
struct ExitStatus: Error {
  var code: Int32
}
