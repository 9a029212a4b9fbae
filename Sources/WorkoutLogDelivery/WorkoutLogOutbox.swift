import DurableFiles
import Foundation

// NB: docs/specs/workout-session.md, "Finishing" and docs/decisions/the-workout-log-on-its-way.md
// "Workout log delivery" and docs/decisions/the-terminal-app-and-the-perform-command.md, "The
// terminal app": finishing keeps the session and retries the log (idempotent) until it is accepted.
// The log is written here before the first attempt, so a kill between "finish" and the server's
// answer loses nothing and never logs twice: the next launch sends the same payload with the same
// key. The file's format is `PendingWorkoutLog`'s JSON, unchanged since the outbox moved here from
// the terminal app.

/// The one file holding a finished workout until the server accepts it:
/// `DIR/pending-workout-log.json`, written atomically.
public struct WorkoutLogOutbox: Sendable {
  private let file: DurableJSONFile<PendingWorkoutLog>
  /// The outbox file.
  public var url: URL { file.url }

  /// The outbox of `dataDirectory`.
  public init(dataDirectory: URL) {
    file = DurableJSONFile(
      url: DataDirectory(dataDirectory).pendingWorkoutLog,
      what: "The unsent workout log")
  }

  /// What the outbox holds. A file that is not a pending log is moved aside to
  /// `pending-workout-log.json.corrupt-<time>` and reported in `problem`, never deleted.
  public func load(now: Date) -> (log: PendingWorkoutLog?, problem: String?) {
    let (log, problem) = file.load(now: now)
    return (log, problem)
  }

  /// Writes `log` (atomically), replacing what the outbox held.
  public func save(_ log: PendingWorkoutLog) throws(FileError) {
    try file.save(log)
  }

  /// Empties the outbox (the server accepted its log).
  public func remove() {
    unlink(url.path)
  }

  /// Where logs the server refused are kept once the trainee sets them aside:
  /// `DIR/refused-workout-logs/`.
  public var refusedDirectory: URL {
    DataDirectory(url.deletingLastPathComponent()).refusedWorkoutLogs
  }

  /// Keeps `log` in `refusedDirectory` as `<finished at, ms>-<idempotency key>.json`, then empties
  /// the outbox; returns the file. The copy is written (atomically) before the outbox is emptied,
  /// so a kill in between leaves the log in both places, never in neither.
  public func setAside(_ log: PendingWorkoutLog) throws(FileError) -> URL {
    let milliseconds = log.finishedAt.milliseconds(rounded: .down)
    let name = "\(milliseconds)-\(Self.fileNameSafe(log.idempotencyKey)).json"
    let aside = DurableJSONFile<PendingWorkoutLog>(
      url: refusedDirectory.appendingPathComponent(name), what: "A refused workout log")
    try aside.save(log)
    remove()
    return aside.url
  }

  /// `key` with anything but ASCII letters, digits, `-` and `_` replaced by `_`.
  private static func fileNameSafe(_ key: String) -> String {
    String(
      key.unicodeScalars.map { scalar in
        scalar.isASCII
          && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_")
          ? Character(scalar) : "_"
      })
  }
}
