import Foundation
import SQLStore

// NB: docs/specs/workout-session.md, "Finishing": the app shows the answer's `workoutNumber`
// ("Workout #12 done"). Numbers counted logs, so a deletion lowered the next one and two logs could
// share a number. A number is now given once per trainee and never again: the next log gets one
// more than the highest ever given, and a deletion leaves a gap (the numbers after it stay, as
// the trainee already saw them). Logs that already share a number keep the earliest (by id) on
// it; the later ones get the next free numbers in id order, and their idempotency keys follow,
// so a late retry answers the number the history shows. A unique index holds the rule from now.

extension TraineeSchema {
  /// Version 5: per-trainee workout numbers that a deletion never gives again, unique per trainee.
  static let version05 = Migration(
    version: 5, name: "workout numbers never reused",
    sqlite: """
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
      """,
    postgresql: """
      CREATE TABLE workout_numbers (
        trainee_id BIGINT PRIMARY KEY REFERENCES trainees (id) ON DELETE CASCADE,
        last_number BIGINT NOT NULL CHECK (last_number >= 0)
      );

      INSERT INTO workout_numbers (trainee_id, last_number)
      SELECT trainee_id, MAX(number) FROM (
        SELECT trainee_id, logs AS number FROM workout_log_counts
        UNION ALL SELECT trainee_id, workout_number FROM workout_logs
      ) AS numbers GROUP BY trainee_id;

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
}
