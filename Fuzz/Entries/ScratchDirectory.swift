import Foundation

/// A fresh directory for one input of a file-reading target, removed after it: on `/dev/shm`
/// when there is one (the readers sync what they write, which costs nothing on tmpfs), else in
/// the temporary directory. Unique per call, so corpus tests may run in parallel.
enum ScratchDirectory {
  static let root: URL = {
    let shm = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
    var isDirectory: ObjCBool = false
    let base =
      FileManager.default.fileExists(atPath: shm.path, isDirectory: &isDirectory)
        && isDirectory.boolValue ? shm : FileManager.default.temporaryDirectory
    return base.appendingPathComponent("perform-fuzz-\(getpid())", isDirectory: true)
  }()

  /// Runs `body` with a new empty directory, then removes it and everything in it.
  static func with<T, E: Error>(_ body: (URL) throws(E) -> T) throws(E) -> T {
    let directory = root.appendingPathComponent(UUID().uuidString, isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      preconditionFailure("cannot create the scratch directory \(directory.path): \(error)")
    }
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
  }

  /// Writes `data` to `url` plainly: the reader under test is what is being fuzzed.
  static func write(_ data: Data, to url: URL) {
    guard FileManager.default.createFile(atPath: url.path, contents: data) else {
      preconditionFailure("cannot write the scratch file \(url.path)")
    }
  }
}
