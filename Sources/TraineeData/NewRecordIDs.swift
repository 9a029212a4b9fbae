import Foundation
import SQLStore

// NB: docs/decisions/the-server-under-hostile-input.md, "Authentication answers and ids", "Record
// ids tell one trainee nothing about another": a trainee's new workout logs, meal logs and
// technique videos get ids that only that trainee's own writes move. Each trainee's rows of a kind
// walk upwards from a random start (at least 2^32, above every id a table's sequence gave before
// schema version 14) by random steps, the last id kept on the trainee's row (`last_*_id`, schema
// version 14), so the trainee's rows still sort by id in the order they were stored, a deleted id
// is never given to that trainee again, and nothing another trainee does moves them. Trainees
// themselves get a random id. Every id stays below 2^53, exact as a JSON number too. Two trainees'
// walks may meet: the insert skips a taken id (`ON CONFLICT (id) DO NOTHING`) and takes one more
// step, which the trainee cannot tell from any other step.

/// How the store chooses the ids of the rows it creates whose ids reach a client: trainees,
/// workout logs, meal logs and technique videos.
public struct NewRecordIDs: Sendable {
  enum Source: Sendable {
    /// Random ids, and per-trainee random walks (above).
    case random
    /// Each table's own sequence (AUTOINCREMENT, or the identity column), one for all
    /// trainees: the ids of stores before schema version 14.
    case databaseSequence
  }

  let source: Source

  /// Ids that tell one trainee nothing about another's records: what every server uses.
  public static let random = NewRecordIDs(source: .random)

  /// The ids each table's sequence gives, 1, 2, 3, ... across all trainees: how stores before
  /// schema version 14 numbered rows. Only for tests whose expectations (golden answers) name
  /// ids; never for a server.
  static let databaseSequence = NewRecordIDs(source: .databaseSequence)

  /// The least id a random id or walk start takes: above any id a table's sequence gave.
  static let lowest: Int64 = 1 << 32
  /// Walks start below this, leaving each trainee 2^52 of room to walk in.
  static let highestStart: Int64 = 1 << 52
  /// Every random id stays below this, so it is exact as a JSON number.
  static let bound: Int64 = 1 << 53
  /// The largest step of a walk.
  static let largestStep: Int64 = 1 << 20
  /// Inserts tried before the store gives up on finding a free id (each meets a taken one with a
  /// chance below one in a million for a billion rows).
  static let attempts = 8
}

/// The records a trainee owns whose ids reach a client, each with its table and the column of
/// `trainees` that keeps the trainee's last id of it.
enum OwnedRecord: Sendable, CaseIterable {
  case workoutLog, mealLog, techniqueVideo

  /// The table its rows are in.
  var table: String {
    switch self {
    case .workoutLog: "workout_logs"
    case .mealLog: "meal_logs"
    case .techniqueVideo: "technique_videos"
    }
  }

  /// The column of `trainees` holding the last id given to one of the trainee's rows (schema
  /// version 14); `NULL` before the first.
  var lastIDColumn: String {
    switch self {
    case .workoutLog: "last_workout_log_id"
    case .mealLog: "last_meal_log_id"
    case .techniqueVideo: "last_technique_video_id"
    }
  }
}

extension DatabaseTraineeStore {
  /// Inserts `row` into the table of `kind` for `trainee` with a new id (``NewRecordIDs``) and
  /// returns the id; throws `traineeNotFound` when no trainee has that id.
  func insertRecord(
    _ kind: OwnedRecord, _ row: ColumnValues, of trainee: TraineeID, _ db: any DatabaseConnection
  ) throws -> Int64 {
    switch recordIDs.source {
    case .databaseSequence:
      return try Self.insertedID(row.insert(into: kind.table, "RETURNING id"), row.values, db)
    case .random:
      for _ in 0..<NewRecordIDs.attempts {
        let step = Int64.random(in: 1...NewRecordIDs.largestStep)
        let start = Int64.random(in: NewRecordIDs.lowest..<NewRecordIDs.highestStart)
        guard
          let id = try db.row(
            """
            UPDATE trainees SET \(kind.lastIDColumn) = COALESCE(\(kind.lastIDColumn) + ?, ?)
            WHERE id = ? RETURNING \(kind.lastIDColumn)
            """, [.integer(step), .integer(start), trainee.value], { try $0.int64(0) })
        else { throw TraineeStoreError.traineeNotFound(trainee) }
        guard id < NewRecordIDs.bound else { break }
        if let inserted = try Self.insert(row, into: kind.table, id: id, db) { return inserted }
      }
      throw TraineeStoreError.storageFailed("no free id found for a row of \(kind.table)")
    }
  }

  /// Inserts `row` into `trainees` with a new id (``NewRecordIDs``) and returns the id.
  package func insertTrainee(_ row: ColumnValues, _ db: any DatabaseConnection) throws -> Int64 {
    try insertWithNewID(row, into: "trainees", db)
  }

  /// Inserts `row` into `table` (trainees, accounts, studios: rows of no trainee) with a new
  /// id as a trainee gets one (``NewRecordIDs``) and returns the id.
  package func insertWithNewID(
    _ row: ColumnValues, into table: String, _ db: any DatabaseConnection
  ) throws -> Int64 {
    switch recordIDs.source {
    case .databaseSequence:
      return try Self.insertedID(row.insert(into: table, "RETURNING id"), row.values, db)
    case .random:
      for _ in 0..<NewRecordIDs.attempts {
        let id = Int64.random(in: NewRecordIDs.lowest..<NewRecordIDs.bound)
        if let inserted = try Self.insert(row, into: table, id: id, db) { return inserted }
      }
      throw TraineeStoreError.storageFailed("no free id found for a row of \(table)")
    }
  }

  /// Inserts `row` with `id` into `table`; `nil` when a row already has that id.
  private static func insert(
    _ row: ColumnValues, into table: String, id: Int64, _ db: any DatabaseConnection
  ) throws -> Int64? {
    let placeholders = Array(repeating: "?", count: row.columns.count + 1)
    return try db.row(
      """
      INSERT INTO \(table) (id, \(row.columns.joined(separator: ", ")))
      VALUES (\(placeholders.joined(separator: ", "))) ON CONFLICT (id) DO NOTHING RETURNING id
      """, [.integer(id)] + row.values, { try $0.int64(0) })
  }
}
