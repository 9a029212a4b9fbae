import DurableFiles
import Foundation
import Testing

struct AppendOnlyFileTests {
  @Test func appendsRecordsAfterWhatTheFileHeld() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = scratch.file("journal-1.jsonl").path
    try DurableFile.atomicWrite(Data("one\n".utf8), to: URL(fileURLWithPath: path))

    let file = try AppendOnlyFile(path: path)
    try file.append(Data("two\n".utf8))
    try file.append(Data("three\n".utf8))
    file.close()

    #expect(try String(contentsOfFile: path, encoding: .utf8) == "one\ntwo\nthree\n")
  }

  @Test func truncatingEmptiesTheFileFirst() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = scratch.file("journal-1.jsonl").path
    try DurableFile.atomicWrite(Data("stale\n".utf8), to: URL(fileURLWithPath: path))

    let file = try AppendOnlyFile(path: path, truncating: true)
    try file.append(Data("fresh\n".utf8))
    file.close()

    #expect(try String(contentsOfFile: path, encoding: .utf8) == "fresh\n")
  }

  @Test func onlyOneSyncIsPendingAtATime() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let file = try AppendOnlyFile(path: scratch.file("journal-1.jsonl").path)
    defer { file.close() }

    #expect(file.claimSync())
    #expect(!file.claimSync())
    file.sync()
    #expect(file.claimSync())
  }

  @Test func anAppendToAFileWhoseDirectoryWasDeletedThrows() throws {
    let scratch = try ScratchDirectory()
    let path = scratch.file("journal-1.jsonl").path
    let file = try AppendOnlyFile(path: path)
    defer { file.close() }
    scratch.remove()

    #expect(throws: FileError(path: path, operation: "write", code: ENOENT)) {
      try file.append(Data("lost\n".utf8))
    }
  }
}
