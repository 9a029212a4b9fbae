import Foundation
import SQLStore

// NB: docs/decisions/accounts.md, "The routes": a refused token is looked at a second time, only
// when refused, so the answer can say `token_expired` (the app refreshes) or `forbidden` (a
// coach's token on a trainee route). An ended session, a suspended account and an unknown token
// are the same `unknown`: the words never tell them apart.

/// Why a bearer token names no trainee.
public enum TokenRefusalReason: Equatable, Sendable {
  /// No live session of an account that is not suspended has this token.
  case unknown
  /// A live session's access token, past its expiry: a refresh gives a new one.
  case expired
  /// A live, unexpired session of a coach or an operator, who has no trainee.
  case notATrainee
}

extension DatabaseTraineeStore {
  public func refusal(ofToken token: String) throws -> TokenRefusalReason {
    let found = try read { db in
      try db.row(
        """
        SELECT accounts.role, sessions.access_expires_at FROM sessions
        JOIN accounts ON accounts.id = sessions.account_id
        WHERE sessions.access_token_sha256 = ? AND sessions.ended_at IS NULL
          AND accounts.suspended_at IS NULL
        """, [.text(BearerToken.digest(token))]
      ) { row in (role: try row.string(0), expiresAt: try row.optionalInt64(1)) }
    }
    guard let found else { return .unknown }
    if let expiresAt = found.expiresAt, expiresAt <= now().milliseconds { return .expired }
    return found.role == AccountRole.trainee.rawValue ? .unknown : .notATrainee
  }
}
