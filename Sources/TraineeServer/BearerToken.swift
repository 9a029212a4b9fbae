import CCrypto
import Foundation

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
enum BearerToken {
  /// A new token: 32 bytes from the system's cryptographically secure generator, as hex.
  static func generate() -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    return hex(bytes)
  }

  /// The lowercase hex SHA-256 of the token's UTF-8 bytes.
  static func digest(_ token: String) -> String {
    hex(SHA256.hash(Array(token.utf8)))
  }

  static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}

/// SHA-256 (FIPS 180-4), by OpenSSL's libcrypto.
enum SHA256 {
  // NB: OpenSSL 3 looks `EVP_sha256()` up in its provider table on every digest made with it (a
  // tenth of the token check's time); the algorithm fetched once is used by every thread, as
  // OpenSSL allows for a fetched algorithm. Kept for the life of the process.
  nonisolated(unsafe) private static let algorithm: OpaquePointer? =
    EVP_MD_fetch(nil, "SHA256", nil) ?? EVP_sha256()

  /// The 32-byte digest of `message`.
  static func hash(_ message: some ContiguousBytes) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    let done = message.withUnsafeBytes { bytes in
      digest.withUnsafeMutableBufferPointer { output in
        // An empty message still needs an address; nothing is read from it.
        withUnsafeBytes(of: UInt8(0)) { empty in
          EVP_Digest(
            bytes.baseAddress ?? empty.baseAddress, bytes.count, output.baseAddress, &length,
            algorithm, nil)
        }
      }
    }
    precondition(done == 1 && length == 32, "libcrypto could not compute a SHA-256")
    return Array(digest.prefix(32))
  }
}
