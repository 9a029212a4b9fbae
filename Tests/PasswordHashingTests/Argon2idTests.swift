import Testing

@testable import PasswordHashing

/// Argon2id by Debian's libargon2: the encoded form, a known answer, verification.
@Suite struct Argon2idTests {
  /// A cheap cost, so the tests that hash many times stay quick; the encoded string names it.
  static let cheap = Argon2id(memoryKiB: 64, iterations: 1, parallelism: 1)

  @Test func aNewHashIsArgon2idAtOWASPsMinimumWithASixteenByteSalt() throws {
    let encoded = try Argon2id.owaspMinimum.hash("correct horse battery staple")
    let parts = encoded.split(separator: "$", omittingEmptySubsequences: false)
    #expect(parts.count == 6)
    #expect(Array(parts.prefix(4)) == ["", "argon2id", "v=19", "m=19456,t=2,p=1"])
    // 16 bytes of salt and 32 of hash, unpadded base64: 22 and 43 characters.
    #expect(parts[4].count == 22)
    #expect(parts[5].count == 43)
    #expect(Argon2id.verify("correct horse battery staple", against: encoded))
    #expect(!Argon2id.verify("correct horse battery stapler", against: encoded))
  }

  @Test func twoHashesOfOnePasswordDifferByTheirSalt() throws {
    let first = try Self.cheap.hash("same password")
    let second = try Self.cheap.hash("same password")
    #expect(first != second)
    #expect(Argon2id.verify("same password", against: first))
    #expect(Argon2id.verify("same password", against: second))
  }

  /// The reference implementation's own test of Argon2id version 19 (64 MiB, 2 passes, one
  /// lane, "password" salted with "somesalt"): the library answers it, and verifies it.
  @Test func theReferenceImplementationsKnownAnswer() throws {
    let expected =
      "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc"
    let cost = Argon2id(memoryKiB: 65536, iterations: 2, parallelism: 1)
    #expect(try cost.hash("password", salt: Array("somesalt".utf8)) == expected)
    #expect(Argon2id.verify("password", against: expected))
    #expect(!Argon2id.verify("Password", against: expected))
  }

  @Test(arguments: [
    "", "plain text",
    "$argon2i$v=19$m=64,t=1,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc",
    "$argon2id$v=19$m=64,t=1,p=1$c29tZXNhbHQ$", "$argon2id$v=19$m=64,t=1,p=1",
  ])
  func aStringThatIsNoArgon2idHashVerifiesNothing(_ encoded: String) {
    #expect(!Argon2id.verify("password", against: encoded))
    #expect(!Argon2id.verify("", against: encoded))
  }

  @Test func anEmptyAndAnUnusualPasswordHashAndVerify() throws {
    for password in ["", "pässwörd ✓", String(repeating: "x", count: 4096)] {
      let encoded = try Self.cheap.hash(password)
      #expect(encoded.hasPrefix("$argon2id$v=19$m=64,t=1,p=1$"))
      #expect(Argon2id.verify(password, against: encoded))
      #expect(!Argon2id.verify(password + "x", against: encoded))
    }
  }

  @Test func aCostTheLibraryRefusesThrowsItsError() {
    // Argon2 needs at least 8 KiB per lane.
    let tooSmall = Argon2id(memoryKiB: 1, iterations: 1, parallelism: 1)
    #expect(throws: Argon2idError.self) { try tooSmall.hash("password") }
  }
}
