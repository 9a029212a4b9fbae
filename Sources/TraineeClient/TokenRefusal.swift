import Foundation
import Synchronization
import TraineeAPI

// NB: docs/decisions/the-apps-files-and-the-api-client.md "A refused token": a token the server
// refused (401) stays refused for as long as the app runs with it, since only a restart with
// `--token` changes it; so after the first 401 no request of a client sharing this is sent, and
// nothing retries against the server. With a signed-in session, a 401 `token_expired` is renewed
// first, and only a refused refresh (or another 401) is kept; a new sign-in forgets it.

/// Whether the server refused the token of the clients that share this (401), and its answer.
///
/// Give one to every `TraineeAPIClient` of the app (`tokenRefusal`): after the server answers
/// 401, each of their requests throws the same `.http(status: 401, ...)` without being sent.
public final class TokenRefusal: Sendable {
  private let answer = Mutex<APIErrorBody??>(nil)

  /// No token refused yet.
  public init() {}

  /// Whether the server refused the token.
  public var isRefused: Bool { answer.withLock { $0 != nil } }

  /// The error the server's 401 was, once it came; thrown again for every later request.
  public var error: TraineeAPIError? {
    answer.withLock { kept in kept.map { .http(status: 401, error: $0) } }
  }

  /// Forgets the refusal: the app signed in again, and its requests go to the server once more.
  public func forget() {
    answer.withLock { $0 = nil }
  }

  /// Keeps the server's first 401 answer (`body`, when it was an error body).
  func refuse(_ body: APIErrorBody?) {
    answer.withLock { kept in
      if kept == nil { kept = .some(body) }
    }
  }
}
