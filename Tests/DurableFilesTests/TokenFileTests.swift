import DurableFiles
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A token file's first line is the token, blanks and line ends around it ignored, and a file
/// others may read is refused (docs/security.md, "The trainee's token on the command line").
struct TokenFileTests {
  /// The token read from a file holding `content` with `mode`.
  static func read(_ content: String, mode: mode_t = 0o600) throws -> String {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.file("token")
    try Data(content.utf8).write(to: file)
    #expect(chmod(file.path, mode) == 0)
    return try TokenFile.read(atPath: file.path)
  }

  @Test func theFirstLineIsTheTokenWithoutTheBlanksAroundIt() throws {
    #expect(try Self.read("0123456789abcdef\n") == "0123456789abcdef")
    #expect(try Self.read(" \t0123456789abcdef \r\nsecond\n") == "0123456789abcdef")
    #expect(try Self.read("0123456789abcdef") == "0123456789abcdef")
    #expect(try Self.read("\nsecond") == "")
  }

  /// Found by the `token-file` fuzz target: split as text, CRLF is one character, so the first
  /// line of a file saved with CRLF line ends ran to the end of the file.
  @Test func aFileWithCRLFLineEndsGivesItsFirstLine() throws {
    #expect(try Self.read("0123456789abcdef\r\nsecond\r\n") == "0123456789abcdef")
    #expect(try Self.read("\r\n") == "")
    #expect(TokenFile.firstLine(of: Data("a\r\nb".utf8)) == "a")
  }

  @Test func aFileOthersMayReadIsRefused() throws {
    for mode: mode_t in [0o640, 0o604, 0o644] {
      #expect(throws: TokenFileError.self) { try Self.read("0123456789abcdef\n", mode: mode) }
    }
    #expect(try Self.read("0123456789abcdef\n", mode: 0o400) == "0123456789abcdef")
  }
}
