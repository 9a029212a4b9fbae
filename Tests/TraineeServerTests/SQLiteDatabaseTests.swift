import Foundation
import Synchronization
import Testing

@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeServer

/// Runs `body` with a new empty directory, removed afterwards with everything in it.
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("perform-storage-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  return try body(directory)
}

/// One row of the `sample` table.
private struct SampleRow: Equatable {
  var number: Int64?
  var real: Double?
  var text: String?
  var blob: Data?
}

private let sampleSchema = "CREATE TABLE sample (number INTEGER, real REAL, text TEXT, blob BLOB)"

private func insert(_ row: SampleRow, _ db: SQLiteConnection) throws {
  try db.run(
    "INSERT INTO sample (number, real, text, blob) VALUES (?, ?, ?, ?)",
    [
      DatabaseValue(row.number), DatabaseValue(row.real), DatabaseValue(row.text),
      DatabaseValue(row.blob),
    ])
}

private func sampleRows(_ db: SQLiteConnection) throws -> [SampleRow] {
  try db.rows("SELECT number, real, text, blob FROM sample ORDER BY rowid") { row in
    SampleRow(
      number: try row.optionalInt64(0), real: try row.optionalDouble(1), text: try row.text(2),
      blob: try row.data(3))
  }
}

private struct Boom: Error, Equatable {}

struct SQLiteDatabaseTests {
  @Test func everyTypeReadsBackAsBound() throws {
    let database = try SQLiteDatabase.inMemory()
    try database.execute(sampleSchema)
    let rows = [
      SampleRow(number: 42, real: 57.5, text: "Bench press", blob: Data([0, 1, 255])),
      SampleRow(number: Int64.min, real: -0.25, text: "", blob: Data()),
      SampleRow(number: nil, real: nil, text: nil, blob: nil),
      SampleRow(number: 0, real: 1e300, text: "Ünïcödé 💪 with\u{0}nul", blob: nil),
    ]
    try database.transaction { db in for row in rows { try insert(row, db) } }
    #expect(try database.read(sampleRows) == rows)
  }

  // NB: text is bound without SQLite's copy, from a buffer each statement keeps and reuses
  // (SQLiteConnection.swift, "bound text without a copy each"): what one execution bound must
  // read back whole however the executions before it grew or shrank the buffer.
  @Test func textReadsBackAsBoundWhenTheStatementsBufferIsReused() throws {
    let database = try SQLiteDatabase.inMemory()
    try database.execute("CREATE TABLE t (a TEXT, b TEXT, c TEXT)")
    let long = String(repeating: "Bench press 💪 ", count: 6_000)
    let rows: [[String]] = [
      ["Push", "ex_bench", "Bench press"],
      [long, "", "Ünïcödé with\u{0}nul"],
      ["", "", ""],
      ["a", long + "end", "b"],
      ["Pull", "ex_row", "Barbell row"],
    ]
    try database.transaction { db in
      for row in rows {
        try db.run("INSERT INTO t (a, b, c) VALUES (?, ?, ?)", row.map { .text($0) })
      }
    }
    let read = try database.read { db in
      try db.rows("SELECT a, b, c FROM t ORDER BY rowid", []) { row in
        [try row.string(0), try row.string(1), try row.string(2)]
      }
    }
    #expect(read == rows)
    // The same statement looked up with text again, after all of that.
    let found = try database.read { db in
      try db.row("SELECT c FROM t WHERE a = ? AND b = ?", [.text("a"), .text(long + "end")]) {
        try $0.string(0)
      }
    }
    #expect(found == "b")
  }

