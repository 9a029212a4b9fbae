import Foundation
import SQLStore

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage":
// every row a trainee owns carries `trainee_id`, and every query of the store filters on it. Ids
// are AUTOINCREMENT so a deleted log's id is never given to another row. Times are milliseconds
// since 1970 (UTC). Documents stored "as given" are JSON text, checked by `json_valid`. Logged
// strength sets are also kept one per row in `logged_sets`, so `lastSets` and `best` are a query,
// not a scan of every log.

/// Version 1 of the trainee database.
let traineeSchemaVersion1 = Migration(
  version: 1, name: "trainees, programs, workout logs, videos, notifications, nutrition",
  sql: """
    CREATE TABLE trainees (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT NOT NULL,
      token_sha256 TEXT NOT NULL UNIQUE,
      created_at INTEGER NOT NULL
    ) STRICT;

    CREATE TABLE programs (
      trainee_id INTEGER PRIMARY KEY REFERENCES trainees (id) ON DELETE CASCADE,
      document TEXT NOT NULL CHECK (json_valid(document)),
      imported_at INTEGER NOT NULL
    ) STRICT;

    CREATE TABLE substitutions (
      trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
      program_id TEXT NOT NULL,
      day_id TEXT NOT NULL,
      row_id TEXT NOT NULL,
      from_exercise_id TEXT NOT NULL,
      to_exercise_id TEXT NOT NULL,
      saved_at INTEGER NOT NULL,
      PRIMARY KEY (trainee_id, program_id, day_id, row_id)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE workout_logs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
      workout_number INTEGER NOT NULL,
      logged_at INTEGER NOT NULL,
      payload TEXT NOT NULL CHECK (json_valid(payload))
    ) STRICT;
    CREATE INDEX workout_logs_by_trainee ON workout_logs (trainee_id, id);

    CREATE TABLE logged_sets (
      log_id INTEGER NOT NULL REFERENCES workout_logs (id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      trainee_id INTEGER NOT NULL,
      exercise_id TEXT NOT NULL,
      set_number INTEGER NOT NULL,
      weight REAL,
      reps INTEGER,
      done INTEGER NOT NULL,
      PRIMARY KEY (log_id, position)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX logged_sets_by_exercise ON logged_sets (trainee_id, exercise_id, log_id);

    CREATE TABLE idempotency_keys (
      trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
      key TEXT NOT NULL,
      log_id INTEGER NOT NULL,
      workout_number INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (trainee_id, key)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE technique_videos (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
      url TEXT NOT NULL,
      exercise_id TEXT,
      submitted_at INTEGER NOT NULL,
      feedback TEXT,
      feedback_seen_at INTEGER
    ) STRICT;
    CREATE INDEX technique_videos_by_trainee ON technique_videos (trainee_id, id);

    CREATE TABLE notification_configs (
      trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
      type TEXT NOT NULL,
      enabled INTEGER,
      title_template TEXT,
      body_template TEXT,
      PRIMARY KEY (trainee_id, type)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE nutrition_plans (
      trainee_id INTEGER PRIMARY KEY REFERENCES trainees (id) ON DELETE CASCADE,
      document TEXT NOT NULL CHECK (json_valid(document)),
      imported_at INTEGER NOT NULL
    ) STRICT;

    CREATE TABLE nutrition_days (
      trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
      date TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
      data TEXT NOT NULL CHECK (json_valid(data)),
      saved_at INTEGER NOT NULL,
      PRIMARY KEY (trainee_id, date)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE meal_logs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
      date TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
      consumed_at INTEGER NOT NULL,
      items TEXT NOT NULL CHECK (json_valid(items)),
      logged_at INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX meal_logs_by_day ON meal_logs (trainee_id, date, id);
    """)

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage":
// `GET /workouts` must not cost more as a trainee's history grows, nor a log post.
// `exercise_history` keeps, per trainee and exercise, the latest log with a done set of it (its
// sets are then a key range of `logged_sets`) and the best set, kept up to date in the transaction
// that stores or deletes a log. `workout_log_counts` is the trainee's number of logs, for
// `workoutNumber`. Both are filled here from the history already stored.

/// Version 2: per-exercise history and per-trainee log counts, filled from the stored logs.
let traineeSchemaVersion2 = Migration(
  version: 2, name: "exercise history summaries and workout log counts",
  sql: """
    CREATE TABLE exercise_history (
      trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
      exercise_id TEXT NOT NULL,
      last_log_id INTEGER NOT NULL,
      best_log_id INTEGER,
      best_position INTEGER,
      best_weight REAL,
      best_reps INTEGER,
      PRIMARY KEY (trainee_id, exercise_id)
    ) STRICT, WITHOUT ROWID;

    INSERT INTO exercise_history (trainee_id, exercise_id, last_log_id)
    SELECT trainee_id, exercise_id, MAX(log_id) FROM logged_sets WHERE done = 1
    GROUP BY trainee_id, exercise_id;

    UPDATE exercise_history SET (best_log_id, best_position, best_weight, best_reps) = (
      SELECT s.log_id, s.position, s.weight, s.reps FROM logged_sets AS s
      WHERE s.trainee_id = exercise_history.trainee_id
        AND s.exercise_id = exercise_history.exercise_id
        AND s.done = 1 AND s.weight > 0 AND s.reps > 0
      ORDER BY s.weight * (30 + s.reps) DESC, s.log_id, s.position LIMIT 1
    );

    CREATE TABLE workout_log_counts (
      trainee_id INTEGER PRIMARY KEY REFERENCES trainees (id) ON DELETE CASCADE,
      logs INTEGER NOT NULL CHECK (logs >= 0)
    ) STRICT;

    INSERT INTO workout_log_counts (trainee_id, logs)
    SELECT trainee_id, COUNT(*) FROM workout_logs GROUP BY trainee_id;
    """)

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage":
// a retried post must return the first answer, but the same key with another workout must not (that
// workout would be lost); the key keeps its payload's digest.

