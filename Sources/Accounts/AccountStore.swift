import Foundation
import TraineeData

// NB: docs/decisions/accounts.md, "The store": the accounts' store knows no HTTP. Every refusal
// of an authentication step is a thrown `AccountRefusal` whose words never tell whether an account
// exists; `tooManyAttempts` says when to come back, and nothing sleeps. Every step is dated by the
// trainee store's injected clock and written to the audit log without a secret.

/// Studios, accounts, invites and the sessions of devices: what signing in rests on.
///
/// Methods throw `AccountRefusal` for a refused step, `TraineeStoreError.invalid` for input the
/// store checks (an email, a password's length, a name) and `TraineeStoreError` when storage
/// fails. `address` is the client's address, for the limits on guessing and the audit log.
public protocol AccountStore: Sendable {
  // MARK: Studios and accounts

  /// Creates a studio named `name` (trimmed, not empty).
  func createStudio(name: String) throws -> Studio
  /// The studio every trainee made without an invite belongs to (created when missing).
  func defaultStudio() throws -> Studio
  /// Every studio, oldest first.
  func studios() throws -> [Studio]
  /// The studio with this id, or `nil`.
  func studio(id: StudioID) throws -> Studio?
  /// Creates a coach of `studio`, or an operator (`studio` `nil`), who signs in with `email` and
  /// `password`; throws `AccountRefusal.emailTaken` when an account has the email.
  func createAccount(
    role: AccountRole, name: String, email: String, password: String, studio: StudioID?
  ) throws -> Account
  /// The account with this id, or `nil`.
  func account(id: AccountID) throws -> Account?
  /// The account of a trainee, or `nil` (a trainee written by hand into the database).
  func account(ofTrainee trainee: TraineeID) throws -> Account?
  /// The account's links to studios, ended ones too, oldest first.
  func memberships(of account: AccountID) throws -> [StudioMembership]
  /// Ends the account's link to `studio` (either side may); `false` when there is no live link.
  /// The account's live sessions that used `studio` move to the studio it joined last of its
  /// live links, or to none.
  func endMembership(studio: StudioID, account: AccountID) throws -> Bool
  /// Makes the account's live `session` use `studio`, one of the account's live links, and
  /// writes `studio_switched` when that changed it; `false` when the account has no live link to
  /// `studio` or no such live session (the same answer whether or not the studio exists).
  func switchStudio(
    _ session: SessionID, of account: AccountID, to studio: StudioID, address: String?
  ) throws -> Bool
  /// Turns the trainee's switch "share my earlier records" with `studio` on or off and answers
  /// the link; `nil` when the account has no live trainee link to the studio (nothing changes).
  func setSharesEarlierRecords(
    _ shares: Bool, studio: StudioID, account: AccountID
  ) throws -> StudioMembership?
  /// Suspends the account and ends none of its sessions: every one is refused at its next
  /// request, until ``reinstate(_:)``. `false` when there is no such account.
  func suspend(_ account: AccountID) throws -> Bool
  /// Lifts a suspension; `false` when there is no such account.
  func reinstate(_ account: AccountID) throws -> Bool

  // MARK: The coach's roster

  /// The trainees of `studio`'s live links with what they did against what was prescribed,
  /// in the order of their links' rows (the caller sorts and pages); `rules` decides who needs
  /// attention. Today is the store's clock's, in each trainee's zone.
  func roster(of studio: StudioID, rules: RosterRules) throws -> [RosterTrainee]
  /// `studio`'s nutrition tolerance of `trainee` (the default when it set none); `nil` while the
  /// trainee has no live link to the studio.
  func nutritionTolerance(
    of trainee: TraineeID, by studio: StudioID
  ) throws
    -> NutritionTolerance?
  /// Sets `studio`'s nutrition tolerance of `trainee`; `false`, and nothing changed, while the
  /// trainee has no live link to the studio.
  func setNutritionTolerance(
    _ tolerance: NutritionTolerance, of trainee: TraineeID, by studio: StudioID
  ) throws -> Bool

  // MARK: Invites

  /// Creates an invite to `studio` by `coach` (`nil`: the operator), valid for `validFor` seconds
  /// (`nil`: the policy's default; at most its longest). The code is returned once.
  func createInvite(studio: StudioID, by coach: AccountID?, validFor: Int?) throws -> NewInvite
  /// The studio's invites, newest first.
  func invites(of studio: StudioID) throws -> [Invite]
  /// Revokes an unused invite; `false` when the studio has no such unused, unrevoked invite.
  func revokeInvite(_ invite: InviteID, studio: StudioID, by account: AccountID?) throws -> Bool
  /// Accepts an invite by creating a trainee account (`name`, `email` as the login, `password`)
  /// in the invite's studio, and signs it in on `device`. Refusals: `inviteNotUsable`,
  /// `emailTaken`, `tooManyAttempts`.
  func acceptInvite(
    code: String, name: String, email: String, password: String, device: String,
    address: String
  ) throws -> SignedIn
  /// Accepts an invite for a signed-in trainee account, which joins the invite's studio.
  /// Refusals: `inviteNotUsable`, `notAllowed`, `accountSuspended`, `tooManyAttempts`.
  func acceptInvite(
    code: String, for account: AccountID, address: String
  ) throws
    -> StudioMembership

  // MARK: Sessions

  /// Signs in with an email and a password, creating a session for `device`. Refusals:
  /// `invalidCredentials` (also for an email no account has, after the same Argon2 work),
  /// `tooManyAttempts`, `accountSuspended` (only with the right password).
  func signIn(
    email: String, password: String, device: String, address: String
  ) throws
    -> SignedIn
  /// Signs a coach in to the dashboard's pages: as ``signIn(email:password:device:address:)``
  /// (the same limits, refusals and audit), refusing `notAllowed` any other role once the password
  /// is right; the session's access token is the pages' cookie secret and lives the policy's
  /// `pageSessionSeconds`, without a refresh.
  func signInToPages(
    email: String, password: String, device: String, address: String
  ) throws
    -> SignedIn
  /// Gives a session a new pair of tokens for its refresh token, which is then spent. A spent
  /// refresh token used again ends the whole session (`refreshTokenReused`). Refusals also:
  /// `refreshTokenNotValid`, `accountSuspended`, `tooManyAttempts`.
  func refresh(_ refreshToken: String, address: String) throws -> SessionTokens
  /// The live session whose unexpired access token (or legacy token) this is, with its account;
  /// `nil` otherwise, and for a suspended account.
  func session(forAccessToken token: String) throws -> (account: Account, session: DeviceSession)?
  /// The account's live sessions, newest first.
  func sessions(of account: AccountID) throws -> [DeviceSession]
  /// Ends one of the account's sessions; `false` when it has no such live session.
  func endSession(_ session: SessionID, of account: AccountID, address: String?) throws -> Bool
  /// Ends every live session of the account; returns how many.
  func endAllSessions(of account: AccountID, address: String?) throws -> Int
  /// Changes the account's password after checking the current one, and ends every other
  /// session. Refusals: `invalidCredentials`, `tooManyAttempts`.
  func changePassword(
    of account: AccountID, current: String, new: String, keeping session: SessionID?,
    address: String
  ) throws

  // MARK: Audit log

  /// Authentication events, newest first: of one account, or of all (`nil`); at most `limit`.
  func authEvents(of account: AccountID?, limit: Int) throws -> [AuthEvent]
}
