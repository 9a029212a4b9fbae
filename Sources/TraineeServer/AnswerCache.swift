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

// NB: docs/security.md, "One trainee's reads and another's kept answers": the cache was one
// least-recently-used list for everyone, so one trainee reading many answers (a day for each of
// 700 dates) pushed every other trainee's answers out. Each trainee now keeps at most a share of
// the capacity (an eighth by default); past it, the trainee's own least recently used answers
// go first. Only the trainees together, each within its share, can fill the whole capacity.

/// The encoded answers of trainees' reads, each kept with the trainee's answer version, bounded
/// in bytes in all and per trainee (the least recently used go first).
public final class AnswerCache: Sendable {
  /// Which answer: the trainee and the route's own key (its path and every input it reads).
  struct Key: Hashable {
    var trainee: TraineeID
    var answer: String
  }

  struct Entry {
    var version: Int64
    var response: HTTPResponse
    var bytes: Int
    var lastUse: UInt64
  }

  /// One trainee's answers and their bytes.
  struct Kept {
    var answers: [String: Entry] = [:]
    var bytes = 0
  }

  struct State {
    var trainees: [TraineeID: Kept] = [:]
    var bytes = 0
    var clock: UInt64 = 0
    var hits = 0
    var misses = 0
    var evictions = 0
  }

  /// The most bytes of answers kept (bodies plus a fixed cost per entry).
  public let capacityBytes: Int
  /// The most bytes of one trainee's answers kept; an answer larger than this is not kept.
  public let perTraineeBytes: Int
  private let state = Locked(State())
  /// What an entry costs beside its body: key, headers, bookkeeping.
  static let entryOverhead = 256

  /// A cache of at most `capacityBytes` (default 64 MiB), of which one trainee's answers hold
  /// at most `perTraineeBytes` (default an eighth of the capacity).
  public init(capacityBytes: Int = 64 << 20, perTraineeBytes: Int? = nil) {
    precondition(capacityBytes >= 0)
    self.capacityBytes = capacityBytes
    self.perTraineeBytes = min(capacityBytes, max(0, perTraineeBytes ?? capacityBytes / 8))
  }

  /// The answer kept for `answer` of `trainee` at `version`, or `nil` (a miss: none kept, or one
  /// kept at another version).
  public func answer(
    _ answer: String, of trainee: TraineeID, at version: Int64, countingMiss: Bool = true
  ) -> HTTPResponse? {
    state.withLock { state in
      guard var entry = state.trainees[trainee]?.answers[answer], entry.version == version else {
        if countingMiss { state.misses += 1 }
        return nil
      }
      state.hits += 1
      state.clock += 1
      entry.lastUse = state.clock
      state.trainees[trainee]?.answers[answer] = entry
      return entry.response
    }
  }

  /// Keeps `response` as `answer` of `trainee` built at `version`, replacing one kept at an
  /// older version; an answer larger than a trainee's share (`perTraineeBytes`) is not kept.
  public func keep(
    _ response: HTTPResponse, as answer: String, of trainee: TraineeID, at version: Int64
  ) {
    let bytes = response.body.count + answer.utf8.count + Self.entryOverhead
    guard bytes <= perTraineeBytes else { return }
    state.withLock { state in
      var kept = state.trainees[trainee] ?? Kept()
      if let earlier = kept.answers[answer] {
        guard earlier.version < version else { return }
        kept.bytes -= earlier.bytes
        state.bytes -= earlier.bytes
      }
      state.clock += 1
      kept.answers[answer] = Entry(
        version: version, response: response, bytes: bytes, lastUse: state.clock)
      kept.bytes += bytes
      state.bytes += bytes
      if kept.bytes > perTraineeBytes {
        Self.evict(&kept, in: &state, downTo: perTraineeBytes * 7 / 8)
      }
      state.trainees[trainee] = kept
      if state.bytes > capacityBytes { Self.evictOldest(&state, downTo: capacityBytes * 7 / 8) }
    }
  }

  /// Drops `kept`'s least recently used answers until it holds at most `bytes`. Sorting them is
  /// O(n log n), paid once per eighth of the share filled again.
  private static func evict(_ kept: inout Kept, in state: inout State, downTo bytes: Int) {
    for (answer, entry) in kept.answers.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
      guard kept.bytes > bytes else { break }
      kept.answers[answer] = nil
      kept.bytes -= entry.bytes
      state.bytes -= entry.bytes
      state.evictions += 1
    }
  }

  /// Drops the least recently used answers of anyone until at most `bytes` are kept. Sorting
  /// all entries is O(n log n), paid once per eighth of the capacity filled again.
  private static func evictOldest(_ state: inout State, downTo bytes: Int) {
    let oldestFirst = state.trainees.flatMap { trainee, kept in
      kept.answers.map { (Key(trainee: trainee, answer: $0.key), $0.value) }
    }.sorted { $0.1.lastUse < $1.1.lastUse }
    for (key, entry) in oldestFirst {
      guard state.bytes > bytes else { break }
      state.trainees[key.trainee]?.answers[key.answer] = nil
      state.trainees[key.trainee]?.bytes -= entry.bytes
      if state.trainees[key.trainee]?.answers.isEmpty == true { state.trainees[key.trainee] = nil }
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
    state.withLock { state in
      let entries = state.trainees.values.reduce(0) { $0 + $1.answers.count }
      return (state.hits, state.misses, state.evictions, entries, state.bytes)
    }
  }

  /// The bytes of `trainee`'s answers kept now.
  public func bytesKept(of trainee: TraineeID) -> Int {
    state.withLock { $0.trainees[trainee]?.bytes ?? 0 }
  }
}
