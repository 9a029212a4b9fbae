import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// NB: docs/security.md, "The trainee's token on the command line" and "Metrics": a token is read
// from a file only its owner may read, its first line with the blanks around it ignored. The
// app's `--token-file` and `perform serve`'s `--metrics-token-file` read it here, and so does the
// fuzz target `token-file` (docs/fuzzing.md).

/// A file holding a token on its first line.
public enum TokenFile {
  /// The most bytes read: a token is short, and a pipe (`/dev/stdin`) is not read to its end.
  public static let readBytes = 4096

  /// The token in the file at `path`: the first line of its first ``readBytes`` bytes, blanks
  /// around it ignored. Throws when the file cannot be read or other users may read it (a mode
  /// with `0044` bits).
  public static func read(atPath path: String) throws(TokenFileError) -> String {
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw TokenFileError(
        "cannot read the token file \(path): \(String(cString: strerror(errno)))")
    }
    let mode = info.st_mode & 0o777
    guard mode & 0o044 == 0 else {
      throw TokenFileError(
        "the token file \(path) may be read by other users (mode \(LooseMode.octal(mode)));"
          + " make it yours alone: chmod 600 \(path)")
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw TokenFileError("cannot read the token file \(path)")
    }
    defer { try? handle.close() }
    return firstLine(of: (try? handle.read(upToCount: readBytes)) ?? Data())
  }

  /// The first line of `data` read as UTF-8, without the spaces, tabs and carriage returns
  /// around it.
  ///
  /// The line ends at the first LF byte. (Split as text, a CRLF is one character, not a line
  /// feed: a file saved with CRLF line ends was read whole, its second line and the CRLF in the
  /// token, and refused.)
  public static func firstLine(of data: Data) -> String {
    let line = data.prefix { $0 != UInt8(ascii: "\n") }
    return String(decoding: line, as: UTF8.self)
      .trimmingCharacters(in: .whitespaces.union(.init(charactersIn: "\r")))
  }
}

/// Why a token file was refused, in words for the person who named it.
public struct TokenFileError: Error, Equatable, Sendable, CustomStringConvertible {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}
