import Dispatch
import Foundation
import LockedValue
import Testing

@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeServer

/// Writes that arrive together share one transaction and one commit, and each still succeeds or
/// fails alone (docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md,
/// "Throughput: kept answers, group commit and paged history").
@Suite(.timeLimit(.minutes(2))) struct GroupCommitTests {
  private struct Refused: Error, Equatable { var number: Int }

  /// What a commit the database could not write throws (a full disk, an I/O error).
  private struct CommitFailed: DatabaseFailure {
    var kind: DatabaseFailureKind { .other }
    var description: String { "COMMIT: disk I/O error" }
  }

  /// A database with table `t (n)`, and a group commit on it that records each batch's size.
  private final class Fixture: @unchecked Sendable {
    let database: any DatabaseDriver
    let commit: GroupCommit<any DatabaseConnection>
    let batches = Locked<[(writes: Int, failed: Int)]>([])
    /// Savepoints set, one per write run in one.
    let savepointsSet = Locked(0)
    /// Batches run a second time after a write failed unguarded.
    let runsAgain = Locked(0)
    var failCommit = false
    /// Runs when a batch's commit is to be made durable, before the database's own.
    var makeDurable: () throws -> Void = {}

    init(
      _ backend: StoreBackend, in directory: URL, eagerBatch: Int = 8,
      leaderPriority: LeaderPriority = .process,
      savepoints: GroupCommit<any DatabaseConnection>.Savepoints = .always
    ) throws {
      commit = GroupCommit(
        eagerBatch: eagerBatch, leaderPriority: leaderPriority, savepoints: savepoints,
        changes: { ($0 as? SQLiteConnection)?.totalChanges })
      database = try backend.open(backend.makeSharedLocation(in: directory))
      let table =
        backend == .sqlite
        ? "CREATE TABLE t (n INTEGER PRIMARY KEY) STRICT" : "CREATE TABLE t (n BIGINT PRIMARY KEY)"
      try database.writeTransaction(.readCommitted) { try $0.execute(table) }
    }

    /// Inserts `n`; throws `Refused` after the insert when `refuse` (before it, having changed
    /// nothing, when `refuseFirst`); `inside` runs in the write.
    func insert(
      _ n: Int, refuse: Bool = false, refuseFirst: Bool = false, inside: () -> Void = {}
    ) throws -> Int {
      try commit.write(
        { db in
          if refuseFirst {
            _ = try db.row("SELECT count(*) FROM t") { try $0.int(0) }
            throw Refused(number: n)
          }
          try db.run("INSERT INTO t (n) VALUES (?)", [DatabaseValue(n)])
          inside()
          if refuse { throw Refused(number: n) }
          return n
        },
        transaction: { strict, batch in
          let (_, durable) = try database.committedWriteTransaction(
            strict ? .serializable : .readCommitted
          ) { db in
            try batch(db)
            if failCommit {
              throw CommitFailed()
            }
          }
          return { [makeDurable] in
            try makeDurable()
            try durable()
          }
        },
        savepoint: { [savepointsSet] db, body in
          savepointsSet.withLock { $0 += 1 }
          try DatabaseTraineeStore.savepoint(db, body)
        },
        observe: { writes, failed, ranAgain, _ in
          batches.withLock { $0.append((writes, failed)) }
          if ranAgain { runsAgain.withLock { $0 += 1 } }
        })
    }

    /// Holds the first batch's commit back from being durable until `release` is signalled;
    /// `started` is signalled when it is held. Later commits are made durable at once.
    func holdFirstSync() -> (started: DispatchSemaphore, release: DispatchSemaphore) {
      let started = DispatchSemaphore(value: 0)
      let release = DispatchSemaphore(value: 0)
      let first = Locked(true)
      makeDurable = {
        guard
          first.withLock({ isFirst in
            defer { isFirst = false }; return isFirst
          })
        else {
          return
        }
        started.signal()
        release.wait()
      }
      return (started, release)
    }

    var rows: [Int] {
      get throws {
        try database.readTransaction { try $0.rows("SELECT n FROM t ORDER BY n") { try $0.int(0) } }
      }
    }
  }

  /// Inserts, each on a thread of its own, and the numbers answered, in the order answered.
  private final class Writers: Sendable {
    let fixture: Fixture
    let answered = Locked<[Int]>([])
    let done = DispatchGroup()

    init(_ fixture: Fixture) { self.fixture = fixture }

    /// Starts inserting `n`.
    func start(_ n: Int) {
      done.enter()
      Thread { [self] in
        if (try? fixture.insert(n)) != nil { answered.withLock { $0.append(n) } }
        done.leave()
      }.start()
    }
  }

  /// Runs `body` on a thread of its own (it blocks), and returns its value.
  private func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { done in
      Thread { done.resume(with: Result { try body() }) }.start()
    }
  }

  @Test(
    arguments: StoreBackend.available,
    [GroupCommit<any DatabaseConnection>.Savepoints.always, .afterAFailure])
  func writesThatArriveWhileOneRunsShareTheNextCommitAndFailAlone(
    _ backend: StoreBackend, _ savepoints: GroupCommit<any DatabaseConnection>.Savepoints
  )
    async throws
  {
    try await onThread {
      try withTemporaryDirectory { directory in
        let fixture = try Fixture(backend, in: directory, savepoints: savepoints)
        let inside = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let outcomes = Locked<[Int: Result<Int, Refused>]>([:])
        let done = DispatchGroup()
        func start(_ n: Int, refuse: Bool = false, hold: Bool = false) {
          done.enter()
          Thread {
            let outcome: Result<Int, Refused>
            do {
              outcome = .success(
                try fixture.insert(n, refuse: refuse) {
                  if hold {
                    inside.signal()
                    release.wait()
                  }
                })
            } catch let error as Refused {
              outcome = .failure(error)
            } catch {
              fatalError("\(error)")
            }
            outcomes.withLock { $0[n] = outcome }
            done.leave()
          }.start()
        }
        // 1 holds the only transaction open; 2, 3 and 4 arrive meanwhile and wait together.
        start(1, hold: true)
        inside.wait()
        start(2)
        start(3, refuse: true)
        start(4)
        while fixture.commit.waitingCount < 3 { sched_yield() }
        release.signal()
        done.wait()
        #expect(fixture.batches.withLock { $0.map(\.writes) } == [1, 3])
        #expect(fixture.batches.withLock { $0.map(\.failed) } == [0, 1])
        let results = outcomes.withLock { $0 }
        #expect(results[1] == .success(1) && results[2] == .success(2) && results[4] == .success(4))
        #expect(results[3] == .failure(Refused(number: 3)))
        #expect(try fixture.rows == [1, 2, 4])
        // Always: each of the four writes in a savepoint. After a failure: the lone write in
        // none, the batch of three first in none and then, run again, each in one.
        #expect(fixture.savepointsSet.withLock { $0 } == (savepoints == .always ? 4 : 3))
      }
    }
  }

  /// Runs `numbers` as one batch (`refused` among them failing), after a lone write of `lone`
  /// that holds the transaction while they arrive; returns the savepoints set meanwhile.
  private static func batch(
    _ numbers: [Int], refused: Int? = nil, refusedFirst: Int? = nil, after lone: Int,
    _ fixture: Fixture
  ) -> Int {
    let before = fixture.savepointsSet.withLock { $0 }
    let inside = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for n in [lone] + numbers {
      done.enter()
      Thread {
        _ = try? fixture.insert(n, refuse: n == refused, refuseFirst: n == refusedFirst) {
          if n == lone {
            inside.signal()
            release.wait()
          }
        }
        done.leave()
      }.start()
      if n == lone { inside.wait() }
    }
    while fixture.commit.waitingCount < numbers.count { sched_yield() }
    release.signal()
    done.wait()
    return fixture.savepointsSet.withLock { $0 } - before
  }

  @Test func savepointsAreSetOnlyAfterAWriteFailedAndForTheBatchesRightAfter() async throws {
    try await onThread {
      try withTemporaryDirectory { directory in
        let fixture = try Fixture(.sqlite, in: directory, savepoints: .afterAFailure)
        #expect(Self.batch([2, 3], after: 1, fixture) == 0)
        // 6 fails: the batch runs again, each write in a savepoint, and 6 alone is undone.
        #expect(Self.batch([5, 6, 7], refused: 6, after: 4, fixture) == 3)
        #expect(try fixture.rows == [1, 2, 3, 4, 5, 7])
        // The batches right after set them from the start (each round is two batches).
        var next = 10
        for _ in 0..<(GroupCommit<any DatabaseConnection>.guardedBatchesAfterAFailure / 2) {
          #expect(Self.batch([next + 1, next + 2], after: next, fixture) == 2)
          next += 10
        }
        #expect(Self.batch([next + 1, next + 2], after: next, fixture) == 0)
        #expect(try fixture.rows.count == 6 + 3 * (next / 10))
        #expect(fixture.batches.withLock { $0.map(\.failed) }.reduce(0, +) == 1)
      }
    }
  }

  /// docs/security.md, "One trainee's failing writes and another's": a write refused before it
  /// changed anything fails alone; its batch is not run again and the next ones set no
  /// savepoints.
  @Test func aWriteThatFailsHavingChangedNothingFailsAlone() async throws {
    try await onThread {
      try withTemporaryDirectory { directory in
        let fixture = try Fixture(.sqlite, in: directory, savepoints: .afterAFailure)
        for round in 0..<20 {
          let first = round * 10
          #expect(
            Self.batch([first + 2, first + 3], refusedFirst: first + 2, after: first + 1, fixture)
              == 0)
        }
        #expect(fixture.runsAgain.withLock { $0 } == 0)
        #expect(fixture.batches.withLock { $0.map(\.failed) }.reduce(0, +) == 20)
        #expect(try fixture.rows == (0..<20).flatMap { [$0 * 10 + 1, $0 * 10 + 3] })
        // One that changed a row before failing still runs its batch again, guarded.
        #expect(Self.batch([501, 502], refused: 501, after: 500, fixture) == 2)
        #expect(fixture.runsAgain.withLock { $0 } == 1)
        #expect(try fixture.rows.suffix(2) == [500, 502])
      }
    }
  }

  @Test(arguments: StoreBackend.available)
  func aFailedCommitFailsEveryWriteOfItsBatchAndKeepsNone(_ backend: StoreBackend) async throws {
    try await onThread {
      try withTemporaryDirectory { directory in
        let fixture = try Fixture(backend, in: directory)
        _ = try fixture.insert(1)
        fixture.failCommit = true
        #expect(throws: CommitFailed.self) { try fixture.insert(2) }
        fixture.failCommit = false
        _ = try fixture.insert(3)
        #expect(try fixture.rows == [1, 3])
      }
    }
  }

  @Test(arguments: StoreBackend.available)
  func manyThreadsWritingAtOnceEachGetTheirOwnAnswerAndEveryWriteIsKept(
    _ backend: StoreBackend
  )
    async throws
  {
    try await onThread {
      try withTemporaryDirectory { directory in
        let fixture = try Fixture(backend, in: directory)
        let answers = Locked<[Int]>([])
        let done = DispatchGroup()
        for thread in 0..<8 {
          done.enter()
          Thread {
            for index in 0..<100 {
              let n = thread * 100 + index
              if let answer = try? fixture.insert(n, refuse: n % 7 == 0) {
                answers.withLock { $0.append(answer) }
              }
            }
            done.leave()
          }.start()
        }
        done.wait()
        let expected = (0..<800).filter { $0 % 7 != 0 }
        #expect(answers.withLock { $0.sorted() } == expected)
        #expect(try fixture.rows == expected)
        #expect(fixture.batches.withLock { $0.reduce(0) { $0 + $1.writes } } == 800)
      }
    }
  }

  /// A batch's writers are answered only once its commit is durable, and the next batch runs
  /// meanwhile: the writer does not wait for the disk.
  @Test(arguments: StoreBackend.available)
  func theNextBatchRunsWhileACommitIsMadeDurable(_ backend: StoreBackend) async throws {
    try await onThread {
      try withTemporaryDirectory { directory in
        let fixture = try Fixture(backend, in: directory, eagerBatch: 1)
        let (syncing, synced) = fixture.holdFirstSync()
        let writers = Writers(fixture)
        writers.start(1)
        syncing.wait()
        // 1 is committed and not yet durable: unanswered, while 2 commits and is answered.
        writers.start(2)
        while writers.answered.withLock({ $0 }) != [2] { sched_yield() }
        #expect(try fixture.rows == [1, 2])
        synced.signal()
        writers.done.wait()
        #expect(writers.answered.withLock { $0 } == [2, 1])
        #expect(fixture.batches.withLock { $0.map(\.writes) } == [1, 1])
      }
    }
  }

  /// A commit that cannot be made durable is not acknowledged: each write of its batch throws.
  @Test(arguments: StoreBackend.available)
  func aCommitThatCannotBeMadeDurableFailsItsWrites(_ backend: StoreBackend) async throws {
    try await onThread {
      try withTemporaryDirectory { directory in
        let fixture = try Fixture(backend, in: directory)
        fixture.makeDurable = { throw CommitFailed() }
        #expect(throws: CommitFailed.self) { try fixture.insert(1) }
        fixture.makeDurable = {}
        #expect(try fixture.insert(2) == 2)
      }
    }
  }

  /// While a commit is being made durable, the next batch starts at once only with `eagerBatch`
  /// writes; fewer wait for the sync and go together in one commit.
  @Test(arguments: StoreBackend.available)
  func aSmallBatchWaitsForTheSyncUnderWay(_ backend: StoreBackend) async throws {
    try await onThread {
      try withTemporaryDirectory { directory in
        let fixture = try Fixture(backend, in: directory, eagerBatch: 3)
        let (syncing, synced) = fixture.holdFirstSync()
        let writers = Writers(fixture)
        writers.start(1)
        syncing.wait()
        writers.start(2)
        writers.start(3)
        // Two writes wait for 1's sync: nothing of theirs is committed yet.
        while fixture.commit.waitingCount < 2 { sched_yield() }
        Thread.sleep(forTimeInterval: 0.05)
        #expect(try fixture.rows == [1])
        // A third makes a batch worth starting at once.
        writers.start(4)
        while writers.answered.withLock({ $0.count }) < 3 { sched_yield() }
        #expect(Set(writers.answered.withLock { $0 }) == [2, 3, 4])
        synced.signal()
        writers.done.wait()
        #expect(fixture.batches.withLock { $0.map(\.writes) } == [1, 3])
      }
    }
  }

  /// A batch's leader runs ahead of the other threads when the process may lower a nice value
  /// (CI runs as root), and its thread has its own nice value back once the batch is done.
  @Test(arguments: StoreBackend.available)
  func aBatchRunsAheadOfTheOtherThreadsAndThenAsBefore(_ backend: StoreBackend) async throws {
    try await onThread {
      for priority in [LeaderPriority.ifPermitted(steps: 5), .none] {
        try withTemporaryDirectory { directory in
          let fixture = try Fixture(backend, in: directory, leaderPriority: priority)
          defer { fixture.database.close() }
          let before = try #require(LeaderPriority.currentNice())
          let inside = Locked<Int32?>(nil)
          _ = try fixture.insert(1) { inside.withLock { $0 = LeaderPriority.currentNice() } }
          #expect(inside.withLock { $0 } == before - priority.steps)
          #expect(LeaderPriority.currentNice() == before)
        }
      }
    }
  }

  @Test func aPriorityIsOnlyTakenWhenTheProcessMayTakeIt() throws {
    let before = try #require(LeaderPriority.currentNice())
    let priority = LeaderPriority.ifPermitted(steps: 3)
    #expect(LeaderPriority.currentNice() == before)
    // Lowering the nice value is what needs the permission; `ifPermitted` found out by trying.
    let permitted = LeaderPriority.setNice(before - 1)
    if permitted { _ = LeaderPriority.setNice(before) }
    #expect(priority.steps == (permitted ? min(3, before + 20) : 0))
    #expect(LeaderPriority.none.steps == 0)
  }

  /// Under a seccomp filter a call it forbids may kill the process (systemd's default action),
  /// so the priority is not even tried.
  @Test func aProcessUnderASeccompFilterNeverTriesThePriority() throws {
    let status = "Name:\tperform\nNoNewPrivs:\t1\nSeccomp:\t2\nSeccomp_filters:\t1\n"
    #expect(LeaderPriority.isFiltered(status))
    #expect(LeaderPriority.ifPermitted(steps: 3, processStatus: status).steps == 0)
    #expect(LeaderPriority.isFiltered("Seccomp:\t1\n"))
    #expect(!LeaderPriority.isFiltered("Name:\tperform\nSeccomp:\t0\nSeccomp_filters:\t0\n"))
    #expect(!LeaderPriority.isFiltered(nil))
    // This test process's own status decides as `ifPermitted` does by default.
    let own = LeaderPriority.ownStatus()
    #expect(own?.contains("Seccomp:") == true)
    if LeaderPriority.isFiltered(own) { #expect(LeaderPriority.process.steps == 0) }
  }
}
