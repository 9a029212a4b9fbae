import Foundation
import HTTPServer
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The JSON-lines log's own file: written, and let go of when the log closes.
@Suite struct JSONLineLogTests {
  /// How many of this process's descriptors are open on `path`.
  private static func descriptors(on path: String) -> Int {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return entries.filter { entry in
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(entry)"))
        == path
    }.count
  }

  @Test func aLogOpenedFromAPathClosesItsFileWhenClosed() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-log-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let log = try JSONLineLog(appendingTo: path)
    #expect(Self.descriptors(on: path) == 1)
    log.write(#"{"a":1}"#)
    log.close()
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"a\":1}\n")
    #expect(Self.descriptors(on: path) == 0, "a server started and stopped in a loop leaks none")
  }

  @Test func aLogGivenADescriptorLeavesItOpen() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-log-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    #expect(descriptor >= 0)
    defer { close(descriptor) }
    let log = JSONLineLog(descriptor: descriptor)
    log.write(#"{"b":2}"#)
    log.close()
    #expect(fcntl(descriptor, F_GETFD) >= 0, "the descriptor is the caller's to close")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"b\":2}\n")
  }
}
