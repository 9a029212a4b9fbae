import Foundation
import SHA256Digest

// NB: docs/decisions/accounts.md, "Token formats and lifetimes": every secret the accounts hand
// out is 256 random bits (an invite code 128) from the system's secure generator, as lowercase hex
// after a prefix that says what it is (`pfa_` access, `pfr_` refresh, `pfi_` invite), so a leaked
// one is recognised by a scanner and one kind is never taken for another. Like a legacy token
// (BearerToken.swift), each is stored only as its SHA-256: it has too many bits to guess, so no
// salt or slow hash is needed, and a unique index finds it.

/// The kinds of secret the accounts hand out, and how each is made.
package enum SecretToken {
  /// An access token: the bearer token of every request of a session, for minutes.
  package static func access() -> String { "pfa_" + randomHex(bytes: 32) }
  /// A refresh token: buys a session's next pair of tokens, once.
  package static func refresh() -> String { "pfr_" + randomHex(bytes: 32) }
  /// An invite code.
  package static func invite() -> String { "pfi_" + randomHex(bytes: 16) }

  /// `bytes` bytes from the system's cryptographically secure generator, as lowercase hex.
  package static func randomHex(bytes: Int) -> String {
    var generator = SystemRandomNumberGenerator()
    return lowercaseHex((0..<bytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
  }
}
