import Foundation
import SQLStore

// NB: docs/decisions/postgresql-beside-sqlite-what-differs-and-why.md, "PostgreSQL beside SQLite:
// what differs and why": `perform db copy` copies every row of every table, ids kept, in one write
// transaction of the target (a copy that fails leaves the target as it was), and then sets the
// target's id sequences after the source's (a deleted log's id is never given again, as on the
// source). Both databases are first brought to the current schema, so their tables and columns are
// the same; a target that holds any row is refused.
// Tables go parents first, so the foreign keys hold at each insert.

/// Copies a whole trainee database from one driver to another (SQLite and PostgreSQL alike).
public enum DatabaseCopy {
  /// Every table of the trainee schema with its columns, parents before the tables that point
  /// at them. A migration that adds a table or a column adds it here (a test checks).
  public static let tables: [(name: String, columns: [String])] = [
    // Studios first: records, programs and plans point at the studio they are tagged with.
    ("studios", ["id", "name", "is_default", "created_at", "event_head"]),
    (
      "trainees",
      [
        "id", "name", "token_sha256", "created_at", "answer_version", "last_workout_log_id",
        "last_meal_log_id", "last_technique_video_id", "writes_paced_to", "time_zone",
      ]
    ),
    ("trainee_usage", ["trainee_id", "kind", "records", "bytes"]),
    (
      "programs",
      [
        "trainee_id", "document", "imported_at", "studio_id", "schedule_weekdays",
        "schedule_per_week", "days_a_week", "sets_per_workout", "scheduled_from",
      ]
    ),
    (
      "trainee_days",
      [
        "trainee_id", "date", "workouts_done", "sets_done", "sets_prescribed",
        "nutrition_logged", "studio_id", "eaten_kcal_tenths", "eaten_protein_tenths",
        "eaten_carbs_tenths", "eaten_fat_tenths", "target_kcal_tenths", "target_protein_tenths",
      ]
    ),
    (
      "substitutions",
      [
        "trainee_id", "program_id", "day_id", "row_id", "from_exercise_id", "to_exercise_id",
        "saved_at",
      ]
    ),
    ("program_days", ["trainee_id", "program_id", "day_id", "document"]),
    (
      "workout_logs",
      ["id", "trainee_id", "workout_number", "logged_at", "payload", "studio_id", "prescribed"]
    ),
    (
      "idempotency_keys",
      ["trainee_id", "key", "log_id", "workout_number", "created_at", "deleted_payload"]
    ),
    (
      "technique_videos",
      [
        "id", "trainee_id", "url", "exercise_id", "submitted_at", "feedback", "feedback_seen_at",
        "studio_id", "feedback_at",
      ]
    ),
    ("notification_configs", ["trainee_id", "type", "enabled", "title_template", "body_template"]),
    ("nutrition_plans", ["trainee_id", "document", "imported_at", "studio_id"]),
    ("nutrition_days", ["trainee_id", "date", "data", "saved_at", "studio_id"]),
    (
      "meal_logs",
      [
        "id", "trainee_id", "date", "consumed_at", "items", "logged_at", "description",
        "photo_path", "idempotency_key", "studio_id",
      ]
    ),
    (
      "exercise_history",
      [
        "trainee_id", "exercise_id", "last_log_id", "best_log_id", "best_position", "best_weight",
        "best_reps",
      ]
    ),
    ("workout_numbers", ["trainee_id", "last_number", "merged_number"]),
    (
      "exercise_records",
      [
        "trainee_id", "studio_id", "exercise_id", "name", "workouts", "sets", "last_performed_at",
        "last_log_id", "best_log_id", "best_performed_at", "best_weight", "best_reps",
        "heaviest_log_id", "heaviest_performed_at", "heaviest_weight", "heaviest_reps",
        "most_reps_log_id", "most_reps_performed_at", "most_reps_weight", "most_reps_reps",
      ]
    ),
    (
      "set_history",
      [
        "log_id", "position", "trainee_id", "performed_at", "workout_number", "label",
        "exercise_id", "name", "set_number", "set_type", "weight", "reps", "rir", "duration_sec",
        "distance_km", "is_record", "is_strength",
      ]
    ),
    ("sets_by_exercise", ["trainee_id", "exercise_id", "performed_at", "log_id", "position"]),
    (
      "workout_summaries",
      [
        "log_id", "trainee_id", "workout_number", "logged_at", "program_id", "day_id", "label",
        "duration_sec", "completed", "exercise_count", "done_set_count", "volume", "studio_id",
        "local_date", "set_count", "program_version", "awaiting_review",
      ]
    ),
    (
      "workout_reviews",
      [
        "log_id", "trainee_id", "studio_id", "verdict", "comment", "set_comments", "reviewed_at",
        "seen_at",
      ]
    ),
    ("coach_notes", ["trainee_id", "studio_id", "text", "written_at"]),
    (
      "nutrition_tolerances",
      ["trainee_id", "studio_id", "kcal_within_percent", "protein_at_least_percent", "set_at"]
    ),
    (
      "notification_overrides",
      [
        "trainee_id", "studio_id", "type", "enabled", "title_template", "body_template",
        "written_at",
      ]
    ),
    (
      "studio_notification_configs",
      ["studio_id", "type", "enabled", "title_template", "body_template", "written_at"]
    ),
    (
      "studio_events",
      [
        "studio_id", "number", "kind", "at", "trainee_id", "record_studio_id", "subject_id",
      ]
    ),
    (
      "accounts",
      ["id", "role", "name", "email", "password_hash", "trainee_id", "suspended_at", "created_at"]
    ),
    (
      "studio_members",
      ["studio_id", "account_id", "role", "joined_at", "ended_at", "shares_earlier_records"]
    ),
    (
      "sessions",
      [
        "account_id", "id", "studio_id", "name", "created_at", "last_seen_at",
        "access_token_sha256", "access_expires_at", "refresh_token_sha256", "refresh_expires_at",
        "ended_at", "end_reason",
      ]
    ),
    ("retired_refresh_tokens", ["account_id", "session_id", "token_sha256", "retired_at"]),
    (
      "invites",
      [
        "studio_id", "id", "code_sha256", "created_by", "created_at", "expires_at", "used_at",
        "used_by", "revoked_at",
      ]
    ),
    ("auth_attempts", ["subject", "action", "failures", "last_failure_at", "blocked_until"]),
    (
      "auth_events",
      ["id", "account_id", "studio_id", "session_id", "event", "address", "at", "account_marker"]
    ),
    (
      "library_exercises",
      [
        "id", "studio_id", "name", "instructions", "video_url", "equipment", "kind",
        "substitutes", "archived", "created_at", "updated_at",
      ]
    ),
    (
      "coach_programs",
      ["id", "studio_id", "name", "version", "archived", "created_at", "updated_at"]
    ),
    (
      "program_versions",
      [
        "program_id", "version", "document", "plan", "days_a_week", "sets_per_workout",
        "created_at",
      ]
    ),
    (
      "program_assignments",
      [
        "trainee_id", "program_id", "studio_id", "linked", "version", "schedule_weekdays",
        "schedule_per_week", "scheduled_from", "assigned_at",
      ]
    ),
    (
      "coach_meal_plans",
      ["id", "studio_id", "name", "version", "archived", "created_at", "updated_at"]
    ),
    ("meal_plan_versions", ["meal_plan_id", "version", "plan", "created_at"]),
    (
      "meal_plan_assignments",
      ["trainee_id", "meal_plan_id", "studio_id", "linked", "version", "assigned_at"]
    ),
  ]

