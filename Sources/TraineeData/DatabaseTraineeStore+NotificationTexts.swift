import Foundation
import SQLStore
import TraineeAPI

// NB: docs/decisions/the-coachs-words.md, "Notification texts": a studio's write raises the
// answer version of every trainee linked to the studio in its own transaction, so their kept
// `GET /v1/trainee/notification-configs` answers go stale at its commit (a write's cost grows
// with the studio's trainees, a read's never does); an override is a write of the trainee
// through the visibility rule (`visibleWrite`).

extension DatabaseTraineeStore {
  public func studioNotificationConfigs(of studio: StudioID) throws -> [NotificationConfigDto] {
    try read(statement: true) { db in
      try db.rows(
        """
        SELECT \(NotificationConfigDto.columns) FROM studio_notification_configs
        WHERE studio_id = ? ORDER BY type
        """, [studio.value], named: NotificationConfigDto.columns,
        NotificationConfigDto.init(row:))
    }
  }

  public func setStudioNotificationConfig(
    _ type: CoachNotificationType, _ config: NotificationConfigRequestDto, of studio: StudioID
  ) throws -> NotificationConfigDto {
    let at = now().milliseconds
    return try write(nil) { db in
      _ = try db.run(
        """
        INSERT INTO studio_notification_configs (studio_id, type, enabled, title_template,
          body_template, written_at)
        VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (studio_id, type) DO UPDATE SET enabled = excluded.enabled,
          title_template = excluded.title_template, body_template = excluded.body_template,
          written_at = excluded.written_at
        """, [studio.value] + Self.configValues(type, config, at: at))
      let linked = try db.rows(
        """
        SELECT a.trainee_id FROM studio_members AS m JOIN accounts AS a ON a.id = m.account_id
        WHERE m.studio_id = ? AND m.role = 'trainee' AND m.ended_at IS NULL
          AND a.trainee_id IS NOT NULL
        """, [studio.value], { try $0.int64(0) })
      for trainee in Set(linked).sorted() {
        try Self.raiseAnswerVersion(of: TraineeID(rawValue: trainee), db)
      }
      return NotificationConfigDto(type, config)
    }
  }

  public func notificationOverrides(
    of trainee: TraineeID, in studio: StudioID
  ) throws -> [NotificationConfigDto]? {
    try visibleRead(of: trainee, to: studio) { _, db in
      try Self.overrides(of: trainee, in: studio, db)
    }
  }

  public func setNotificationOverride(
    _ type: CoachNotificationType, _ config: NotificationConfigRequestDto,
    of trainee: TraineeID, in studio: StudioID
  ) throws -> NotificationConfigDto? {
    let at = now().milliseconds
    return try visibleWrite(of: trainee, to: studio) { _, db in
      _ = try db.run(
        """
        INSERT INTO notification_overrides (trainee_id, studio_id, type, enabled,
          title_template, body_template, written_at)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (trainee_id, studio_id, type) DO UPDATE SET enabled = excluded.enabled,
          title_template = excluded.title_template, body_template = excluded.body_template,
          written_at = excluded.written_at
        """, [trainee.value, studio.value] + Self.configValues(type, config, at: at))
      return NotificationConfigDto(type, config)
    }
  }

  public func removeNotificationOverride(
    _ type: CoachNotificationType, of trainee: TraineeID, in studio: StudioID
  ) throws -> Bool? {
    try visibleWrite(of: trainee, to: studio) { _, db in
      try db.run(
        "DELETE FROM notification_overrides WHERE trainee_id = ? AND studio_id = ? AND type = ?",
        [trainee.value, studio.value, .text(type.rawValue)]) == 1
    }
  }

  public func notificationConfigs(
    for trainee: TraineeID, using studio: StudioID?
  ) throws -> [NotificationConfigDto] {
    guard let studio else { return try notificationConfigs(for: trainee) }
    let layers = try read { db in
      NotificationConfigLayers(
        own: try Self.ownNotificationConfigs(of: trainee, db),
        studio: try db.rows(
          """
          SELECT \(NotificationConfigDto.columns) FROM studio_notification_configs
          WHERE studio_id = ?
          """, [studio.value], named: NotificationConfigDto.columns,
          NotificationConfigDto.init(row:)),
        overrides: try Self.overrides(of: trainee, in: studio, db))
    }
    return layers.resolved
  }

  private static func overrides(
    of trainee: TraineeID, in studio: StudioID, _ db: any DatabaseConnection
  ) throws -> [NotificationConfigDto] {
    try db.rows(
      """
      SELECT \(NotificationConfigDto.columns) FROM notification_overrides
      WHERE trainee_id = ? AND studio_id = ? ORDER BY type
      """, [trainee.value, studio.value], named: NotificationConfigDto.columns,
      NotificationConfigDto.init(row:))
  }

  private static func configValues(
    _ type: CoachNotificationType, _ config: NotificationConfigRequestDto, at: Int64
  ) -> [DatabaseValue] {
    [
      .text(type.rawValue), DatabaseValue(config.enabled ? 1 : 0),
      DatabaseValue(config.titleTemplate), DatabaseValue(config.bodyTemplate), .integer(at),
    ]
  }
}

extension NotificationConfigDto {
  /// A coach's config of `type` as the wire answers it.
  init(_ type: CoachNotificationType, _ config: NotificationConfigRequestDto) {
    self.init(
      type: type.rawValue, enabled: config.enabled, titleTemplate: config.titleTemplate,
      bodyTemplate: config.bodyTemplate)
  }
}
