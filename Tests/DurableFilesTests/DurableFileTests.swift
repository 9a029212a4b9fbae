import DurableFiles
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct DurableFileTests {
  @Test func atomicWriteCreatesThenReplacesTheContent() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let target = scratch.file("session.json")

    try DurableFile.atomicWrite(Data("first, and longer than the second".utf8), to: target)
    #expect(try Data(contentsOf: target) == Data("first, and longer than the second".utf8))
    try DurableFile.atomicWrite(Data("second".utf8), to: target)

    #expect(try Data(contentsOf: target) == Data("second".utf8))
  }

  @Test func atomicWriteOfNothingLeavesAnEmptyFile() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let target = scratch.file("empty.json")
    try DurableFile.atomicWrite(Data("old".utf8), to: target)

    try DurableFile.atomicWrite(Data(), to: target)

    #expect(try Data(contentsOf: target) == Data())
  }

  @Test func noTemporaryFileIsLeftAfterASuccessfulWrite() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }

    for round in 0..<3 {
      try DurableFile.atomicWrite(Data("round \(round)".utf8), to: scratch.file("a.json"))
    }
    try DurableFile.atomicWrite(Data("other".utf8), to: scratch.file("b.json"))

    #expect(try scratch.names() == ["a.json", "b.json"])
  }

  /// Fails for root too: no permission check is involved, the path cannot exist.
  @Test func aWriteBelowARegularFileFailsAndLeavesThatFileAndNoTemporaryFile() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let regular = scratch.file("notes.json")
    try DurableFile.atomicWrite(Data("kept".utf8), to: regular)

    let error = #expect(throws: FileError.self) {
      try DurableFile.atomicWrite(Data("new".utf8), to: regular.appendingPathComponent("x.json"))
    }

    #expect(error?.operation == "open")
    #expect(error?.code == ENOTDIR)
    #expect(error?.path.hasPrefix(regular.path + "/" + DurableFile.temporaryPrefix) == true)
    #expect(try Data(contentsOf: regular) == Data("kept".utf8))
    #expect(try scratch.names() == ["notes.json"])
  }

  /// The temporary file is written and synced, then the rename fails (for root too): the
  /// temporary file is removed and what was at the target stays as it was.
  @Test func aFailedRenameLeavesTheTargetAsItWasAndNoTemporaryFile() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let target = scratch.file("session.json")
    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
    try DurableFile.atomicWrite(Data("inside".utf8), to: target.appendingPathComponent("old"))

    let error = #expect(throws: FileError.self) {
      try DurableFile.atomicWrite(Data("new".utf8), to: target)
    }

    #expect(error == FileError(path: target.path, operation: "rename", code: EISDIR))
    #expect(try scratch.names() == ["session.json"])
    #expect(try Data(contentsOf: target.appendingPathComponent("old")) == Data("inside".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: target.path) == ["old"])
  }

  @Test func aWriteIntoAMissingDirectoryFailsAndCreatesNothing() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }

    let error = #expect(throws: FileError.self) {
      try DurableFile.atomicWrite(Data("new".utf8), to: scratch.file("gone/x.json"))
    }

    #expect(error?.operation == "open")
    #expect(error?.code == ENOENT)
    #expect(try scratch.names() == [])
  }

  @Test func truncateKeepsTheFirstBytes() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.file("journal-1.jsonl")
    try DurableFile.atomicWrite(Data("{\"a\":1}\n{\"b\":".utf8), to: file)

    try DurableFile.truncate(file, to: 8)

    #expect(try Data(contentsOf: file) == Data("{\"a\":1}\n".utf8))
  }

  @Test func truncatingAMissingFileThrows() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.file("missing")

    #expect(throws: FileError(path: file.path, operation: "truncate", code: ENOENT)) {
      try DurableFile.truncate(file, to: 0)
    }
    #expect(try scratch.names() == [])
  }

  /// Two writers replace one file over and over while it is read back: every read finds one
  /// writer's whole content, never a mix or a part, and no temporary file outlives them.
  @Test func concurrentWritersNeverCorruptTheTarget() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let target = scratch.file("shared.json")
    // Large enough that a torn write would show: more than one page, more than one write(2)
    // buffer on some systems.
    let contents = [
      Data(repeating: UInt8(ascii: "a"), count: 256 * 1024),
      Data(repeating: UInt8(ascii: "b"), count: 192 * 1024),
    ]
    try DurableFile.atomicWrite(contents[0], to: target)
    let failures = FailureLog()
    let writers = DispatchGroup()
    for data in contents {
      DispatchQueue.global().async(group: writers) {
        for _ in 0..<40 {
          do {
            try DurableFile.atomicWrite(data, to: target)
          } catch {
            failures.record("\(error)")
          }
        }
      }
    }

    var reads = 0
    var torn = 0
    repeat {
      let read = try Data(contentsOf: target)
      reads += 1
      if !contents.contains(read) { torn += 1 }
    } while writers.wait(timeout: .now()) == .timedOut

    #expect(failures.all == [])
    #expect(reads > 0)
    #expect(torn == 0)
    #expect(contents.contains(try Data(contentsOf: target)))
    #expect(try scratch.names() == ["shared.json"])
  }
}

/// Errors recorded by several threads.
final class FailureLog: @unchecked Sendable {
  // @unchecked: `entries` is only touched under `lock`.
  private let lock = NSLock()
  private var entries: [String] = []

  func record(_ entry: String) {
    lock.lock()
    entries.append(entry)
    lock.unlock()
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return entries
  }
}
