import Foundation
import SQLStore

// NB: docs/decisions/history-progress-and-moving-data.md "Paged logged sets": the trainee's done
// sets, one row each, kept on write in the log's own transaction (and removed with it by the
// cascade), so a page of them by date or by exercise is an index range of a bounded length whatever
// the history's size. `position` is the entry's index times 1000 plus the set's (a log has at most
// 100 of each). Existing logs are copied in from their payloads when the step runs.

/// Version 8: `set_history`, the done sets of every log, for the paged sets endpoint.
let traineeSchemaVersion8 = Migration(
  version: 8, name: "done sets of every log, for paging by date and by exercise",
  sql: """
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
    """)

// NB: docs/decisions/history-progress-and-moving-data.md "Paged logged sets", "by date through the
// workouts": a page by date now walks the workouts by `workout_summaries_by_date` and their sets by
// the key, so the index of every set by date goes; it was one more B-tree, and one more page of the
// WAL, for each set of every log posted. `workout_logs_by_trainee` (trainee, id) goes too:
// `workout_logs_numbers` (trainee, number) finds a trainee's logs as well, and no read pages the
// logs themselves (the history pages `workout_summaries`).

/// Version 12: two indexes no read needs and every log post wrote.
let traineeSchemaVersion12 = Migration(
  version: 12, name: "sets paged by date through their workouts; two indexes fewer per log post",
  sql: """
    DROP INDEX set_history_by_date;
    DROP INDEX workout_logs_by_trainee;
    """)

// NB: docs/decisions/history-progress-and-moving-data.md "Paged logged sets", "sets by exercise,
// sixteen logs at a time": the index of every set by (trainee, exercise, date) put each log post
// into one B-tree page per exercise of the log (five pages for a workout of five exercises, none
// shared with another trainee's post), about half of the pages a log post wrote to the WAL. The
// same order is now kept in `sets_by_exercise`, a table of keys filled sixteen logs of a trainee at
// a time: a trainee's logs numbered above `workout_numbers.merged_number` are not in it yet, and a
// read by exercise takes their sets (at most fifteen logs') from `set_history` by key beside the
// table's range. A merge writes each exercise's page once for sixteen logs. The step copies every
// stored set in and marks every stored log merged; it also gives a trainee with logs and no
// `workout_numbers` row (logs written before version 5 by hand) their row, at their highest number,
// so that no later post takes a number already given.

/// Version 13's statements in a dialect: `integer` the type of a whole number, `options` what
/// follows a table's definition, `greatest` the function of the larger of two values.
private func setsByExerciseStep(integer: String, options: String, greatest: String) -> String {
  """
  CREATE TABLE sets_by_exercise (
    trainee_id \(integer) NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
    exercise_id TEXT NOT NULL,
    performed_at \(integer) NOT NULL,
    log_id \(integer) NOT NULL,
    position \(integer) NOT NULL,
    PRIMARY KEY (trainee_id, exercise_id, performed_at, log_id, position)
  )\(options);
  INSERT INTO sets_by_exercise (trainee_id, exercise_id, performed_at, log_id, position)
  SELECT trainee_id, exercise_id, performed_at, log_id, position FROM set_history;
  DROP INDEX set_history_by_exercise;
  INSERT INTO workout_numbers (trainee_id, last_number)
  SELECT trainee_id, MAX(workout_number) FROM workout_logs WHERE true GROUP BY trainee_id
  ON CONFLICT (trainee_id) DO UPDATE
    SET last_number = \(greatest)(workout_numbers.last_number, excluded.last_number);
  ALTER TABLE workout_numbers ADD COLUMN merged_number \(integer) NOT NULL DEFAULT 0;
  UPDATE workout_numbers SET merged_number = last_number;
  """
}

/// Version 13: sets by exercise as a table filled sixteen logs at a time, not an index.
let traineeSchemaVersion13 = Migration(
  version: 13, name: "sets by exercise kept sixteen logs at a time instead of on every post",
  sql: setsByExerciseStep(integer: "INTEGER", options: " STRICT, WITHOUT ROWID", greatest: "MAX"))

/// Version 13 in PostgreSQL's dialect.
let traineeSchemaVersion13PostgreSQL = Migration(
  version: 13, name: traineeSchemaVersion13.name,
  sql: setsByExerciseStep(integer: "BIGINT", options: "", greatest: "GREATEST"))
