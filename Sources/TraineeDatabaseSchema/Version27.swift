import Foundation
import SQLStore

// NB: docs/decisions/the-coachs-events.md, "Schema version 27", "Order and cursor": each studio
// keeps its own event number, `studios.event_head`, raised by `UPDATE ... RETURNING` in the
// transaction of the write an event tells of, so a studio's numbers are taken in the order the
// writes commit (PostgreSQL holds the row's lock to the commit; SQLite writes one transaction at
// a time). `studio_events` holds one row per studio and event, keyed by the studio and its
// number, which is the feed's order and its index; `studio_events_by_trainee` serves a feed of
// one trainee and the account's deletion. The kinds are not checked here: a new kind is a
// value, not a schema step.

extension TraineeSchema {
  /// Version 27: the studio's events feed.
  static let version27 = Migration(
    version: 27, name: "the studio's events feed",
    sqlite: """
      ALTER TABLE studios ADD COLUMN event_head INTEGER NOT NULL DEFAULT 0
        CHECK (event_head >= 0);
      CREATE TABLE studio_events (
        studio_id INTEGER NOT NULL REFERENCES studios (id) ON DELETE CASCADE,
        number INTEGER NOT NULL CHECK (number > 0),
        kind TEXT NOT NULL CHECK (kind <> ''),
        at INTEGER NOT NULL,
        trainee_id INTEGER NOT NULL,
        record_studio_id INTEGER NOT NULL,
        subject_id INTEGER,
        PRIMARY KEY (studio_id, number)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX studio_events_by_trainee ON studio_events (studio_id, trainee_id, number);
      """,
    postgresql: """
      ALTER TABLE studios ADD COLUMN event_head BIGINT NOT NULL DEFAULT 0
        CHECK (event_head >= 0);
      CREATE TABLE studio_events (
        studio_id BIGINT NOT NULL REFERENCES studios (id) ON DELETE CASCADE,
        number BIGINT NOT NULL CHECK (number > 0),
        kind TEXT NOT NULL CHECK (kind <> ''),
        at BIGINT NOT NULL,
        trainee_id BIGINT NOT NULL,
        record_studio_id BIGINT NOT NULL,
        subject_id BIGINT,
        PRIMARY KEY (studio_id, number)
      );
      CREATE INDEX studio_events_by_trainee ON studio_events (studio_id, trainee_id, number);
      """)
}
