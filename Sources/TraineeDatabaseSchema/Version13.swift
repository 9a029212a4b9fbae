import Foundation
import SQLStore

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

extension TraineeSchema {
  /// Version 13: sets by exercise as a table filled sixteen logs at a time, not an index.
  static let version13 = Migration(
    version: 13, name: "sets by exercise kept sixteen logs at a time instead of on every post",
    sqlite: """
      CREATE TABLE sets_by_exercise (
        trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
        exercise_id TEXT NOT NULL,
        performed_at INTEGER NOT NULL,
        log_id INTEGER NOT NULL,
        position INTEGER NOT NULL,
        PRIMARY KEY (trainee_id, exercise_id, performed_at, log_id, position)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO sets_by_exercise (trainee_id, exercise_id, performed_at, log_id, position)
      SELECT trainee_id, exercise_id, performed_at, log_id, position FROM set_history;
      DROP INDEX set_history_by_exercise;
      INSERT INTO workout_numbers (trainee_id, last_number)
      SELECT trainee_id, MAX(workout_number) FROM workout_logs WHERE true GROUP BY trainee_id
      ON CONFLICT (trainee_id) DO UPDATE
        SET last_number = MAX(workout_numbers.last_number, excluded.last_number);
      ALTER TABLE workout_numbers ADD COLUMN merged_number INTEGER NOT NULL DEFAULT 0;
      UPDATE workout_numbers SET merged_number = last_number;
      """,
    postgresql: """
      CREATE TABLE sets_by_exercise (
        trainee_id BIGINT NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
        exercise_id TEXT NOT NULL,
        performed_at BIGINT NOT NULL,
        log_id BIGINT NOT NULL,
        position BIGINT NOT NULL,
        PRIMARY KEY (trainee_id, exercise_id, performed_at, log_id, position)
      );
      INSERT INTO sets_by_exercise (trainee_id, exercise_id, performed_at, log_id, position)
      SELECT trainee_id, exercise_id, performed_at, log_id, position FROM set_history;
      DROP INDEX set_history_by_exercise;
      INSERT INTO workout_numbers (trainee_id, last_number)
      SELECT trainee_id, MAX(workout_number) FROM workout_logs WHERE true GROUP BY trainee_id
      ON CONFLICT (trainee_id) DO UPDATE
        SET last_number = GREATEST(workout_numbers.last_number, excluded.last_number);
      ALTER TABLE workout_numbers ADD COLUMN merged_number BIGINT NOT NULL DEFAULT 0;
      UPDATE workout_numbers SET merged_number = last_number;
      """)
}