/// Version 3: the SHA-256 of the payload each `Idempotency-Key` came with (`NULL` for keys stored
/// before, which keep accepting any payload).
let traineeSchemaVersion3 = Migration(
  version: 3, name: "payload digests of idempotency keys",
  sql: """
    ALTER TABLE idempotency_keys ADD COLUMN payload_sha256 TEXT;
    """)

// NB: the digest of version 3 hashed this build's encoding of the payload, so a retry after an
// upgrade that changed the encoding (a new field, another spelling of a number) would have been
// refused as another workout. A retry is now compared with the stored log as values, and the
// digest is dropped. Steps are never rewritten (a database may be at version 3 already), so
// version 3 stays and version 4 drops the column.

/// Version 4: the payload digests of version 3 are dropped (retries are compared with the stored
/// log instead).
let traineeSchemaVersion4 = Migration(
  version: 4, name: "drop the payload digests of idempotency keys",
  sql: """
    ALTER TABLE idempotency_keys DROP COLUMN payload_sha256;
    """)

// NB: docs/specs/workout-session.md, "Finishing": the app shows the answer's `workoutNumber`
// ("Workout #12 done"). Numbers counted logs, so a deletion lowered the next one and two logs could
// share a number. A number is now given once per trainee and never again: the next log gets one
// more than the highest ever given, and a deletion leaves a gap (the numbers after it stay, as
// the trainee already saw them). Logs that already share a number keep the earliest (by id) on
// it; the later ones get the next free numbers in id order, and their idempotency keys follow,
// so a late retry answers the number the history shows. A unique index holds the rule from now.

/// Version 5: per-trainee workout numbers that a deletion never gives again, unique per trainee.
let traineeSchemaVersion5 = Migration(
  version: 5, name: "workout numbers never reused",
  sql: """
    CREATE TABLE workout_numbers (
      trainee_id INTEGER PRIMARY KEY REFERENCES trainees (id) ON DELETE CASCADE,
      last_number INTEGER NOT NULL CHECK (last_number >= 0)
    ) STRICT;

    INSERT INTO workout_numbers (trainee_id, last_number)
    SELECT trainee_id, MAX(number) FROM (
      SELECT trainee_id, logs AS number FROM workout_log_counts
      UNION ALL SELECT trainee_id, workout_number FROM workout_logs
    ) GROUP BY trainee_id;

    UPDATE workout_logs SET workout_number = renumbered.number FROM (
      SELECT later.id,
        numbers.last_number
          + ROW_NUMBER() OVER (PARTITION BY later.trainee_id ORDER BY later.id) AS number
      FROM workout_logs AS later
      JOIN workout_numbers AS numbers ON numbers.trainee_id = later.trainee_id
      WHERE EXISTS (
        SELECT 1 FROM workout_logs AS earlier
        WHERE earlier.trainee_id = later.trainee_id
          AND earlier.workout_number = later.workout_number AND earlier.id < later.id)
    ) AS renumbered
    WHERE workout_logs.id = renumbered.id;

    UPDATE workout_numbers SET last_number = (
      SELECT MAX(workout_number) FROM workout_logs
      WHERE workout_logs.trainee_id = workout_numbers.trainee_id);

    UPDATE idempotency_keys SET workout_number = logs.workout_number
    FROM workout_logs AS logs
    WHERE logs.id = idempotency_keys.log_id AND logs.trainee_id = idempotency_keys.trainee_id
      AND logs.workout_number <> idempotency_keys.workout_number;

    DROP TABLE workout_log_counts;
    CREATE UNIQUE INDEX workout_logs_numbers ON workout_logs (trainee_id, workout_number);
    """)

// NB: a deleted log's `Idempotency-Key` answered its first answer to any payload, so another
// workout posted under it got 201 and was never stored: an acknowledged workout lost. The key now
// keeps the payload of its log when the log is deleted (copied in the deleting transaction; only
// deleted logs' keys hold one, so nothing is stored twice), and a retry is compared with it.

/// Version 6: the payload of a deleted log, kept with its idempotency keys.
let traineeSchemaVersion6 = Migration(
  version: 6, name: "payloads of deleted logs kept with their idempotency keys",
  sql: """
    ALTER TABLE idempotency_keys ADD COLUMN deleted_payload TEXT
      CHECK (deleted_payload IS NULL OR json_valid(deleted_payload));
    """)
