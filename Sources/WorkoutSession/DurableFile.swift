import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// NB: DESIGN.md "Durability": files are written to a temporary file, synced, and renamed. This
// file owns every POSIX call of the crash-recovery store; everything above it is safe Swift.

/// A failed file operation, naming the file and the system's reason.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
  public var path: String
  public var operation: String
  public var code: Int32

  /// A failed `operation` on `path` with the system's error `code`.
  public init(path: String, operation: String, code: Int32) {
    self.path = path
    self.operation = operation
    self.code = code
  }

  public var description: String {
    if isInUse { return "\(path) is in use by another Perform process" }
    return "\(operation) \(path): \(String(cString: strerror(code)))"
  }

  /// Whether another process holds the directory's lock.
  public var isInUse: Bool { operation == "lock" && code == EWOULDBLOCK }

  /// Whether the device is full (or over quota).
  public var isOutOfSpace: Bool { code == ENOSPC || code == EDQUOT }
}

package enum DurableFile {
  /// The prefix of a file still being written: readers of a directory skip it.
  package static let temporaryPrefix = ".writing-"

  /// Writes `data` to `url` so that a crash leaves either the old or the new file: a temporary
  /// file of its own in the same directory (`.writing-<uuid>.tmp`, so two writers never share
  /// one), fsync, rename, fsync of the directory.
  package static func atomicWrite(_ data: Data, to url: URL) throws(FileError) {
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(
      temporaryPrefix + UUID().uuidString + ".tmp"
    ).path
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw FileError(path: temporary, operation: "open", code: errno) }
    do throws(FileError) {
      try writeAll(fd, data, path: temporary)
      guard fsync(fd) == 0 else {
        throw FileError(path: temporary, operation: "fsync", code: errno)
      }
    } catch {
      close(fd)
      unlink(temporary)
      throw error
    }
    close(fd)
    guard rename(temporary, url.path) == 0 else {
      let code = errno
      unlink(temporary)
      throw FileError(path: url.path, operation: "rename", code: code)
    }
    syncDirectory(directory)
  }

  /// Cuts `url` to its first `length` bytes.
  static func truncate(_ url: URL, to length: Int) throws(FileError) {
    #if canImport(Glibc)
      let result = Glibc.truncate(url.path, off_t(length))
    #else
      let result = Darwin.truncate(url.path, off_t(length))
    #endif
    guard result == 0 else { throw FileError(path: url.path, operation: "truncate", code: errno) }
  }

  /// Makes a rename or unlink in `directory` durable.
  static func syncDirectory(_ directory: URL) {
    let fd = open(directory.path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return }
    fsync(fd)
    close(fd)
  }

  static func writeAll(_ fd: Int32, _ data: Data, path: String) throws(FileError) {
    let failure: Int32? = data.withUnsafeBytes { buffer -> Int32? in
      var offset = 0
      while offset < buffer.count {
        let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
    if let failure { throw FileError(path: path, operation: "write", code: failure) }
  }
}

/// A file opened for appending, one record at a time.
///
/// `append` is one `write(2)` into the kernel, so a record survives the process being killed the
/// moment `append` returns; `sync()` makes it survive a power cut too.
final class AppendOnlyFile: @unchecked Sendable {
  // @unchecked: `fd` is immutable after init and `close()` is called once, by the owner, after
  // every sync it scheduled has run (see SessionJournal).
  let path: String
  private let fd: Int32
  private let syncPending = LockedFlag()

  /// Opens `path` for appending, creating it, or emptying it first when `truncating`.
  init(path: String, truncating: Bool = false) throws(FileError) {
    self.path = path
    fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | (truncating ? O_TRUNC : 0), 0o644)
    guard fd >= 0 else { throw FileError(path: path, operation: "open", code: errno) }
  }

  /// Appends `data` whole, or truncates back to where it started and throws, so a failed append
  /// (a full disk) never leaves half a record behind.
  func append(_ data: Data) throws(FileError) {
    let start = lseek(fd, 0, SEEK_END)
    do {
      try DurableFile.writeAll(fd, data, path: path)
    } catch {
      if start >= 0 { _ = ftruncate(fd, start) }
      throw error
    }
    // NB: DESIGN.md "Durability". A file whose directory was deleted still takes writes, and
    // they are gone on the next start: that is a failed save, not a silent loss.
    var info = stat()
    if fstat(fd, &info) == 0, info.st_nlink == 0 {
      throw FileError(path: path, operation: "write", code: ENOENT)
    }
  }

  /// Claims the one pending sync of this file; false when one is already scheduled.
  func claimSync() -> Bool {
    syncPending.set()
  }

  /// Flushes the file to the device; releases the pending sync first, so a record appended
  /// while this runs schedules another.
  func sync() {
    syncPending.clear()
    _ = fsync(fd)
  }

  func close() {
    _ = fsync(fd)
    _ = closeDescriptor(fd)
  }
}

/// An exclusive lock on a directory, held until `release()` or the process ends (a kill
/// included: the kernel drops it), so two processes never write one journal.
final class DirectoryLock {
  private var fd: Int32

  init(_ directory: URL) throws(FileError) {
    let path = directory.appendingPathComponent(".lock").path
    fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw FileError(path: path, operation: "open", code: errno) }
    // A process forked by anyone in this process (or by the previous owner) shares the lock's
    // open file until it execs, so a just-released lock can still look held for a moment: try
    // for up to a second before calling the directory in use.
    var attempts = 0
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      attempts += 1
      guard code == EWOULDBLOCK || code == EINTR, attempts < 100 else {
        _ = closeDescriptor(fd)
        throw FileError(path: directory.path, operation: "lock", code: code)
      }
      usleep(10_000)
    }
  }

  func release() {
    guard fd >= 0 else { return }
    _ = closeDescriptor(fd)
    fd = -1
  }

  deinit { release() }
}

private func closeDescriptor(_ fd: Int32) -> Int32 {
  #if canImport(Glibc)
    Glibc.close(fd)
  #else
    Darwin.close(fd)
  #endif
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

  func clear() {
    lock.lock()
    value = false
    lock.unlock()
  }
}
