import DurableFiles
import Foundation
import OperatorCommands
import TraineeAPI
import TraineeClient

// NB: docs/decisions/the-apps-files-and-the-api-client.md, "The session file" and "Sign-out
// without loss": `perform login` keeps a session in DIR/session.json (0600) for the app and every
// command; `perform logout` sends (or, asked, discards) what is not yet sent, ends the session on
// the server when it answers, and clears the account's local state.

/// `perform login` and `perform logout`.
enum SignInCommands {
  /// `perform login [--server URL] [--email E] [--device NAME] [--data-dir DIR]`.
  @MainActor
  static func login(_ arguments: [String]) async -> Int32 {
    let options: Options
    let server: URL?
    do {
      options = try Options(arguments, known: ["server", "email", "device", "data-dir"])
      guard options.positional.isEmpty else { throw UsageError("login takes no arguments") }
      server = try options.values["server"].map(RemoteServer.url)
    } catch {
      fail("\(error)\n\n\(usage(of: "login"))")
      return 2
    }
    let layout = dataLayout(options)
    do {
      try prepareDataDirectory(layout)
    } catch {
      fail("cannot create the data directory \(layout.root.path): \(error)")
      return 1
    }
    let kept = keptSession(options)
    guard let server = server ?? kept?.server else {
      fail("login needs the server: --server URL\n\n\(usage(of: "login"))")
      return 2
    }
    if let kept, !kept.server.sameServer(as: server) {
      fail(
        "signed in as \(kept.email) on \(kept.server.absoluteString); perform logout first")
      return 2
    }
    if kept == nil {
      let unsent = SignInAttempt.unsentBeforeFirstSignIn(layout)
      guard unsent.isEmpty else {
        fail(UnsentWrite.refusalBeforeFirstSignIn(unsent))
        return 2
      }
    }
    guard
      let email = options.values["email"] ?? kept?.email ?? TerminalPrompt.ask("Email: "),
      !email.isEmpty
    else {
      fail("login needs the email (--email E, or typed when asked)")
      return 2
    }
    guard let password = TerminalPrompt.ask("Password: ", hidden: true), !password.isEmpty else {
      fail("login needs the password (typed when asked, or on standard input)")
      return 2
    }
    let device = options.values["device"] ?? ProcessInfo.processInfo.hostName
    let session: KeptSession
    switch await SignInAttempt.signIn(
      server: server, email: email, password: password, device: device, layout: layout,
      kept: kept)
    {
    case .success(let signedIn): session = signedIn
    case .failure(let failure):
      fail("not signed in: \(failure.sentence)")
      return failure.status
    }
    say("Signed in as \(session.email) on \(server.absoluteString) (this device: \(device)).")
    return 0
  }

  /// `perform logout [--discard-unsent] [--data-dir DIR]`.
  @MainActor
  static func logout(_ arguments: [String]) async -> Int32 {
    let options: Options
    do {
      options = try Options(arguments, known: ["data-dir"], knownFlags: ["discard-unsent"])
      guard options.positional.isEmpty else { throw UsageError("logout takes no arguments") }
    } catch {
      fail("\(error)\n\n\(usage(of: "logout"))")
      return 2
    }
    let layout = dataLayout(options)
    guard let session = keptSession(options) else {
      fail("not signed in: \(layout.session.path) holds no session")
      return 2
    }
    let state = AccountLocalState(layout: layout)
    let client = TraineeAPIClient.signedIn(
      session, keepingIn: SessionFile(dataDirectory: layout.root), report: fail)
    var unsent = state.unsent(now: Date())
    if !unsent.isEmpty, !options.flags.contains("discard-unsent") {
      fail(listing(unsent))
      guard TerminalPrompt.inputIsTerminal else {
        fail(
          "not signed out: send them first (start perform, or run perform logout on a"
            + " terminal), or discard them with perform logout --discard-unsent")
        return 2
      }
      let answer = TerminalPrompt.ask(
        "Send them now, then sign out? [Y]es / [n]o, stay signed in / [d]iscard them and sign"
          + " out: ")?.lowercased().trimmingCharacters(in: .whitespaces)
      switch answer {
      case "", "y", "yes":
        let problems = await state.sendUnsent(through: client, now: Date())
        unsent = state.unsent(now: Date())
        guard unsent.isEmpty else {
          fail(
            (problems.map { "not sent: \($0)" } + [listing(unsent)]).joined(separator: "\n")
              + "\nstill signed in: nothing was removed")
          return 1
        }
        say("Sent.")
      case "d", "discard":
        break
      default:
        say("Still signed in; nothing was removed.")
        return 1
      }
    }
    if let said = await SignOut.endOnServer(session, through: client) { say(said) }
    let problems = SignOut.clearLocalState(of: session, in: layout)
    for problem in problems { fail(problem) }
    say("Signed out of \(session.email); this device's copies of the account's data are removed.")
    return problems.isEmpty ? 0 : 1
  }

  private static func listing(_ unsent: [UnsentWrite]) -> String {
    "Not yet sent from this device:\n"
      + unsent.map { "  - \($0.described)" }.joined(separator: "\n")
  }
}
