import Foundation
import SQLStore
import TraineeAPI
import TraineeDatabaseSchema

/// The trainee store on a database driver (SQLite or PostgreSQL): prepared statements, and a
/// transaction around every write that returns only after `COMMIT`.
///
/// Safe to share between libmicrohttpd's threads; the driver says how.
public final class DatabaseTraineeStore: TraineeStore {
  /// The database the store reads and writes.
  public let database: any DatabaseDriver
  package let now: @Sendable () -> Date
  /// Time in the database and the size of each transaction (and SQLite's WAL syncs), for
  /// `/metrics`.
  public let metrics: StorageMetrics
  /// Write transactions that arrive together share one commit (DatabaseTraineeStore+Access.swift);
  /// on SQLite a batch runs its writes in savepoints only after one of them failed.
  let groupCommit: GroupCommit<any DatabaseConnection>
  /// How new trainees and records get their ids (NewRecordIDs.swift).
  let recordIDs: NewRecordIDs
  /// The quotas of every trainee's writes, this process's pacing and the refusals counted
  /// (DatabaseTraineeStore+Quotas.swift).
  public let writeQuotas: WriteQuotas

  /// A store on `database`, whose schema is first brought up to date; `now` dates what it records
  /// and paces writes by, `recordIDs` says how new rows get their ids and `quotas` what each
  /// trainee may keep and how fast they may write.
  ///
  /// Throws `MigrationError.databaseTooNew` for a database from a newer Perform, and the
  /// driver's error when the schema cannot be written.
  public init(
    database: any DatabaseDriver, now: @escaping @Sendable () -> Date = { Date() },
    recordIDs: NewRecordIDs = .random, quotas: TraineeQuotas = .defaults
  ) throws {
    self.database = database
    self.now = now
    self.recordIDs = recordIDs
    writeQuotas = WriteQuotas(quotas)
    groupCommit = GroupCommit(
      savepoints: database.dialect == .sqlite ? .afterAFailure : .always,
      changes: { ($0 as? SQLiteConnection)?.totalChanges })
    metrics = StorageMetrics(walSync: (database as? SQLiteDatabase)?.walSync)
    try TraineeSchema.migrate(database)
  }

  /// A store on the SQLite database file at `path` (created if needed), or `:memory:`; throws
  /// `SQLiteError.cannotOpen` when the file cannot be opened as a database.
  public convenience init(
    path: String, options: SQLiteDatabase.Options = .init(),
    now: @escaping @Sendable () -> Date = { Date() }, quotas: TraineeQuotas = .defaults
  ) throws {
    try self.init(
      database: SQLiteDatabase(path: path, options: options), now: now, quotas: quotas)
  }

  // MARK: Trainees

  public func createTrainee(name: String) throws -> NewTrainee {
    let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else { throw TraineeStoreError.invalid(field: "name", problem: "is empty") }
    let token = BearerToken.generate()
    let createdAt = now()
    let id = try write(nil) { db in
      let id = TraineeID(
        rawValue: try insertTrainee(
          [
            "name": .text(name), "token_sha256": .text(BearerToken.digest(token)),
            "created_at": .integer(createdAt.milliseconds),
          ], db))
      try startLegacySession(of: id, token: token, now: createdAt.milliseconds, db)
      return id
    }
    return NewTrainee(
      trainee: Trainee(id: id, name: name, createdAt: createdAt.wholeMilliseconds),
      token: token)
  }

  public func checkReadiness() throws {
    _ = try read { db in try db.row("SELECT 1") { try $0.int(0) } }
    // A server whose WAL could not be synced acknowledges no write until it is restarted.
    if let failure = (database as? SQLiteDatabase)?.walSync?.failure { throw failure }
  }

  public func trainee(forToken token: String) throws -> Trainee? {
    try versionedTrainee(forToken: token)?.trainee
  }

  public func trainee(id: TraineeID) throws -> Trainee? {
    try read { db in
      try db.row(
        "SELECT \(Trainee.columns) FROM trainees WHERE id = ?", [id.value],
        named: Trainee.columns, Trainee.init(row:))
    }
  }

  public func trainees() throws -> [Trainee] {
    try read { db in
      try db.rows(
        "SELECT \(Trainee.columns) FROM trainees ORDER BY created_at, id", [],
        named: Trainee.columns,
        Trainee.init(row:))
    }
  }

  public func replaceToken(of trainee: TraineeID) throws -> String {
    let token = BearerToken.generate()
    let replacedAt = now().milliseconds
    let changed = try write(trainee) { db in
      let changed = try db.run(
        "UPDATE trainees SET token_sha256 = ? WHERE id = ?",
        [.text(BearerToken.digest(token)), trainee.value])
      if changed == 1 { try replaceLegacySession(of: trainee, token: token, now: replacedAt, db) }
      return changed
    }
    guard changed == 1 else { throw TraineeStoreError.traineeNotFound(trainee) }
    return token
  }

  // MARK: Programs

  public func importPrograms(_ programs: TrainingProgramsDto, for trainee: TraineeID) throws {
    let document = try Self.json(programs)
    let importedAt = now()
    let size = ProgramAssignment.size(of: programs)
    try write(trainee) { db in
      let today = CalendarDate(importedAt, in: try Self.writeZone(nil, of: trainee, db))
      // NB: docs/decisions/the-coachs-roster.md, "Schedules": a new import keeps the coach's
      // schedule and the date it counts from; only the program's size changes.
      try db.run(
        """
        INSERT INTO programs (trainee_id, document, imported_at, studio_id, days_a_week,
          sets_per_workout, scheduled_from) VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (trainee_id) DO UPDATE
        SET document = excluded.document, imported_at = excluded.imported_at,
          studio_id = excluded.studio_id, days_a_week = excluded.days_a_week,
          sets_per_workout = excluded.sets_per_workout,
          scheduled_from = COALESCE(programs.scheduled_from, excluded.scheduled_from)
        """,
        [
          trainee.value, .text(document), .integer(importedAt.milliseconds),
          try Self.studioTag(nil, now: importedAt.milliseconds, db),
          DatabaseValue(size.daysAWeek), DatabaseValue(size.setsPerWorkout),
          .text(today.description),
        ])
      try Self.recordProgramDays(of: programs, trainee: trainee, db)
    }
  }

