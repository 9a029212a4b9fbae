import TraineeAPI

// NB: docs/decisions/the-apps-files-and-the-api-client.md, "Refresh": the codes of the 401s a
// signed-in app tells apart. Only `token_expired` is renewed; every other 401 is a refusal.

extension APIErrorBody {
  /// The code of a 401 to an access token past its expiry: the app refreshes.
  public static let tokenExpired = "token_expired"
  /// The code of a 401 to a refresh token that is unknown, expired or reused.
  public static let refreshRefused = "refresh_refused"
  /// The code of a 401 to a sign-in with a wrong email or password.
  public static let invalidCredentials = "invalid_credentials"
}
