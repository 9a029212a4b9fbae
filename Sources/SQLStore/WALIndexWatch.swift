import Synchronization

// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history", "The token check is kept per process": the wal-index
// (the `-shm` file beside a WAL database, which SQLite maps into every process that has the
// database open) begins with a header that SQLite rewrites at every commit of any connection of any
// process: its change counter, its last frame and that frame's running checksum, and the WAL's
// salts, which change at every WAL restart (https://www.sqlite.org/walformat.html, "The WAL-Index
// Header"). The writer writes the header's second copy, then a memory barrier, then the first; a
// reader that reads the first, then the second, and finds them equal has read one whole header.
// SQLite's own readers check it that way before they take a lock; this watch does the same and
// takes none.
//
// The header is read where SQLite itself maps it, through a read-only connection the watch owns
// (`SQLiteConnection.walIndexRegion()`), and never through a descriptor of the watch's own: the
// locks SQLite holds on the `-shm` file are POSIX record locks, which belong to the process and
// which the close of ANY descriptor of the file drops. A watch that opened the file, mapped it
// and closed it dropped the process's "DMS" lock, by which SQLite tells other processes the
// wal-index is in use; the next process to open the database then took the wal-index for
// abandoned and truncated it under the server (a server killed by SIGBUS while
// `perform trainee add` ran beside it). SQLite keeps its descriptor of the `-shm` file open
// while any connection of the process has the database open, and the watch's connection keeps
// the mapping, and the lock, for as long as the watch lives.

/// A read-only view of the wal-index header of a SQLite database in WAL mode: its `stamp()` is the
/// same only while no connection of any process has committed to the database.
final class WALIndexWatch: @unchecked Sendable {
  // NB: @unchecked: `header` is read-only memory SQLite keeps mapped while `owner` (the watch's
  // connection) is open; the connection is not used again after `init` and closes with the
  // watch.

  /// One whole wal-index header, as it stood when read.
  struct Stamp: Equatable, Sendable {
    let words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    static func == (left: Stamp, right: Stamp) -> Bool {
      left.words.0 == right.words.0 && left.words.1 == right.words.1
        && left.words.2 == right.words.2 && left.words.3 == right.words.3
        && left.words.4 == right.words.4 && left.words.5 == right.words.5
    }
  }

  /// The size of one copy of the header (`WalIndexHdr`).
  static let headerSize = 48
  /// The offset of the header's "initialized" byte (`isInit`), 1 once SQLite wrote the header.
  private static let initializedOffset = 12

  private let header: UnsafeRawPointer
  /// What keeps `header` mapped.
  private let owner: AnyObject

  /// Watches the database at `databasePath` through a read-only connection of its own; `nil`
  /// when the database has no wal-index (not in WAL mode, or in memory) or it cannot be opened.
  convenience init?(databasePath: String) {
    guard
      let connection = try? SQLiteConnection(
        path: databasePath, readOnly: true, busyTimeout: .seconds(5), synchronousFull: false)
    else { return nil }
    self.init(connection: connection)
  }

  /// Watches the database `connection` has open, keeping the connection open for as long as the
  /// watch lives (nothing else may use it); `nil` when it has no wal-index.
  init?(connection: SQLiteConnection) {
    // A read sets the wal-index up and maps it, when the database is in WAL mode; in another
    // mode, asking for the region would create a `-shm` file for nothing.
    guard (try? connection.row("PRAGMA data_version", []) { try $0.int64(0) }) != nil,
      (try? connection.row("PRAGMA journal_mode", []) { try $0.string(0) })?.lowercased()
        == "wal",
      let region = try? connection.walIndexRegion()
    else { return nil }
    header = region
    owner = connection
  }

  /// Reads `headers`, two copies of the header laid out as SQLite lays them out, which `owner`
  /// keeps readable; for tests of torn and unset headers.
  init(headers: UnsafeRawPointer, owner: AnyObject) {
    header = headers
    self.owner = owner
  }

  /// The header now, or `nil` while a commit is rewriting it (or before SQLite first wrote it):
  /// then nothing may be taken as unchanged.
  func stamp() -> Stamp? {
    let first = Self.read(header)
    atomicMemoryFence(ordering: .acquiring)
    let second = Self.read(header + Self.headerSize)
    guard first == second,
      header.load(fromByteOffset: Self.initializedOffset, as: UInt8.self) == 1
    else { return nil }
    return first
  }

  private static func read(_ copy: UnsafeRawPointer) -> Stamp {
    Stamp(
      words: (
        copy.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
        copy.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
        copy.loadUnaligned(fromByteOffset: 16, as: UInt64.self),
        copy.loadUnaligned(fromByteOffset: 24, as: UInt64.self),
        copy.loadUnaligned(fromByteOffset: 32, as: UInt64.self),
        copy.loadUnaligned(fromByteOffset: 40, as: UInt64.self)
      ))
  }
}
