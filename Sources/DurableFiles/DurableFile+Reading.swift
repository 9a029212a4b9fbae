import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// NB: found by fuzzing (docs/fuzzing.md): on Linux, Foundation's `FileManager.contents(atPath:)`
// and `Data(contentsOf:)` (swift-foundation 6.3) leak the 4 KiB buffer they allocate for a file
// that turns out to be empty, and the crash-recovery journal reads an empty file on most
// restores (a fresh journal after a snapshot). Whole files that may be empty are read here.

extension DurableFile {
  /// The bytes of the file at `path`; `nil` when it cannot be opened or read (missing,
  /// a directory, no permission), as `FileManager.contents(atPath:)` answers.
  package static func contents(atPath path: String) -> Data? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { _ = closeDescriptor(fd) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if count == 0 { return data }
      data.append(contentsOf: buffer[0..<count])
    }
  }
}
