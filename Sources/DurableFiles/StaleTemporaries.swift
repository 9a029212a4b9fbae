import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// NB: docs/architecture.md, "Durability and bad input". `atomicWrite` removes its temporary file on
// every failure it sees, but a crash or a kill between creating it and the rename leaves it behind.
// Each owner of a durable directory sweeps it when it opens it: the session journal's restore, the
// app's JSON files and the preferred-day file when read back at launch, a pending-command queue on
// its first drain. None sweeps again on a later read, write or drain. The sweep can race a writer
// in another process (the iOS widget writes pending commands while the app reads them) and has no
// lock to take, so it goes by age: a temporary file younger than `staleTemporaryAge` may still be
// renamed into place and is left alone. docs/decisions/the-apps-files-and-the-api-client.md "One
// atomic file writer" has the reasoning.

extension DurableFile {
  /// How long a temporary file stays untouched before a sweep takes it for an orphan: one hour.
  ///
  /// A write takes milliseconds (create, write a small file, fsync, rename); the longest a
  /// writer can hold its temporary file is while its process is suspended in the middle of one,
  /// and iOS suspends a backgrounded app or an intent's extension within about 30 seconds. An
  /// hour is more than a hundred times that, and still removes what a crash left on the first
  /// launch an hour later. Were a live writer's file ever removed, its rename fails and
  /// `atomicWrite` throws, leaving the target as it was: a failed save, never a torn file.
  package static let staleTemporaryAge: Duration = .seconds(3600)

  /// The suffix of a temporary file of `atomicWrite`: `.writing-<uuid>.tmp`.
  static let temporarySuffix = ".tmp"

  /// Removes the temporary files that writers killed mid-write left in `directory`, and nothing
  /// else.
  ///
  /// A name is removed only when it is exactly one `atomicWrite` creates
  /// (`.writing-<UUID>.tmp`), or `<name>.tmp-<digits>` for a `name` in `legacyTemporariesOf`
  /// (the temporary file an older build wrote next to `name`, suffixed with its process id), and
  /// it is a regular file last modified more than `age` before `now`. A file modified less than
  /// `age` ago (or after `now`) may belong to a write still in flight in another process and is
  /// kept. Symbolic links are never followed and never removed, nor are directories, even with
  /// a temporary file's name; only entries directly in `directory` are looked at. `directory`
  /// itself may be reached through a symbolic link.
  ///
  /// Best effort, and never throws: a missing or unreadable `directory` removes nothing, a file
  /// that vanishes meanwhile is skipped, and one that cannot be removed stays for the next
  /// sweep. A negative `age` counts as zero.
  ///
  /// - Parameters:
  ///   - directory: The durable directory; its owner calls this once, when it opens it.
  ///   - age: How old a temporary file must be to go; `staleTemporaryAge` for every caller.
  ///   - now: The current time, from the caller's injected clock.
  ///   - legacyTemporariesOf: File names in `directory` whose `<name>.tmp-<pid>` temporary files
  ///     from older builds are removed too.
  /// - Returns: The names removed, sorted.
  @discardableResult
  package static func removeStaleTemporaries(
    in directory: URL, olderThan age: Duration, now: Date,
    legacyTemporariesOf fileNames: Set<String> = []
  ) -> [String] {
    guard let stream = opendir(directory.path) else { return [] }
    defer { closedir(stream) }
    let descriptor = dirfd(stream)
    var names: [String] = []
    // NB: an entry is as long as its name, not `MemoryLayout<dirent>.size`: copying the struct
    // (`entry.pointee.d_name`) reads past a short last entry of readdir's buffer, and crashed
    // once. The name is read from its offset up to its NUL, inside the entry.
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    while let entry = readdir(stream) {
      let name = String(
        cString: UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(
          to: CChar.self))
      if isTemporaryName(name, legacyTemporariesOf: fileNames) { names.append(name) }
    }
    let cutoff = now.timeIntervalSince1970 - max(0, seconds(of: age))
    var removed: [String] = []
    for name in names.sorted() {
      var info = stat()
      // NB: the entry may be gone by now (its writer renamed it, or another sweep removed it):
      // skipped. `AT_SYMLINK_NOFOLLOW` looks at a link itself, which is not a regular file.
      guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0,
        info.st_mode & S_IFMT == S_IFREG,
        modificationTime(of: info) < cutoff
      else { continue }
      if unlinkat(descriptor, name, 0) == 0 { removed.append(name) }
    }
    return removed
  }

  /// Whether `name` is a temporary file's: `.writing-<UUID>.tmp`, or `<name>.tmp-<digits>` for
  /// one of `fileNames`. Compared byte for byte, so no other spelling of a name matches.
  static func isTemporaryName(_ name: String, legacyTemporariesOf fileNames: Set<String>) -> Bool {
    let bytes = Array(name.utf8)
    let prefix = Array(temporaryPrefix.utf8)
    let suffix = Array(temporarySuffix.utf8)
    if bytes.starts(with: prefix), bytes.count > prefix.count + suffix.count,
      bytes.suffix(suffix.count).elementsEqual(suffix)
    {
      let middle = bytes[prefix.count..<(bytes.count - suffix.count)]
      return UUID(uuidString: String(decoding: middle, as: UTF8.self)) != nil
    }
    for fileName in fileNames where !fileName.isEmpty {
      let legacy = Array((fileName + ".tmp-").utf8)
      guard bytes.starts(with: legacy), bytes.count > legacy.count else { continue }
      if bytes[legacy.count...].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
        return true
      }
    }
    return false
  }

  /// `duration` in seconds.
  private static func seconds(of duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }

  /// The last modification of the file `info` describes, in seconds since 1970.
  private static func modificationTime(of info: stat) -> Double {
    #if canImport(Darwin)
      Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) * 1e-9
    #else
      Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) * 1e-9
    #endif
  }
}
