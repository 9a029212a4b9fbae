import Synchronization

// NB: docs/decisions/operating-the-server.md, "Operating the server: health, request ids, logs",
// "Request ids tell a client nothing": a request's id is SipHash-2-4, under a key drawn from the
// system's random source when the process first needs one, of the process's count of requests.
// Ids of one process never repeat (the count never does, and SipHash under one key maps two counts
// to one id with a chance of one in 2^64), and without the key no one can tell from two ids how
// many requests came between them. Before, the count was mixed by SplitMix64's finalizer, which
// is a bijection anyone can invert: two answers told a client how many requests the server had
// answered to everyone in between. One hash of eight bytes per request is cheaper than a system
// call per request, which profiles of kept answers showed.

/// The ids the server gives requests: its answers' `X-Request-Id` and its access log's `id`.
enum RequestID {
  /// This process's secret key, drawn once.
  private static let hash = SipHash24(
    key0: .random(in: .min ... .max), key1: .random(in: .min ... .max))

  /// Counts the requests of this process.
  private static let count = Atomic<UInt64>(0)

  /// A new id: 16 lowercase hex digits.
  static func next() -> String {
    hex(hash.hash(count.wrappingAdd(1, ordering: .relaxed).oldValue))
  }

  /// `value` as 16 lowercase hex digits, the most significant first.
  static func hex(_ value: UInt64) -> String {
    String(unsafeUninitializedCapacity: 16) { digits in
      for index in 0..<16 {
        let nibble = UInt8(truncatingIfNeeded: value >> UInt64(60 - 4 * index)) & 0x0f
        digits[index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
      }
      return 16
    }
  }
}

/// SipHash-2-4 (Aumasson and Bernstein, 2012), a keyed hash whose outputs cannot be told from
/// random ones, nor inverted, without the 128-bit key.
struct SipHash24: Sendable {
  let key0: UInt64
  let key1: UInt64

  /// The hash of the eight bytes of `word`, least significant first.
  func hash(_ word: UInt64) -> UInt64 {
    withUnsafeBytes(of: word.littleEndian) { hash($0) }
  }

  /// The hash of `message`.
  func hash(_ message: UnsafeRawBufferPointer) -> UInt64 {
    var state = State(
      v0: key0 ^ 0x736f_6d65_7073_6575, v1: key1 ^ 0x646f_7261_6e64_6f6d,
      v2: key0 ^ 0x6c79_6765_6e65_7261, v3: key1 ^ 0x7465_6462_7974_6573)
    let whole = message.count / 8 * 8
    var offset = 0
    while offset < whole {
      state.compress(message.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian)
      offset += 8
    }
    var last = UInt64(truncatingIfNeeded: message.count) << 56
    for index in whole..<message.count {
      last |= UInt64(message[index]) << UInt64(8 * (index - whole))
    }
    state.compress(last)
    state.v2 ^= 0xff
    for _ in 0..<4 { state.round() }
    return state.v0 ^ state.v1 ^ state.v2 ^ state.v3
  }

  private struct State {
    var v0: UInt64
    var v1: UInt64
    var v2: UInt64
    var v3: UInt64

    mutating func compress(_ word: UInt64) {
      v3 ^= word
      round()
      round()
      v0 ^= word
    }

    mutating func round() {
      v0 &+= v1
      v1 = v1.rotated(13) ^ v0
      v0 = v0.rotated(32)
      v2 &+= v3
      v3 = v3.rotated(16) ^ v2
      v0 &+= v3
      v3 = v3.rotated(21) ^ v0
      v2 &+= v1
      v1 = v1.rotated(17) ^ v2
      v2 = v2.rotated(32)
    }
  }
}

extension UInt64 {
  /// The bits rotated left by `count` (1 to 63).
  fileprivate func rotated(_ count: UInt64) -> UInt64 { self << count | self >> (64 - count) }
}
