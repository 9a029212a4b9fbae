import Foundation
import TraineeAPI

// NB: docs/decisions/what-the-coach-sees.md, "Records and progress": an exercise's records are
// the best set by Epley's estimate (the app's "best"), the heaviest set and the set of most reps,
// each over the done non-warm-up strength sets with positive reps (and, but for the most reps, a
// positive weight); the earliest wins a tie. The count of workouts and of done sets is the
// progress view's. Records of disjoint sets of logs combine (`merged`) into the records of their
// union, so the server keeps them per studio tag and combines the tags a coach may see.

/// One set that holds a record: when, in which log, its weight and reps.
public struct RecordSet: Equatable, Sendable {
  /// When its workout was done.
  public var performedAt: Date
  /// The log's id as the server gave it.
  public var logId: String
  /// The weight in kilograms; `nil` or 0 for a set without one (most reps only).
  public var weightKg: Double?
  public var reps: Int

  /// A set holding a record.
  public init(performedAt: Date, logId: String, weightKg: Double?, reps: Int) {
    self.performedAt = performedAt
    self.logId = logId
    self.weightKg = weightKg
    self.reps = reps
  }

  /// Epley's estimate of the set, in kilograms; 0 without a weight.
  public var estimatedOneRepMaxKg: Double {
    guard let weightKg, weightKg > 0 else { return 0 }
    return estimatedOneRepMax(weight: weightKg, reps: reps)
  }

  /// Whether this set was done before `other`: by date, then by log id (numerically).
  func isEarlier(than other: RecordSet) -> Bool {
    if performedAt != other.performedAt { return performedAt < other.performedAt }
    return (Int64(logId) ?? 0, logId) < (Int64(other.logId) ?? 0, other.logId)
  }
}

/// One exercise's records over a set of logged workouts.
public struct ExerciseRecords: Equatable, Sendable {
  public var exerciseId: String
  /// The exercise's name in its latest workout.
  public var name: String
  /// How many workouts have a done set of the exercise.
  public var workouts: Int
  /// How many done sets of the exercise there are, warm-ups and cardio included.
  public var sets: Int
  /// The latest workout with a done set of the exercise.
  public var lastPerformedAt: Date
  /// That workout's log id.
  public var lastLogId: String
  /// The set with the highest estimated 1RM (the app's best set).
  public var bestSet: RecordSet?
  /// The set with the highest weight.
  public var heaviestSet: RecordSet?
  /// The set with the most reps.
  public var mostRepsSet: RecordSet?

  /// A record of `exerciseId` with nothing in it yet.
  public init(
    exerciseId: String, name: String, workouts: Int, sets: Int, lastPerformedAt: Date,
    lastLogId: String, bestSet: RecordSet? = nil, heaviestSet: RecordSet? = nil,
    mostRepsSet: RecordSet? = nil
  ) {
    self.exerciseId = exerciseId
    self.name = name
    self.workouts = workouts
    self.sets = sets
    self.lastPerformedAt = lastPerformedAt
    self.lastLogId = lastLogId
    self.bestSet = bestSet
    self.heaviestSet = heaviestSet
    self.mostRepsSet = mostRepsSet
  }

  /// The records of each exercise of `sets` (any order), by exercise id.
  public static func of(_ sets: [LoggedSet]) -> [String: ExerciseRecords] {
    var records: [String: ExerciseRecords] = [:]
    var workouts: [String: Set<String>] = [:]
    for set in LoggedSet.chronological(sets) {
      let held = RecordSet(
        performedAt: set.performedAt, logId: set.logId, weightKg: set.weightKg,
        reps: set.reps ?? 0)
      var record =
        records[set.exerciseId]
        ?? ExerciseRecords(
          exerciseId: set.exerciseId, name: set.exerciseName, workouts: 0, sets: 0,
          lastPerformedAt: set.performedAt, lastLogId: set.logId)
      record.sets += 1
      record.name = set.exerciseName
      record.lastPerformedAt = set.performedAt
      record.lastLogId = set.logId
      if workouts[set.exerciseId, default: []].insert("\(set.logId)|\(set.performedAt)").inserted {
        record.workouts += 1
      }
      if set.countsForRecords {
        record.bestSet = Self.better(record.bestSet, held, by: \.estimatedOneRepMaxKg)
        record.heaviestSet = Self.better(record.heaviestSet, held) { $0.weightKg ?? 0 }
      }
      if set.setType != .warmup, let reps = set.reps, reps > 0 {
        record.mostRepsSet = Self.better(record.mostRepsSet, held) { Double($0.reps) }
      }
      records[set.exerciseId] = record
    }
    return records
  }

  /// The records of this exercise over this record's logs and `other`'s, which share none.
  public func merged(with other: ExerciseRecords) -> ExerciseRecords {
    var result = self
    result.workouts += other.workouts
    result.sets += other.sets
    let otherIsLater = RecordSet(
      performedAt: lastPerformedAt, logId: lastLogId, weightKg: nil, reps: 0
    ).isEarlier(
      than: RecordSet(
        performedAt: other.lastPerformedAt, logId: other.lastLogId, weightKg: nil, reps: 0))
    if otherIsLater {
      result.name = other.name
      result.lastPerformedAt = other.lastPerformedAt
      result.lastLogId = other.lastLogId
    }
    result.bestSet = Self.better(bestSet, other.bestSet, by: \.estimatedOneRepMaxKg)
    result.heaviestSet = Self.better(heaviestSet, other.heaviestSet) { $0.weightKg ?? 0 }
    result.mostRepsSet = Self.better(mostRepsSet, other.mostRepsSet) { Double($0.reps) }
    return result
  }

  /// The one of `held` and `candidate` with the higher `value`, the earlier on a tie (within
  /// a billionth, as the progress chart's best set).
  static func better(
    _ held: RecordSet?, _ candidate: RecordSet?, by value: (RecordSet) -> Double
  ) -> RecordSet? {
    guard let held else { return candidate }
    guard let candidate else { return held }
    let (a, b) = (value(held), value(candidate))
    if b > a + 1e-9 { return candidate }
    if a > b + 1e-9 { return held }
    return candidate.isEarlier(than: held) ? candidate : held
  }
}
