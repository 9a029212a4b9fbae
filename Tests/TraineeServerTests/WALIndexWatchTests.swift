import Foundation
import Testing

@testable import TraineeServer

/// The wal-index header's stamp (docs/decisions.md "Throughput: kept answers, group commit and
/// paged history", "the token check kept per process") moves at every commit of any connection
/// or process and at nothing else a reader does, and is refused while its two copies disagree.
@Suite struct WALIndexWatchTests {
  private static func stamp(_ path: String) throws -> WALIndexWatch.Stamp {
    let watch = try #require(WALIndexWatch(databasePath: path))
    return try #require(watch.stamp())
  }

  /// The stamp of a `-shm` file beside `path` that begins with `headers`.
  private static func stamp(
    _ path: String, ofHeaders headers: [UInt8]
  ) throws
    -> WALIndexWatch.Stamp?
  {
    try Data(headers + [UInt8](repeating: 0, count: 4096 - headers.count))
      .write(to: URL(fileURLWithPath: path + "-shm"))
    return try #require(WALIndexWatch(databasePath: path)).stamp()
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
      let python = Process()
      python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      python.arguments = [
        "python3", "-c",
        "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('INSERT INTO t VALUES (7)');"
          + " c.commit(); c.close()",
        path,
      ]
      try python.run()
      python.waitUntilExit()
      try #require(python.terminationStatus == 0)
      #expect(try Self.stamp(path) != before)
      let count = try database.read { try $0.row("SELECT count(*) FROM t", []) { try $0.int(0) } }
      #expect(count == 1)
    }
  }

  @Test func aHeaderWhoseCopiesDisagreeOrThatIsNotSetUpGivesNoStamp() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("fake.sqlite").path
      var copy = [UInt8](repeating: 0, count: WALIndexWatch.headerSize)
      copy[8] = 41  // the change counter
      copy[12] = 1  // set up
      var other = copy
      other[8] = 42
      var unset = copy
      unset[12] = 0
      let whole = try Self.stamp(path, ofHeaders: copy + copy)
      let torn = try Self.stamp(path, ofHeaders: copy + other)
      let tornTheOtherWay = try Self.stamp(path, ofHeaders: other + copy)
      let next = try Self.stamp(path, ofHeaders: other + other)
      let notSetUp = try Self.stamp(path, ofHeaders: unset + unset)
      #expect(whole != nil)
      #expect(torn == nil)
      #expect(tornTheOtherWay == nil)
      #expect(next != nil && next != whole)
      #expect(notSetUp == nil)
    }
  }

  @Test func aDatabaseWithoutAWALIndexHasNoWatch() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("none.sqlite").path
      #expect(WALIndexWatch(databasePath: path) == nil)
      // Shorter than the two headers: SQLite has not set it up yet.
      try Data(count: 64).write(to: URL(fileURLWithPath: path + "-shm"))
      #expect(WALIndexWatch(databasePath: path) == nil)
    }
  }
}
