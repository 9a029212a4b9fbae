import DurableFiles
import Foundation
import OperatorCommands
import TraineeAPI
import TraineeClient

// NB: docs/decisions/the-apps-files-and-the-api-client.md, "The session file": `perform login`
// and the app's sign-in screen sign in through this one path: the same refusals, the same old
// session ended, the same file kept.

/// One sign-in of `perform login` or the app's sign-in screen, after the email and password are
/// known.
enum SignInAttempt {
  /// Why a sign-in kept no session.
  enum Failure: Error, Equatable {
    /// The server answered 401: the email or the password is wrong (it never says which).
    case wrongCredentials
    /// The server could not be reached; `explanation` says how.
    case unreachable(explanation: String)
    /// The server refused otherwise (429 with its wait, say), in its words.
    case refused(message: String)
    /// `email` is another account than the one signed in here (`kept`).
    case anotherAccount(email: String, kept: String)
    /// The session could not be written to the data directory.
    case cannotKeep(path: String, problem: String)

    /// The sentence `perform login` prints after "not signed in: ".
    var sentence: String {
      switch self {
      case .wrongCredentials: "the email or the password is wrong"
      case .unreachable(let explanation): explanation
      case .refused(let message): message
      case .anotherAccount(let email, let kept):
        "\(email) is another account than \(kept), signed in here; perform logout first"
      case .cannotKeep(let path, let problem): "cannot keep the session in \(path): \(problem)"
      }
    }

    /// `perform login`'s exit status for it.
    var status: Int32 {
      if case .anotherAccount = self { return 2 }
      return 1
    }
  }

  /// The writes this device holds that a first sign-in would send to the account signing in
  /// (the legacy or demo trainee's): a first sign-in is refused while there are any.
  static func unsentBeforeFirstSignIn(_ layout: DataDirectory) -> [UnsentWrite] {
    AccountLocalState(layout: layout).unsent(now: Date())
  }

  /// Signs `email` in on `server` as `device`, ends the `kept` session of the same account (a
  /// sign-in again after a refusal) and keeps the new one in `layout`'s session file.
  @MainActor
  static func signIn(
    server: URL, email: String, password: String, device: String, layout: DataDirectory,
    kept: KeptSession?
  ) async -> Result<KeptSession, Failure> {
    let client = TraineeAPIClient(baseURL: server, credentials: .none)
    let session: KeptSession
    do {
      session = try await client.signIn(email: email, password: password, device: device).session
    } catch {
      switch error {
      case .http(401, _): return .failure(.wrongCredentials)
      case .http(_, let body?): return .failure(.refused(message: body.error.message))
      default:
        return .failure(
          error.isUnreachable
            ? .unreachable(explanation: error.explanation)
            : .refused(message: error.explanation))
      }
    }
    let file = SessionFile(dataDirectory: layout.root)
    if let kept {
      guard kept.accountId == session.accountId else {
        _ = try? await TraineeAPIClient.signedIn(session, keepingIn: file).signOut()
        return .failure(.anotherAccount(email: email, kept: kept.email))
      }
      // The same account again (after a refused session, say): the old session ends.
      let old = TraineeAPIClient(baseURL: kept.server, credentials: .token(kept.accessToken))
      _ = try? await old.signOut()
    }
    do {
      try file.save(session)
    } catch {
      return .failure(.cannotKeep(path: file.url.path, problem: "\(error)"))
    }
    return .success(session)
  }
}
