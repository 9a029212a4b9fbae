import Foundation
import SQLStore

// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history", "the first read after a write": one row per log with
// what the history list and the next workout need, written in the log's own transaction (and
// removed with it by the cascade), so a history page or `GET /home` built again after a write reads
// a key range of `workout_summaries_by_date` and never decodes a payload. The index orders by when
// the workout was done (`logged_at`, the date an imported workout was given), then by id. Existing
// logs are summarised from their payloads when the step runs, with the rules of
// `WorkoutLogSummary.init(id:workoutNumber:loggedAt:payload:)`: a set is cardio when it has
// `durationSec` or `distanceKm` (even `null`), volume sums weight x reps of done strength sets with
// both positive.

extension TraineeSchema {
  /// Version 10: a summary of every log, for the history list and the next workout.
  static let version10 = Migration(
    version: 10, name: "workout summaries, for the history list and the next workout",
    sqlite: """
      CREATE TABLE workout_summaries (
        log_id INTEGER PRIMARY KEY REFERENCES workout_logs (id) ON DELETE CASCADE,
        trainee_id INTEGER NOT NULL,
        workout_number INTEGER NOT NULL,
        logged_at INTEGER NOT NULL,
        program_id TEXT,
        day_id TEXT,
        label TEXT,
        duration_sec INTEGER,
        completed INTEGER NOT NULL,
        exercise_count INTEGER NOT NULL,
        done_set_count INTEGER NOT NULL,
        volume REAL NOT NULL
      ) STRICT;
      CREATE INDEX workout_summaries_by_date
        ON workout_summaries (trainee_id, logged_at, log_id);

      INSERT INTO workout_summaries (log_id, trainee_id, workout_number, logged_at, program_id,
        day_id, label, duration_sec, completed, exercise_count, done_set_count, volume)
      SELECT l.id, l.trainee_id, l.workout_number, l.logged_at,
        json_extract(l.payload, '$.programId'), json_extract(l.payload, '$.dayId'),
        json_extract(l.payload, '$.label'), json_extract(l.payload, '$.durationSec'),
        json_extract(l.payload, '$.completed'), json_array_length(l.payload, '$.entries'),
        (SELECT COUNT(*) FROM json_each(l.payload, '$.entries') AS e,
            json_each(e.value, '$.sets') AS s
          WHERE json_extract(s.value, '$.done') = 1),
        (SELECT TOTAL(json_extract(s.value, '$.weight') * json_extract(s.value, '$.reps'))
          FROM json_each(l.payload, '$.entries') AS e, json_each(e.value, '$.sets') AS s
          WHERE json_extract(s.value, '$.done') = 1
            AND json_type(s.value, '$.durationSec') IS NULL
            AND json_type(s.value, '$.distanceKm') IS NULL
            AND json_extract(s.value, '$.weight') > 0 AND json_extract(s.value, '$.reps') > 0)
      FROM workout_logs AS l;
      """,
    postgresql: """
      CREATE TABLE workout_summaries (
        log_id BIGINT PRIMARY KEY REFERENCES workout_logs (id) ON DELETE CASCADE,
        trainee_id BIGINT NOT NULL,
        workout_number BIGINT NOT NULL,
        logged_at BIGINT NOT NULL,
        program_id TEXT,
        day_id TEXT,
        label TEXT,
        duration_sec BIGINT,
        completed BIGINT NOT NULL,
        exercise_count BIGINT NOT NULL,
        done_set_count BIGINT NOT NULL,
        volume DOUBLE PRECISION NOT NULL
      );
      CREATE INDEX workout_summaries_by_date
        ON workout_summaries (trainee_id, logged_at, log_id);

      INSERT INTO workout_summaries (log_id, trainee_id, workout_number, logged_at, program_id,
        day_id, label, duration_sec, completed, exercise_count, done_set_count, volume)
      SELECT l.id, l.trainee_id, l.workout_number, l.logged_at, l.p ->> 'programId',
        l.p ->> 'dayId', l.p ->> 'label', (l.p ->> 'durationSec')::BIGINT,
        CASE l.p -> 'completed' WHEN 'true'::jsonb THEN 1 ELSE 0 END,
        jsonb_array_length(l.p -> 'entries'),
        (SELECT COUNT(*) FROM jsonb_array_elements(l.p -> 'entries') AS e (value)
            CROSS JOIN LATERAL jsonb_array_elements(e.value -> 'sets') AS s (value)
          WHERE s.value -> 'done' = 'true'::jsonb),
        (SELECT COALESCE(SUM((s.value ->> 'weight')::DOUBLE PRECISION
            * (s.value ->> 'reps')::DOUBLE PRECISION), 0)
          FROM jsonb_array_elements(l.p -> 'entries') AS e (value)
            CROSS JOIN LATERAL jsonb_array_elements(e.value -> 'sets') AS s (value)
          WHERE s.value -> 'done' = 'true'::jsonb
            AND NOT jsonb_exists(s.value, 'durationSec') AND NOT jsonb_exists(s.value, 'distanceKm')
            AND (s.value ->> 'weight')::DOUBLE PRECISION > 0
            AND (s.value ->> 'reps')::DOUBLE PRECISION > 0)
      FROM (
        SELECT id, trainee_id, workout_number, logged_at, payload::jsonb AS p FROM workout_logs
      ) AS l;
      """)
}
