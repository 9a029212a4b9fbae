import Foundation
import Testing

/// `X-Request-Id` against the real `perform serve` (issue 31): a client without a token must not
/// be able to count the requests the server answered to others from the ids it is given.
@Suite struct ServeRequestIDTests {
  @Test func consecutiveRequestIdsAreNoCountAClientCanRecover() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-request-ids-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try ServeChild(
      database: directory.appendingPathComponent("perform.sqlite"), demo: false)
    defer { server.interrupt() }
    var ids: [UInt64] = []
    for _ in 0..<20 {
      let reply = try RawHTTP.send(
        Array("GET /healthz HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n".utf8),
        port: server.port)
      #expect(reply.status == 200)
      let id = try #require(
        reply.head.split(separator: "\r\n").first { $0.hasPrefix("X-Request-Id: ") }?
          .dropFirst("X-Request-Id: ".count))
      #expect(id.count == 16 && id.allSatisfy { $0.isHexDigit && !$0.isUppercase }, "\(id)")
      ids.append(try #require(UInt64(id, radix: 16)))
    }
    #expect(Set(ids).count == ids.count)
    let readings: [(name: String, counts: [UInt64])] = [
      ("the id itself", ids), ("SplitMix64's inverse", ids.map(unmix)),
    ]
    for (name, counts) in readings {
      let steps = zip(counts, counts.dropFirst()).map { $1 &- $0 }
      // Nothing else talks to this server: a count would step by exactly 1 every time.
      #expect(steps.filter { $0 == 1 }.isEmpty, "\(name): \(steps)")
    }
  }

  @Test func unmixUndoesSplitMix64() {
    for value: UInt64 in [0, 1, 42, 0xdead_beef, .max] {
      #expect(unmix(mix(value)) == value)
    }
  }
}

/// SplitMix64's finalizer, which mixed the request count into `X-Request-Id` before issue 31.
private func mix(_ value: UInt64) -> UInt64 {
  var z = (value ^ (value >> 30)) &* 0xbf58_476d_1ce4_e5b9
  z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
  return z ^ (z >> 31)
}

/// The inverse of ``mix(_:)``: the finalizer is a bijection, so any client can run it back.
private func unmix(_ value: UInt64) -> UInt64 {
  var z = unshift(value, 31)
  z = unshift(z &* modularInverse(0x94d0_49bb_1331_11eb), 27)
  return unshift(z &* modularInverse(0xbf58_476d_1ce4_e5b9), 30)
}

/// The `x` with `x ^ (x >> shift) == value`.
private func unshift(_ value: UInt64, _ shift: UInt64) -> UInt64 {
  var x = value
  for _ in 0..<(64 / shift) { x = value ^ (x >> shift) }
  return x
}

/// The inverse of odd `c` modulo 2^64, by Newton's iteration.
private func modularInverse(_ c: UInt64) -> UInt64 {
  var inverse = c
  for _ in 0..<6 { inverse = inverse &* (2 &- c &* inverse) }
  return inverse
}
