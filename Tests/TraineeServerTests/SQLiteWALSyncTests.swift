import Dispatch
import Foundation
import LockedValue
import Testing

@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeServer

#if canImport(Glibc)
  import Glibc
#endif

/// The writer's commits made durable off the writer: one `fdatasync` of the WAL for the commits
/// that finished while the previous one ran, and none acknowledged before
/// (docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
/// answers, group commit and paged history", "the WAL synced off the writer").
@Suite(.timeLimit(.minutes(1))) struct SQLiteWALSyncTests {
  /// The writer commits without syncing (`synchronous = NORMAL`) and leaves the sync to
  /// `SQLiteWALSync`; each transaction returns only after a sync that began after its commit.
  @Test func theWriterCommitsUnsyncedAndEachTransactionReturnsSynced() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("w.sqlite").path
      let database = try SQLiteDatabase(path: path, options: .init(syncOffWriter: true))
      defer { database.close() }
      let walSync = try #require(database.walSync)
      #expect(walSync.path == path + "-wal")
      let synchronous = try database.transaction { db in
        try db.row("PRAGMA synchronous") { try $0.int(0) }
      }
      #expect(synchronous == 1)
      try database.execute("CREATE TABLE t (x INTEGER NOT NULL)")
      let before = walSync.count
      for value in 0..<5 {
        try database.transaction {
          try $0.run("INSERT INTO t (x) VALUES (?)", [DatabaseValue(value)])
        }
      }
      #expect(walSync.count == before + 5)
      let (_, durable) = try database.committedTransaction {
        try $0.run("INSERT INTO t VALUES (5)")
      }
      #expect(walSync.count == before + 5)
      try durable()
      #expect(walSync.count == before + 6)
      // Without the option the writer syncs in each commit itself, and nothing else syncs.
      let plain = try SQLiteDatabase(path: directory.appendingPathComponent("p.sqlite").path)
      defer { plain.close() }
      #expect(plain.walSync == nil)
    }
  }

  /// docs/security.md, "One trainee's failing writes and another's": a transaction that wrote
  /// nothing takes no sync of its own, but returns only once the commits before it are durable.
  @Test func aTransactionThatWroteNothingWaitsOnlyForTheCommitsBeforeIt() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("n.sqlite").path
      let database = try SQLiteDatabase(path: path, options: .init(syncOffWriter: true))
      defer { database.close() }
      let walSync = try #require(database.walSync)
      try database.execute("CREATE TABLE t (x INTEGER NOT NULL)")
      let before = walSync.count
      for _ in 0..<5 {
        try database.transaction { db in
          _ = try db.row("SELECT count(*) FROM t") { try $0.int(0) }
        }
      }
      #expect(walSync.count == before)
      let (_, written) = try database.committedTransaction {
        try $0.run("INSERT INTO t VALUES (1)")
      }
      let (_, nothing) = try database.committedTransaction { db in
        _ = try db.row("SELECT count(*) FROM t") { try $0.int(0) }
      }
      // The empty commit's answer waits for the insert before it: one sync, for both.
      try nothing()
      #expect(walSync.count == before + 1)
      try written()
      #expect(walSync.count == before + 1)
    }
  }

  /// A sync covers every commit that finished before it began: commits that finish while one
  /// sync runs wait for the next, and share it.
  @Test func commitsThatFinishDuringASyncShareTheNext() throws {
    try withTemporaryDirectory { directory in
      let base = directory.appendingPathComponent("s.sqlite").path
      #expect(FileManager.default.createFile(atPath: base + "-wal", contents: Data()))
      let started = DispatchSemaphore(value: 0)
      let release = DispatchSemaphore(value: 0)
      let calls = Locked(0)
      let walSync = SQLiteWALSync(databasePath: base) { descriptor in
        if calls.withLock({ calls in
          calls += 1
          return calls
        }) == 1 {
          started.signal()
          release.wait()
        }
        return fdatasync(descriptor)
      }
      defer { walSync.close() }
      let done = DispatchGroup()
      let returned = Locked(0)
      func wait(for ticket: UInt64) {
        done.enter()
        Thread {
          if (try? walSync.waitDurable(ticket)) != nil { returned.withLock { $0 += 1 } }
          done.leave()
        }.start()
      }
      wait(for: walSync.ticket())
      started.wait()
      for _ in 0..<5 { wait(for: walSync.ticket()) }
      #expect(returned.withLock { $0 } == 0)
      release.signal()
      done.wait()
      #expect(returned.withLock { $0 } == 6)
      #expect(calls.withLock { $0 } == 2)
      #expect(walSync.count == 2)
      // A ticket already covered returns at once, without a sync.
      try walSync.waitDurable(3)
      #expect(walSync.count == 2)
    }
  }

  /// A failed sync fails the commits it was to make durable and every later one, without trying
  /// again: after a failed `fsync` what reached the disk is not known.
  @Test func aFailedSyncFailsItsCommitsAndEveryLaterOne() throws {
    try withTemporaryDirectory { directory in
      let base = directory.appendingPathComponent("f.sqlite").path
      #expect(FileManager.default.createFile(atPath: base + "-wal", contents: Data()))
      let calls = Locked(0)
      let walSync = SQLiteWALSync(databasePath: base) { _ in
        calls.withLock { $0 += 1 }
        errno = EIO
        return -1
      }
      defer { walSync.close() }
      let first = walSync.ticket()
      #expect(throws: SQLiteError.self) { try walSync.waitDurable(first) }
      let later = walSync.ticket()
      do {
        try walSync.waitDurable(later)
        Issue.record("a commit after a failed sync was acknowledged")
      } catch let error as SQLiteError {
        #expect(error.kind == .unavailable)
        #expect(error.description.contains("fdatasync"))
        #expect(error.description.contains(base + "-wal"))
      }
      #expect(calls.withLock { $0 } == 1)
    }
  }

  /// A WAL that cannot be opened is a failed sync.
  @Test func aWALThatCannotBeOpenedFailsTheSync() throws {
    let walSync = SQLiteWALSync(databasePath: "/nonexistent-\(UUID().uuidString)/x.sqlite")
    let ticket = walSync.ticket()
    #expect(throws: SQLiteError.self) { try walSync.waitDurable(ticket) }
  }

  /// Through the routes: once the WAL cannot be synced, a log post is answered 503 and not
  /// acknowledged, `/readyz` says the server is not ready and why, and later writes fail too,
  /// even when the disk would sync again.
  @Test func afterAFailedSyncWritesAre503AndTheServerIsNotReady() throws {
    try withTemporaryDirectory { directory in
      let failing = Locked(false)
      let database = try SQLiteDatabase(
        path: directory.appendingPathComponent("r.sqlite").path,
        options: .init(syncOffWriter: true),
        syncingWith: { descriptor in
          guard failing.withLock({ $0 }) else { return fdatasync(descriptor) }
          errno = EIO
          return -1
        })
      let store = try DatabaseTraineeStore(database: database, now: { StoreFixture.monday })
      defer { database.close() }
      let api = try WorkoutAPIFixture(.sqlite, store: store)
      #expect(api.send(.get, "/readyz", token: nil).status == .ok)
      failing.withLock { $0 = true }
      let post = try api.send(
        .post, "/v1/trainee/workouts/log", token: api.alice.token,
        json: StoreFixture.benchDay, headers: ["Idempotency-Key": "k-1"])
      #expect(post.status == .serviceUnavailable)
      let ready = api.send(.get, "/readyz", token: nil)
      #expect(ready.status == .serviceUnavailable)
      #expect(ready.errorBody?.code == "not_ready")
      #expect(ready.errorBody?.message.contains("synced to disk") == true)
      failing.withLock { $0 = false }
      let again = try api.send(
        .post, "/v1/trainee/workouts/log", token: api.alice.token,
        json: StoreFixture.benchDay, headers: ["Idempotency-Key": "k-2"])
      #expect(again.status == .serviceUnavailable)
    }
  }
}
