import Foundation
import WorkoutSession

// NB: docs/architecture.md, "Durability and bad input": a snapshot or journal that cannot be read
// is moved aside and reported, never deleted, and nothing the trainee entered is lost. So besides
// not crashing, a restore must leave a directory the next restore reads back to the same state with
// nothing to report.

/// The crash-recovery files of the live workout, restored by `SessionJournal`.
///
/// The input is `session.json`, a NUL byte, then `journal-1.jsonl`; an input without a NUL is
/// the journal alone (JSON never holds a raw NUL, so the split is unambiguous).
enum SessionJournalEntry {
  /// 2026-01-05 08:00 UTC.
  static let now = Date(timeIntervalSince1970: 1_767_600_000)

  static func run(_ input: Data) throws(FuzzFinding) {
    let (snapshot, journal) = split(input)
    try ScratchDirectory.with { directory throws(FuzzFinding) in
      if let snapshot {
        ScratchDirectory.write(snapshot, to: directory.appendingPathComponent("session.json"))
      }
      ScratchDirectory.write(journal, to: directory.appendingPathComponent("journal-1.jsonl"))
      let first = try restore(directory)
      let second = try restore(directory)
      guard second.notices.isEmpty, second.state == first.state else {
        throw FuzzFinding(
          "a second restore differs from the first: notices \(second.notices), states equal:"
            + " \(second.state == first.state)")
      }
    }
  }

  /// The snapshot's bytes (before the first NUL, when there is one) and the journal's.
  static func split(_ input: Data) -> (snapshot: Data?, journal: Data) {
    guard let nul = input.firstIndex(of: 0) else { return (nil, input) }
    return (input[..<nul], input[input.index(after: nul)...])
  }

  private static func restore(_ directory: URL) throws(FuzzFinding) -> Restored {
    let journal = SessionJournal(directory: directory)
    defer { journal.close() }
    do {
      let restored = try journal.restore(now: now)
      journal.waitForPendingWrites()
      return restored
    } catch {
      throw FuzzFinding("restore threw \(error)")
    }
  }
}
