import Foundation

// NB: docs/decisions/accounts.md, "Exporting an account": every table of the schema is here,
// exported or left out with its reason (AccountDataCatalogTests compares the list with the
// database's catalog).

extension AccountExport {
  /// The account's rows outside the trainee's records: members of the document's root.
  public static let accountSections: [Section] = [
    Section(
      member: "auditEvents", table: "auth_events", owner: "t.account_id = ?",
      ownerValues: [.account], key: ["id"],
      columns: [
        Column("id", as: "id", .id), Column("event", as: "event", .text),
        Column("studio_id", as: "studioId", .id), Column("session_id", as: "sessionId", .text),
        Column("address", as: "address", .text), Column("at", as: "at", .time),
      ],
      leftOut: [
        "account_id": ownerColumn,
        "account_marker": "names a deleted account only, never one that can export",
      ]),
    Section(
      member: "invites", table: "invites", owner: "(t.created_by = ? OR t.used_by = ?)",
      ownerValues: [.account, .account], key: ["studio_id", "id"], textKey: ["id"],
      columns: [
        Column("studio_id", as: "studioId", .id), Column("id", as: "id", .text),
        Column("created_by", as: "createdBy", .id), Column("created_at", as: "createdAt", .time),
        Column("expires_at", as: "expiresAt", .time), Column("used_at", as: "usedAt", .time),
        Column("used_by", as: "usedBy", .id), Column("revoked_at", as: "revokedAt", .time),
      ],
      leftOut: ["code_sha256": "a secret's digest"]),
    Section(
      member: "sessions", table: "sessions", owner: "t.account_id = ?", ownerValues: [.account],
      key: ["id"], textKey: ["id"],
      columns: [
        Column("id", as: "id", .text), Column("name", as: "name", .text),
        Column("created_at", as: "createdAt", .time),
        Column("last_seen_at", as: "lastSeenAt", .time),
        Column("ended_at", as: "endedAt", .time),
      ],
      leftOut: [
        "account_id": ownerColumn,
        "studio_id": "a session's names and dates only (the studios are in studios)",
        "access_token_sha256": "a secret's digest", "refresh_token_sha256": "a secret's digest",
        "access_expires_at": "a token's lifetime, not the person's",
        "refresh_expires_at": "a token's lifetime, not the person's",
        "end_reason": "a session's names and dates only",
      ]),
    Section(
      member: "signInAttempts", table: "auth_attempts", owner: "t.subject IN (?, ?)",
      ownerValues: [.loginSubject, .accountSubject], key: ["subject", "action"],
      textKey: ["subject", "action"],
      columns: [
        Column("action", as: "action", .text), Column("failures", as: "failures", .integer),
        Column("last_failure_at", as: "lastFailureAt", .time),
        Column("blocked_until", as: "blockedUntil", .time),
      ],
      leftOut: ["subject": "the email's digest or the account's id"]),
    Section(
      member: "studios", table: "studio_members",
      join: "JOIN studios s ON s.id = t.studio_id", owner: "t.account_id = ?",
      ownerValues: [.account], key: ["studio_id"],
      columns: [
        Column("studio_id", as: "studioId", .id),
        Column(joined: "s.name", as: "studioName", .text), Column("role", as: "role", .text),
        Column("joined_at", as: "joinedAt", .time), Column("ended_at", as: "endedAt", .time),
        Column("shares_earlier_records", as: "sharesEarlierRecords", .bool),
      ],
      leftOut: ["account_id": ownerColumn]),
  ]

