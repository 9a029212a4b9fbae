import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// NB: docs/security.md, "Files other local users could read": a trainee's data (the database, its
// WAL, the app's files, exports) is readable by its owner only. Every file Perform creates is
// 0600 and every directory 0700; a file or directory made before this rule (0644, 0755) is
// repaired when Perform next opens it, and the repair is reported, naming the path and the mode
// it had.

/// A file or directory whose mode let other users in, and the mode it was given.
public struct LooseMode: Equatable, Sendable, CustomStringConvertible {
  public var path: String
  /// The permission bits it had (`0o644`).
  public var before: mode_t
  /// The permission bits it has now: the owner's alone (`0o600`).
  public var after: mode_t

  public init(path: String, before: mode_t, after: mode_t) {
    self.path = path
    self.before = before
    self.after = after
  }

  public var description: String {
    "\(path) was mode \(Self.octal(before)), open to other users; it is now \(Self.octal(after))"
  }

  /// `0644` for `0o644`.
  public static func octal(_ mode: mode_t) -> String {
    let digits = String(mode & 0o7777, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}

/// Files and directories only their owner may use.
public enum OwnerOnlyFiles {
  /// The mode of a file Perform creates.
  public static let fileMode: mode_t = 0o600
  /// The mode of a directory Perform creates.
  public static let directoryMode: mode_t = 0o700

  /// Creates `directory` and any missing parents, 0700 each (existing ones are left as they are).
  public static func createDirectory(_ directory: URL) throws {
    try FileManager.default.createDirectory(
      at: directory, withIntermediateDirectories: true,
      attributes: [.posixPermissions: Int(directoryMode)])
  }

  /// Takes the group's and others' permissions away from `url`, and from everything under it
  /// when `url` is a directory and `recursive`; returns what was changed.
  ///
  /// Symbolic links are not followed (a link in the data directory could point anywhere), files
  /// of other owners are left alone, and what does not exist is skipped.
  public static func repair(_ url: URL, recursive: Bool = false) -> [LooseMode] {
    var repaired: [LooseMode] = []
    repair(url.path, recursive: recursive, into: &repaired)
    return repaired
  }

  private static func repair(_ path: String, recursive: Bool, into repaired: inout [LooseMode]) {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_uid == geteuid() else { return }
    let kind = info.st_mode & S_IFMT
    guard kind == S_IFREG || kind == S_IFDIR else { return }
    let before = info.st_mode & 0o7777
    if before & 0o077 != 0 {
      let after = before & 0o700
      if chmod(path, after) == 0 {
        repaired.append(LooseMode(path: path, before: before, after: after))
      }
    }
    guard recursive, kind == S_IFDIR,
      let names = try? FileManager.default.contentsOfDirectory(atPath: path)
    else { return }
    for name in names.sorted() {
      repair(path + "/" + name, recursive: true, into: &repaired)
    }
  }
}
