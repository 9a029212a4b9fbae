import Foundation

// NB: docs/architecture.md, "Offline first": each read the app depends on names the file its last
// good answer is kept in and how long that answer is fresh. The spec gives only the notification
// configs' stale time (10 minutes, docs/specs/workout-session.md, "Alert texts and configs"); the
// others are chosen in docs/decisions/the-apps-files-and-the-api-client.md, "Offline reads".

/// How the client keeps the last good answer of a read for offline use: the copy's name, how
/// many copies, and the age after which a copy is refreshed in the background.
public struct KeptReadPolicy: Hashable, Sendable {
  /// Which copies of the read are kept.
  public enum Copies: Hashable, Sendable {
    /// One copy, the last answer whatever the query: its key is the name.
    case one
    /// One copy per date: `<name>-<date>`.
    case perDate
    /// One copy per date and plan day hint: `<name>-<date>`, then `.<planId>.<dayId>` with a
    /// hint.
    case perDateAndPlanDay
  }

  /// The copy's name in `AnswerCopies`, or the start of it for a read kept per date.
  public let name: String
  /// Which copies are kept.
  public let copies: Copies
  /// After this many seconds the app fetches the answer again, even when nothing else asks.
  public let staleAfter: TimeInterval

  init(_ name: String, _ copies: Copies = .one, staleAfter: TimeInterval) {
    self.name = name
    self.copies = copies
    self.staleAfter = staleAfter
  }

  /// The key of the copy of the answer for `date` (`YYYY-MM-DD`) and `hint`; each is used only
  /// where the copies are kept per date or per plan day. Every part taken from them is made
  /// safe for a file name (``keySafe(_:)``).
  public func key(date: String = "", hint: PlanDayHint? = nil) -> String {
    switch copies {
    case .one:
      return name
    case .perDate:
      return name + "-" + Self.keySafe(date)
    case .perDateAndPlanDay:
      var key = name + "-" + Self.keySafe(date)
      if let hint { key += "." + Self.keySafe(hint.planId) + "." + Self.keySafe(hint.dayId) }
      return key
    }
  }

  /// `text` with anything but ASCII letters, digits, `-` and `_` as `_`, at most 60 characters,
  /// for a copy's key.
  static func keySafe(_ text: String) -> String {
    String(
      text.unicodeScalars.prefix(60).map { scalar in
        scalar.isASCII
          && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_")
          ? Character(scalar) : "_"
      })
  }
}
