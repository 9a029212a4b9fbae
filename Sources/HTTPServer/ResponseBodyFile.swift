import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// NB: docs/decisions/accounts.md, "Exporting an account": an answer too large to hold (a
// person's whole history) is written to a file no name reaches, made in the temporary directory
// (`TMPDIR`) and unlinked at once, and libmicrohttpd sends it from its descriptor: the server's
// memory holds a piece of it at a time, and the disk gets the space back when the answer is sent
// or the connection drops.

/// A response body written to an unlinked temporary file, sent from its descriptor.
public final class ResponseBodyFile: Sendable, Equatable {
  /// The body's length in bytes.
  public let size: Int
  /// The open file; closed when the last answer holding it is gone (libmicrohttpd sends from a
  /// copy of it).
  let descriptor: Int32

  private init(descriptor: Int32, size: Int) {
    self.descriptor = descriptor
    self.size = size
  }

  deinit { close(descriptor) }

  public static func == (left: ResponseBodyFile, right: ResponseBodyFile) -> Bool {
    left === right
  }

  /// Why a body file could not be made or written.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// A body written by `write`, which is given a function that appends bytes to it; a failure
  /// of `write` or of the disk throws, and the file is gone.
  public static func written(
    in directory: URL = FileManager.default.temporaryDirectory,
    _ write: ((_ bytes: [UInt8]) throws -> Void) throws -> Void
  ) throws -> ResponseBodyFile {
    var template = Array(directory.appendingPathComponent("perform-answer-XXXXXX").path.utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw Failure(description: "cannot create a file in \(directory.path): \(errno)")
    }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    var size = 0
    do {
      try write { bytes in
        try bytes.withUnsafeBytes { buffer in
          var offset = 0
          while offset < buffer.count {
            let written = Glibc.write(
              descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
              throw Failure(description: "cannot write an answer's file: \(errno)")
            }
            offset += written
          }
        }
        size += bytes.count
      }
    } catch {
      close(descriptor)
      throw error
    }
    return ResponseBodyFile(descriptor: descriptor, size: size)
  }
}
