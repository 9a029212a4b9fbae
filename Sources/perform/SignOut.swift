import DurableFiles
import Foundation
import OperatorCommands
import TraineeAPI
import TraineeClient

// NB: docs/decisions/the-apps-files-and-the-api-client.md, "Sign-out without loss" and "Sign-out
// and studio switch in the app": `perform logout` and the app's settings end the server's session
// and clear the account's local state through these same two steps, once the writes not yet sent
// were sent or discarded.

/// The last two steps of a sign-out.
enum SignOut {
  /// Ends `session` on its server through `client`; answers what to say of it (offline, that
  /// the server's session stays until it expires or is ended from another device), or `nil`
  /// when the server no longer took the session anyway.
  @MainActor
  static func endOnServer(
    _ session: KeptSession, through client: TraineeAPIClient
  ) async
    -> String?
  {
    do {
      try await client.signOut()
      return "The session on \(session.server.absoluteString) is ended."
    } catch {
      if error.isUnreachable {
        return "The server cannot be reached (\(error.explanation)): its session for this device"
          + " stays until it expires or is ended from another device."
      }
      return error.isRefusedToken
        ? nil : "The server did not end the session (\(error.explanation))."
    }
  }

  /// Clears `session`'s account's local state in `layout`, the session file last (kept for a
  /// studio switch: `keepingSession`); answers what could not be removed, one line each.
  static func clearLocalState(
    of session: KeptSession, in layout: DataDirectory, keepingSession: Bool = false
  ) -> [String] {
    AccountLocalState(layout: layout).clear(
      copies: KeptReads.copiesDirectory(in: layout.root, account: session.accountId),
      keepingSession: keepingSession)
  }
}
