import Foundation
import SQLStore

// NB: docs/security.md, "One trainee cannot fill the disk": a trainee's records and bytes of each
// kind are kept as running counts, one row per trainee and kind (`trainee_usage`), changed in the
// same transaction as the write they count, so a quota check reads one row whatever the trainee
// stored before. The fill counts what the database already holds, as the store counts it from
// now on: a workout log with the texts its done sets repeat in `set_history`, and a deleted log
// whose Idempotency-Key keeps its payload, with the key's bytes. `writes_paced_to` is where the
// trainee's write schedule ends (WritePacing.swift), `NULL` until the first paced write.

extension TraineeSchema {
  /// Version 15: per-trainee counts of records and bytes per kind, and the write schedule.
  static let version15 = Migration(
    version: 15, name: "per-trainee usage counts and write pacing, for quotas",
    sqlite: """
      CREATE TABLE trainee_usage (
        trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        records INTEGER NOT NULL,
        bytes INTEGER NOT NULL,
        PRIMARY KEY (trainee_id, kind)
      ) STRICT, WITHOUT ROWID;
      ALTER TABLE trainees ADD COLUMN writes_paced_to INTEGER;

      INSERT INTO trainee_usage (trainee_id, kind, records, bytes)
      SELECT trainee_id, 'workout_logs', SUM(records), SUM(bytes) FROM (
        SELECT trainee_id, 1 AS records, length(CAST(payload AS BLOB)) AS bytes
        FROM workout_logs
        UNION ALL
        SELECT k.trainee_id,
          CASE WHEN EXISTS (
            SELECT 1 FROM workout_logs AS l WHERE l.id = k.log_id AND l.trainee_id = k.trainee_id)
          THEN 0 ELSE 1 END,
          length(CAST(k.key AS BLOB)) + COALESCE(length(CAST(k.deleted_payload AS BLOB)), 0)
        FROM idempotency_keys AS k
        UNION ALL
        SELECT trainee_id, 0,
          length(CAST(name AS BLOB)) + length(CAST(exercise_id AS BLOB))
          + COALESCE(length(CAST(label AS BLOB)), 0)
        FROM set_history
      ) GROUP BY trainee_id;

      INSERT INTO trainee_usage (trainee_id, kind, records, bytes)
      SELECT trainee_id, 'meal_logs', COUNT(*), SUM(
        length(CAST(items AS BLOB)) + COALESCE(length(CAST(description AS BLOB)), 0)
        + COALESCE(length(CAST(photo_path AS BLOB)), 0)
        + COALESCE(length(CAST(idempotency_key AS BLOB)), 0))
      FROM meal_logs GROUP BY trainee_id;

      INSERT INTO trainee_usage (trainee_id, kind, records, bytes)
      SELECT trainee_id, 'nutrition_days', COUNT(*), SUM(length(CAST(data AS BLOB)))
      FROM nutrition_days GROUP BY trainee_id;

      INSERT INTO trainee_usage (trainee_id, kind, records, bytes)
      SELECT trainee_id, 'substitutions', COUNT(*), SUM(
        length(CAST(program_id AS BLOB)) + length(CAST(day_id AS BLOB))
        + length(CAST(row_id AS BLOB)) + length(CAST(from_exercise_id AS BLOB))
        + length(CAST(to_exercise_id AS BLOB)))
      FROM substitutions GROUP BY trainee_id;

      INSERT INTO trainee_usage (trainee_id, kind, records, bytes)
      SELECT trainee_id, 'technique_videos', COUNT(*), SUM(
        length(CAST(url AS BLOB)) + COALESCE(length(CAST(exercise_id AS BLOB)), 0))
      FROM technique_videos GROUP BY trainee_id;
      """,
    postgresql: """
      CREATE TABLE trainee_usage (
        trainee_id BIGINT NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        records BIGINT NOT NULL,
        bytes BIGINT NOT NULL,
        PRIMARY KEY (trainee_id, kind)
      );
      ALTER TABLE trainees ADD COLUMN writes_paced_to BIGINT;

      INSERT INTO trainee_usage (trainee_id, kind, records, bytes)
      SELECT trainee_id, 'workout_logs', SUM(records), SUM(bytes) FROM (
        SELECT trainee_id, 1 AS records, octet_length(payload) AS bytes
        FROM workout_logs
        UNION ALL
        SELECT k.trainee_id,
          CASE WHEN EXISTS (
            SELECT 1 FROM workout_logs AS l WHERE l.id = k.log_id AND l.trainee_id = k.trainee_id)
          THEN 0 ELSE 1 END,
          octet_length(k.key) + COALESCE(octet_length(k.deleted_payload), 0)
        FROM idempotency_keys AS k
        UNION ALL
        SELECT trainee_id, 0,
          octet_length(name) + octet_length(exercise_id) + COALESCE(octet_length(label), 0)
        FROM set_history
      ) AS counted GROUP BY trainee_id;

      INSERT INTO trainee_usage (trainee_id, kind, records, bytes)
      SELECT trainee_id, 'meal_logs', COUNT(*), SUM(
        octet_length(items) + COALESCE(octet_length(description), 0)
        + COALESCE(octet_length(photo_path), 0) + COALESCE(octet_length(idempotency_key), 0))
      FROM meal_logs GROUP BY trainee_id;

      INSERT INTO trainee_usage (trainee_id, kind, records, bytes)
      SELECT trainee_id, 'nutrition_days', COUNT(*), SUM(octet_length(data))
      FROM nutrition_days GROUP BY trainee_id;

      INSERT INTO trainee_usage (trainee_id, kind, records, bytes)
      SELECT trainee_id, 'substitutions', COUNT(*), SUM(
        octet_length(program_id) + octet_length(day_id) + octet_length(row_id)
        + octet_length(from_exercise_id) + octet_length(to_exercise_id))
      FROM substitutions GROUP BY trainee_id;

      INSERT INTO trainee_usage (trainee_id, kind, records, bytes)
      SELECT trainee_id, 'technique_videos', COUNT(*), SUM(
        octet_length(url) + COALESCE(octet_length(exercise_id), 0))
      FROM technique_videos GROUP BY trainee_id;
      """)
}
