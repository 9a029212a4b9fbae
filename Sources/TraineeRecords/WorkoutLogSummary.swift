import Foundation
import TraineeAPI

// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history", "the first read after a write": what the history list
// and the next workout show of a log is kept in `workout_summaries` when the log is stored, so
// neither read decodes a stored payload.

/// What the history list shows of one logged workout, without its entries.
public struct WorkoutLogSummary: Equatable, Sendable {
  public var id: WorkoutLogID
  public var workoutNumber: Int
  /// When the workout was done: when it was stored, or the date it was imported with.
  public var loggedAt: Date
  public var programId: String?
  public var dayId: String?
  public var label: String?
  public var durationSec: Int?
  public var completed: Bool
  /// How many exercises were logged.
  public var exerciseCount: Int
  /// How many sets, strength and cardio, were done.
  public var doneSetCount: Int
  /// The sum of weight times reps over done strength sets with both positive (not rounded).
  public var volume: Double
  /// The version of the coach's program the workout was done from, when the log named one.
  public var programVersion: Int?

  /// A summary as stored.
  public init(
    id: WorkoutLogID, workoutNumber: Int, loggedAt: Date, programId: String?, dayId: String?,
    label: String?, durationSec: Int?, completed: Bool, exerciseCount: Int, doneSetCount: Int,
    volume: Double, programVersion: Int? = nil
  ) {
    self.id = id
    self.workoutNumber = workoutNumber
    self.loggedAt = loggedAt
    self.programId = programId
    self.dayId = dayId
    self.label = label
    self.durationSec = durationSec
    self.completed = completed
    self.exerciseCount = exerciseCount
    self.doneSetCount = doneSetCount
    self.volume = volume
    self.programVersion = programVersion
  }

  /// The summary of `payload`, stored as log `id` with `workoutNumber` at `loggedAt`.
  public init(id: WorkoutLogID, workoutNumber: Int, loggedAt: Date, payload: LogWorkoutPayload) {
    var doneSets = 0
    var volume = 0.0
    for entry in payload.entries {
      for set in entry.sets {
        switch set {
        case .strength(let set):
          guard set.done else { continue }
          doneSets += 1
          if let weight = set.weight, let reps = set.reps, weight > 0, reps > 0 {
            volume += weight * Double(reps)
          }
        case .cardio(let set):
          if set.done { doneSets += 1 }
        }
      }
    }
    self.init(
      id: id, workoutNumber: workoutNumber, loggedAt: loggedAt, programId: payload.programId,
      dayId: payload.dayId, label: payload.label, durationSec: payload.durationSec,
      completed: payload.completed, exerciseCount: payload.entries.count, doneSetCount: doneSets,
      volume: volume, programVersion: payload.programVersion)
  }

  /// Where the history continues after this log: the logs done before it.
  public var cursor: WorkoutHistoryCursor {
    WorkoutHistoryCursor(loggedAt: loggedAt.milliseconds, logId: id.rawValue)
  }
}

/// Where a page of the history ended: `<logged-at ms>.<log id>` on the wire. The next page holds
/// the logs done before that instant, and those done at the same millisecond with a lower id.
public struct WorkoutHistoryCursor: Equatable, Sendable, CustomStringConvertible {
  public var loggedAt: Int64
  public var logId: Int64

  /// A cursor.
  public init(loggedAt: Int64, logId: Int64) {
    self.loggedAt = loggedAt
    self.logId = logId
  }

  /// The cursor `text` spells, or `nil` when it is not two decimal integers joined by a dot, the
  /// second positive, without leading zeros or a plus sign (this server never gives those, so a
  /// cursor that has them was not given by it).
  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2,
      let loggedAt = Self.integer(parts[0].hasPrefix("-") ? parts[0].dropFirst() : parts[0]),
      let logId = Self.integer(parts[1]), logId > 0, !(parts[0].hasPrefix("-") && loggedAt == 0)
    else { return nil }
    self.init(loggedAt: parts[0].hasPrefix("-") ? -loggedAt : loggedAt, logId: logId)
  }

  /// The digits of `text` as a number: 1 to 18 ASCII digits, no leading zero unless alone.
  private static func integer(_ text: Substring) -> Int64? {
    let utf8 = text.utf8
    guard (1...18).contains(utf8.count), utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      utf8.count == 1 || utf8.first != 0x30
    else { return nil }
    return Int64(text)
  }

  public var description: String { "\(loggedAt).\(logId)" }
}
