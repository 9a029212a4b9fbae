import Accounts
import HTTPServer
import TraineeData

// NB: docs/decisions/accounts.md, "The routes", the table of codes: each refusal of the account
// store answers one status and code of the contract, in words that never tell whether an account
// exists; a wait says when to come back in `Retry-After`.

extension AccountRefusal: HTTPResponseError {
  /// 429 Too Many Requests.
  static let tooManyRequests: HTTPStatus = 429

  public var response: HTTPResponse {
    switch self {
    case .invalidCredentials:
      return .error(
        .unauthorized, code: "invalid_credentials", message: "The email or the password is wrong.")
    case .tooManyAttempts(let seconds):
      var response = HTTPResponse.error(
        Self.tooManyRequests, code: "too_many_attempts",
        message: "Too many failed attempts; nothing was tried. Try again in \(seconds) s.")
      response.headers["Retry-After"] = String(seconds)
      return response
    case .accountSuspended:
      return .error(
        .unauthorized, code: "unauthorized",
        message: "The account is suspended; ask the operator of this server.")
    case .inviteNotUsable:
      return .error(
        .notFound, code: "invite_not_usable",
        message: "The invite code is not valid: unknown, used, revoked or expired.")
    case .emailTaken:
      return .error(
        .conflict, code: "email_taken",
        message: "The email has an account: sign in with it, then join with the invite code.")
    case .notAllowed:
      return forbiddenError.response
    case .refreshTokenNotValid, .refreshTokenReused:
      return .error(
        .unauthorized, code: "refresh_refused",
        message: "The refresh token is not valid; sign in again.")
    }
  }
}
