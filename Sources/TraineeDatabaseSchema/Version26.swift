import SQLStore

// NB: docs/decisions/the-coachs-words.md, "Schema version 26": the coach's notification texts.
// `studio_notification_configs` holds a studio's config per type; `notification_overrides`
// holds a studio's override per trainee and type, keyed by the trainee first so a trainee's
// read and the account's deletion are one range. Neither changes `notification_configs`, the
// trainee's own configs, which stay what a trainee without a studio's texts gets.

extension TraineeSchema {
  /// Version 26: notification texts per studio, and a studio's override per trainee.
  static let version26 = Migration(
    version: 26, name: "notification texts per studio and per trainee",
    sqlite: """
      CREATE TABLE studio_notification_configs (
        studio_id INTEGER NOT NULL,
        type TEXT NOT NULL,
        enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
        title_template TEXT,
        body_template TEXT,
        written_at INTEGER NOT NULL,
        PRIMARY KEY (studio_id, type)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE notification_overrides (
        trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
        studio_id INTEGER NOT NULL,
        type TEXT NOT NULL,
        enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
        title_template TEXT,
        body_template TEXT,
        written_at INTEGER NOT NULL,
        PRIMARY KEY (trainee_id, studio_id, type)
      ) STRICT, WITHOUT ROWID;
      """,
    postgresql: """
      CREATE TABLE studio_notification_configs (
        studio_id BIGINT NOT NULL,
        type TEXT NOT NULL,
        enabled BIGINT NOT NULL CHECK (enabled IN (0, 1)),
        title_template TEXT,
        body_template TEXT,
        written_at BIGINT NOT NULL,
        PRIMARY KEY (studio_id, type)
      );

      CREATE TABLE notification_overrides (
        trainee_id BIGINT NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
        studio_id BIGINT NOT NULL,
        type TEXT NOT NULL,
        enabled BIGINT NOT NULL CHECK (enabled IN (0, 1)),
        title_template TEXT,
        body_template TEXT,
        written_at BIGINT NOT NULL,
        PRIMARY KEY (trainee_id, studio_id, type)
      );
      """)
}
