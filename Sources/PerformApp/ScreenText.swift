import Foundation
import TerminalUI
import TextColumns

// The text helpers every screen draws with: clock times, numbers, padded columns.

/// `m:ss`, or `h:mm:ss` from an hour.
func formatClock(_ seconds: Int) -> String {
  let value = max(0, seconds)
  let (hours, minutes, secs) = (value / 3600, value / 60 % 60, value % 60)
  let tail = String(format: "%02d", secs)
  return hours > 0 ? "\(hours):\(String(format: "%02d", minutes)):\(tail)" : "\(minutes):\(tail)"
}

/// A number without a trailing `.0`.
func formatNumber(_ value: Double) -> String {
  value == value.rounded() ? String(Int(value)) : String(value)
}

/// `text` in lines of at most `columns`: broken between words, and inside a word only when it
/// is longer than a line (Japanese has no spaces to break at).
func wrapped(_ text: String, columns: Int) -> [String] {
  let columns = max(1, columns)
  var lines: [String] = []
  var line = ""
  for word in text.split(separator: " ") {
    let candidate = line.isEmpty ? String(word) : line + " " + word
    if TextColumns.of(candidate) <= columns {
      line = candidate
      continue
    }
    if !line.isEmpty { lines.append(line) }
    line = ""
    for character in word {
      if TextColumns.of(line + String(character)) > columns {
        lines.append(line)
        line = ""
      }
      line.append(character)
    }
  }
  if !line.isEmpty || lines.isEmpty { lines.append(line) }
  return lines
}

// NB: docs/decisions.md "The app's settings, language and units", nothing runs off the line: a
// message (the status line, a screen's notice, a read-only or offline line) is a sentence, so
// it wraps between words in every language at every width rather than being cut.

/// `text` as lines of at most `columns` in `style`, a leading indent kept on every line.
func messageLines(_ text: String, _ style: TextStyle = TextStyle(), columns: Int) -> [StyledLine] {
  let indent = String(text.prefix { $0 == " " })
  let rest = String(text.dropFirst(indent.count))
  let room = max(1, columns - indent.count)
  return wrapped(rest, columns: room).map { StyledLine(indent + $0, style) }
}

/// `text` padded with spaces (or cut) to `columns`.
func pad(_ text: String, _ columns: Int) -> String {
  let fitted = TextColumns.fit(text, columns: columns)
  return fitted + String(repeating: " ", count: max(0, columns - TextColumns.of(fitted)))
}
