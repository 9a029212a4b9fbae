import DurableFiles
import Foundation
import OperatorCommands
import TraineeAPI
import TraineeClient

// NB: docs/decisions/the-apps-files-and-the-api-client.md, "The session file": which server and
// which credentials the app and every command use. A token given (`--token-file`, `--token`,
// `PERFORM_TOKEN`) wins, as before; otherwise the data directory's signed-in session, for its own
// server (`--server` naming another one is refused: signing in there is a sign-out here first);
// otherwise, without `--server`, the embedded server's demo trainee.

/// The server and the credentials `options` and the data directory choose.
enum ServerChoice {
  /// `--server URL` with a legacy token.
  case legacy(RemoteServer)
  /// The signed-in session kept in the data directory.
  case session(KeptSession)
  /// `--server URL` with no token and no session: sign in first.
  case signInNeeded(server: URL)
  /// The embedded server with the demo trainee.
  case embedded

  /// The choice for `options`, given the session kept (`session`, `nil` for none).
  static func of(
    _ options: Options, session: KeptSession?,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(UsageError) -> ServerChoice {
    let tokenGiven =
      options.values["token"] != nil || options.values["token-file"] != nil
      || environment[RemoteServer.tokenVariable] != nil
    guard let server = options.values["server"], !tokenGiven else {
      if let remote = try RemoteServer.named(by: options, environment: environment) {
        return .legacy(remote)
      }
      return session.map { .session($0) } ?? .embedded
    }
    let url = try RemoteServer.url(server)
    guard let session else { return .signInNeeded(server: url) }
    guard session.server.sameServer(as: url) else {
      throw UsageError(
        "signed in as \(session.email) on \(session.server.absoluteString), not on \(server);"
          + " perform logout first, or give that server's token (--token-file FILE)")
    }
    return .session(session)
  }
}

extension URL {
  /// Whether `other` names the same server: the same scheme, host and port, whatever trailing
  /// slash either has.
  func sameServer(as other: URL) -> Bool {
    func root(_ url: URL) -> String {
      var text = url.absoluteString
      while text.hasSuffix("/") { text.removeLast() }
      return text.lowercased()
    }
    return root(self) == root(other)
  }
}

/// The session kept in the data directory of `options`, or `nil`; an unreadable file is moved
/// aside and said on standard error.
func keptSession(_ options: Options, now: Date = Date()) -> KeptSession? {
  let (session, problem) = SessionFile(dataDirectory: dataDirectory(options)).load(now: now)
  if let problem { fail(problem) }
  return session
}
