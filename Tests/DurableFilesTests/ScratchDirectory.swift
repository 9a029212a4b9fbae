import Foundation

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct ScratchDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-durable-files-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The names in the directory, sorted.
  func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  func remove() { try? FileManager.default.removeItem(at: url) }
}
