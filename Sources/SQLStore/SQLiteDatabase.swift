import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

#if canImport(Glibc)
  import Glibc
#endif

// NB: SQLiteConnection.swift is the one file that touches SQLite's pointers; this one hands its
// connections to threads and runs transactions on them.

/// A SQLite database that libmicrohttpd's threads may share.
///
/// Thread safety: one writer connection behind a lock runs every write transaction, one at a
/// time. A file database also keeps a small pool of read-only connections, each behind its own
/// lock, that serve reads in parallel with each other and with the writer (WAL mode lets readers
/// see the last commit while a write is under way). An in-memory database is a single connection
/// that reads and writes share. Another process (a `perform` admin command) may write to the same
/// file; SQLite's file locks and the busy timeout take turns with it.
///
/// Calls do not nest: `transaction` or `read` must not be called from inside another's closure.
public final class SQLiteDatabase: Sendable {
  /// How connections are set up.
  public struct Options: Equatable, Sendable {
    /// Read-only connections kept for a file database; `0` sends reads to the writer.
    public var readers: Int
    /// How long a statement waits for another connection's lock before failing as busy.
    public var busyTimeout: Duration
    /// `PRAGMA synchronous = FULL` (each commit synced to disk) rather than `NORMAL`.
    public var synchronousFull: Bool
    /// How often a thread of its own checkpoints the WAL (`SQLiteCheckpointer`); `nil` leaves
    /// checkpoints to SQLite, on the writer, every 1,000 pages. Only for a file database.
    public var checkpointInterval: Duration?
    /// Whether the writer commits without syncing and each commit is made durable after the
    /// writer is free (`SQLiteWALSync`), with one `fdatasync` of the WAL for the commits that
    /// finished together: durable as `synchronousFull`, but the next write need not wait for
    /// the disk. Only for a file database with `synchronousFull`.
    public var syncOffWriter: Bool

    /// Eight readers, a five-second busy timeout, and every commit synced.
    ///
    /// NB: more readers than one client may hold workers (`workersPerClient`, 2): with four, a
    /// heavy trainee's four workers held every reader and a light trainee's read waited seconds
    /// for one (`make bench-neighbour`).
    public init(
      readers: Int = 8, busyTimeout: Duration = .seconds(5), synchronousFull: Bool = true,
      checkpointInterval: Duration? = nil, syncOffWriter: Bool = false
    ) {
      self.readers = readers
      self.busyTimeout = busyTimeout
      self.synchronousFull = synchronousFull
      self.checkpointInterval = checkpointInterval
      self.syncOffWriter = syncOffWriter
    }
  }

  /// The file path, or `:memory:`.
  public let path: String
  private let writer: GuardedConnection
  private let readers: [GuardedConnection]
  private let nextReader = Atomic<Int>(0)
  /// Checkpoints the WAL off the writer, when `Options.checkpointInterval` asks for it.
  let checkpointer: SQLiteCheckpointer?
  /// Makes the writer's commits durable, when `Options.syncOffWriter` asks for it.
  package let walSync: SQLiteWALSync?
  /// The wal-index header of a file database, which moves at every commit of any process; its
  /// connection stays open until the database object goes (`close()` leaves it), since `kept`
  /// may still be asked while another thread closes the database.
  private let watch: WALIndexWatch?
  /// Values kept by `kept(_:_:)` with the wal-index header they were computed at.
  private let keptValues = KeptValues<WALIndexWatch.Stamp>()

  /// Opens (creating if needed) the database at `path`, in WAL mode (foreign keys are not
  /// checked: see SQLiteConnection.swift).
  public convenience init(path: String, options: Options = Options()) throws {
    try self.init(path: path, options: options, syncingWith: { fdatasync($0) })
  }

