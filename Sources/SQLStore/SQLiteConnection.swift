import CSQLite
import Foundation

// NB: docs/architecture.md, "C libraries": this is the one file that touches SQLite's pointers.
// Everything above it works with `SQLiteDatabase`, `SQLiteConnection`, `DatabaseValue` and
// `SQLiteRow`, and every SQLite return code other than success becomes a thrown `SQLiteError`.

/// One connection to a database, with its statements prepared once and cached by SQL text.
///
/// Not thread-safe: reach it only through `SQLiteDatabase`, which hands it to one thread at a
/// time, and do not keep it past the closure it was handed to.
public final class SQLiteConnection: DatabaseConnection {
  private var handle: OpaquePointer?
  private var statements: [String: PreparedStatement] = [:]
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

  private func prepared(_ sql: String, _ values: [DatabaseValue]) throws -> PreparedStatement {
    let handle = try openHandle()
    let statement: PreparedStatement
    if let cached = statements[sql] {
      statement = cached
    } else {
      statement = try PreparedStatement(sql: sql, connection: handle)
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

/// The current row of a query; read its columns inside the closure it was handed to.
public struct SQLiteRow: DatabaseRow {
  fileprivate let statement: PreparedStatement
  fileprivate let generation: Int

  /// Whether column `column` (from 0) is `NULL`.
  public func isNull(_ column: Int) throws -> Bool {
    try current(column) == SQLITE_NULL
  }

  /// An integer column; `NULL` is an error.
  public func int64(_ column: Int) throws -> Int64 {
    sqlite3_column_int64(try notNull(column), Int32(column))
  }

  /// An integer column, or `nil` for `NULL`.
  public func optionalInt64(_ column: Int) throws -> Int64? {
    guard let pointer = try pointer(column) else { return nil }
    return sqlite3_column_int64(pointer, Int32(column))
  }

  /// A real column; `NULL` is an error.
  public func double(_ column: Int) throws -> Double {
    sqlite3_column_double(try notNull(column), Int32(column))
  }

  /// A real column, or `nil` for `NULL`.
  public func optionalDouble(_ column: Int) throws -> Double? {
    guard let pointer = try pointer(column) else { return nil }
    return sqlite3_column_double(pointer, Int32(column))
  }

  /// A text column, or `nil` for `NULL`.
  public func text(_ column: Int) throws -> String? {
    guard let pointer = try pointer(column) else { return nil }
    let count = Int(sqlite3_column_bytes(pointer, Int32(column)))
    guard count > 0, let bytes = sqlite3_column_text(pointer, Int32(column)) else { return "" }
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  /// A text column; `NULL` is an error.
  public func string(_ column: Int) throws -> String {
    try required(column, text)
  }

  /// A blob column, or `nil` for `NULL`.
  public func data(_ column: Int) throws -> Data? {
    guard let pointer = try pointer(column) else { return nil }
    let count = Int(sqlite3_column_bytes(pointer, Int32(column)))
    guard count > 0, let bytes = sqlite3_column_blob(pointer, Int32(column)) else { return Data() }
    return Data(bytes: bytes, count: count)
  }

  /// The column's value in its storage class.
  public func value(_ column: Int) throws -> DatabaseValue {
    switch try current(column) {
    case SQLITE_INTEGER: .integer(try int64(column))
    case SQLITE_FLOAT: .real(try double(column))
    case SQLITE_TEXT: .text(try string(column))
    case SQLITE_BLOB: .blob(try data(column) ?? Data())
    default: .null
    }
  }

  private func required<T>(_ column: Int, _ read: (Int) throws -> T?) throws -> T {
    guard let value = try read(column) else {
      throw SQLiteError.unexpectedNull(sql: statement.sql, column: column)
    }
    return value
  }

  /// The statement pointer while this row is current and the column is not `NULL`.
  private func pointer(_ column: Int) throws -> OpaquePointer? {
    let pointer = try currentPointer()
    return sqlite3_column_type(pointer, Int32(column)) == SQLITE_NULL ? nil : pointer
  }

  /// The statement pointer while this row is current; `unexpectedNull` for a `NULL` column.
  private func notNull(_ column: Int) throws -> OpaquePointer {
    let pointer = try currentPointer()
    guard sqlite3_column_type(pointer, Int32(column)) != SQLITE_NULL else {
      throw SQLiteError.unexpectedNull(sql: statement.sql, column: column)
    }
    return pointer
  }

  private func current(_ column: Int) throws -> Int32 {
    sqlite3_column_type(try currentPointer(), Int32(column))
  }

  // NB: every step, reset and finalize moves the statement's generation, and a row is made only
  // on a step that gave one: the same generation means the statement is still on this row.
  private func currentPointer() throws -> OpaquePointer {
    guard generation == statement.generation, let pointer = statement.pointer else {
      throw SQLiteError.rowNotCurrent(sql: statement.sql)
    }
    return pointer
  }
}

/// A prepared statement, kept for the life of its connection.
private final class PreparedStatement {
  let sql: String
  private(set) var pointer: OpaquePointer?
  private let connection: OpaquePointer
  /// Counts steps, so that a row read after a later step is detected.
  private(set) var generation = 0

  /// Tells SQLite to copy bound blobs (the C macro `SQLITE_TRANSIENT`).
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
  /// Tells SQLite that bound text stays where it is until the statement is reset (the C macro
  /// `SQLITE_STATIC`).
  private static let unchanging: sqlite3_destructor_type? = nil

  // NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
  // answers, group commit and paged history", "bound text without a copy each": SQLite built
  // without lookaside (Debian's build) mallocs and frees a copy of every text bound with
  // SQLITE_TRANSIENT, about 70 a log post in the one writer (a set's label, exercise and name,
  // fourteen sets a log). The text of one execution is copied here instead, end to end into one
  // buffer the statement keeps and reuses, and bound where it lies; the buffer is not touched again
  // until the next bind, which comes after the reset that ends SQLite's use of it (`bind` refuses a
  // statement that is still running).
  /// The text bound for the current execution, end to end.
  private var boundText: UnsafeMutableRawPointer?
  private var boundTextCapacity = 0

  init(sql: String, connection: OpaquePointer) throws {
    self.sql = sql
    self.connection = connection
    let (code, rest) = sql.withCString { text in
      var tail: UnsafePointer<CChar>?
      let code = sqlite3_prepare_v3(
        connection, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, &tail)
      // The tail points into `text`, so it is read before `text` goes away.
      return (code, tail.map { String(cString: $0) } ?? "")
    }
    guard code == SQLITE_OK else { throw failure() }
    guard pointer != nil, rest.allSatisfy({ $0.isWhitespace || $0 == ";" }) else {
      finalize()
      throw SQLiteError.failed(
        sql: sql, code: SQLITE_MISUSE, message: "expected exactly one statement")
    }
  }

  /// Whether the statement has been stepped and not yet reset or run to its end.
  var isRunning: Bool { pointer.map { sqlite3_stmt_busy($0) != 0 } ?? false }

  /// Binds `values`, one for each parameter; the statement must not be running.
  func bind(_ values: [DatabaseValue]) throws {
    guard let pointer else { throw SQLiteError.rowNotCurrent(sql: sql) }
    let expected = Int(sqlite3_bind_parameter_count(pointer))
    guard values.count == expected else {
      throw SQLiteError.failed(
        sql: sql, code: SQLITE_RANGE,
        message: "expected \(expected) parameters, got \(values.count)")
    }
    var textBytes = 0
    for case .text(let text) in values { textBytes += text.utf8.count }
    let buffer = textBuffer(holding: textBytes)
    var offset = 0
    for (position, value) in values.enumerated() {
      let index = Int32(position + 1)
      let code: Int32
      switch value {
      case .integer(let number): code = sqlite3_bind_int64(pointer, index, number)
      case .real(let number): code = sqlite3_bind_double(pointer, index, number)
      case .null: code = sqlite3_bind_null(pointer, index)
      case .text(let text):
        let start = buffer + offset
        var text = text
        let count = text.withUTF8 { bytes in
          if let base = bytes.baseAddress { start.copyMemory(from: base, byteCount: bytes.count) }
          return bytes.count
        }
        offset += count
        code = sqlite3_bind_text64(
          pointer, index, start.assumingMemoryBound(to: CChar.self), UInt64(count),
          Self.unchanging, UInt8(SQLITE_UTF8))
      case .blob(let data):
        code = data.withUnsafeBytes { bytes in
          guard let base = bytes.baseAddress, !bytes.isEmpty else {
            return sqlite3_bind_zeroblob(pointer, index, 0)
          }
          return sqlite3_bind_blob64(pointer, index, base, UInt64(bytes.count), Self.transient)
        }
      }
      guard code == SQLITE_OK else { throw failure() }
    }
  }

  /// The statement's text buffer, grown to hold at least `count` bytes (and at least one, so
  /// that empty text has an address to be bound at).
  private func textBuffer(holding count: Int) -> UnsafeMutableRawPointer {
    if let boundText, boundTextCapacity >= max(count, 1) { return boundText }
    dropTextBuffer()
    boundTextCapacity = max(count, 64)
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: boundTextCapacity, alignment: 8)
    boundText = buffer
    return buffer
  }

  /// Gives the text buffer back; SQLite must hold no text bound from it.
  private func dropTextBuffer() {
    boundText?.deallocate()
    boundText = nil
    boundTextCapacity = 0
  }

  /// Advances to the next row; `false` when the statement is done.
  func step() throws -> Bool {
    guard let pointer else { throw SQLiteError.rowNotCurrent(sql: sql) }
    generation += 1
    switch sqlite3_step(pointer) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw failure()
    }
  }

  /// The most text a statement keeps room for between executions: a larger buffer (a program
  /// or a log bound once) is given back at the reset.
  private static let keptTextCapacity = 64 * 1024

  /// Makes the statement ready for its next use and drops its bound values.
  func reset() {
    generation += 1
    sqlite3_reset(pointer)
    sqlite3_clear_bindings(pointer)
    if boundTextCapacity > Self.keptTextCapacity { dropTextBuffer() }
  }

  func finalize() {
    generation += 1
    sqlite3_finalize(pointer)
    pointer = nil
    dropTextBuffer()
  }

  private func failure() -> SQLiteError {
    .failed(
      sql: sql, code: sqlite3_extended_errcode(connection),
      message: String(cString: sqlite3_errmsg(connection)))
  }
}
