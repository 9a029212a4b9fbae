import Foundation
import SQLStore

// answers, group commit and paged history", "one table of sets": `logged_sets` (every strength set
// of a log, for the last sets and best set of each exercise) and `set_history` (every done set, for
// the paged sets) held the same sets twice, and a log post wrote both, with their indexes: a
// quarter of the post's cost. Every read of `logged_sets` asked for done sets, which `set_history`
// has; what it lacked is whether a set is a strength set, so it gains `is_strength`, filled from
// the stored payloads by the rule the decoder reads them with (a set is cardio when it has
// `durationSec` or `distanceKm`, even `null`), each payload read once; and `logged_sets` goes. A
// kept best set's `best_position` is its position in `set_history` from now on (no read uses it).

extension TraineeSchema {
  /// Version 11: `set_history` knows its strength sets, and `logged_sets` is gone.
  static let version11 = Migration(
    version: 11, name: "one table of sets: set_history knows its strength sets",
    sqlite: """
      ALTER TABLE set_history ADD COLUMN is_strength INTEGER NOT NULL DEFAULT 0
        CHECK (is_strength IN (0, 1));
      UPDATE set_history SET is_strength = 1 WHERE (log_id, position) IN (
        SELECT l.id, e.key * 1000 + s.key
        FROM workout_logs AS l, json_each(l.payload, '$.entries') AS e,
          json_each(e.value, '$.sets') AS s
        WHERE json_type(s.value, '$.durationSec') IS NULL
          AND json_type(s.value, '$.distanceKm') IS NULL);
      UPDATE exercise_history SET best_position = (
        SELECT MIN(h.position) FROM set_history AS h
        WHERE h.log_id = exercise_history.best_log_id AND h.exercise_id = exercise_history.exercise_id
          AND h.is_strength = 1 AND h.weight = exercise_history.best_weight
          AND h.reps = exercise_history.best_reps)
      WHERE best_log_id IS NOT NULL;
      DROP INDEX logged_sets_by_exercise;
      DROP TABLE logged_sets;
      """,
    postgresql: """
      ALTER TABLE set_history ADD COLUMN is_strength BIGINT NOT NULL DEFAULT 0
        CHECK (is_strength IN (0, 1));
      UPDATE set_history AS h SET is_strength = 1
      FROM (
        SELECT l.id, (e.ord - 1) * 1000 + (s.ord - 1) AS position
        FROM workout_logs AS l
          CROSS JOIN LATERAL jsonb_array_elements(l.payload::jsonb -> 'entries')
            WITH ORDINALITY AS e (value, ord)
          CROSS JOIN LATERAL jsonb_array_elements(e.value -> 'sets') WITH ORDINALITY AS s (value, ord)
        WHERE s.value -> 'durationSec' IS NULL AND s.value -> 'distanceKm' IS NULL
      ) AS k
      WHERE h.log_id = k.id AND h.position = k.position;
      UPDATE exercise_history SET best_position = (
        SELECT MIN(h.position) FROM set_history AS h
        WHERE h.log_id = exercise_history.best_log_id AND h.exercise_id = exercise_history.exercise_id
          AND h.is_strength = 1 AND h.weight = exercise_history.best_weight
          AND h.reps = exercise_history.best_reps)
      WHERE best_log_id IS NOT NULL;
      DROP TABLE logged_sets;
      """)
}
