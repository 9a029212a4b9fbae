import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeServer

private typealias F = StoreFixture

/// The trainee a token names is kept by a SQLite database until any connection or process commits
/// (docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
/// answers, group commit and paged history", "The token check is kept per process"): a token
/// replaced, a trainee added or a version raised by another process (here a second store on the
/// same file, with connections of its own; in `ServeCommandTests` and `WALIndexWatchTests`, another
/// process) or by the store's own writer is seen by the very next check, and a database in memory
/// keeps nothing.
@Suite struct KeptTokenCheckTests {
  @Test(arguments: StoreBackend.available)
  func aTokenReplacedByAnotherProcessIsRefusedAtOnce(_ backend: StoreBackend) throws {
    try withTemporaryDirectory { directory in
      let location = try backend.makeSharedLocation(in: directory)
      let server = try DatabaseTraineeStore(database: backend.open(location), now: { F.monday })
      let admin = try DatabaseTraineeStore(database: backend.open(location), now: { F.monday })
      let alice = try admin.createTrainee(name: "Alice")
      for _ in 0..<20 {
        #expect(try server.versionedTrainee(forToken: alice.token)?.trainee == alice.trainee)
      }
      let replaced = try admin.replaceToken(of: alice.trainee.id)
      for _ in 0..<20 {
        #expect(try server.versionedTrainee(forToken: alice.token) == nil)
        #expect(try server.versionedTrainee(forToken: replaced)?.trainee == alice.trainee)
      }
    }
  }

  @Test(arguments: StoreBackend.available)
  func aTokenUnknownAtFirstIsKnownOnceAnotherProcessAddsItsTrainee(
    _ backend: StoreBackend
  ) throws {
    try withTemporaryDirectory { directory in
      let location = try backend.makeSharedLocation(in: directory)
      let server = try DatabaseTraineeStore(database: backend.open(location), now: { F.monday })
      let admin = try DatabaseTraineeStore(database: backend.open(location), now: { F.monday })
      let first = try admin.createTrainee(name: "First")
      for _ in 0..<20 { #expect(try server.versionedTrainee(forToken: "not-yet") == nil) }
      _ = try server.versionedTrainee(forToken: first.token)
      // A token nobody has is not kept as unknown past a commit: the next trainee's is known.
      let second = try admin.createTrainee(name: "Second")
      for _ in 0..<20 {
        #expect(try server.versionedTrainee(forToken: second.token)?.trainee == second.trainee)
      }
    }
  }

  @Test(arguments: StoreBackend.available)
  func anAnswerVersionRaisedByAnotherProcessIsReadAtOnce(_ backend: StoreBackend) throws {
    try withTemporaryDirectory { directory in
      let location = try backend.makeSharedLocation(in: directory)
      let server = try DatabaseTraineeStore(database: backend.open(location), now: { F.monday })
      let other = try DatabaseTraineeStore(database: backend.open(location), now: { F.monday })
      let alice = try other.createTrainee(name: "Alice")
      var seen = try #require(try server.versionedTrainee(forToken: alice.token)).answerVersion
      for round in 0..<5 {
        if round % 2 == 0 {
          try other.importPrograms(F.programs, for: alice.trainee.id)
        } else {
          try server.importPrograms(F.programs, for: alice.trainee.id)
        }
        for _ in 0..<20 {
          let now = try #require(try server.versionedTrainee(forToken: alice.token)).answerVersion
          #expect(now > seen)
        }
        seen = try #require(try server.versionedTrainee(forToken: alice.token)).answerVersion
      }
    }
  }

  /// In memory there is no wal-index to tell a commit by: nothing may be kept there.
  @Test func aDatabaseInMemoryChecksTheTokenEveryTime() throws {
    let store = try DatabaseTraineeStore(database: SQLiteDatabase.inMemory(), now: { F.monday })
    let alice = try store.createTrainee(name: "Alice")
    #expect(try store.versionedTrainee(forToken: alice.token)?.trainee == alice.trainee)
    let replaced = try store.replaceToken(of: alice.trainee.id)
    #expect(try store.versionedTrainee(forToken: alice.token) == nil)
    #expect(try store.versionedTrainee(forToken: replaced)?.trainee == alice.trainee)
  }

  @Test func aTokenReplacedByTheStoresOwnWriterIsRefusedAtOnce() throws {
    try withTemporaryDirectory { directory in
      let location = try StoreBackend.sqlite.makeSharedLocation(in: directory)
      let store = try DatabaseTraineeStore(
        database: StoreBackend.sqlite.open(location), now: { F.monday })
      let alice = try store.createTrainee(name: "Alice")
      for _ in 0..<5 {
        #expect(try store.versionedTrainee(forToken: alice.token)?.trainee == alice.trainee)
      }
      let replaced = try store.replaceToken(of: alice.trainee.id)
      #expect(try store.versionedTrainee(forToken: alice.token) == nil)
      #expect(try store.versionedTrainee(forToken: replaced)?.trainee == alice.trainee)
    }
  }

  @Test func keptValuesLastUntilTheVersionMovesAndStayBounded() {
    let kept = KeptValues<Int64>()
    var computed = 0
    func value(_ key: String, at version: Int64) -> Int? {
      kept.value(key, at: version) {
        computed += 1
        return key == "none" ? nil : computed
      }
    }
    #expect(value("a", at: 1) == 1)
    #expect(value("a", at: 1) == 1)
    #expect(value("none", at: 1) == nil)
    #expect(value("none", at: 1) == nil)
    #expect(computed == 2)
    #expect(value("a", at: 2) == 3)
    #expect(kept.count == 1)
    for index in 0..<KeptValues<Int64>.capacity { _ = value("k\(index)", at: 2) }
    #expect(kept.count <= KeptValues<Int64>.capacity)
  }

  /// A thread that computed at an older version and keeps its value last does not make that
  /// value, or any older one, an answer at the newer version.
  @Test func aValueKeptLateAtAnOlderVersionIsNeverAnAnswerAtTheNewer() {
    let kept = KeptValues<Int64>()
    #expect(kept.value("a", at: 2) { "new" } == "new")
    #expect(kept.value("b", at: 1) { "late" } == "late")
    #expect(kept.value("a", at: 2) { "again" } == "again")
    #expect(kept.value("b", at: 2) { "fresh" } == "fresh")
  }
}
