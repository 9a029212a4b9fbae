import Foundation
import SQLStore

// NB: docs/decisions/the-server-under-hostile-input.md, "Authentication answers and ids", "Record
// ids tell one trainee nothing about another": ids came from one sequence per table, so a trainee
// who posted and deleted a log before and after could read another trainee's count of logs from
// the gap. New logs, meal logs and technique videos take their ids from a walk of the trainee's own
// (NewRecordIDs.swift), whose last id is kept on the trainee's row: `NULL` until the trainee's
// first row of the kind, which starts the walk at a random id above every id a sequence gave.
// Stored rows keep their ids, so every id a client holds still names its row.

extension TraineeSchema {
  /// Version 14: each trainee's last id of a workout log, a meal log and a technique video.
  static let version14 = Migration(
    version: 14, name: "per-trainee last record ids, for ids that no other trainee moves",
    sqlite: """
      ALTER TABLE trainees ADD COLUMN last_workout_log_id INTEGER;
      ALTER TABLE trainees ADD COLUMN last_meal_log_id INTEGER;
      ALTER TABLE trainees ADD COLUMN last_technique_video_id INTEGER;
      """,
    postgresql: """
      ALTER TABLE trainees ADD COLUMN last_workout_log_id BIGINT;
      ALTER TABLE trainees ADD COLUMN last_meal_log_id BIGINT;
      ALTER TABLE trainees ADD COLUMN last_technique_video_id BIGINT;
      """)
}
