import DurableFiles
import Foundation

extension SessionJournal {
  /// The state saved in `directory`, read without taking its lock or changing a file: how `perform
  /// session show` looks at the workout of an app that is running
  /// (docs/decisions/the-apps-files-and-the-api-client.md "The data directory's layout").
  ///
  /// The owner may append, compact or rotate meanwhile. A last line without its newline is an
  /// append still under way and is left out; a journal that vanished or no longer follows the
  /// snapshot means a compaction ran between the reads, and the files are read again, up to
  /// `attempts` times. Anything else that cannot be read throws: only the owner's `restore`
  /// moves files aside. An empty or missing directory is no workout.
  public static func read(
    directory: URL, attempts: Int = 20
  ) throws(SessionJournalReadError) -> WorkoutState {
    var lastProblem = ""
    for _ in 0..<max(1, attempts) {
      switch readOnce(directory) {
      case .read(let state): return state
      case .changed(let problem): lastProblem = problem
      case .unreadable(let problem): throw SessionJournalReadError(reason: problem)
      }
    }
    throw SessionJournalReadError(reason: "kept changing while read: \(lastProblem)")
  }

  private enum Attempt {
    case read(WorkoutState)
    case changed(String)
    case unreadable(String)
  }

  private static func readOnce(_ directory: URL) -> Attempt {
    var state = WorkoutState()
    var sequence = 0
    let snapshotURL = directory.appendingPathComponent(snapshotName)
    if let data = DurableFile.contents(atPath: snapshotURL.path) {
      do {
        let snapshot = try decodeSnapshot(data)
        state = snapshot.state
        sequence = snapshot.sequence
      } catch {
        return .unreadable("\(snapshotName): \(error)")
      }
    }
    for file in journalFiles(in: directory) {
      guard let data = DurableFile.contents(atPath: file.url.path) else {
        return .changed("\(file.url.lastPathComponent) vanished")
      }
      let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      // The last piece is empty when the file ends with a newline, else an append under way.
      for line in lines.dropLast() where !line.isEmpty {
        let entry: JournalEntry
        do {
          entry = try decodeEntry(Data(line))
        } catch {
          return .unreadable("\(file.url.lastPathComponent): \(error)")
        }
        if entry.sequence <= sequence { continue }
        guard entry.sequence == sequence + 1 else {
          return .changed(
            "\(file.url.lastPathComponent): entry \(entry.sequence) follows \(sequence)")
        }
        _ = state.apply(entry.action, now: entry.at)
        sequence = entry.sequence
      }
    }
    return .read(state)
  }
}

/// Why `SessionJournal.read(directory:)` could not read a saved workout.
public struct SessionJournalReadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file and what is wrong with it.
  public var reason: String

  public var description: String { "Saved workout could not be read (\(reason))." }
}