  /// Opens the database at `path`, syncing its WAL with `sync` when `options.syncOffWriter`
  /// (`fdatasync` but in tests).
  init(
    path: String, options: Options, syncingWith sync: @escaping @Sendable (Int32) -> Int32
  ) throws {
    self.path = path
    let isMemory = path == ":memory:"
    // NB: docs/security.md, "Files other local users could read": a new file is created 0600
    // before SQLite opens it, and SQLite gives the WAL and shared memory the file's own mode.
    if !isMemory {
      let created = Glibc.open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
      if created >= 0 { Glibc.close(created) }
    }
    walSync =
      options.syncOffWriter && options.synchronousFull && !isMemory
      ? SQLiteWALSync(databasePath: path, sync: sync) : nil
    writer = GuardedConnection(
      try SQLiteConnection(
        path: path, readOnly: false, busyTimeout: options.busyTimeout,
        synchronousFull: options.synchronousFull && walSync == nil))
    readers = try (0..<(isMemory ? 0 : max(0, options.readers))).map { _ in
      GuardedConnection(
        try SQLiteConnection(
          path: path, readOnly: true, busyTimeout: options.busyTimeout,
          synchronousFull: options.synchronousFull))
    }
    watch =
      isMemory
      ? nil
      : WALIndexWatch(
        connection: try SQLiteConnection(
          path: path, readOnly: true, busyTimeout: options.busyTimeout,
          synchronousFull: options.synchronousFull))
    if let interval = options.checkpointInterval, !isMemory {
      try writer.withConnection {
        try $0.execute(
          "PRAGMA wal_autocheckpoint = \(SQLiteCheckpointer.writerCheckpointPages)")
      }
      checkpointer = try SQLiteCheckpointer(
        path: path, interval: interval, busyTimeout: options.busyTimeout)
    } else {
      checkpointer = nil
    }
  }

  /// A private database in memory, gone when closed.
  public static func inMemory() throws -> SQLiteDatabase {
    try SQLiteDatabase(path: ":memory:")
  }

  /// Closes every connection but the wal-index watch's, which closes when the database object
  /// goes; later calls throw `SQLiteError.closed`.
  public func close() {
    checkpointer?.stop()
    for reader in readers { reader.withConnection { $0.close() } }
    writer.withConnection { $0.close() }
    walSync?.close()
  }

  /// Runs statements that take no parameters on the writer, outside any transaction.
  public func execute(_ sql: String) throws {
    let ticket = try writer.withConnection { connection in
      try connection.execute(sql)
      return walSync?.ticket()
    }
    if let ticket { try walSync?.waitDurable(ticket) }
  }

  /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`), committed when it returns and rolled
  /// back when it throws; returns only after the commit.
  @discardableResult
  public func transaction<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    let (result, durable) = try committedTransaction(body)
    try durable()
    return result
  }

  /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`) and returns once it is committed,
  /// with a function that returns once the commit is durable (at once but with
  /// `Options.syncOffWriter`), or throws when it cannot be made so. The writer is free for the
  /// next transaction meanwhile.
  public func committedTransaction<T>(
    _ body: (SQLiteConnection) throws -> T
  ) throws -> (T, durable: () throws -> Void) {
    // NB: docs/security.md, "One trainee's failing writes and another's": a commit that wrote
    // no page (every write of its batch refused having changed nothing) has nothing of its own
    // to sync; it waits only for the commits before it, whose rows it may have read. Each such
    // commit cost an fdatasync of its own, and refused writes back to back kept the disk busy.
    let (result, ticket) = try writer.withConnection { connection in
      let pagesBefore = connection.pagesWritten
      try connection.run("BEGIN IMMEDIATE")
      do {
        let result = try body(connection)
        try connection.run("COMMIT")
        return (result, connection.pagesWritten == pagesBefore ? nil : walSync?.ticket())
      } catch {
        if !connection.isAutocommit { _ = try? connection.run("ROLLBACK") }
        throw error
      }
    }
    guard let walSync else { return (result, {}) }
    guard let ticket else { return (result, { try walSync.waitDurableSoFar() }) }
    return (result, { try walSync.waitDurable(ticket) })
  }

  /// Runs `body` in a read transaction, so that its queries see one state of the database.
  public func read<T>(
    inTransaction: Bool = true, _ body: (SQLiteConnection) throws -> T
  ) throws -> T {
    let readTransaction = { (connection: SQLiteConnection) throws -> T in
      guard inTransaction else { return try body(connection) }
      try connection.run("BEGIN")
      defer { if !connection.isAutocommit { _ = try? connection.run("COMMIT") } }
      return try body(connection)
    }
    guard !readers.isEmpty else { return try writer.withConnection(readTransaction) }
    let start = nextReader.wrappingAdd(1, ordering: .relaxed).oldValue
    for offset in readers.indices {
      let reader = readers[(start &+ offset) % readers.count]
      if let result = try reader.withConnectionIfAvailable(readTransaction) { return result }
    }
    return try readers[start % readers.count].withConnection(readTransaction)
  }
}

