import CSQLite
import Foundation

// NB: docs/architecture.md, "C libraries": these files (SQLiteConnection*.swift) are the ones that
// touch SQLite's pointers. Everything above them works with `SQLiteDatabase`, `SQLiteConnection`, `DatabaseValue` and
// `SQLiteRow`, and every SQLite return code other than success becomes a thrown `SQLiteError`.

/// One connection to a database, with its statements prepared once and cached by SQL text.
///
/// Not thread-safe: reach it only through `SQLiteDatabase`, which hands it to one thread at a
/// time, and do not keep it past the closure it was handed to.
public final class SQLiteConnection: DatabaseConnection {
  private var handle: OpaquePointer?
  private var statements: [String: SQLitePreparedStatement] = [:]
  /// The path the connection was opened with.
  public let path: String

  /// SQLite's process-wide settings, made once before the first connection opens.
  private static let configured: Void = {
    // NB: memory statistics (on by default) count every allocation under one global mutex; the
    // server's threads, each reading on a connection of its own, queued on it (futex waits in a
    // profile of kept answers). Nothing here reads them.
    _ = perform_sqlite_memory_statistics_off()
  }()

  /// The writer's page cache, in KiB.
  static let writerCacheKiB = 32 * 1024

  init(path: String, readOnly: Bool, busyTimeout: Duration, synchronousFull: Bool) throws {
    Self.configured
    self.path = path
    var opened: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(path, &opened, flags, nil)
    guard code == SQLITE_OK, let opened else {
      let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(opened)
      throw SQLiteError.cannotOpen(path: path, message: message)
    }
    handle = opened
    sqlite3_extended_result_codes(opened, 1)
    let (seconds, attoseconds) = busyTimeout.components
    let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    sqlite3_busy_timeout(opened, Int32(clamping: milliseconds))
    do {
      // NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput:
      // kept answers, group commit and paged history", "foreign keys declared, not checked by
      // SQLite": SQLite looked up the parent of every row a log post inserted (about forty a log,
      // in the one writer). The store keeps the references itself: every write of a trainee raises
      // the trainee's answer version and fails when there is no such trainee, and the one parent it
      // deletes (a log) deletes its rows in other tables first. PostgreSQL checks them still.
      try execute("PRAGMA foreign_keys = OFF")
      if path != ":memory:" && !readOnly {
        let mode = try row("PRAGMA journal_mode = WAL") { try $0.string(0) }
        guard mode?.lowercased() == "wal" else {
          throw SQLiteError.cannotOpen(path: path, message: "journal mode is \(mode ?? "?")")
        }
      }
      try execute("PRAGMA synchronous = \(synchronousFull ? "FULL" : "NORMAL")")
      // NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput:
      // kept answers, group commit and paged history", "the savepoint journal in memory": each
      // write of a group commit runs in a savepoint, whose journal of the pages it changes went to
      // a temporary file (written with a system call per page): a fifth of a log post's time in the
      // one writer.
      try execute("PRAGMA temp_store = MEMORY")
      if readOnly {
        try execute("PRAGMA query_only = ON")
      } else {
        // NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput:
        // kept answers, group commit and paged history", "the writer's page cache": a log post
        // touches the tails of a dozen B-trees for each trainee writing; with SQLite's default 2
        // MiB cache the one writer read most of them back from the file (17 reads a post). 32 MiB
        // keeps them; the readers keep the default.
        try execute("PRAGMA cache_size = -\(Self.writerCacheKiB)")
      }
    } catch let error as SQLiteError {
      close()
      if case .cannotOpen = error { throw error }
      if case .failed(_, let code, _) = error,
        [SQLITE_NOTADB, SQLITE_CORRUPT].contains(code & 0xff)
      {
        throw SQLiteError.cannotOpen(
          path: path,
          message:
            "the file is not a SQLite database or is damaged (left untouched: move it aside to"
            + " start a new one, or open another file)")
      }
      throw SQLiteError.cannotOpen(path: path, message: error.description)
    }
  }

  deinit { close() }

  /// Finalizes every cached statement and closes the connection; later calls throw `closed`.
  func close() {
    for statement in statements.values { statement.finalize() }
    statements = [:]
    sqlite3_close_v2(handle)
    handle = nil
  }

  /// Whether no transaction is open.
  var isAutocommit: Bool { handle.map { sqlite3_get_autocommit($0) != 0 } ?? true }

