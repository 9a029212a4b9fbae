import Foundation
import TerminalScreens
import TerminalUI
import TraineeAPI

// NB: docs/decisions/the-coachs-words.md, "The coach's words in the app": the workout's detail
// shows the coach's review under its summary and each set comment under its exercise.

extension WorkoutLogScreen {
  /// The verdict and the comment of `review`; nothing without one.
  func reviewLines(_ review: WorkoutReviewDto?, text: AppText) -> [StyledLine] {
    guard let review else { return [] }
    let needsWork = review.verdict == .needsWork
    var lines = [
      StyledLine(""),
      StyledLine(
        text(needsWork ? .historyCoachNeedsWork : .historyCoachReviewed),
        TextStyle(bold: true, foreground: needsWork ? .yellow : .green)),
    ]
    if let comment = review.comment, !comment.isEmpty {
      lines.append(
        StyledLine("  " + ControlCharacters.shown(comment), TextStyle(foreground: .cyan)))
    }
    return lines
  }

  /// The coach's comments on `entry`'s sets, by set number.
  func setCommentLines(_ log: WorkoutLogDto, entry: LogEntry, text: AppText) -> [StyledLine] {
    guard let review = log.review,
      let entryIndex = log.entries?.firstIndex(where: { $0 == entry })
    else { return [] }
    return review.setComments.filter { $0.entryIndex == entryIndex }
      .sorted { $0.setNumber < $1.setNumber }
      .map {
        StyledLine(
          "    "
            + text(
              .historyCoachSetComment,
              ["set": String($0.setNumber), "comment": ControlCharacters.shown($0.comment)]),
          TextStyle(foreground: .cyan))
      }
  }
}