/// A connection and the lock that hands it to one thread at a time.
private final class GuardedConnection: @unchecked Sendable {
  // NB: @unchecked because `connection` is only reached while `lock` is held.
  private let lock = NSLock()
  private let connection: SQLiteConnection

  init(_ connection: SQLiteConnection) { self.connection = connection }

  func withConnection<T>(_ body: (SQLiteConnection) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(connection)
  }

  /// Runs `body` when the lock is free now; `nil` when another thread holds it.
  func withConnectionIfAvailable<T>(_ body: (SQLiteConnection) throws -> T) rethrows -> T? {
    guard lock.try() else { return nil }
    defer { lock.unlock() }
    return try body(connection)
  }
}

extension SQLiteDatabase: DatabaseDriver {
  public var dialect: SQLDialect { .sqlite }

  public var location: String { path }

  /// A write in `BEGIN IMMEDIATE`: SQLite runs one write transaction at a time, which is
  /// serializable whatever `isolation` asks.
  public func writeTransaction<T>(
    _ isolation: TransactionIsolation, _ body: (any DatabaseConnection) throws -> T
  ) throws -> T {
    try transaction { try body($0) }
  }

  public func committedWriteTransaction<T>(
    _ isolation: TransactionIsolation, _ body: (any DatabaseConnection) throws -> T
  ) throws -> (T, durable: () throws -> Void) {
    try committedTransaction { try body($0) }
  }

  public func readTransaction<T>(_ body: (any DatabaseConnection) throws -> T) throws -> T {
    try read { try body($0) }
  }

  public func readStatement<T>(_ body: (any DatabaseConnection) throws -> T) throws -> T {
    try read(inTransaction: false) { try body($0) }
  }

  // NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
  // answers, group commit and paged history", "The token check is kept per process": a kept value
  // costs two reads of the mapped wal-index header, no connection and no SQLite read transaction
  // (whose WAL read lock was an `fcntl` pair, and whose shared-memory mutexes were where the two
  // HTTP threads met). In memory there is no wal-index, and the value is computed every time.
  /// Returns once every commit so far is durable (`SQLiteWALSync.waitDurableSoFar`); at once
  /// when the commits are synced by SQLite itself.
  public func waitDurableSoFar() throws {
    try walSync?.waitDurableSoFar()
  }

  /// `compute`'s value, kept under `key` while the wal-index header is the one it was computed
  /// at: no connection of this or another process has committed since.
  public func kept<T>(_ key: String, _ compute: () throws -> T) throws -> T {
    guard let stamp = watch?.stamp() else { return try compute() }
    return try keptValues.value(key, at: stamp, compute)
  }

  /// `PRAGMA user_version`; the write transaction's `BEGIN IMMEDIATE` already keeps other
  /// processes out.
  public func schemaVersion(_ connection: any DatabaseConnection) throws -> Int {
    try connection.row("PRAGMA user_version") { try $0.int(0) } ?? 0
  }

  public func setSchemaVersion(_ version: Int, _ connection: any DatabaseConnection) throws {
    try connection.execute("PRAGMA user_version = \(version)")
  }

  /// `sqlite_sequence`, where AUTOINCREMENT keeps the highest id each table gave.
  public func lastIDs(
    of tables: [String], _ connection: any DatabaseConnection
  ) throws -> [String: Int64] {
    var found: [String: Int64] = [:]
    for table in tables {
      found[table] =
        try connection.row("SELECT seq FROM sqlite_sequence WHERE name = ?", [.text(table)]) {
          try $0.int64(0)
        } ?? 0
    }
    return found
  }

  public func setLastIDs(_ lastIDs: [String: Int64], _ connection: any DatabaseConnection) throws {
    for (table, last) in lastIDs.sorted(by: { $0.key < $1.key }) {
      try connection.run("DELETE FROM sqlite_sequence WHERE name = ?", [.text(table)])
      try connection.run(
        "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", [.text(table), .integer(last)])
    }
  }
}