  @Test func aStatementRunAgainWhileItsRowsAreReadIsRefusedAndTheRowsStayWhole() throws {
    let database = try SQLiteDatabase.inMemory()
    try database.execute("CREATE TABLE t (name TEXT)")
    try database.transaction { db in
      for name in ["first", "second"] {
        try db.run("INSERT INTO t (name) VALUES (?)", [.text(name)])
      }
    }
    let sql = "SELECT name FROM t WHERE name >= ? ORDER BY name"
    let names = try database.read { db in
      try db.rows(sql, [.text("a")]) { row -> String in
        #expect(throws: SQLiteError.self) {
          try db.rows(sql, [.text("zzzzzzzzzzzzzzzz")]) { try $0.string(0) }
        }
        return try row.string(0)
      }
    }
    #expect(names == ["first", "second"])
  }

  /// WAL, the busy timeout, every commit synced, and temporary data (the savepoint journal of
  /// each write of a group commit) in memory, not in a file. Foreign keys are declared but not
  /// checked by SQLite (the store keeps them: `ForeignKeysKeptByTheStoreTests`).
  @Test func fileDatabaseUsesWALBusyTimeoutAndFullSyncAndLeavesForeignKeysToTheStore() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("pragmas.sqlite").path
      let database = try SQLiteDatabase(path: path)
      defer { database.close() }
      let pragmas = try database.transaction { db in
        try ["journal_mode", "foreign_keys", "busy_timeout", "synchronous", "temp_store"].map {
          name in try db.row("PRAGMA \(name)") { try $0.string(0) }
        }
      }
      #expect(pragmas == ["wal", "0", "5000", "2", "2"])
    }
  }

  /// With a checkpointer, committed pages reach the database file without the writer copying
  /// them (it does so only at 10,000 pages): the file alone, copied without its WAL, holds them.
  @Test(.timeLimit(.minutes(1))) func theCheckpointerCopiesCommitsIntoTheFileOffTheWriter()
    async throws
  {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("checkpoint-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("live.sqlite").path
    let database = try SQLiteDatabase(
      path: path, options: .init(checkpointInterval: .milliseconds(20)))
    defer { database.close() }
    try database.execute("CREATE TABLE t (x INTEGER NOT NULL)")
    try database.transaction { db in
      for value in 0..<500 { try db.run("INSERT INTO t (x) VALUES (?)", [.integer(Int64(value))]) }
    }
    /// The rows the database file holds by itself.
    func rowsInTheFile() -> Int {
      let copy = directory.appendingPathComponent("copy-\(UUID().uuidString).sqlite")
      guard (try? FileManager.default.copyItem(atPath: path, toPath: copy.path)) != nil,
        let alone = try? SQLiteDatabase(path: copy.path, options: .init(readers: 0))
      else { return 0 }
      defer { alone.close() }
      return (try? alone.read { try $0.row("SELECT COUNT(*) FROM t") { try $0.int(0) } }) ?? 0
    }
    while rowsInTheFile() != 500 {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(try #require(database.checkpointer).count > 0)
    // The writer still commits and readers still read while the thread checkpoints.
    try database.transaction { db in try db.run("INSERT INTO t (x) VALUES (500)") }
    #expect(try database.read { try $0.row("SELECT COUNT(*) FROM t") { try $0.int(0) } } == 501)
  }

  @Test func errorsNameTheSQLAndSQLitesMessage() throws {
    let database = try SQLiteDatabase.inMemory()
    #expect(
      throws: SQLiteError.failed(sql: "SELEC 1", code: 1, message: "near \"SELEC\": syntax error")
    ) {
      try database.transaction { try $0.run("SELEC 1") }
    }
    try database.execute("CREATE TABLE names (name TEXT UNIQUE)")
    let insert = "INSERT INTO names (name) VALUES (?)"
    try database.transaction { try $0.run(insert, ["Ada"]) }
    let duplicate = SQLiteError.failed(
      sql: insert, code: 2067, message: "UNIQUE constraint failed: names.name")
    #expect(throws: duplicate) { try database.transaction { try $0.run(insert, ["Ada"]) } }
    #expect(duplicate.isConstraintViolation)
    // The cached statement that failed is reset and works again.
    try database.transaction { try $0.run(insert, ["Grace"]) }
    let names = try database.read {
      try $0.rows("SELECT name FROM names ORDER BY name") { try $0.string(0) }
    }
    #expect(names == ["Ada", "Grace"])
  }

  @Test func misuseIsAnErrorNotACrash() throws {
    let database = try SQLiteDatabase.inMemory()
    try database.execute("CREATE TABLE t (x INTEGER)")
    try database.transaction { try $0.run("INSERT INTO t (x) VALUES (NULL)") }
    #expect(
      throws: SQLiteError.failed(
        sql: "SELECT ?", code: 25, message: "expected 1 parameters, got 0")
    ) { try database.read { try $0.row("SELECT ?") { try $0.int(0) } } }
    #expect(
      throws: SQLiteError.failed(
        sql: "SELECT 1; SELECT 2", code: 21, message: "expected exactly one statement")
    ) { try database.read { try $0.row("SELECT 1; SELECT 2") { try $0.int(0) } } }
    #expect(throws: SQLiteError.unexpectedNull(sql: "SELECT x FROM t", column: 0)) {
      try database.read { try $0.row("SELECT x FROM t") { try $0.int64(0) } }
    }
    #expect(throws: SQLiteError.unexpectedNull(sql: "SELECT x FROM t", column: 0)) {
      try database.read { try $0.row("SELECT x FROM t") { try $0.double(0) } }
    }
    let escaped = try database.read { try $0.row("SELECT x FROM t") { $0 } }
    #expect(throws: SQLiteError.rowNotCurrent(sql: "SELECT x FROM t")) {
      try escaped?.isNull(0)
    }
    // A row kept past the step that ended the statement is not current either.
    let stepped = try database.read { try $0.rows("SELECT x FROM t") { $0 } }
    #expect(throws: SQLiteError.rowNotCurrent(sql: "SELECT x FROM t")) {
      try stepped.first?.int64(0)
    }
  }

  @Test func aThrowingTransactionRollsBackEverything() throws {
    let database = try SQLiteDatabase.inMemory()
    try database.execute(sampleSchema)
    #expect(throws: Boom()) {
      try database.transaction { db in
        try insert(SampleRow(number: 1, real: nil, text: "kept?", blob: nil), db)
        try insert(SampleRow(number: 2, real: nil, text: "kept?", blob: nil), db)
        throw Boom()
      }
    }
    #expect(try database.read(sampleRows) == [])
    let row = SampleRow(number: 3, real: nil, text: "after", blob: nil)
    try database.transaction { try insert(row, $0) }
    #expect(try database.read(sampleRows) == [row])
  }

  @Test func readConnectionsCannotWrite() throws {
    try withTemporaryDirectory { directory in
      let database = try SQLiteDatabase(path: directory.appendingPathComponent("r.sqlite").path)
      defer { database.close() }
      try database.execute(sampleSchema)
      let sql = "INSERT INTO sample (number) VALUES (1)"
      #expect(
        throws: SQLiteError.failed(
          sql: sql, code: 8, message: "attempt to write a readonly database")
      ) { try database.read { try $0.run(sql) } }
    }
  }

  @Test func aClosedDatabaseRefusesWork() throws {
    let database = try SQLiteDatabase.inMemory()
    database.close()
    #expect(throws: SQLiteError.closed(path: ":memory:")) { try database.execute("SELECT 1") }
    #expect(throws: SQLiteError.closed(path: ":memory:")) {
      try database.read { try $0.row("SELECT 1") { try $0.int(0) } }
    }
  }

  @Test func aMissingDirectoryCannotBeOpened() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("missing/db.sqlite").path
      #expect(throws: SQLiteError.cannotOpen(path: path, message: "unable to open database file")) {
        try SQLiteDatabase(path: path)
      }
    }
  }

  @Test(arguments: [
    Array(repeating: UInt8(0x5a), count: 8192),
    Array("SQLite format 3\u{0}".utf8) + Array(repeating: UInt8(0xff), count: 4080),
  ])
  func aFileThatIsNotADatabaseIsRefusedAndLeftUntouched(bytes: [UInt8]) throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("notes.sqlite").path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let refusal = SQLiteError.cannotOpen(
        path: path,
        message:
          "the file is not a SQLite database or is damaged (left untouched: move it aside to"
          + " start a new one, or open another file)")
      #expect(throws: refusal) { try SQLiteDatabase(path: path) }
      #expect(throws: refusal) { try DatabaseTraineeStore(path: path) }
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      #expect(names == ["notes.sqlite"])
    }
  }

  @Test func committedRowsSurviveCloseAndReopen() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("durable.sqlite").path
      let rows = (1...20).map {
        SampleRow(number: $0, real: Double($0) / 2, text: "set \($0)", blob: nil)
      }
      let first = try SQLiteDatabase(path: path)
      try first.execute(sampleSchema)
      for row in rows { try first.transaction { try insert(row, $0) } }
      first.close()
      let second = try SQLiteDatabase(path: path)
      defer { second.close() }
      #expect(try second.read(sampleRows) == rows)
    }
  }

  @Test func threadsWritingAndReadingAtOnceLoseNothing() throws {
    try withTemporaryDirectory { directory in
      let database = try SQLiteDatabase(path: directory.appendingPathComponent("c.sqlite").path)
      defer { database.close() }
      try database.execute(sampleSchema)
      let failures = Mutex<[String]>([])
      DispatchQueue.concurrentPerform(iterations: 8) { thread in
        do {
          for index in 0..<50 {
            let row = SampleRow(
              number: Int64(thread * 1000 + index), real: nil, text: "t", blob: nil)
            try database.transaction { try insert(row, $0) }
            let count = try database.read {
              try $0.row("SELECT COUNT(*) FROM sample") { try $0.int(0) }
            }
            if (count ?? 0) < index + 1 {
              failures.withLock { $0.append("read \(String(describing: count))") }
            }
          }
        } catch {
          failures.withLock { $0.append("\(error)") }
        }
      }
      #expect(failures.withLock { $0 } == [])
      let numbers = try database.read {
        try $0.rows("SELECT number FROM sample ORDER BY number") { try $0.int64(0) }
      }
      let expected = (0..<8).flatMap { thread in (0..<50).map { Int64(thread * 1000 + $0) } }
      #expect(numbers == expected)
    }
  }

  @Test func twoDatabasesOnOneFileTakeTurns() throws {
    // A `perform` admin command opens the file while the server has it open.
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("shared.sqlite").path
      let server = try SQLiteDatabase(path: path)
      let command = try SQLiteDatabase(path: path)
      defer {
        server.close()
        command.close()
      }
      try server.execute(sampleSchema)
      let failures = Mutex<[String]>([])
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        let database = thread.isMultiple(of: 2) ? server : command
        do {
          for index in 0..<25 {
            let row = SampleRow(
              number: Int64(thread * 100 + index), real: nil, text: nil, blob: nil)
            try database.transaction { try insert(row, $0) }
          }
        } catch {
          failures.withLock { $0.append("\(error)") }
        }
      }
      #expect(failures.withLock { $0 } == [])
      let count = try command.read { try $0.row("SELECT COUNT(*) FROM sample") { try $0.int(0) } }
      #expect(count == 100)
    }
  }
}
