import Foundation
import TraineeAPI

// NB: docs/decisions.md "Paged logged sets": a page is read by keyset, `(performed_at, log_id,
// position)` after the cursor, from one of `set_history`'s two indexes, so its cost is the page's
// length however long the history; `StorageLimits`-style bounds keep the page itself bounded.

/// Which of a trainee's done sets to read, and from where.
public struct LoggedSetQuery: Equatable, Sendable {
  /// Only this exercise's sets; `nil`: every exercise's.
  public var exerciseId: String?
  /// Only sets of workouts done at or after this instant.
  public var from: Date?
  /// Only sets of workouts done before this instant.
  public var to: Date?
  /// The last set of the previous page; `nil` for the first page.
  public var after: LoggedSetCursor?
  /// How many sets at most, from 1 to ``maximumLimit``.
  public var limit: Int

  /// The most sets a page holds.
  public static let maximumLimit = 500
  /// A page's length when the client names none.
  public static let defaultLimit = 100

  /// A query.
  public init(
    exerciseId: String? = nil, from: Date? = nil, to: Date? = nil,
    after: LoggedSetCursor? = nil, limit: Int = defaultLimit
  ) {
    self.exerciseId = exerciseId
    self.from = from
    self.to = to
    self.after = after
    self.limit = min(max(limit, 1), Self.maximumLimit)
  }
}

/// Where a page of sets ended: `<performed-at ms>.<log id>.<position>` on the wire.
public struct LoggedSetCursor: Equatable, Sendable, CustomStringConvertible {
  public var performedAt: Int64
  public var logId: Int64
  public var position: Int64

  /// A cursor.
  public init(performedAt: Int64, logId: Int64, position: Int64) {
    self.performedAt = performedAt
    self.logId = logId
    self.position = position
  }

  /// The cursor `text` spells, or `nil` when it is not three non-negative decimal integers.
  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 18 }),
      let performedAt = Int64(parts[0]), let logId = Int64(parts[1]),
      let position = Int64(parts[2]), performedAt >= 0, logId >= 0, position >= 0,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
    else { return nil }
    self.init(performedAt: performedAt, logId: logId, position: position)
  }

  public var description: String { "\(performedAt).\(logId).\(position)" }
}

/// One page of sets and where the next one starts.
public struct LoggedSetPage: Equatable, Sendable {
  public var sets: [LoggedSetDto]
  /// The cursor of the page's last set when more follow; `nil` on the last page.
  public var next: LoggedSetCursor?
}

extension DatabaseTraineeStore {
  /// Keeps the done sets of a log one per row in `set_history`, in the log's transaction: the
  /// paged sets, and the last and best sets of each exercise (`exerciseHistory`).
  static func recordSetHistory(
    of payload: LogWorkoutPayload, log: WorkoutLogID, workoutNumber: Int, performedAt: Int64,
    trainee: TraineeID, _ db: any DatabaseConnection
  ) throws {
    var rows: [[DatabaseValue]] = []
    for (entryIndex, entry) in payload.entries.enumerated() {
      for (setIndex, set) in entry.sets.enumerated() {
        var values: [DatabaseValue] = [
          log.value, DatabaseValue(entryIndex * 1000 + setIndex), trainee.value,
          .integer(performedAt), DatabaseValue(workoutNumber), DatabaseValue(payload.label),
          .text(entry.exerciseId), .text(entry.name),
        ]
        switch set {
        case .strength(let set):
          guard set.done else { continue }
          values += [
            DatabaseValue(set.setNumber), DatabaseValue(set.setType?.rawValue),
            DatabaseValue(set.weight), DatabaseValue(set.reps), DatabaseValue(set.rir), .null,
            .null, set.isRecord.map { DatabaseValue($0) } ?? .null, .integer(1),
          ]
        case .cardio(let set):
          guard set.done else { continue }
          values += [
            DatabaseValue(set.setNumber), .null, .null, .null, .null,
            DatabaseValue(set.durationSec), DatabaseValue(set.distanceKm), .null, .integer(0),
          ]
        }
        rows.append(values)
      }
    }
    try setHistoryInsert.run(rows, db)
  }

  private static let setHistoryInsert = MultiRowInsert(
    """
    INSERT INTO set_history (log_id, position, trainee_id, performed_at, workout_number,
      label, exercise_id, name, set_number, set_type, weight, reps, rir, duration_sec,
      distance_km, is_record, is_strength)
    """, columns: 17)

  public func loggedSets(_ query: LoggedSetQuery, for trainee: TraineeID) throws -> LoggedSetPage {
    let after = query.after ?? LoggedSetCursor(performedAt: -1, logId: -1, position: -1)
    var conditions = ["trainee_id = ?1", "(performed_at, log_id, position) > (?2, ?3, ?4)"]
    var values: [DatabaseValue] = [
      trainee.value, .integer(after.performedAt), .integer(after.logId),
      .integer(after.position), DatabaseValue(query.limit + 1),
    ]
    if let exerciseId = query.exerciseId {
      values.append(.text(exerciseId))
      conditions.append("exercise_id = ?\(values.count)")
    }
    if let from = query.from {
      values.append(.integer(from.milliseconds))
      conditions.append("performed_at >= ?\(values.count)")
    }
    if let to = query.to {
      values.append(.integer(to.milliseconds))
      conditions.append("performed_at < ?\(values.count)")
    }
    let rows = try read { db in
      try db.rows(
        """
        SELECT performed_at, log_id, position, workout_number, label, exercise_id, name,
          set_number, set_type, weight, reps, rir, duration_sec, distance_km, is_record
        FROM set_history WHERE \(conditions.joined(separator: " AND "))
        ORDER BY performed_at, log_id, position LIMIT ?5
        """, values
      ) { row in
        let cursor = LoggedSetCursor(
          performedAt: try row.int64(0), logId: try row.int64(1), position: try row.int64(2))
        let set = LoggedSetDto(
          logId: String(cursor.logId), workoutNumber: try row.int(3),
          performedAt: ISO8601Instant.textWithMilliseconds(Date(milliseconds: cursor.performedAt)),
          label: try row.text(4),
          exerciseId: try row.string(5), name: try row.string(6), setNumber: try row.int(7),
          setType: try row.text(8).flatMap(SetType.init(rawValue:)),
          weight: try row.optionalDouble(9), reps: try row.optionalInt(10), rir: try row.text(11),
          durationSec: try row.optionalInt(12), distanceKm: try row.optionalDouble(13),
          isRecord: try row.optionalInt64(14).map { $0 != 0 })
        return (cursor, set)
      }
    }
    let page = rows.prefix(query.limit)
    return LoggedSetPage(
      sets: page.map(\.1), next: rows.count > query.limit ? page.last?.0 : nil)
  }
}