  /// The pages the connection has written to the file (to the WAL, in WAL mode) since it opened
  /// (`SQLITE_DBSTATUS_CACHE_WRITE`): a commit that did not move it wrote nothing.
  var pagesWritten: Int {
    guard let handle else { return 0 }
    var current: Int32 = 0
    var highwater: Int32 = 0
    sqlite3_db_status(handle, SQLITE_DBSTATUS_CACHE_WRITE, &current, &highwater, 0)
    return Int(current)
  }

  /// The rows inserted, updated or deleted by the connection's statements since it opened
  /// (`sqlite3_total_changes64`); a statement that failed, undone by SQLite, counts none.
  public var totalChanges: Int { handle.map { Int(sqlite3_total_changes64($0)) } ?? 0 }

  /// Runs one or more statements that take no parameters, such as a schema.
  public func execute(_ sql: String) throws {
    let handle = try openHandle()
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &message)
    guard code == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
      sqlite3_free(message)
      throw SQLiteError.failed(sql: sql, code: sqlite3_extended_errcode(handle), message: text)
    }
  }

  /// Runs one statement that returns no rows, such as an insert; returns the rows it changed.
  @discardableResult
  public func run(_ sql: String, _ values: [DatabaseValue]) throws -> Int {
    let statement = try prepared(sql, values)
    defer { statement.reset() }
    while try statement.step() {}
    return Int(sqlite3_changes(try openHandle()))
  }

  /// Every row of a query, each read by `read`.
  public func rows<T>(
    _ sql: String, _ values: [DatabaseValue], _ read: (any DatabaseRow) throws -> T
  ) throws -> [T] {
    let statement = try prepared(sql, values)
    defer { statement.reset() }
    var result: [T] = []
    while try statement.step() {
      result.append(try read(SQLiteRow(statement: statement, generation: statement.generation)))
    }
    return result
  }

  /// The first row of a query read by `read`, or `nil` when there is none.
  public func row<T>(
    _ sql: String, _ values: [DatabaseValue], _ read: (any DatabaseRow) throws -> T
  ) throws -> T? {
    let statement = try prepared(sql, values)
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    return try read(SQLiteRow(statement: statement, generation: statement.generation))
  }

  /// The row id of the last insert on this connection.
  public var lastInsertRowID: Int64 {
    get throws { sqlite3_last_insert_rowid(try openHandle()) }
  }

  /// The size of a wal-index region as SQLite maps it (`WALINDEX_PGSZ`).
  private static let walIndexRegionSize: Int32 = 32 * 1024

  /// The start of the wal-index (`-shm`) as SQLite maps it for this process, readable while this
  /// connection is open; `nil` when the database has none (not in WAL mode, or no read has set it
  /// up yet). SQLite's own mapping, not one of a descriptor opened here: see WALIndexWatch.swift.
  func walIndexRegion() throws -> UnsafeRawPointer? {
    let handle = try openHandle()
    var file: UnsafeMutablePointer<sqlite3_file>?
    guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK,
      let file, let methods = file.pointee.pMethods, methods.pointee.iVersion >= 2,
      let map = methods.pointee.xShmMap
    else { return nil }
    var region: UnsafeMutableRawPointer?
    // Region 0 only if it exists: `bExtend` 0 neither creates nor grows the file.
    guard map(file, 0, Self.walIndexRegionSize, 0, &region) == SQLITE_OK, let region else {
      return nil
    }
    return UnsafeRawPointer(region)
  }

  private func openHandle() throws -> OpaquePointer {
    guard let handle else { throw SQLiteError.closed(path: path) }
    return handle
  }

  private func prepared(_ sql: String, _ values: [DatabaseValue]) throws -> SQLitePreparedStatement
  {
    let handle = try openHandle()
    let statement: SQLitePreparedStatement
    if let cached = statements[sql] {
      statement = cached
    } else {
      statement = try SQLitePreparedStatement(sql: sql, connection: handle)
      statements[sql] = statement
    }
    // Still running (its rows read by a caller that runs it again within): binding would
    // change the text under the running execution, and a reset would end it.
    guard !statement.isRunning else {
      throw SQLiteError.failed(
        sql: sql, code: SQLITE_MISUSE, message: "the statement is still running")
    }
    do {
      try statement.bind(values)
    } catch {
      statement.reset()
      throw error
    }
    return statement
  }
}
