import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// NB: docs/architecture.md, "Durability and bad input": files are written to a temporary file,
// synced, and renamed. This module owns the POSIX calls that make a file durable; every module that
// writes a whole file (the session snapshot, the pending commands, the app's JSON files, the
// preferred nutrition day) goes through `atomicWrite`.

/// The package's one way to replace a whole file durably, and the small POSIX steps it is made
/// of.
package enum DurableFile {
  /// The prefix of a file still being written: readers of a directory skip it.
  package static let temporaryPrefix = ".writing-"

  /// Writes `data` to `url` so that a crash leaves either the old or the new file.
  ///
  /// The data goes to a temporary file of its own in the same directory
  /// (`.writing-<uuid>.tmp`, created exclusively, so two writers never share one), which is
  /// fsynced, renamed over `url`, and the directory fsynced. On failure the temporary file is
  /// removed and `url` is left as it was. A crash or a kill before the rename leaves the
  /// temporary file behind; `removeStaleTemporaries(in:olderThan:now:legacyTemporariesOf:)`
  /// sweeps such files, once over an hour old, when their directory's owner next opens it.
  /// `permissions` are the new file's mode bits (less the umask): only its owner's by default
  /// (docs/security.md, "Files other local users could read"), which it has from its first byte.
  package static func atomicWrite(
    _ data: Data, to url: URL, permissions: mode_t = OwnerOnlyFiles.fileMode
  ) throws(FileError) {
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(
      temporaryPrefix + UUID().uuidString + ".tmp"
    ).path
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
    guard fd >= 0 else { throw FileError(path: temporary, operation: "open", code: errno) }
    do throws(FileError) {
      try writeAll(fd, data, path: temporary)
      guard fsync(fd) == 0 else {
        throw FileError(path: temporary, operation: "fsync", code: errno)
      }
    } catch {
      _ = closeDescriptor(fd)
      unlink(temporary)
      throw error
    }
    _ = closeDescriptor(fd)
    guard rename(temporary, url.path) == 0 else {
      let code = errno
      unlink(temporary)
      throw FileError(path: url.path, operation: "rename", code: code)
    }
    syncDirectory(directory)
  }

  /// Cuts `url` to its first `length` bytes.
  package static func truncate(_ url: URL, to length: Int) throws(FileError) {
    #if canImport(Glibc)
      let result = Glibc.truncate(url.path, off_t(length))
    #else
      let result = Darwin.truncate(url.path, off_t(length))
    #endif
    guard result == 0 else { throw FileError(path: url.path, operation: "truncate", code: errno) }
  }

  /// Makes a rename or unlink in `directory` durable. Best effort: a directory that cannot be
  /// opened is left as it is.
  package static func syncDirectory(_ directory: URL) {
    let fd = open(directory.path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return }
    fsync(fd)
    _ = closeDescriptor(fd)
  }

  /// Writes all of `data` to the open descriptor `fd`, retrying short and interrupted writes;
  /// `path` names the file in the error.
  package static func writeAll(_ fd: Int32, _ data: Data, path: String) throws(FileError) {
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

/// `close(2)`, named apart from the methods called `close()`; the package's modules that open
/// descriptors themselves close them with it too.
package func closeDescriptor(_ fd: Int32) -> Int32 {
  #if canImport(Glibc)
    Glibc.close(fd)
  #else
    Darwin.close(fd)
  #endif
}
