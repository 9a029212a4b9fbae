import DurableFiles
import Foundation
import OperatorCommands
import PerformApp
import TerminalScreens
import TraineeAPI
import TraineeClient

// NB: docs/decisions/the-apps-files-and-the-api-client.md, "The sign-in screen": once the server
// refuses the signed-in session (ended from another device, a refused refresh, a suspension),
// the app says so once by showing the sign-in screen over it, the email typed already. Signed in
// again (the same account only), the session's credentials take the new session and the
// refusal is forgotten, so every screen and outbox reaches the server again; Esc closes the
// screen, and it is not offered again in this run: no retry loop.

/// Offers the sign-in screen once, when the app's signed-in session is refused.
@MainActor
final class RefusedSessionSignIn {
  private let client: TraineeAPIClient
  private let app: PerformTerminalApp
  private let layout: DataDirectory
  private let text: @MainActor () -> AppText
  private let signedInAgain: @MainActor () -> Void
  private var offered = false

  /// Watches `client`'s refusal; `signedInAgain` runs after a sign-in replaced the session.
  init(
    client: TraineeAPIClient, app: PerformTerminalApp, layout: DataDirectory,
    text: @escaping @MainActor () -> AppText, signedInAgain: @escaping @MainActor () -> Void
  ) {
    self.client = client
    self.app = app
    self.layout = layout
    self.text = text
    self.signedInAgain = signedInAgain
  }

  /// Shows the sign-in screen when the session has been refused and it was not offered yet.
  func check() {
    guard !offered, case .session(let credentials) = client.credentials,
      let refusal = client.tokenRefusal, refusal.isRefused
    else { return }
    offered = true
    let app = app
    let layout = layout
    let text = text()
    let signedInAgain = signedInAgain
    Task { @MainActor in
      let kept = await credentials.session
      let screen = SignInScreen(
        server: kept.server.absoluteString, text: text, email: kept.email,
        notice: text(.signInRefused), host: app,
        signIn: { email, password in
          switch await SignInAttempt.signIn(
            server: kept.server, email: email, password: password,
            device: ProcessInfo.processInfo.hostName, layout: layout, kept: kept)
          {
          case .success(let session):
            await credentials.replace(with: session)
            refusal.forget()
            return nil
          case .failure(let failure): return SignInPrompt.line(failure, text: text)
          }
        },
        leave: { [weak app] signedIn in
          app?.dismissPresented()
          if signedIn { signedInAgain() }
        })
      app.present(screen)
    }
  }
}
