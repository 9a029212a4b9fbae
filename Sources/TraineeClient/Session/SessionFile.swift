import DurableFiles
import Foundation
import TraineeAPI

// NB: docs/security.md, "The session file": the refresh token is a password's equal for up to
// its lifetime, so the file is its owner's alone (0600) from its first byte, and written as the
// app's other files are (temporary file, fsync, rename, fsync of the directory): a refresh's new
// pair is kept before it is used, since the old refresh token is spent and a reuse of it would
// end the session.

/// The signed-in session kept on this device: `DIR/session.json`, 0600.
public struct SessionFile: Sendable {
  private let file: DurableJSONFile<KeptSession>

  /// The file's path.
  public var url: URL { file.url }

  /// The session file of the data directory `dataDirectory`.
  public init(dataDirectory: URL) {
    file = DurableJSONFile(
      url: DataDirectory(dataDirectory).session, what: "The saved sign-in (session.json)")
  }

  /// The session kept (`nil`: none), or why the file could not be read; an unreadable file is
  /// moved aside and reported, as the app's other files are.
  public func load(now: Date) -> (session: KeptSession?, problem: String?) {
    let (session, problem) = file.load(now: now)
    return (session, problem)
  }

  /// Keeps `session`, replacing the file whole (0600).
  public func save(_ session: KeptSession) throws(FileError) {
    try file.save(session)
  }

  /// Forgets the session: the file is removed (nothing to remove is no failure).
  public func remove() throws(FileError) {
    guard unlink(url.path) == 0 || errno == ENOENT else {
      throw FileError(path: url.path, operation: "unlink", code: errno)
    }
    DurableFile.syncDirectory(url.deletingLastPathComponent())
  }
}
