import Foundation
import WorkoutSession

// NB: docs/decisions/the-lock-screen-card.md, "Live Activity content" (updates): an update only
// when the content changes, never per tick: about one per set. Every emitted content carries a
// higher version than the one before, so a redraw is forced even when a locked device would skip an
// equal-looking update.

/// Decides when the card gets a new content state.
public struct ActivityUpdatePolicy: Equatable, Sendable {
  /// The content last emitted, or `nil` when none is showing.
  public private(set) var lastEmitted: WorkoutActivityContent?
  /// The version of the last emitted content; never reused, even across workouts.
  public private(set) var version: Int

  /// A policy whose next emitted content has version `lastVersion + 1`.
  public init(lastVersion: Int = 0) {
    self.lastEmitted = nil
    self.version = lastVersion
  }

  /// The content to send for `state` at `now`, or `nil` when it equals the last one sent (or
  /// there is no started session, which forgets the last one).
  ///
  /// A started session without a start gets the start of the content last sent as its stand-in
  /// (`now` only for the first one), so the content does not move with the time.
  public mutating func update(
    state: WorkoutState, language: ActivityLanguage, units: UnitSystem, now: Date
  ) -> WorkoutActivityContent? {
    offer(
      activityContent(
        state: state, language: language, units: units,
        now: lastEmitted?.workoutStartedAt ?? now, version: lastEmitted?.version ?? version))
  }

  /// `content` with the next version when it differs from the last one sent, else `nil`.
  /// The version `content` carries is ignored.
  public mutating func offer(_ content: WorkoutActivityContent?) -> WorkoutActivityContent? {
    guard var content else {
      lastEmitted = nil
      return nil
    }
    if let lastEmitted {
      content.version = lastEmitted.version
      if content == lastEmitted { return nil }
    }
    version += 1
    content.version = version
    lastEmitted = content
    return content
  }
}
