import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file opened for appending, one record at a time.
///
/// `append` is one `write(2)` into the kernel, so a record survives the process being killed the
/// moment `append` returns; `sync()` makes it survive a power cut too.
package final class AppendOnlyFile: @unchecked Sendable {
  // @unchecked: `fd` is immutable after init and `close()` is called once, by the owner, after
  // every sync it scheduled has run (see WorkoutSession's SessionJournal).
  /// The file's path.
  package let path: String
  private let fd: Int32
  private let syncPending = LockedFlag()

  /// Opens `path` for appending, creating it (its owner's alone: 0600), or emptying it first
  /// when `truncating`.
  package init(path: String, truncating: Bool = false) throws(FileError) {
    self.path = path
    let flags = O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | (truncating ? O_TRUNC : 0)
    fd = open(path, flags, OwnerOnlyFiles.fileMode)
    guard fd >= 0 else { throw FileError(path: path, operation: "open", code: errno) }
  }

  /// Appends `data` whole, or truncates back to where it started and throws, so a failed append
  /// (a full disk) never leaves half a record behind.
  package func append(_ data: Data) throws(FileError) {
    let start = lseek(fd, 0, SEEK_END)
    do {
      try DurableFile.writeAll(fd, data, path: path)
    } catch {
      if start >= 0 { _ = ftruncate(fd, start) }
      throw error
    }
    // NB: docs/architecture.md, "Durability and bad input". A file whose directory was deleted
    // still takes writes, and they are gone on the next start: that is a failed save, not a silent
    // loss.
    var info = stat()
    if fstat(fd, &info) == 0, info.st_nlink == 0 {
      throw FileError(path: path, operation: "write", code: ENOENT)
    }
  }

  /// Claims the one pending sync of this file; false when one is already scheduled.
  package func claimSync() -> Bool {
    syncPending.set()
  }

  /// Flushes the file to the device; releases the pending sync first, so a record appended
  /// while this runs schedules another.
  package func sync() {
    syncPending.clear()
    _ = fsync(fd)
  }

  /// Flushes and closes the file; call once, after every scheduled `sync()` has run.
  package func close() {
    _ = fsync(fd)
    _ = closeDescriptor(fd)
  }
}

/// A flag set by one thread and cleared by another.
final class LockedFlag: @unchecked Sendable {
  // @unchecked: `value` is only touched under `lock`.
  private let lock = NSLock()
  private var value = false

  /// Sets the flag; true when it was clear.
  func set() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    if value { return false }
    value = true
    return true
  }

  /// Clears the flag.
  func clear() {
    lock.lock()
    value = false
    lock.unlock()
  }
}
