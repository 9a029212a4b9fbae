import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive lock on a directory, held until `release()` or the process ends (a kill
/// included: the kernel drops it), so two processes never write one journal.
///
/// The lock is `flock(2)` on `<directory>/.lock`. Another holder makes `init` throw a
/// `FileError` whose `isInUse` is true.
package final class DirectoryLock {
  private var fd: Int32

  /// Takes the lock on `directory`, which must exist.
  package init(_ directory: URL) throws(FileError) {
    let path = directory.appendingPathComponent(".lock").path
    fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, OwnerOnlyFiles.fileMode)
    guard fd >= 0 else { throw FileError(path: path, operation: "open", code: errno) }
    // A process forked by anyone in this process (or by the previous owner) shares the lock's
    // open file until it execs, so a just-released lock can still look held for a moment: try
    // for up to a second before calling the directory in use.
    var attempts = 0
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      attempts += 1
      guard code == EWOULDBLOCK || code == EINTR, attempts < 100 else {
        // NB: `deinit` runs when this throws (every property is set): it must find nothing to
        // close, or it closes the number again, by then perhaps another thread's descriptor.
        release()
        throw FileError(path: directory.path, operation: "lock", code: code)
      }
      usleep(10_000)
    }
  }

  /// Releases the lock; calling it again does nothing.
  package func release() {
    guard fd >= 0 else { return }
    _ = closeDescriptor(fd)
    fd = -1
  }

  deinit { release() }
}
