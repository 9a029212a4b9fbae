import Foundation
import TerminalUI
import TextColumns

// The text helpers every screen draws with: clock times, numbers, padded columns.

/// `m:ss`, or `h:mm:ss` from an hour.
package func formatClock(_ seconds: Int) -> String {
  let value = max(0, seconds)
  let (hours, minutes, secs) = (value / 3600, value / 60 % 60, value % 60)
  let tail = String(format: "%02d", secs)
  return hours > 0 ? "\(hours):\(String(format: "%02d", minutes)):\(tail)" : "\(minutes):\(tail)"
}

/// A number without a trailing `.0`.
package func formatNumber(_ value: Double) -> String {
  value == value.rounded() ? String(Int(value)) : String(value)
}

// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "The app's settings, language and units",
// nothing runs off the line: a message (the status line, a screen's notice, a read-only or offline
// line, a screen's sentences) is a sentence, so it wraps between words in every language at every
// width rather than being cut. Table rows are laid out in columns and are not messages.

/// `text` as lines of at most `columns` in `style`, a leading indent kept on every line.
package func messageLines(
  _ text: String, _ style: TextStyle = TextStyle(), columns: Int
) -> [StyledLine] {
  messageLines(StyledLine(text, style), columns: columns)
}

/// `line` as lines of at most `columns`: broken between words, and inside a word only when it
/// is longer than a line (Japanese has no spaces to break at); every part keeps its style and
/// the line's leading indent. A line that fits comes back as it is.
package func messageLines(_ line: StyledLine, columns: Int) -> [StyledLine] {
  guard TextColumns.of(line.plainText) > columns else { return [line] }
  typealias Styled = (character: Character, style: TextStyle)
  let characters: [Styled] = line.runs.flatMap { run in run.text.map { ($0, run.style) } }
  let indent = Array(characters.prefix { $0.character == " " })
  let room = max(1, columns - indent.count)
  var parts: [[Styled]] = []
  var part: [Styled] = []
  var width = 0
  var index = indent.count
  while index < characters.count {
    let spaces = characters[index...].prefix { $0.character == " " }
    index += spaces.count
    let word = characters[index...].prefix { $0.character != " " }
    index += word.count
    guard !word.isEmpty else { break }
    let wordWidth = TextColumns.of(String(word.map(\.character)))
    let gap = part.isEmpty ? 0 : spaces.count
    if width + gap + wordWidth <= room {
      if !part.isEmpty { part += spaces }
      part += word
      width += gap + wordWidth
      continue
    }
    if !part.isEmpty { parts.append(part) }
    (part, width) = ([], 0)
    for piece in word {
      let pieceWidth = TextColumns.of(String(piece.character))
      if width + pieceWidth > room, !part.isEmpty {
        parts.append(part)
        (part, width) = ([], 0)
      }
      part.append(piece)
      width += pieceWidth
    }
  }
  if !part.isEmpty || parts.isEmpty { parts.append(part) }
  return parts.map { part in
    var runs: [StyledRun] = []
    for piece in indent + part {
      if let last = runs.last, last.style == piece.style {
        runs[runs.count - 1] = StyledRun(last.text + String(piece.character), last.style)
      } else {
        runs.append(StyledRun(String(piece.character), piece.style))
      }
    }
    return StyledLine(runs)
  }
}

/// `text` padded with spaces (or cut) to `columns`.
package func pad(_ text: String, _ columns: Int) -> String {
  let fitted = TextColumns.fit(text, columns: columns)
  return fitted + String(repeating: " ", count: max(0, columns - TextColumns.of(fitted)))
}
