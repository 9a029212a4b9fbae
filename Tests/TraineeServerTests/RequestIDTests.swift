import Testing

@testable import HTTPServer
@testable import TraineeServer

/// Request ids (`X-Request-Id`, the access log's `id`): 16 hex digits, never repeated by one
/// process.
@Suite struct RequestIDTests {
  @Test func idsAreSixteenLowercaseHexDigitsAndNeverRepeat() {
    let ids = (0..<100_000).map { _ in RequestBody.newID() }
    #expect(Set(ids).count == ids.count)
    let hex = Set("0123456789abcdef".utf8)
    #expect(ids.allSatisfy { $0.utf8.count == 16 && $0.utf8.allSatisfy(hex.contains) })
  }
}
