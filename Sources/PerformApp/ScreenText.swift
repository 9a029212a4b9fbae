import Foundation
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

/// `text` padded with spaces (or cut) to `columns`.
func pad(_ text: String, _ columns: Int) -> String {
  let fitted = TextColumns.fit(text, columns: columns)
  return fitted + String(repeating: " ", count: max(0, columns - TextColumns.of(fitted)))
}
