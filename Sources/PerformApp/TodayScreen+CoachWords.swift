import Foundation
import TerminalScreens
import TerminalUI
import TraineeAPI

// NB: docs/decisions/the-coachs-words.md, "The coach's words in the app": "From your coach" heads
// Today while the coach said something not seen yet: each new review (its verdict, comment and
// how many sets it comments on) and each video's feedback. Drawn, they are marked seen; they stay
// until the next read, which no longer lists them.

extension TodayScreen {
  /// "From your coach" and its words, or nothing when there are none.
  func coachWordsLines(zone: TimeZone) -> [StyledLine] {
    guard let inbox = environment.coachWords, let words = inbox.words,
      !words.reviews.isEmpty || !words.videoFeedback.isEmpty
    else { return [] }
    var lines = [
      StyledLine(""),
      StyledLine(text(.todayFromCoach), TextStyle(bold: true, underline: true, foreground: .cyan)),
    ]
    for notice in words.reviews {
      let workout =
        notice.label.flatMap { $0.isEmpty ? nil : $0 }
        ?? Self.loggedDate(notice.loggedAt).map { text.day($0, timeZone: zone) } ?? ""
      let verdict: AppString =
        notice.review.verdict == .needsWork ? .todayCoachNeedsWork : .todayCoachReviewed
      lines.append(
        StyledLine(
          "  " + text(verdict, ["workout": workout]),
          TextStyle(bold: true, foreground: notice.review.verdict == .needsWork ? .yellow : .green)
        ))
      if let comment = notice.review.comment, !comment.isEmpty {
        lines.append(StyledLine("    " + ControlCharacters.shown(comment)))
      }
      let count = notice.review.setComments.count
      if count > 0 {
        lines.append(
          StyledLine(
            "    " + text(.todayCoachSetComments, count: count, ["count": String(count)]),
            TextStyle(dim: true)))
      }
    }
    for feedback in words.videoFeedback {
      lines.append(
        StyledLine(
          "  " + text(.todayCoachVideo, ["message": ControlCharacters.shown(feedback.message)])))
    }
    // Drawn is shown: the marks go now (docs/decisions/the-coachs-words.md).
    inbox.markAllSeen()
    return lines
  }
}
