import Foundation
import SQLStore

// NB: docs/decisions/history-progress-and-moving-data.md "Paged logged sets": the trainee's done
// sets, one row each, kept on write in the log's own transaction (and removed with it by the
// cascade), so a page of them by date or by exercise is an index range of a bounded length whatever
// the history's size. `position` is the entry's index times 1000 plus the set's (a log has at most
// 100 of each). Existing logs are copied in from their payloads when the step runs.

extension TraineeSchema {
  /// Version 8: `set_history`, the done sets of every log, for the paged sets endpoint.
  static let version08 = Migration(
    version: 8, name: "done sets of every log, for paging by date and by exercise",
    sqlite: """
      CREATE TABLE set_history (
        log_id INTEGER NOT NULL REFERENCES workout_logs (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        trainee_id INTEGER NOT NULL,
        performed_at INTEGER NOT NULL,
        workout_number INTEGER NOT NULL,
        label TEXT,
        exercise_id TEXT NOT NULL,
        name TEXT NOT NULL,
        set_number INTEGER NOT NULL,
        set_type TEXT,
        weight REAL,
        reps INTEGER,
        rir TEXT,
        duration_sec INTEGER,
        distance_km REAL,
        is_record INTEGER,
        PRIMARY KEY (log_id, position)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX set_history_by_date ON set_history (trainee_id, performed_at, log_id, position);
      CREATE INDEX set_history_by_exercise
        ON set_history (trainee_id, exercise_id, performed_at, log_id, position);

      INSERT INTO set_history (log_id, position, trainee_id, performed_at, workout_number, label,
        exercise_id, name, set_number, set_type, weight, reps, rir, duration_sec, distance_km,
        is_record)
      SELECT l.id, e.key * 1000 + s.key, l.trainee_id, l.logged_at, l.workout_number,
        json_extract(l.payload, '$.label'), json_extract(e.value, '$.exerciseId'),
        json_extract(e.value, '$.name'), json_extract(s.value, '$.setNumber'),
        json_extract(s.value, '$.setType'), json_extract(s.value, '$.weight'),
        json_extract(s.value, '$.reps'), json_extract(s.value, '$.rir'),
        json_extract(s.value, '$.durationSec'), json_extract(s.value, '$.distanceKm'),
        json_extract(s.value, '$.isRecord')
      FROM workout_logs AS l, json_each(l.payload, '$.entries') AS e,
        json_each(e.value, '$.sets') AS s
      WHERE json_extract(s.value, '$.done') = 1;
      """,
    postgresql: """
      CREATE TABLE set_history (
        log_id BIGINT NOT NULL REFERENCES workout_logs (id) ON DELETE CASCADE,
        position BIGINT NOT NULL,
        trainee_id BIGINT NOT NULL,
        performed_at BIGINT NOT NULL,
        workout_number BIGINT NOT NULL,
        label TEXT,
        exercise_id TEXT NOT NULL,
        name TEXT NOT NULL,
        set_number BIGINT NOT NULL,
        set_type TEXT,
        weight DOUBLE PRECISION,
        reps BIGINT,
        rir TEXT,
        duration_sec BIGINT,
        distance_km DOUBLE PRECISION,
        is_record BIGINT,
        PRIMARY KEY (log_id, position)
      );
      CREATE INDEX set_history_by_date
        ON set_history (trainee_id, performed_at, log_id, position);
      CREATE INDEX set_history_by_exercise
        ON set_history (trainee_id, exercise_id, performed_at, log_id, position);

      INSERT INTO set_history (log_id, position, trainee_id, performed_at, workout_number, label,
        exercise_id, name, set_number, set_type, weight, reps, rir, duration_sec, distance_km,
        is_record)
      SELECT l.id, (e.ord - 1) * 1000 + (s.ord - 1), l.trainee_id, l.logged_at,
        l.workout_number, l.payload::jsonb ->> 'label', e.value ->> 'exerciseId',
        e.value ->> 'name', (s.value ->> 'setNumber')::BIGINT, s.value ->> 'setType',
        (s.value ->> 'weight')::DOUBLE PRECISION, (s.value ->> 'reps')::BIGINT,
        s.value ->> 'rir', (s.value ->> 'durationSec')::BIGINT,
        (s.value ->> 'distanceKm')::DOUBLE PRECISION,
        CASE s.value -> 'isRecord' WHEN 'true'::jsonb THEN 1 WHEN 'false'::jsonb THEN 0 END
      FROM workout_logs AS l
        CROSS JOIN LATERAL jsonb_array_elements(l.payload::jsonb -> 'entries')
          WITH ORDINALITY AS e (value, ord)
        CROSS JOIN LATERAL jsonb_array_elements(e.value -> 'sets') WITH ORDINALITY AS s (value, ord)
      WHERE s.value -> 'done' = 'true'::jsonb;
      """)
}
