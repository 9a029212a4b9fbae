import Testing

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// Request ids (`X-Request-Id`, the access log's `id`): 16 hex digits, never repeated by one
/// process, and a keyed hash of the process's count that no client can count requests with.
@Suite struct RequestIDTests {
  @Test func idsAreSixteenLowercaseHexDigitsAndNeverRepeat() {
    let ids = (0..<100_000).map { _ in RequestID.next() }
    #expect(Set(ids).count == ids.count)
    let hex = Set("0123456789abcdef".utf8)
    #expect(ids.allSatisfy { $0.utf8.count == 16 && $0.utf8.allSatisfy(hex.contains) })
  }

  /// Consecutive ids are no count (the real-binary test, ServeRequestIDTests, also checks they
  /// are no count mixed by SplitMix64, as they were before issue 31).
  @Test func consecutiveIdsAreNotConsecutiveNumbers() throws {
    let ids = try (0..<1_000).map { _ in try #require(UInt64(RequestID.next(), radix: 16)) }
    #expect(zip(ids, ids.dropFirst()).allSatisfy { $1 &- $0 != 1 })
  }

  /// The vectors of the SipHash paper and its reference code: key 00 01 ... 0f, message 00 01
  /// ... of 0, 8 and 15 bytes.
  @Test(arguments: [
    (0, 0x726f_db47_dd0e_0e31 as UInt64), (8, 0x93f5_f579_9a93_2462), (15, 0xa129_ca61_49be_45e5),
  ])
  func sipHashMatchesTheReferenceVectors(_ length: Int, _ expected: UInt64) {
    let hash = SipHash24(key0: 0x0706_0504_0302_0100, key1: 0x0f0e_0d0c_0b0a_0908)
    let message = (0..<length).map { UInt8($0) }
    #expect(message.withUnsafeBytes { hash.hash($0) } == expected)
    if length == 8 { #expect(hash.hash(0x0706_0504_0302_0100) == expected) }
  }

  @Test func hexWritesSixteenDigitsMostSignificantFirst() {
    #expect(RequestID.hex(0x0123_4567_89ab_cdef) == "0123456789abcdef")
    #expect(RequestID.hex(1) == "0000000000000001")
  }
}
