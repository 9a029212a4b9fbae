import Foundation
import HTTPServer
import LockedValue
import TraineeData

// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history", "The answer cache": an answer is kept with the
// trainee's answer version read before it was built. It is sent again only while the version the
// request reads with its token is that same version, so a write by this process or any other
// sharing the database makes it stale at its commit. A write that commits between the version read
// and the answer's own reads raises the version past the one kept, which costs a miss and never a
// stale answer.

/// The encoded answers of trainees' reads, each kept with the trainee's answer version, bounded
/// in bytes (the least recently used go first).
public final class AnswerCache: Sendable {
  /// Which answer: the trainee and the route's own key (its path and every input it reads).
  struct Key: Hashable {
    var trainee: TraineeID
    var answer: String
  }

  private struct Entry {
    var version: Int64
    var response: HTTPResponse
    var bytes: Int
    var lastUse: UInt64
  }

  private struct State {
    var entries: [Key: Entry] = [:]
    var bytes = 0
    var clock: UInt64 = 0
    var hits = 0
    var misses = 0
    var evictions = 0
  }

  /// The most bytes of answers kept (bodies plus a fixed cost per entry).
  public let capacityBytes: Int
  private let state = Locked(State())
  /// What an entry costs beside its body: key, headers, bookkeeping.
  static let entryOverhead = 256

  /// A cache of at most `capacityBytes` (default 64 MiB).
  public init(capacityBytes: Int = 64 << 20) {
    precondition(capacityBytes >= 0)
    self.capacityBytes = capacityBytes
  }

  /// The answer kept for `answer` of `trainee` at `version`, or `nil` (a miss: none kept, or one
  /// kept at another version).
  public func answer(
    _ answer: String, of trainee: TraineeID, at version: Int64, countingMiss: Bool = true
  ) -> HTTPResponse? {
    state.withLock { state in
      let key = Key(trainee: trainee, answer: answer)
      guard var entry = state.entries[key], entry.version == version else {
        if countingMiss { state.misses += 1 }
        return nil
      }
      state.hits += 1
      state.clock += 1
      entry.lastUse = state.clock
      state.entries[key] = entry
      return entry.response
    }
  }

  /// Keeps `response` as `answer` of `trainee` built at `version`, replacing one kept at an
  /// older version; an answer larger than a quarter of the capacity is not kept.
  public func keep(
    _ response: HTTPResponse, as answer: String, of trainee: TraineeID, at version: Int64
  ) {
    let bytes = response.body.count + answer.utf8.count + Self.entryOverhead
    guard bytes <= capacityBytes / 4 else { return }
    state.withLock { state in
      let key = Key(trainee: trainee, answer: answer)
      if let kept = state.entries[key] {
        guard kept.version < version else { return }
        state.bytes -= kept.bytes
      }
      state.clock += 1
      state.entries[key] = Entry(
        version: version, response: response, bytes: bytes, lastUse: state.clock)
      state.bytes += bytes
      if state.bytes > capacityBytes { Self.evict(&state, downTo: capacityBytes * 7 / 8) }
    }
  }

  /// Drops the least recently used entries until at most `bytes` are kept. Sorting all entries
  /// is O(n log n), paid once per eighth of the capacity filled again.
  private static func evict(_ state: inout State, downTo bytes: Int) {
    let oldestFirst = state.entries.sorted { $0.value.lastUse < $1.value.lastUse }
    for (key, entry) in oldestFirst {
      guard state.bytes > bytes else { break }
      state.entries[key] = nil
      state.bytes -= entry.bytes
      state.evictions += 1
    }
  }

  /// The exposition's lines (Prometheus text format): hits, misses and evictions so far, and the
  /// entries and bytes kept now.
  public func render() -> String {
    let counts = statistics
    let lines = [
      "# HELP perform_answer_cache_hits_total Reads answered from the answer cache.",
      "# TYPE perform_answer_cache_hits_total counter",
      "perform_answer_cache_hits_total \(counts.hits)",
      "# HELP perform_answer_cache_misses_total Reads whose answer was built (none kept, or stale).",
      "# TYPE perform_answer_cache_misses_total counter",
      "perform_answer_cache_misses_total \(counts.misses)",
      "# HELP perform_answer_cache_evictions_total Answers dropped to stay within the capacity.",
      "# TYPE perform_answer_cache_evictions_total counter",
      "perform_answer_cache_evictions_total \(counts.evictions)",
      "# HELP perform_answer_cache_entries Answers kept.",
      "# TYPE perform_answer_cache_entries gauge",
      "perform_answer_cache_entries \(counts.entries)",
      "# HELP perform_answer_cache_bytes Bytes of answers kept.",
      "# TYPE perform_answer_cache_bytes gauge",
      "perform_answer_cache_bytes \(counts.bytes)",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// Counts so far: answers found, not found, and dropped for room; entries and bytes kept now.
  public var statistics: (hits: Int, misses: Int, evictions: Int, entries: Int, bytes: Int) {
    state.withLock { ($0.hits, $0.misses, $0.evictions, $0.entries.count, $0.bytes) }
  }
}
