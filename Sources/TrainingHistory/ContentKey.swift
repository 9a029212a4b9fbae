import Foundation
import TraineeAPI

// NB: docs/decisions/history-progress-and-moving-data.md "History export and import" (once only):
// importing a file twice adds nothing. Each workout is posted with an `Idempotency-Key` made from
// what it holds, so the server answers a second post with the first answer. Two FNV-1a hashes of 64
// bits, seeded apart, make the key; were two different workouts ever to share one, the server
// compares the payloads and refuses the second (422 `idempotency_key_reused`), so a collision is
// reported, never silent.

/// The `Idempotency-Key` of an imported workout.
enum ContentKey {
  static func of(_ date: String, _ title: String, _ entries: [LogEntry]) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let body = (try? encoder.encode(entries)) ?? Data()
    var bytes = Array("\(date)\u{0}\(title)\u{0}".utf8)
    bytes.append(contentsOf: body)
    return "import-" + hex(fnv1a(bytes, seed: 0xcbf2_9ce4_8422_2325))
      + hex(fnv1a(bytes, seed: 0x6c62_272e_07bb_0142))
  }

  static func fnv1a(_ bytes: [UInt8], seed: UInt64) -> UInt64 {
    var hash = seed
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
