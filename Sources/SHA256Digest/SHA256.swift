import CCrypto
import Foundation

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage":
// Foundation on Linux has no SHA-256 (no CryptoKit); the digest is OpenSSL's (libcrypto, a Debian
// library libpq already needs), checked against the FIPS 180-4 test vectors. Every answer's `ETag`
// is its digest, and the trainee store keeps a token's.

/// SHA-256 (FIPS 180-4), by OpenSSL's libcrypto.
package enum SHA256 {
  // NB: OpenSSL 3 looks `EVP_sha256()` up in its provider table on every digest made with it (a
  // tenth of the token check's time); the algorithm fetched once is used by every thread, as
  // OpenSSL allows for a fetched algorithm. Kept for the life of the process.
  nonisolated(unsafe) private static let algorithm: OpaquePointer? =
    EVP_MD_fetch(nil, "SHA256", nil) ?? EVP_sha256()

  /// The 32-byte digest of `message`.
  package static func hash(_ message: some ContiguousBytes) -> [UInt8] {
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

/// `bytes` as lowercase hexadecimal, two digits a byte.
package func lowercaseHex(_ bytes: [UInt8]) -> String {
  let digits = Array("0123456789abcdef".utf8)
  var text: [UInt8] = []
  text.reserveCapacity(bytes.count * 2)
  for byte in bytes {
    text.append(digits[Int(byte >> 4)])
    text.append(digits[Int(byte & 0x0f)])
  }
  return String(decoding: text, as: UTF8.self)
}
