// NB: docs/specs/live-activity.md, "Surfaces": iOS picks the surface; the minimal
// circle may be the only place the set appears, so it shows the numbers, not an icon. Clocks are
// not strings: each surface draws the rest and workout clocks from the content's dates.

/// The prepared strings of each surface. An empty string means "nothing there".
public struct CardSurfaces: Codable, Hashable, Sendable {
  /// The Lock Screen card.
  public var lockScreen: LockScreenText
  /// The expanded Dynamic Island.
  public var expanded: ExpandedText
  /// The compact Dynamic Island's leading side: the set's position (`3/5`), `✓` when every set is
  /// done, `–` without exercises.
  public var compactLeading: String
  /// The compact Dynamic Island's trailing side: the numbers (`72,5 × 8`, `20:00`); the view
  /// shows the rest clock here instead while a rest runs.
  public var compactTrailing: String
  /// The minimal circle: the numbers at their shortest (`72,5×8`).
  public var minimal: String

  /// Creates the surfaces' strings.
  public init(
    lockScreen: LockScreenText, expanded: ExpandedText, compactLeading: String,
    compactTrailing: String, minimal: String
  ) {
    self.lockScreen = lockScreen
    self.expanded = expanded
    self.compactLeading = compactLeading
    self.compactTrailing = compactTrailing
    self.minimal = minimal
  }
}

/// The Lock Screen card's lines (the badge, checkmark, rest row and button come from the content).
public struct LockScreenText: Codable, Hashable, Sendable {
  /// The routine name, beside the workout clock.
  public var header: String
  /// The exercise name, or what the card says when there is no set.
  public var title: String
  /// `Set 3 of 5`.
  public var trailing: String
  /// The set line after the badge.
  public var detail: String

  /// Creates the Lock Screen's lines.
  public init(header: String, title: String, trailing: String, detail: String) {
    self.header = header
    self.title = title
    self.trailing = trailing
    self.detail = detail
  }
}

/// The expanded Dynamic Island's regions.
public struct ExpandedText: Codable, Hashable, Sendable {
  /// The exercise name, or what the card says when there is no set.
  public var leading: String
  /// `Set 3 of 5`.
  public var trailing: String
  /// The routine name.
  public var center: String
  /// The set line, or the primary action's title.
  public var bottom: String

  /// Creates the expanded regions.
  public init(leading: String, trailing: String, center: String, bottom: String) {
    self.leading = leading
    self.trailing = trailing
    self.center = center
    self.bottom = bottom
  }
}
