import Foundation
import Testing

@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeServer

/// The wal-index header's stamp
/// (docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
/// answers, group commit and paged history", "The token check is kept per process") moves at every
/// commit of any connection or process and at nothing else a reader does, and is refused while its
/// two copies disagree.
@Suite struct WALIndexWatchTests {
  private static func stamp(_ path: String) throws -> WALIndexWatch.Stamp {
    let watch = try #require(WALIndexWatch(databasePath: path))
    return try #require(watch.stamp())
  }

  /// The stamp of memory laid out as a wal-index that begins with `headers`.
  private static func stamp(ofHeaders headers: [UInt8]) -> WALIndexWatch.Stamp? {
    let memory = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 8)
    defer { memory.deallocate() }
    memory.initializeMemory(as: UInt8.self, repeating: 0, count: 4096)
    memory.copyMemory(from: headers, byteCount: headers.count)
    let owner = NSObject()
    return WALIndexWatch(headers: memory, owner: owner).stamp()
  }

  /// Runs `script` in Python (another process) with the database's path as its one argument,
  /// and returns its exit status.
  private static func python(_ script: String, _ path: String) throws -> Int32 {
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = ["python3", "-c", script, path]
    try python.run()
    python.waitUntilExit()
    return python.terminationStatus
  }

  /// Runs `body` with the path of a new file database and the database, which has a table `t`.
  private func withTable(_ body: (String, SQLiteDatabase) throws -> Void) throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("watch.sqlite").path
      let database = try SQLiteDatabase(path: path)
      defer { database.close() }
      try database.execute("CREATE TABLE t (n INTEGER)")
      try body(path, database)
    }
  }

  @Test func theStampMovesAtEveryCommitAndAtNoRead() throws {
    try withTable { path, database in
      let watch = try #require(WALIndexWatch(databasePath: path))
      var seen = try #require(watch.stamp())
      for round in 1...5 {
        for _ in 0..<3 {
          _ = try database.read { try $0.row("SELECT count(*) FROM t", []) { try $0.int(0) } }
          #expect(watch.stamp() == seen)
        }
        try database.transaction {
          try $0.run("INSERT INTO t (n) VALUES (?)", [.integer(Int64(round))])
        }
        let now = try #require(watch.stamp())
        #expect(now != seen)
        seen = now
      }
      // A transaction that changes no row writes no page: the database is as it was, and the
      // stamp too.
      try database.transaction { try $0.run("DELETE FROM t WHERE n = 0") }
      #expect(watch.stamp() == seen)
    }
  }

  @Test func anotherProcessesCommitMovesTheStamp() throws {
    try withTable { path, database in
      let before = try Self.stamp(path)
      // NB: Python's sqlite3 module is another process with SQLite of its own, as an admin
      // command writing beside a running server would be.
      let status = try Self.python(
        "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('INSERT INTO t VALUES (7)');"
          + " c.commit(); c.close()",
        path)
      try #require(status == 0)
      #expect(try Self.stamp(path) != before)
      let count = try database.read { try $0.row("SELECT count(*) FROM t", []) { try $0.int(0) } }
      #expect(count == 1)
    }
  }

  @Test func aHeaderWhoseCopiesDisagreeOrThatIsNotSetUpGivesNoStamp() {
    var copy = [UInt8](repeating: 0, count: WALIndexWatch.headerSize)
    copy[8] = 41  // the change counter
    copy[12] = 1  // set up
    var other = copy
    other[8] = 42
    var unset = copy
    unset[12] = 0
    let whole = Self.stamp(ofHeaders: copy + copy)
    let torn = Self.stamp(ofHeaders: copy + other)
    let tornTheOtherWay = Self.stamp(ofHeaders: other + copy)
    let next = Self.stamp(ofHeaders: other + other)
    let notSetUp = Self.stamp(ofHeaders: unset + unset)
    #expect(whole != nil)
    #expect(torn == nil)
    #expect(tornTheOtherWay == nil)
    #expect(next != nil && next != whole)
    #expect(notSetUp == nil)
  }

  @Test func aDatabaseWithoutAWALIndexHasNoWatchAndGetsNoSHMFile() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("rollback.sqlite").path
      // A database in the rollback journal's mode, as SQLite's shell makes one.
      let rollback = try SQLiteConnection(
        path: path, readOnly: false, busyTimeout: .seconds(1), synchronousFull: false)
      try rollback.execute("PRAGMA journal_mode = DELETE; CREATE TABLE t (n INTEGER)")
      rollback.close()
      #expect(WALIndexWatch(databasePath: path) == nil)
      #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
      #expect(WALIndexWatch(databasePath: ":memory:") == nil)
    }
  }

  // NB: the locks on the `-shm` file are POSIX record locks, which the close of any descriptor
  // of the file drops for the whole process. A watch that opened and closed a descriptor of its
  // own let the next process to open the database take the "DMS" byte (offset 128) for itself,
  // truncate the wal-index under the open database and set it up again (a server killed by
  // SIGBUS beside `perform trainee add`).
  @Test func anOpenDatabaseKeepsOtherProcessesFromSettingTheWALIndexUpAgain() throws {
    try withTable { path, database in
      #expect(try database.kept("k") { 1 } == 1)
      let status = try Self.python(
        "import fcntl, os, sys\n"
          + "fd = os.open(sys.argv[1] + '-shm', os.O_RDWR)\n"
          + "try:\n"
          + "    fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, 128)\n"
          + "except OSError:\n"
          + "    sys.exit(3)\n"
          + "sys.exit(0)\n",
        path)
      // 3: the byte is held by this process, as SQLite means it to be.
      #expect(status == 3)
    }
  }
}