  public func programs(for trainee: TraineeID) throws -> TrainingProgramsDto? {
    // NB: docs/decisions/the-coachs-programs.md, "What the trainee reads": the imported
    // document's plans, then each assigned program's plan at the version the trainee reads.
    let (document, assigned) = try read { db in
      (
        try db.row("SELECT document FROM programs WHERE trainee_id = ?", [trainee.value]) {
          try $0.string(0)
        }, try Self.assignedPlans(of: trainee, db)
      )
    }
    guard document != nil || !assigned.isEmpty else { return nil }
    var programs =
      try document.map { try Self.decode(TrainingProgramsDto.self, $0, "programs") }
      ?? TrainingProgramsDto(plans: [])
    programs.plans += try assigned.map { try Self.decode(ProgramPlanDto.self, $0, "plan") }
    return programs
  }

  // MARK: Substitutions

  public func saveSubstitution(_ substitution: Substitution, for trainee: TraineeID) throws {
    let key: [DatabaseValue] = [
      trainee.value, .text(substitution.programId), .text(substitution.dayId),
      .text(substitution.rowId),
    ]
    let savedAt = now().milliseconds
    let stored = "\(byteLength("from_exercise_id")) + \(byteLength("to_exercise_id"))"
    let keyBytes =
      substitution.programId.utf8.count + substitution.dayId.utf8.count
      + substitution.rowId.utf8.count
    try traineeWrite(trainee) { db in
      // The row's ids and exercises count against the quota (docs/security.md, "One trainee
      // cannot fill the disk").
      let before = try db.row(
        """
        SELECT \(stored) FROM substitutions
        WHERE trainee_id = ? AND program_id = ? AND day_id = ? AND row_id = ?
        """, key, { try $0.int(0) })
      if substitution.isUndo {
        try db.run(
          """
          DELETE FROM substitutions
          WHERE trainee_id = ? AND program_id = ? AND day_id = ? AND row_id = ?
          """, key)
        if let before {
          try charge(.substitutions, records: -1, bytes: -(keyBytes + before), of: trainee, db)
        }
      } else {
        let bytes =
          substitution.fromExerciseId.utf8.count + substitution.toExerciseId.utf8.count
        try charge(
          .substitutions, records: before == nil ? 1 : 0,
          bytes: before.map { bytes - $0 } ?? keyBytes + bytes, of: trainee, db)
        try db.run(
          """
          INSERT INTO substitutions (trainee_id, program_id, day_id, row_id, from_exercise_id,
            to_exercise_id, saved_at)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (trainee_id, program_id, day_id, row_id) DO UPDATE
          SET from_exercise_id = excluded.from_exercise_id,
            to_exercise_id = excluded.to_exercise_id, saved_at = excluded.saved_at
          """,
          key + [
            .text(substitution.fromExerciseId), .text(substitution.toExerciseId),
            .integer(savedAt),
          ])
      }
    }
  }

  public func substitutions(for trainee: TraineeID) throws -> [Substitution] {
    try read { db in
      try db.rows(
        """
        SELECT \(Substitution.columns) FROM substitutions
        WHERE trainee_id = ? ORDER BY program_id, day_id, row_id
        """, [trainee.value], named: Substitution.columns, Substitution.init(row:))
    }
  }

  // MARK: Notification configs

  /// The kinds every trainee has, enabled with the app's own texts, until saved otherwise.
  static let defaultNotificationTypes = ["REST_TIMER", "WORKOUT_IDLE", "WORKOUT_UNFINISHED"]

  public func notificationConfigs(for trainee: TraineeID) throws -> [NotificationConfigDto] {
    try read { db in try Self.ownNotificationConfigs(of: trainee, db) }
  }

  /// The trainee's own configs (`notificationConfigs(for:)`), read in the transaction of `db`.
  static func ownNotificationConfigs(
    of trainee: TraineeID, _ db: any DatabaseConnection
  ) throws -> [NotificationConfigDto] {
    let saved = try db.rows(
      """
      SELECT \(NotificationConfigDto.columns) FROM notification_configs
      WHERE trainee_id = ? ORDER BY type
      """, [trainee.value], named: NotificationConfigDto.columns,
      NotificationConfigDto.init(row:))
    let defaults = Self.defaultNotificationTypes.map { type in
      saved.first { $0.type == type } ?? NotificationConfigDto(type: type, enabled: true)
    }
    return defaults + saved.filter { !Self.defaultNotificationTypes.contains($0.type) }
  }

  public func saveNotificationConfig(
    _ config: NotificationConfigDto, for trainee: TraineeID
  )
    throws
  {
    try write(trainee) { db in
      try db.run(
        """
        INSERT INTO notification_configs (trainee_id, type, enabled, title_template,
          body_template)
        VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (trainee_id, type) DO UPDATE
        SET enabled = excluded.enabled, title_template = excluded.title_template,
          body_template = excluded.body_template
        """,
        [
          trainee.value, .text(config.type), DatabaseValue(config.enabled.map { $0 ? 1 : 0 }),
          DatabaseValue(config.titleTemplate), DatabaseValue(config.bodyTemplate),
        ])
    }
  }
}
