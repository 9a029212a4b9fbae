import Foundation
import SQLStore

// NB: docs/decisions/what-the-coach-sees.md, "Records and progress": each exercise's records are
// kept per trainee, studio tag and exercise (the tag of the log the set is in), so a coach's read
// combines the rows of the tags the studio may see and costs the exercises', not the history's.
// The fill ranks the sets already stored as the store's `exercise_history` does (weight x (30 +
// reps) for Epley's estimate, the earliest on a tie); from then on the store keeps the rows with
// `ExerciseRecords` on each write and rebuilds a row from history when a log holding one of its
// sets is deleted.

extension TraineeSchema {
  /// Version 24: each exercise's records per trainee and studio tag.
  static let version24 = Migration(
    version: 24, name: "each exercise's records per trainee and studio tag",
    sqlite: """
      CREATE TABLE exercise_records (
        trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
        studio_id INTEGER NOT NULL,
        exercise_id TEXT NOT NULL,
        name TEXT NOT NULL,
        workouts INTEGER NOT NULL,
        sets INTEGER NOT NULL,
        last_performed_at INTEGER NOT NULL,
        last_log_id INTEGER NOT NULL,
        best_log_id INTEGER,
        best_performed_at INTEGER,
        best_weight REAL,
        best_reps INTEGER,
        heaviest_log_id INTEGER,
        heaviest_performed_at INTEGER,
        heaviest_weight REAL,
        heaviest_reps INTEGER,
        most_reps_log_id INTEGER,
        most_reps_performed_at INTEGER,
        most_reps_weight REAL,
        most_reps_reps INTEGER,
        PRIMARY KEY (trainee_id, studio_id, exercise_id)
      ) STRICT, WITHOUT ROWID;

      INSERT INTO exercise_records (trainee_id, studio_id, exercise_id, name, workouts, sets,
        last_performed_at, last_log_id, best_log_id, best_performed_at, best_weight, best_reps,
        heaviest_log_id, heaviest_performed_at, heaviest_weight, heaviest_reps,
        most_reps_log_id, most_reps_performed_at, most_reps_weight, most_reps_reps)
      SELECT r.trainee_id, r.studio_id, r.exercise_id,
        MAX(CASE WHEN r.last_rank = 1 THEN r.name END), COUNT(DISTINCT r.log_id), COUNT(*),
        MAX(CASE WHEN r.last_rank = 1 THEN r.performed_at END),
        MAX(CASE WHEN r.last_rank = 1 THEN r.log_id END),
        MAX(CASE WHEN r.counts = 1 AND r.best_rank = 1 THEN r.log_id END),
        MAX(CASE WHEN r.counts = 1 AND r.best_rank = 1 THEN r.performed_at END),
        MAX(CASE WHEN r.counts = 1 AND r.best_rank = 1 THEN r.weight END),
        MAX(CASE WHEN r.counts = 1 AND r.best_rank = 1 THEN r.reps END),
        MAX(CASE WHEN r.counts = 1 AND r.heaviest_rank = 1 THEN r.log_id END),
        MAX(CASE WHEN r.counts = 1 AND r.heaviest_rank = 1 THEN r.performed_at END),
        MAX(CASE WHEN r.counts = 1 AND r.heaviest_rank = 1 THEN r.weight END),
        MAX(CASE WHEN r.counts = 1 AND r.heaviest_rank = 1 THEN r.reps END),
        MAX(CASE WHEN r.has_reps = 1 AND r.most_reps_rank = 1 THEN r.log_id END),
        MAX(CASE WHEN r.has_reps = 1 AND r.most_reps_rank = 1 THEN r.performed_at END),
        MAX(CASE WHEN r.has_reps = 1 AND r.most_reps_rank = 1 THEN r.weight END),
        MAX(CASE WHEN r.has_reps = 1 AND r.most_reps_rank = 1 THEN r.reps END)
      FROM (
        SELECT f.*,
          ROW_NUMBER() OVER (PARTITION BY f.trainee_id, f.studio_id, f.exercise_id
            ORDER BY f.performed_at DESC, f.log_id DESC, f.position DESC) AS last_rank,
          ROW_NUMBER() OVER (PARTITION BY f.trainee_id, f.studio_id, f.exercise_id, f.counts
            ORDER BY f.weight * (30 + f.reps) DESC, f.performed_at, f.log_id, f.position)
            AS best_rank,
          ROW_NUMBER() OVER (PARTITION BY f.trainee_id, f.studio_id, f.exercise_id, f.counts
            ORDER BY f.weight DESC, f.performed_at, f.log_id, f.position) AS heaviest_rank,
          ROW_NUMBER() OVER (PARTITION BY f.trainee_id, f.studio_id, f.exercise_id, f.has_reps
            ORDER BY f.reps DESC, f.performed_at, f.log_id, f.position) AS most_reps_rank
        FROM (
          SELECT s.trainee_id, w.studio_id, s.exercise_id, s.log_id, s.position,
            s.performed_at, s.name, s.weight, s.reps,
            CASE WHEN s.is_strength = 1 AND s.weight > 0 AND s.reps > 0
              AND (s.set_type IS NULL OR s.set_type <> 'warmup') THEN 1 ELSE 0 END AS counts,
            CASE WHEN s.is_strength = 1 AND s.reps > 0
              AND (s.set_type IS NULL OR s.set_type <> 'warmup') THEN 1 ELSE 0 END AS has_reps
          FROM set_history AS s
          JOIN workout_logs AS w ON w.id = s.log_id AND w.trainee_id = s.trainee_id
        ) AS f
      ) AS r
      GROUP BY r.trainee_id, r.studio_id, r.exercise_id;
      """,
    postgresql: """
      CREATE TABLE exercise_records (
        trainee_id BIGINT NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
        studio_id BIGINT NOT NULL,
        exercise_id TEXT NOT NULL,
        name TEXT NOT NULL,
        workouts BIGINT NOT NULL,
        sets BIGINT NOT NULL,
        last_performed_at BIGINT NOT NULL,
        last_log_id BIGINT NOT NULL,
        best_log_id BIGINT,
        best_performed_at BIGINT,
        best_weight DOUBLE PRECISION,
        best_reps BIGINT,
        heaviest_log_id BIGINT,
        heaviest_performed_at BIGINT,
        heaviest_weight DOUBLE PRECISION,
        heaviest_reps BIGINT,
        most_reps_log_id BIGINT,
        most_reps_performed_at BIGINT,
        most_reps_weight DOUBLE PRECISION,
        most_reps_reps BIGINT,
        PRIMARY KEY (trainee_id, studio_id, exercise_id)
      );

      INSERT INTO exercise_records (trainee_id, studio_id, exercise_id, name, workouts, sets,
        last_performed_at, last_log_id, best_log_id, best_performed_at, best_weight, best_reps,
        heaviest_log_id, heaviest_performed_at, heaviest_weight, heaviest_reps,
        most_reps_log_id, most_reps_performed_at, most_reps_weight, most_reps_reps)
      SELECT r.trainee_id, r.studio_id, r.exercise_id,
        MAX(CASE WHEN r.last_rank = 1 THEN r.name END), COUNT(DISTINCT r.log_id), COUNT(*),
        MAX(CASE WHEN r.last_rank = 1 THEN r.performed_at END),
        MAX(CASE WHEN r.last_rank = 1 THEN r.log_id END),
        MAX(CASE WHEN r.counts = 1 AND r.best_rank = 1 THEN r.log_id END),
        MAX(CASE WHEN r.counts = 1 AND r.best_rank = 1 THEN r.performed_at END),
        MAX(CASE WHEN r.counts = 1 AND r.best_rank = 1 THEN r.weight END),
        MAX(CASE WHEN r.counts = 1 AND r.best_rank = 1 THEN r.reps END),
        MAX(CASE WHEN r.counts = 1 AND r.heaviest_rank = 1 THEN r.log_id END),
        MAX(CASE WHEN r.counts = 1 AND r.heaviest_rank = 1 THEN r.performed_at END),
        MAX(CASE WHEN r.counts = 1 AND r.heaviest_rank = 1 THEN r.weight END),
        MAX(CASE WHEN r.counts = 1 AND r.heaviest_rank = 1 THEN r.reps END),
        MAX(CASE WHEN r.has_reps = 1 AND r.most_reps_rank = 1 THEN r.log_id END),
        MAX(CASE WHEN r.has_reps = 1 AND r.most_reps_rank = 1 THEN r.performed_at END),
        MAX(CASE WHEN r.has_reps = 1 AND r.most_reps_rank = 1 THEN r.weight END),
        MAX(CASE WHEN r.has_reps = 1 AND r.most_reps_rank = 1 THEN r.reps END)
      FROM (
        SELECT f.*,
          ROW_NUMBER() OVER (PARTITION BY f.trainee_id, f.studio_id, f.exercise_id
            ORDER BY f.performed_at DESC, f.log_id DESC, f.position DESC) AS last_rank,
          ROW_NUMBER() OVER (PARTITION BY f.trainee_id, f.studio_id, f.exercise_id, f.counts
            ORDER BY f.weight * (30 + f.reps) DESC, f.performed_at, f.log_id, f.position)
            AS best_rank,
          ROW_NUMBER() OVER (PARTITION BY f.trainee_id, f.studio_id, f.exercise_id, f.counts
            ORDER BY f.weight DESC, f.performed_at, f.log_id, f.position) AS heaviest_rank,
          ROW_NUMBER() OVER (PARTITION BY f.trainee_id, f.studio_id, f.exercise_id, f.has_reps
            ORDER BY f.reps DESC, f.performed_at, f.log_id, f.position) AS most_reps_rank
        FROM (
          SELECT s.trainee_id, w.studio_id, s.exercise_id, s.log_id, s.position,
            s.performed_at, s.name, s.weight, s.reps,
            CASE WHEN s.is_strength = 1 AND s.weight > 0 AND s.reps > 0
              AND (s.set_type IS NULL OR s.set_type <> 'warmup') THEN 1 ELSE 0 END AS counts,
            CASE WHEN s.is_strength = 1 AND s.reps > 0
              AND (s.set_type IS NULL OR s.set_type <> 'warmup') THEN 1 ELSE 0 END AS has_reps
          FROM set_history AS s
          JOIN workout_logs AS w ON w.id = s.log_id AND w.trainee_id = s.trainee_id
        ) AS f
      ) AS r
      GROUP BY r.trainee_id, r.studio_id, r.exercise_id;
      """)
}
