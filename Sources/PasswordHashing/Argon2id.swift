import CArgon2

// NB: docs/decisions/accounts.md, "What is hashed how": a password is hashed with Argon2id by the
// reference library (Debian's libargon2), with at least OWASP's minimum cost, a random 16-byte
// salt and a 32-byte hash, and stored as the library's encoded string
// (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`), which carries its own cost and salt: a hash
// made at one cost still verifies after the default is raised. This file owns every call into
// the library.

/// Argon2id (RFC 9106) password hashes at one cost, in the encoded string form.
public struct Argon2id: Equatable, Sendable {
  /// Memory per hash, in KiB.
  public var memoryKiB: UInt32
  /// Passes over the memory.
  public var iterations: UInt32
  /// Lanes computed in parallel.
  public var parallelism: UInt32

  /// OWASP's minimum for Argon2id: 19 MiB, 2 iterations, parallelism 1.
  public static let owaspMinimum = Argon2id(memoryKiB: 19 * 1024, iterations: 2, parallelism: 1)

  /// Bytes of random salt in every new hash.
  public static let saltBytes = 16
  /// Bytes of the hash itself.
  public static let hashBytes = 32

  /// Hashes at `memoryKiB` KiB, `iterations` passes and `parallelism` lanes.
  public init(memoryKiB: UInt32, iterations: UInt32, parallelism: UInt32) {
    self.memoryKiB = memoryKiB
    self.iterations = iterations
    self.parallelism = parallelism
  }

  /// The encoded Argon2id hash of `password`'s UTF-8 bytes with a new random salt, as
  /// `$argon2id$v=19$m=…,t=…,p=…$<salt>$<hash>` (unpadded base64).
  ///
  /// Throws ``Argon2idError`` when the library refuses the cost or cannot allocate its memory.
  public func hash(_ password: String) throws(Argon2idError) -> String {
    var generator = SystemRandomNumberGenerator()
    let salt = (0..<Self.saltBytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    return try hash(password, salt: salt)
  }

  /// The encoded hash of `password` with the given `salt`; for tests of known answers.
  func hash(_ password: String, salt: [UInt8]) throws(Argon2idError) -> String {
    let length = argon2_encodedlen(
      iterations, memoryKiB, parallelism, UInt32(salt.count), UInt32(Self.hashBytes), Argon2_id)
    var encoded = [CChar](repeating: 0, count: length + 1)
    let bytes = Array(password.utf8)
    let code = bytes.withUnsafeBytes { passwordBytes in
      salt.withUnsafeBytes { saltBytes in
        argon2id_hash_encoded(
          iterations, memoryKiB, parallelism, passwordBytes.baseAddress, passwordBytes.count,
          saltBytes.baseAddress, saltBytes.count, Self.hashBytes, &encoded, encoded.count)
      }
    }
    guard code == ARGON2_OK.rawValue else { throw Argon2idError(code: code) }
    return String(decoding: encoded.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Whether `password` is the one `encoded` (a string from ``hash(_:)``, at any cost) was made
  /// from; `false` too for a string that is not an Argon2id hash. The hashes are compared in
  /// constant time by the library.
  public static func verify(_ password: String, against encoded: String) -> Bool {
    guard encoded.hasPrefix("$argon2id$") else { return false }
    let bytes = Array(password.utf8)
    let code = bytes.withUnsafeBytes { passwordBytes in
      argon2id_verify(encoded, passwordBytes.baseAddress, passwordBytes.count)
    }
    return code == ARGON2_OK.rawValue
  }
}

/// Why the library made no hash: its error code and message.
public struct Argon2idError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The library's error code (`argon2_error_codes`).
  public var code: Int32

  public var description: String {
    "Argon2id failed: " + String(cString: argon2_error_message(code))
  }
}
