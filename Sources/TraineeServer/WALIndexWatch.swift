import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

// NB: docs/decisions.md "Throughput: kept answers, group commit and paged history", "the token
// check kept per process": the wal-index (the `-shm` file beside a WAL database, which SQLite maps
// into every process that has the database open) begins with a header that SQLite rewrites at
// every commit of any connection of any process: its change counter, its last frame and that
// frame's running checksum, and the WAL's salts, which change at every WAL restart
// (https://www.sqlite.org/walformat.html, "The WAL-Index Header"). The writer writes the
// header's second copy, then a memory barrier, then the first; a reader that reads the first,
// then the second, and finds them equal has read one whole header. SQLite's own readers check it
// that way before they take a lock; this watch does the same and takes none.
//
// While SQLite's connections of this process have the database open, no other process may
// truncate or delete the `-shm` file (SQLite's "DMS" lock), so the mapping stays readable.

/// A read-only view of the wal-index header of a SQLite database in WAL mode: its `stamp()` is the
/// same only while no connection of any process has committed to the database.
final class WALIndexWatch: @unchecked Sendable {
  // NB: @unchecked: `header` is a read-only mapping, never written and unmapped only in deinit.

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
  /// The two copies of the header and the checkpoint information after them (`WALINDEX_HDR_SIZE`):
  /// a shorter file has not been set up by SQLite yet.
  static let headersSize = 136
  /// The offset of the header's "initialized" byte (`isInit`), 1 once SQLite wrote the header.
  private static let initializedOffset = 12

  private let header: UnsafeRawPointer
  private let mappedLength: Int

  /// Maps the wal-index header of the database at `databasePath`; `nil` when it has no `-shm`
  /// file set up (not in WAL mode, not opened yet, or a file system where it cannot be mapped).
  init?(databasePath: String) {
    let descriptor = open(databasePath + "-shm", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, Int(status.st_size) >= Self.headersSize else {
      return nil
    }
    let length = Self.headersSize
    guard let mapped = mmap(nil, length, PROT_READ, MAP_SHARED, descriptor, 0),
      mapped != MAP_FAILED
    else { return nil }
    header = UnsafeRawPointer(mapped)
    mappedLength = length
  }

  deinit { munmap(UnsafeMutableRawPointer(mutating: header), mappedLength) }

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
