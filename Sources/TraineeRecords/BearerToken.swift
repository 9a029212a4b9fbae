import Foundation
import SHA256Digest

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage":
// the token is stored only as its SHA-256. A token is 256 random bits from the system's secure
// generator, so no salt or slow hash is needed: there is no dictionary to try, and an unsalted
// digest can be looked up through a unique index. Foundation on Linux has no SHA-256 (no
// CryptoKit); the digest is OpenSSL's (libcrypto, a Debian library libpq already needs), checked
// against the FIPS 180-4 test vectors.
// It replaced one written here in Swift, six times slower: every answer's `ETag` is its digest
// (docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history").

/// Bearer tokens: making new ones and the digest the store keeps instead.
package enum BearerToken {
  /// A new token: 32 bytes from the system's cryptographically secure generator, as hex.
  package static func generate() -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    return lowercaseHex(bytes)
  }

  /// The lowercase hex SHA-256 of the token's UTF-8 bytes.
  package static func digest(_ token: String) -> String {
    lowercaseHex(SHA256.hash(Array(token.utf8)))
  }
}
