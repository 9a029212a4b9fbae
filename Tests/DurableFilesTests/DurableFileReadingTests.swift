import DurableFiles
import Foundation
import Testing

/// `DurableFile.contents(atPath:)`, which replaced Foundation's reads after fuzzing found they
/// leak 4 KiB for each empty file (docs/fuzzing.md; the leak itself shows under the address
/// sanitizer, `make fuzz`).
struct DurableFileReadingTests {
  @Test(arguments: [0, 1, 16 * 1024, 16 * 1024 + 1, 100_000])
  func readsBackExactlyWhatTheFileHolds(size: Int) throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    try bytes.write(to: scratch.file("f"))
    #expect(DurableFile.contents(atPath: scratch.file("f").path) == bytes)
  }

  @Test func aMissingFileOrADirectoryIsNil() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    #expect(DurableFile.contents(atPath: scratch.file("missing").path) == nil)
    #expect(DurableFile.contents(atPath: scratch.url.path) == nil)
  }
}