  /// The trainee's records: members of the document's `trainee.records`.
  public static let traineeSections: [Section] = [
    Section(
      member: "idempotencyKeys", table: "idempotency_keys", owner: "t.trainee_id = ?",
      ownerValues: [.trainee], key: ["key"], textKey: ["key"],
      columns: [
        Column("key", as: "key", .text), Column("log_id", as: "workoutLogId", .id),
        Column("workout_number", as: "workoutNumber", .integer),
        Column("created_at", as: "createdAt", .time),
        Column("deleted_payload", as: "deletedWorkoutLog", .json),
      ],
      leftOut: ["trainee_id": ownerColumn]),
    Section(
      member: "mealLogs", table: "meal_logs", owner: "t.trainee_id = ?", ownerValues: [.trainee],
      key: ["id"],
      columns: [
        Column("id", as: "id", .id), Column("date", as: "date", .text),
        Column("consumed_at", as: "consumedAt", .time), Column("items", as: "items", .json),
        Column("logged_at", as: "loggedAt", .time),
        Column("description", as: "description", .text),
        Column("photo_path", as: "photoPath", .text),
        Column("idempotency_key", as: "idempotencyKey", .text),
        Column("studio_id", as: "studioId", .id),
      ],
      leftOut: ["trainee_id": ownerColumn]),
    Section(
      member: "notificationSettings", table: "notification_configs", owner: "t.trainee_id = ?",
      ownerValues: [.trainee], key: ["type"], textKey: ["type"],
      columns: [
        Column("type", as: "type", .text), Column("enabled", as: "enabled", .bool),
        Column("title_template", as: "titleTemplate", .text),
        Column("body_template", as: "bodyTemplate", .text),
      ],
      leftOut: ["trainee_id": ownerColumn]),
    Section(
      member: "nutritionDays", table: "nutrition_days", owner: "t.trainee_id = ?",
      ownerValues: [.trainee], key: ["date"],
      columns: [
        Column("date", as: "date", .text), Column("data", as: "day", .json),
        Column("saved_at", as: "savedAt", .time), Column("studio_id", as: "studioId", .id),
      ],
      leftOut: ["trainee_id": ownerColumn]),
    Section(
      member: "nutritionPlans", table: "nutrition_plans", owner: "t.trainee_id = ?",
      ownerValues: [.trainee], key: [],
      columns: [
        Column("document", as: "document", .json),
        Column("imported_at", as: "importedAt", .time), Column("studio_id", as: "studioId", .id),
      ],
      leftOut: ["trainee_id": ownerColumn]),
    Section(
      member: "programs", table: "programs", owner: "t.trainee_id = ?", ownerValues: [.trainee],
      key: [],
      columns: [
        Column("document", as: "document", .json),
        Column("imported_at", as: "importedAt", .time), Column("studio_id", as: "studioId", .id),
        Column("schedule_weekdays", as: "scheduleWeekdays", .integer),
        Column("schedule_per_week", as: "schedulePerWeek", .integer),
        Column("scheduled_from", as: "scheduledFrom", .text),
      ],
      leftOut: [
        "trainee_id": ownerColumn,
        "days_a_week": derivedFromDocument, "sets_per_workout": derivedFromDocument,
      ]),
    Section(
      member: "programAssignments", table: "program_assignments", owner: "t.trainee_id = ?",
      ownerValues: [.trainee], key: ["program_id"],
      columns: [
        Column("program_id", as: "programId", .id), Column("studio_id", as: "studioId", .id),
        Column("linked", as: "linked", .bool), Column("version", as: "version", .integer),
        Column("schedule_weekdays", as: "scheduleWeekdays", .integer),
        Column("schedule_per_week", as: "schedulePerWeek", .integer),
        Column("scheduled_from", as: "scheduledFrom", .text),
        Column("assigned_at", as: "assignedAt", .time),
      ],
      leftOut: ["trainee_id": ownerColumn]),
    Section(
      member: "mealPlanAssignments", table: "meal_plan_assignments", owner: "t.trainee_id = ?",
      ownerValues: [.trainee], key: ["meal_plan_id"],
      columns: [
        Column("meal_plan_id", as: "mealPlanId", .id), Column("studio_id", as: "studioId", .id),
        Column("linked", as: "linked", .bool), Column("version", as: "version", .integer),
        Column("assigned_at", as: "assignedAt", .time),
      ],
      leftOut: ["trainee_id": ownerColumn]),
    Section(
      member: "substitutions", table: "substitutions", owner: "t.trainee_id = ?",
      ownerValues: [.trainee], key: ["program_id", "day_id", "row_id"],
      textKey: ["program_id", "day_id", "row_id"],
      columns: [
        Column("program_id", as: "programId", .text), Column("day_id", as: "dayId", .text),
        Column("row_id", as: "rowId", .text),
        Column("from_exercise_id", as: "fromExerciseId", .text),
        Column("to_exercise_id", as: "toExerciseId", .text),
        Column("saved_at", as: "savedAt", .time),
      ],
      leftOut: ["trainee_id": ownerColumn]),
    Section(
      member: "techniqueVideos", table: "technique_videos", owner: "t.trainee_id = ?",
      ownerValues: [.trainee], key: ["id"],
      columns: [
        Column("id", as: "id", .id), Column("url", as: "url", .text),
        Column("exercise_id", as: "exerciseId", .text),
        Column("submitted_at", as: "submittedAt", .time),
        Column("feedback", as: "feedback", .text),
        Column("feedback_seen_at", as: "feedbackSeenAt", .time),
        Column("studio_id", as: "studioId", .id),
        Column("feedback_at", as: "feedbackAt", .time),
      ],
      leftOut: ["trainee_id": ownerColumn]),
    Section(
      member: "usage", table: "trainee_usage", owner: "t.trainee_id = ?", ownerValues: [.trainee],
      key: ["kind"], textKey: ["kind"],
      columns: [
        Column("kind", as: "kind", .text), Column("records", as: "records", .integer),
        Column("bytes", as: "bytes", .integer),
      ],
      leftOut: ["trainee_id": ownerColumn]),
    Section(
      member: "workoutLogs", table: "workout_logs", owner: "t.trainee_id = ?",
      ownerValues: [.trainee], key: ["id"],
      columns: [
        Column("id", as: "id", .id), Column("workout_number", as: "workoutNumber", .integer),
        Column("logged_at", as: "loggedAt", .time), Column("payload", as: "log", .json),
        Column("studio_id", as: "studioId", .id),
      ],
      leftOut: [
        "trainee_id": ownerColumn,
        "prescribed": "the coach's program day as it was when the workout was logged",
      ]),
    // docs/decisions/the-coachs-words.md, "What the trainee never sees": reviews are addressed
    // to the trainee and exported; the private notes are not.
    Section(
      member: "workoutReviews", table: "workout_reviews", owner: "t.trainee_id = ?",
      ownerValues: [.trainee], key: ["log_id"],
      columns: [
        Column("log_id", as: "workoutLogId", .id), Column("studio_id", as: "studioId", .id),
        Column("verdict", as: "verdict", .text), Column("comment", as: "comment", .text),
        Column("set_comments", as: "setComments", .json),
        Column("reviewed_at", as: "reviewedAt", .time), Column("seen_at", as: "seenAt", .time),
      ],
      leftOut: ["trainee_id": ownerColumn]),
  ]

