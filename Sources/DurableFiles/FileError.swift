import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed file operation, naming the file and the system's reason.
///
/// Every throwing operation of this module throws it, and so does every module that writes
/// through it: `WorkoutSession` re-exports it as `WorkoutSession.FileError`, the error of its
/// crash-recovery store, and `LiveActivity` and `NutritionLog` name it `ActivityFileError` and
/// `PreferredDayFileError` (typealiases, not copies).
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file or directory the operation was on.
  public var path: String
  /// What was being done: `open`, `read`, `write`, `fsync`, `rename`, `truncate`, `lock`,
  /// `list`, `mkdir`, `remove`, `unlink`, ...
  public var operation: String
  /// The system's error number (`errno`).
  public var code: Int32

  /// A failed `operation` on `path` with the system's error `code`.
  public init(path: String, operation: String, code: Int32) {
    self.path = path
    self.operation = operation
    self.code = code
  }

  /// `rename /x/session.json: No such file or directory`, or, for a held lock, that another
  /// Perform process uses the directory.
  public var description: String {
    if isInUse { return "\(path) is in use by another Perform process" }
    return "\(operation) \(path): \(String(cString: strerror(code)))"
  }

  /// Whether another process holds the directory's lock (see `DirectoryLock`).
  public var isInUse: Bool { operation == "lock" && code == EWOULDBLOCK }

  /// Whether the device is full (or over quota).
  public var isOutOfSpace: Bool { code == ENOSPC || code == EDQUOT }
}