  /// The tables whose `id` comes from a sequence.
  public static let tablesWithIDs = [
    "trainees", "workout_logs", "technique_videos", "meal_logs", "studios", "accounts",
    "auth_events", "library_exercises", "coach_programs", "coach_meal_plans",
  ]

  /// Why a copy was refused.
  public enum Refusal: Error, Equatable, CustomStringConvertible {
    /// The target already holds rows (`table` is one that does).
    case targetNotEmpty(location: String, table: String)

    public var description: String {
      switch self {
      case .targetNotEmpty(let location, let table):
        "\(location) is not empty (\(table) has rows): a copy goes only into an empty database"
      }
    }
  }

  /// Copies every row of `source` into `target` (both migrated first) and returns the rows
  /// copied per table, in copy order.
  @discardableResult
  public static func copy(
    from source: any DatabaseDriver, to target: any DatabaseDriver
  ) throws -> [(table: String, rows: Int)] {
    try TraineeSchema.migrate(source)
    try TraineeSchema.migrate(target)
    let (rows, lastIDs) = try source.readTransaction { db in
      let rows = try tables.map { table in
        try db.rows(
          "SELECT \(table.columns.joined(separator: ", ")) FROM \(table.name)", []
        ) { row in try table.columns.indices.map { try row.value($0) } }
      }
      return (rows, try source.lastIDs(of: tablesWithIDs, db))
    }
    try target.writeTransaction(.serializable) { db in
      for table in tables {
        if try db.row("SELECT 1 FROM \(table.name) LIMIT 1", { try $0.int(0) }) != nil {
          throw Refusal.targetNotEmpty(location: target.location, table: table.name)
        }
      }
      for (table, tableRows) in zip(tables, rows) {
        let placeholders = Array(repeating: "?", count: table.columns.count).joined(separator: ", ")
        let insert =
          "INSERT INTO \(table.name) (\(table.columns.joined(separator: ", ")))"
          + " VALUES (\(placeholders))"
        for row in tableRows { try db.run(insert, row) }
      }
      var next = lastIDs
      // A source whose sequence lags its rows (ids written by hand) still never repeats an id.
      for table in tablesWithIDs {
        let highest =
          try db.row("SELECT COALESCE(MAX(id), 0) FROM \(table)", { try $0.int64(0) }) ?? 0
        next[table] = max(next[table] ?? 0, highest)
      }
      try target.setLastIDs(next, db)
    }
    return zip(tables, rows).map { ($0.name, $1.count) }
  }
}
