import Foundation

// NB: docs/decisions/the-apps-files-and-the-api-client.md, "Sign-out and studio switch in the
// app": the settings tab knows no server and no file; the command that signed in gives it these
// steps (the same as `perform logout`'s), and only when a session is signed in.

/// One of the account's studios, as the switch lists it.
public struct AccountStudio: Equatable, Sendable {
  /// The studio's id, as the server names it.
  public var id: String
  public var name: String

  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }
}

/// The account's studios and the one this device's session uses (`nil`: none).
public struct AccountStudios: Equatable, Sendable {
  public var all: [AccountStudio]
  public var currentID: String?

  public init(all: [AccountStudio], currentID: String?) {
    self.all = all
    self.currentID = currentID
  }

  /// The studio the session uses, when the account still has it.
  public var current: AccountStudio? { all.first { $0.id == currentID } }
}

/// What the settings tab's "Sign out" and "Switch studio" rows do, given by the command that
/// signed the app in.
public struct SettingsAccountSteps {
  /// The login of the account signed in, shown on the sign-out row.
  public var email: String
  /// The account's studios as the server says now; `nil` when it cannot be asked.
  public var studios: @MainActor () async -> AccountStudios?
  /// What the server has not yet had from this device, one line each, in the app's language.
  public var unsent: @MainActor () -> [String]
  /// Sends what it can; answers what still failed, one line each (empty: all sent).
  public var sendUnsent: @MainActor () async -> [String]
  /// Ends the session and the app; the account's local state is cleared once the app stopped.
  public var signOut: @MainActor () async -> Void
  /// Makes the session use `studio`, then starts the app again on a cleared local state;
  /// answers why not when the server refused or could not be reached.
  public var switchStudio: @MainActor (_ studio: AccountStudio) async -> String?

  public init(
    email: String, studios: @escaping @MainActor () async -> AccountStudios?,
    unsent: @escaping @MainActor () -> [String],
    sendUnsent: @escaping @MainActor () async -> [String],
    signOut: @escaping @MainActor () async -> Void,
    switchStudio: @escaping @MainActor (_ studio: AccountStudio) async -> String?
  ) {
    self.email = email
    self.studios = studios
    self.unsent = unsent
    self.sendUnsent = sendUnsent
    self.signOut = signOut
    self.switchStudio = switchStudio
  }
}

/// Where the settings tab is in a sign-out or a studio switch.
enum AccountFlow: Equatable {
  /// What the trainee asked for.
  enum Intent: Equatable {
    case signOut
    case switchStudio(AccountStudio)
  }

  /// Choosing the studio to switch to (`index` into the account's studios).
  case choosingStudio(index: Int)
  /// Asking to go on; `unsent` lists what is not yet sent (then Enter sends first, `d`
  /// discards), `problems` what the last try to send could not.
  case confirming(Intent, unsent: [String], problems: [String])
  /// Sending what was not sent, then going on.
  case sending(Intent)
  /// The server is asked to end the session or switch the studio.
  case working(Intent)
}
