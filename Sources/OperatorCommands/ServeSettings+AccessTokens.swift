import Accounts
import Foundation

// NB: docs/decisions/accounts.md, "Token formats and lifetimes": an access token lives
// `--access-token-seconds` (30 to 86400, default the policy's 600). A short life lets an operator
// or a test see the app renew its session; a long one keeps a stolen token working longer.

extension ServeSettings {
  /// The access token lives that `given` allows.
  package static let accessTokenSecondsRange = 30...86_400

  /// The access token's life `given` sets, else the policy's default; `name` names the option as
  /// the user gave it, for errors.
  package static func accessTokenSeconds(
    _ given: Options, name: (String) -> String
  ) throws(UsageError) -> Int {
    guard let text = given.values["access-token-seconds"] else {
      return AccountPolicy.defaults.accessTokenSeconds
    }
    let range = accessTokenSecondsRange
    guard let seconds = Int(text), range.contains(seconds) else {
      throw UsageError(
        "\(name("access-token-seconds")) \"\(text)\" is not a number from \(range.lowerBound)"
          + " to \(range.upperBound)")
    }
    return seconds
  }
}
