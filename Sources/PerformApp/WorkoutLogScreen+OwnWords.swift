import Foundation
import TerminalScreens
import TerminalUI
import TraineeAPI

// NB: docs/decisions/the-coachs-words.md, "The coach's words in the app": the workout's detail
// shows the trainee's own words as they were logged (the note on the workout under its summary,
// the reason for a swap under the exercise's name, a note on a set under the set), and lists an
// exercise without a done set when words are on it.

extension WorkoutLogScreen {
  /// The trainee's note on the workout; nothing without one.
  func ownNoteLines(_ log: WorkoutLogDto, text: AppText) -> [StyledLine] {
    guard let note = Self.written(log.note) else { return [] }
    return [StyledLine(text(.historyOwnNote, ["note": note]), TextStyle(foreground: .magenta))]
  }

  /// Why the trainee swapped the exercise; nothing when no reason was given.
  func substitutionLines(_ entry: LogEntry, text: AppText) -> [StyledLine] {
    guard let reason = Self.written(entry.substitutionReason) else { return [] }
    return [
      StyledLine(
        "    " + text(.historySubstitutionReason, ["reason": reason]), TextStyle(dim: true))
    ]
  }

  /// The trainee's note on `set`, done or not; nothing without one.
  func setNoteLines(_ set: LogSet, text: AppText) -> [StyledLine] {
    let (number, note) =
      switch set {
      case .strength(let set): (set.setNumber, set.note)
      case .cardio(let set): (set.setNumber, set.note)
      }
    guard let note = Self.written(note) else { return [] }
    return [
      StyledLine(
        "    " + text(.historyOwnSetNote, ["set": String(number), "note": note]),
        TextStyle(foreground: .magenta))
    ]
  }

  /// `lines`, each wrapped to `columns`.
  func wrapped(_ lines: [StyledLine], columns: Int) -> [StyledLine] {
    lines.flatMap { messageLines($0, columns: columns) }
  }

  /// Whether `entry`, the log's entry at `index`, has words on it: a reason for its swap, the
  /// trainee's note on one of its sets or the coach's comment on one.
  static func hasWords(_ entry: LogEntry, at index: Int, in log: WorkoutLogDto?) -> Bool {
    if written(entry.substitutionReason) != nil { return true }
    let noted = entry.sets.contains {
      switch $0 {
      case .strength(let set): written(set.note) != nil
      case .cardio(let set): written(set.note) != nil
      }
    }
    return noted || (log?.review?.setComments.contains { $0.entryIndex == index } ?? false)
  }

  /// `text` shown safely, or `nil` when it is missing or blank.
  static func written(_ text: String?) -> String? {
    guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
    return ControlCharacters.shown(text)
  }
}
