import Foundation
import SQLStore

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage":
// `GET /workouts` must not cost more as a trainee's history grows, nor a log post.
// `exercise_history` keeps, per trainee and exercise, the latest log with a done set of it (its
// sets are then a key range of `logged_sets`) and the best set, kept up to date in the transaction
// that stores or deletes a log. `workout_log_counts` is the trainee's number of logs, for
// `workoutNumber`. Both are filled here from the history already stored.

extension TraineeSchema {
  /// Version 2: per-exercise history and per-trainee log counts, filled from the stored logs.
  static let version02 = Migration(
    version: 2, name: "exercise history summaries and workout log counts",
    sqlite: """
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
      """,
    postgresql: """
      CREATE TABLE exercise_history (
        trainee_id BIGINT NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
        exercise_id TEXT NOT NULL,
        last_log_id BIGINT NOT NULL,
        best_log_id BIGINT,
        best_position BIGINT,
        best_weight DOUBLE PRECISION,
        best_reps BIGINT,
        PRIMARY KEY (trainee_id, exercise_id)
      );

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
        trainee_id BIGINT PRIMARY KEY REFERENCES trainees (id) ON DELETE CASCADE,
        logs BIGINT NOT NULL CHECK (logs >= 0)
      );

      INSERT INTO workout_log_counts (trainee_id, logs)
      SELECT trainee_id, COUNT(*) FROM workout_logs GROUP BY trainee_id;
      """)
}
