import Foundation
import PasswordHashing
import TraineeData

// NB: docs/decisions/accounts.md, "Token formats and lifetimes" and "Limits on guessing": every
// figure of the accounts is here, with its default.

/// The lifetimes, the password cost and the limits on guessing of the account store.
public struct AccountPolicy: Equatable, Sendable {
  /// How long an access token is taken: minutes, so a stolen one soon stops working.
  public var accessTokenSeconds: Int = 10 * 60
  /// How long a dashboard page session lives (docs/decisions/the-coachs-dashboard.md, "The page
  /// session"): a working day; it is not refreshed.
  public var pageSessionSeconds: Int = 12 * 3600
  /// How long a refresh token may be used (each use gives a new one for as long again).
  public var refreshTokenSeconds: Int = 30 * 86_400
  /// How long an invite is valid when its maker names no other time.
  public var inviteSeconds: Int = 7 * 86_400
  /// The longest an invite may be valid.
  public var longestInviteSeconds: Int = 30 * 86_400
  /// The cost of a new password hash.
  public var passwordHashing: Argon2id = .owaspMinimum
  /// The shortest password a new account or a change may set, in characters.
  public var shortestPassword: Int = 12
  /// The longest, in UTF-8 bytes.
  public var longestPasswordBytes: Int = 1024

  /// Sign-in failures: per login, then a lockout of up to 30 minutes; per address more, as
  /// many people may share one.
  public var signIn = AttemptLimits(
    perAccount: AttemptLimit(
      freeFailures: 5, firstDelaySeconds: 1, longestDelaySeconds: 30 * 60,
      forgetAfterSeconds: 86_400),
    perAddress: AttemptLimit(
      freeFailures: 20, firstDelaySeconds: 1, longestDelaySeconds: 15 * 60,
      forgetAfterSeconds: 3600))
  /// Invite acceptances with a code that is not usable, or an email that has an account.
  public var inviteAcceptance = AttemptLimits(
    perAccount: AttemptLimit(
      freeFailures: 5, firstDelaySeconds: 1, longestDelaySeconds: 30 * 60,
      forgetAfterSeconds: 86_400),
    perAddress: AttemptLimit(
      freeFailures: 10, firstDelaySeconds: 1, longestDelaySeconds: 30 * 60,
      forgetAfterSeconds: 3600))
  /// Refreshes with a token that is not valid.
  public var refresh = AttemptLimits(
    perAccount: AttemptLimit(
      freeFailures: 5, firstDelaySeconds: 1, longestDelaySeconds: 15 * 60,
      forgetAfterSeconds: 3600),
    perAddress: AttemptLimit(
      freeFailures: 20, firstDelaySeconds: 1, longestDelaySeconds: 15 * 60,
      forgetAfterSeconds: 3600))

  /// The defaults above.
  public static let defaults = AccountPolicy()

  public init() {}
}
