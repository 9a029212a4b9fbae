import Foundation
import Testing

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// The answer cache alone: versions, keys and its bound.
struct AnswerCacheTests {
  private let alice = TraineeID(rawValue: 1)
  private let bob = TraineeID(rawValue: 2)

  private func answer(_ text: String) -> HTTPResponse {
    HTTPResponse(status: .ok, body: Data(text.utf8))
  }

  @Test func anAnswerIsFoundOnlyAtItsVersionAndForItsTraineeAndKey() {
    let cache = AnswerCache()
    cache.keep(answer("w3"), as: "workouts", of: alice, at: 3)
    #expect(cache.answer("workouts", of: alice, at: 3) == answer("w3"))
    #expect(cache.answer("workouts", of: alice, at: 4) == nil)
    #expect(cache.answer("workouts", of: bob, at: 3) == nil)
    #expect(cache.answer("home", of: alice, at: 3) == nil)
    let counts = cache.statistics
    #expect(counts.hits == 1 && counts.misses == 3 && counts.entries == 1)
  }

  @Test func anAnswerOfAnOlderVersionNeverReplacesANewerOne() {
    let cache = AnswerCache()
    cache.keep(answer("v5"), as: "home", of: alice, at: 5)
    cache.keep(answer("v4"), as: "home", of: alice, at: 4)
    #expect(cache.answer("home", of: alice, at: 5) == answer("v5"))
    cache.keep(answer("v6"), as: "home", of: alice, at: 6)
    #expect(cache.answer("home", of: alice, at: 6) == answer("v6"))
    #expect(cache.statistics.entries == 1)
  }

  @Test func theLeastRecentlyUsedGoFirstAndTheBytesStayWithinTheCapacity() {
    let body = String(repeating: "x", count: 1_000)
    let perEntry = body.utf8.count + 2 + AnswerCache.entryOverhead
    let cache = AnswerCache(capacityBytes: perEntry * 10, perTraineeBytes: perEntry * 10)
    for index in 0..<10 { cache.keep(answer(body), as: "k\(index)", of: alice, at: 1) }
    _ = cache.answer("k0", of: alice, at: 1)
    cache.keep(answer(body), as: "k10", of: alice, at: 1)
    let counts = cache.statistics
    #expect(counts.bytes <= perEntry * 10)
    #expect(counts.evictions >= 1)
    #expect(cache.answer("k0", of: alice, at: 1) != nil)
    #expect(cache.answer("k1", of: alice, at: 1) == nil)
    #expect(cache.answer("k10", of: alice, at: 1) != nil)
  }

  @Test func anAnswerLargerThanATraineesShareIsNotKept() {
    let cache = AnswerCache(capacityBytes: 8_000)
    #expect(cache.perTraineeBytes == 1_000)
    let fits = 1_000 - "big".utf8.count - AnswerCache.entryOverhead
    cache.keep(answer(String(repeating: "x", count: fits + 1)), as: "big", of: alice, at: 1)
    #expect(cache.statistics.entries == 0)
    cache.keep(answer(String(repeating: "x", count: fits)), as: "big", of: alice, at: 1)
    #expect(cache.statistics.entries == 1)
  }

  /// docs/security.md, "One trainee's reads and another's kept answers": one trainee reading
  /// many answers pushes out only its own.
  @Test func oneTraineesReadsNeverPushOutAnothersAnswers() {
    let body = String(repeating: "x", count: 1_000)
    let perEntry = body.utf8.count + 4 + AnswerCache.entryOverhead
    let cache = AnswerCache(capacityBytes: perEntry * 80)
    #expect(cache.perTraineeBytes == perEntry * 10)
    cache.keep(answer("bob's home"), as: "home", of: bob, at: 1)
    for index in 0..<1_000 { cache.keep(answer(body), as: "d\(index)", of: alice, at: 1) }
    #expect(cache.answer("home", of: bob, at: 1) == answer("bob's home"))
    #expect(cache.bytesKept(of: alice) <= perEntry * 10)
    // Alice's most recent answers are kept, her oldest went first.
    #expect(cache.answer("d999", of: alice, at: 1) != nil)
    #expect(cache.answer("d0", of: alice, at: 1) == nil)
    #expect(cache.statistics.bytes == cache.bytesKept(of: alice) + cache.bytesKept(of: bob))
  }

  /// The trainees together still stay within the capacity: past it, the least recently used of
  /// anyone's go.
  @Test func theTraineesTogetherStayWithinTheCapacity() {
    let body = String(repeating: "x", count: 1_000)
    let perEntry = body.utf8.count + 2 + AnswerCache.entryOverhead
    let cache = AnswerCache(capacityBytes: perEntry * 8, perTraineeBytes: perEntry * 2)
    for trainee in 1...8 {
      for index in 0..<2 {
        cache.keep(answer(body), as: "k\(index)", of: TraineeID(rawValue: Int64(trainee)), at: 1)
      }
    }
    let counts = cache.statistics
    #expect(counts.bytes <= perEntry * 8)
    #expect(counts.evictions >= 1)
    #expect(cache.answer("k0", of: TraineeID(rawValue: 1), at: 1) == nil)
    #expect(cache.answer("k1", of: TraineeID(rawValue: 8), at: 1) != nil)
  }

  @Test(arguments: [
    (["a b", "c"], ["a", "b c"]), (["", "ab"], ["a", "b"]), (["1:a"], ["1", "a"]),
  ])
  func keysOfDifferentPartsDiffer(first: [String], second: [String]) {
    func key(_ parts: [String]) -> String {
      switch parts.count {
      case 1: answerKey(parts[0])
      default: answerKey(parts[0], parts[1])
      }
    }
    #expect(key(first) != key(second))
  }
}
