import DurableFiles
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// NB: docs/architecture.md, "Durability and bad input": a file is written to a temporary file,
// synced and renamed, so a reader sees the whole command or none of it. This file owns every POSIX
// call of the pending-command queue; everything above it is safe Swift.

/// A failed file operation of the pending-command queue: the package's `DurableFiles.FileError`
/// (`rename /x/y.json: No such file or directory`), under the name this module has always used.
public typealias ActivityFileError = FileError

/// The prefix of a file still being written: readers skip it.
let temporaryPrefix = DurableFile.temporaryPrefix

/// The queue's file operations.
enum ActivityFiles {
  /// Writes `data` to `url` so that a crash leaves either no file or the whole one, through the
  /// package's one atomic writer (its temporary files carry `temporaryPrefix`, which readers
  /// skip).
  static func atomicWrite(_ data: Data, to url: URL) throws(FileError) {
    try DurableFile.atomicWrite(data, to: url)
  }

  /// Removes the temporary files that writers killed mid-write left in `directory`, once they
  /// are older than the package's stale age (an hour) at `now`; a younger one may be a write
  /// still in flight in the widget's process. Never fails: what cannot be removed stays. Lists
  /// the directory on every call: the queue calls it only on its first drain.
  static func removeStaleTemporaries(in directory: URL, now: Date) {
    DurableFile.removeStaleTemporaries(
      in: directory, olderThan: DurableFile.staleTemporaryAge, now: now)
  }

  /// Moves `source` to `destination` (same file system) durably.
  static func move(_ source: URL, to destination: URL) throws(FileError) {
    guard rename(source.path, destination.path) == 0 else {
      throw FileError(path: source.path, operation: "rename", code: errno)
    }
    DurableFile.syncDirectory(source.deletingLastPathComponent())
    DurableFile.syncDirectory(destination.deletingLastPathComponent())
  }

  /// Deletes `url` durably; a file already gone is not an error.
  static func remove(_ url: URL) throws(FileError) {
    guard unlink(url.path) == 0 || errno == ENOENT else {
      throw FileError(path: url.path, operation: "remove", code: errno)
    }
    DurableFile.syncDirectory(url.deletingLastPathComponent())
  }

  /// Creates `directory` and its parents when missing.
  static func makeDirectory(_ directory: URL) throws(FileError) {
    do {
      try OwnerOnlyFiles.createDirectory(directory)
    } catch {
      throw FileError(path: directory.path, operation: "mkdir", code: errnoOf(error))
    }
  }

  /// The names in `directory`; none when it does not exist.
  static func names(in directory: URL) throws(FileError) -> [String] {
    do {
      return try FileManager.default.contentsOfDirectory(atPath: directory.path)
    } catch {
      let code = errnoOf(error)
      if code == ENOENT { return [] }
      throw FileError(path: directory.path, operation: "list", code: code)
    }
  }

  /// At most `limit + 1` bytes of `url`, so an oversized file is noticed without reading it all.
  static func contents(of url: URL, limit: Int) throws(FileError) -> Data {
    let fd = open(url.path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw FileError(path: url.path, operation: "open", code: errno) }
    defer { _ = closeDescriptor(fd) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while data.count <= limit {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileError(path: url.path, operation: "read", code: errno)
      }
      if count == 0 { break }
      data.append(contentsOf: buffer[0..<count])
    }
    return data
  }

  /// The system error number behind a Foundation file error, else `EIO`.
  private static func errnoOf(_ error: any Error) -> Int32 {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return Int32(underlying.code)
    }
    if nsError.domain == NSPOSIXErrorDomain { return Int32(nsError.code) }
    if nsError.domain == NSCocoaErrorDomain,
      [NSFileReadNoSuchFileError, NSFileNoSuchFileError].contains(nsError.code)
    {
      return ENOENT
    }
    return EIO
  }
}
