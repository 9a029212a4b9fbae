import DurableFiles
import Foundation
import TraineeAPI
import TraineeClient

// NB: docs/fuzzing.md, "Targets": `session.json` is read by the app and by every command at
// start (docs/security.md, "The session file"). Whatever it holds, reading it either gives a
// session that the app writes back and reads again the same, or moves the file aside whole and
// says so; it never crashes and never loses the file.

/// The signed-in session kept in the data directory, loaded by `SessionFile`.
enum KeptSessionEntry {
  /// 2026-01-05 08:00 UTC.
  static let now = Date(timeIntervalSince1970: 1_767_600_000)

  static func run(_ input: Data) throws(FuzzFinding) {
    try ScratchDirectory.with { directory throws(FuzzFinding) in
      let file = SessionFile(dataDirectory: directory)
      ScratchDirectory.write(input, to: file.url)
      let (session, problem) = file.load(now: now)
      guard let session else {
        guard let problem else { throw FuzzFinding("a file that is there loaded as none") }
        try movedAsideWhole(input, from: file.url, problem)
        return
      }
      guard problem == nil else { throw FuzzFinding("a session and a problem: \(problem!)") }
      guard session.server.scheme != nil, session.server.host != nil else {
        throw FuzzFinding("a session on a server without a scheme or host: \(session.server)")
      }
      // What the app writes back reads again as the same session (times kept to the
      // millisecond, as written).
      do {
        try file.save(session)
      } catch {
        throw FuzzFinding("saving the session read failed: \(error)")
      }
      let (again, problemAgain) = file.load(now: now)
      guard let again, problemAgain == nil else {
        throw FuzzFinding("the saved session does not load again: \(problemAgain ?? "none")")
      }
      guard sameToTheMillisecond(again, session) else {
        throw FuzzFinding("the saved session reads back as \(again), not \(session)")
      }
    }
  }

  /// Throws unless `url` is gone and a file beside it holds `input` whole.
  static func movedAsideWhole(_ input: Data, from url: URL, _ problem: String) throws(FuzzFinding) {
    let directory = url.deletingLastPathComponent()
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    guard !names.contains(url.lastPathComponent) else {
      throw FuzzFinding("an unreadable session file was left in place: \(problem)")
    }
    let kept = names.filter { $0.hasPrefix(url.lastPathComponent + ".corrupt-") }
    guard kept.count == 1,
      DurableFile.contents(atPath: directory.appendingPathComponent(kept[0]).path) == input
    else {
      throw FuzzFinding("an unreadable session file was not kept whole: \(problem)")
    }
  }

  /// Whether two sessions are the same, their times within a millisecond (the file keeps
  /// milliseconds; a time read with more digits is written rounded).
  static func sameToTheMillisecond(_ a: KeptSession, _ b: KeptSession) -> Bool {
    func close(_ x: Date, _ y: Date) -> Bool { abs(x.timeIntervalSince(y)) <= 0.001 }
    return a.server == b.server && a.accountId == b.accountId && a.email == b.email
      && a.sessionId == b.sessionId && a.accessToken == b.accessToken
      && a.refreshToken == b.refreshToken && close(a.accessExpiresAt, b.accessExpiresAt)
      && close(a.refreshExpiresAt, b.refreshExpiresAt)
  }
}
