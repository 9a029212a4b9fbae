import Foundation
import SQLStore

// NB: docs/decisions/history-progress-and-moving-data.md "Paged logged sets", "by date through the
// workouts": a page by date now walks the workouts by `workout_summaries_by_date` and their sets by
// the key, so the index of every set by date goes; it was one more B-tree, and one more page of the
// WAL, for each set of every log posted. `workout_logs_by_trainee` (trainee, id) goes too:
// `workout_logs_numbers` (trainee, number) finds a trainee's logs as well, and no read pages the
// logs themselves (the history pages `workout_summaries`).

extension TraineeSchema {
  /// Version 12: two indexes no read needs and every log post wrote.
  static let version12 = Migration(
    version: 12, name: "sets paged by date through their workouts; two indexes fewer per log post",
    sql: """
      DROP INDEX set_history_by_date;
      DROP INDEX workout_logs_by_trainee;
      """)
}