  static let derived = "derived by the server from workoutLogs, which hold every entry and set"
  static let derivedFromDocument = "derived by the server from the program's document"
  static let studiosOwn =
    "a studio's library and programs are its business's; the trainee's are in programAssignments"
  static let studiosMealPlans =
    "a studio's meal plans are its business's; the trainee's are in mealPlanAssignments"

  /// The tables the document leaves out whole.
  public static let leftOutTables: [LeftOutTable] = [
    LeftOutTable(table: "retired_refresh_tokens", reason: "digests of spent secrets"),
    LeftOutTable(
      table: "studios", reason: "a studio is its business's; the account's are named in studios"),
    LeftOutTable(table: "exercise_history", reason: derived),
    LeftOutTable(table: "exercise_records", reason: derived),
    LeftOutTable(table: "set_history", reason: derived),
    LeftOutTable(table: "sets_by_exercise", reason: derived),
    LeftOutTable(table: "workout_numbers", reason: derived),
    LeftOutTable(table: "workout_summaries", reason: derived),
    LeftOutTable(table: "library_exercises", reason: studiosOwn),
    LeftOutTable(table: "coach_programs", reason: studiosOwn),
    LeftOutTable(table: "program_versions", reason: studiosOwn),
    LeftOutTable(table: "coach_meal_plans", reason: studiosMealPlans),
    LeftOutTable(table: "meal_plan_versions", reason: studiosMealPlans),
    LeftOutTable(table: "program_days", reason: derivedFromDocument),
    LeftOutTable(
      table: "trainee_days",
      reason: "counts derived by the server from workoutLogs, nutritionDays and mealLogs"),
    LeftOutTable(
      table: "coach_notes",
      reason: "the studio's private notes on the trainee, which the trainee never sees"),
    LeftOutTable(
      table: "nutrition_tolerances",
      reason: "each studio's measure of the trainee's nutrition days, a setting of the coach's"),
    // docs/decisions/the-coachs-words.md, "Notification texts": the studio's settings of how
    // its app notifies; what the trainee gets of them is GET /v1/trainee/notification-configs.
    LeftOutTable(table: "studio_notification_configs", reason: studiosNotificationTexts),
    LeftOutTable(table: "notification_overrides", reason: studiosNotificationTexts),
    LeftOutTable(
      table: "studio_events",
      reason: "the studios' feeds of what happened, told of records the document holds"),
  ]

  static let studiosNotificationTexts =
    "the studio's notification texts, its business's; the trainee's own are notificationSettings"

  /// Every section, the account's, its trainee's and their records.
  public static var sections: [Section] { [account, trainee] + accountSections + traineeSections }
}
