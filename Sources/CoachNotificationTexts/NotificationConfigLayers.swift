import TraineeAPI

// NB: docs/decisions/the-coachs-words.md, "Notification texts": per type, the trainee's
// override for the session's studio, else the studio's config, else what the trainee had before
// (the trainee's own stored config, else enabled with the app's own texts). A layer replaces the
// whole entry of its type (switch and both templates), so what the trainee gets is always one
// config someone wrote, never a mix of two.

/// The configs that decide what `GET /v1/trainee/notification-configs` answers.
public struct NotificationConfigLayers: Equatable, Sendable {
  /// The trainee's own configs as answered before studios set any: the three known types
  /// first (stored or enabled with no templates), then other stored types.
  public var own: [NotificationConfigDto]
  /// The session's studio's configs, one per type it set.
  public var studio: [NotificationConfigDto]
  /// The studio's overrides for this trainee, one per type it set.
  public var overrides: [NotificationConfigDto]

  public init(
    own: [NotificationConfigDto], studio: [NotificationConfigDto] = [],
    overrides: [NotificationConfigDto] = []
  ) {
    self.own = own
    self.studio = studio
    self.overrides = overrides
  }

  /// What the trainee gets: `own` in its order, each entry replaced by the override of its
  /// type, else the studio's.
  public var resolved: [NotificationConfigDto] {
    own.map { entry in
      overrides.first { $0.type == entry.type } ?? studio.first { $0.type == entry.type } ?? entry
    }
  }
}
