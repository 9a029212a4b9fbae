import DurableFiles
import Foundation
import OperatorCommands
import PerformApp
import TerminalScreens
import TerminalUI
import TraineeAPI
import TraineeClient

// NB: docs/decisions/the-apps-files-and-the-api-client.md, "The sign-in screen": the app started
// with a server but neither a session nor a token shows the sign-in screen on a terminal of its
// own before anything else, and signs in as `perform login` does (SignInAttempt).

/// The app's sign-in screen, run on the terminal before the app.
enum SignInPrompt {
  /// What the screen ended with.
  enum Outcome {
    case signedIn(KeptSession)
    /// Esc (or the terminal closed): nothing was kept.
    case left
    /// No terminal could be opened; the problem is said.
    case noTerminal(String)
  }

  /// Shows the sign-in screen for `server` until a sign-in keeps a session in `layout` or the
  /// trainee leaves; `notice` is shown first (a refused session), `kept` is the session kept
  /// (of the same account, for a sign-in again).
  @MainActor
  static func run(
    server: URL, layout: DataDirectory, text: AppText, notice: String? = nil,
    kept: KeptSession? = nil
  ) async -> Outcome {
    let device: TerminalDevice
    do {
      device = try TerminalDevice.open()
    } catch {
      return .noTerminal("\(error)")
    }
    let app = PerformTerminalApp()
    app.text = text
    app.showsShellHint = false
    let runner = TerminalAppRunner(app: app, device: device)
    let result = SignedInBox()
    let screen = SignInScreen(
      server: server.absoluteString, text: text, notice: notice, host: app,
      signIn: { email, password in
        switch await SignInAttempt.signIn(
          server: server, email: email, password: password,
          device: ProcessInfo.processInfo.hostName, layout: layout, kept: kept)
        {
        case .success(let session):
          result.session = session
          return nil
        case .failure(let failure): return line(failure, text: text)
        }
      },
      leave: { _ in runner.stop() })
    app.setTabs([.init(title: text(.signInTab), screen: screen)])
    await runner.run()
    return result.session.map { .signedIn($0) } ?? .left
  }

  /// `failure` as the screen's error line, in `text`'s language.
  static func line(_ failure: SignInAttempt.Failure, text: AppText) -> String {
    switch failure {
    case .wrongCredentials: text(.signInWrong)
    case .unreachable: text(.signInUnreachable)
    case .refused(let message): text(.signInNotSignedIn, ["problem": message])
    case .anotherAccount, .cannotKeep: text(.signInNotSignedIn, ["problem": failure.sentence])
    }
  }
}

/// The session a sign-in of the screen kept.
@MainActor
private final class SignedInBox {
  var session: KeptSession?
}
