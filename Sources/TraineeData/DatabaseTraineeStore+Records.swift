import Foundation
import SQLStore
import TraineeAPI

// NB: docs/decisions/the-server-http-routes-and-storage.md, "Rows by column name": each value the
// store reads from a row has its columns here, beside the `init(row:)` that reads them by name;
// its queries render their select lists from the same columns.

extension Trainee {
  /// The columns of `trainees` a trainee is read from.
  static let columns = DatabaseColumns(["id", "name", "created_at"])

  /// The trainee of a row that selects ``columns``.
  init(row: NamedRow) throws {
    self.init(
      id: TraineeID(rawValue: try row["id"]), name: try row["name"],
      createdAt: Date(milliseconds: try row["created_at"]))
  }
}

extension VersionedTrainee {
  /// A trainee's columns and its answer version.
  static let columns = DatabaseColumns(Trainee.columns.expressions + ["answer_version"])

  /// The trainee and answer version of a row that selects ``columns``.
  init(row: NamedRow) throws {
    self.init(trainee: try Trainee(row: row), answerVersion: try row["answer_version"])
  }
}

extension Substitution {
  /// The columns of `substitutions` a swap is read from.
  static let columns = DatabaseColumns([
    "program_id", "day_id", "row_id", "from_exercise_id", "to_exercise_id",
  ])

  /// The swap of a row that selects ``columns``.
  init(row: NamedRow) throws {
    self.init(
      programId: try row["program_id"], dayId: try row["day_id"], rowId: try row["row_id"],
      fromExerciseId: try row["from_exercise_id"], toExerciseId: try row["to_exercise_id"])
  }
}

extension NotificationConfigDto {
  /// The columns of `notification_configs` a saved config is read from.
  static let columns = DatabaseColumns(["type", "enabled", "title_template", "body_template"])

  /// The config of a row that selects ``columns``.
  init(row: NamedRow) throws {
    self.init(
      type: try row["type"], enabled: try row["enabled"],
      titleTemplate: try row["title_template"], bodyTemplate: try row["body_template"])
  }
}

extension WorkoutLogRecord {
  /// The columns of `workout_logs` a stored log is read from.
  static let columns = DatabaseColumns(["id", "workout_number", "logged_at", "payload"])

  /// The log of a row that selects ``columns``; a payload that no longer decodes is a storage
  /// failure.
  init(row: NamedRow) throws {
    let id = WorkoutLogID(rawValue: try row["id"])
    self.init(
      id: id, workoutNumber: try row["workout_number"],
      loggedAt: Date(milliseconds: try row["logged_at"]),
      payload: try DatabaseTraineeStore.decode(
        LogWorkoutPayload.self, try row["payload"], "workout log \(id)"))
  }
}

extension TechniqueVideo {
  /// The columns of `technique_videos` a video is read from.
  static let columns = DatabaseColumns([
    "id", "url", "exercise_id", "submitted_at", "feedback", "feedback_seen_at",
  ])

  /// The video of a row that selects ``columns``.
  init(row: NamedRow) throws {
    self.init(
      id: TechniqueVideoID(rawValue: try row["id"]), url: try row["url"],
      exerciseId: try row["exercise_id"],
      submittedAt: Date(milliseconds: try row["submitted_at"]), feedback: try row["feedback"],
      feedbackSeenAt: (try row["feedback_seen_at"] as Int64?).map(Date.init(milliseconds:)))
  }
}

extension WorkoutLogSummary {
  /// The columns of `workout_summaries` a history page's summaries are read from.
  static let columns = DatabaseColumns([
    "log_id", "workout_number", "logged_at", "program_id", "day_id", "label", "duration_sec",
    "completed", "exercise_count", "done_set_count", "volume", "program_version",
  ])

  /// The summary of a row that selects ``columns``.
  init(row: NamedRow) throws {
    self.init(
      id: WorkoutLogID(rawValue: try row["log_id"]), workoutNumber: try row["workout_number"],
      loggedAt: Date(milliseconds: try row["logged_at"]), programId: try row["program_id"],
      dayId: try row["day_id"], label: try row["label"], durationSec: try row["duration_sec"],
      completed: try row["completed"], exerciseCount: try row["exercise_count"],
      doneSetCount: try row["done_set_count"], volume: try row["volume"],
      programVersion: try row["program_version"])
  }
}

extension LoggedSetDto {
  /// The set of a row that selects `DatabaseTraineeStore.loggedSetColumns`, at `cursor` (read
  /// from the same row).
  init(row: NamedRow, cursor: LoggedSetCursor) throws {
    self.init(
      logId: String(cursor.logId), workoutNumber: try row["workout_number"],
      performedAt: ISO8601Instant.textWithMilliseconds(Date(milliseconds: cursor.performedAt)),
      label: try row["label"], exerciseId: try row["exercise_id"], name: try row["name"],
      setNumber: try row["set_number"],
      setType: (try row["set_type"] as String?).flatMap(SetType.init(rawValue:)),
      weight: try row["weight"], reps: try row["reps"], rir: try row["rir"],
      durationSec: try row["duration_sec"], distanceKm: try row["distance_km"],
      isRecord: try row["is_record"])
  }
}

extension MealLog {
  /// The columns of `meal_logs` a day's meal logs are read from.
  static let columns = DatabaseColumns(["id", "consumed_at", "items"])

  /// The meal log of `date` in a row that selects ``columns``.
  init(row: NamedRow, date: CalendarDate) throws {
    self.init(
      id: MealLogID(rawValue: try row["id"]), date: date,
      consumedAt: Date(milliseconds: try row["consumed_at"]), itemsJSON: try row["items"])
  }
}
