import Foundation
import TraineeAPI

/// One done set of a logged workout, with the workout it belongs to: the unit every export,
/// chart and import works on. Weights are in kilograms, distances in kilometres.
public struct LoggedSet: Equatable, Sendable {
  /// The log's id as the server gave it (empty for a set not yet posted).
  public var logId: String
  public var workoutNumber: Int
  /// When the workout was done: the server's `loggedAt`, or the date it was imported with.
  public var performedAt: Date
  /// The program day's label, or the imported workout's title.
  public var dayLabel: String
  public var exerciseId: String
  public var exerciseName: String
  public var setNumber: Int
  /// The set's type as logged; `nil` for a log from before types were logged.
  public var setType: SetType?
  public var weightKg: Double?
  public var reps: Int?
  public var rir: String?
  public var durationSec: Int?
  public var distanceKm: Double?
  /// Whether the set beat the exercise's best when it was logged; `nil` when the log says nothing.
  public var isRecord: Bool?

  /// A logged set.
  public init(
    logId: String = "", workoutNumber: Int, performedAt: Date, dayLabel: String,
    exerciseId: String, exerciseName: String, setNumber: Int, setType: SetType? = nil,
    weightKg: Double? = nil, reps: Int? = nil, rir: String? = nil, durationSec: Int? = nil,
    distanceKm: Double? = nil, isRecord: Bool? = nil
  ) {
    self.logId = logId
    self.workoutNumber = workoutNumber
    self.performedAt = performedAt
    self.dayLabel = dayLabel
    self.exerciseId = exerciseId
    self.exerciseName = exerciseName
    self.setNumber = setNumber
    self.setType = setType
    self.weightKg = weightKg
    self.reps = reps
    self.rir = rir
    self.durationSec = durationSec
    self.distanceKm = distanceKm
    self.isRecord = isRecord
  }

  /// Whether this set counts for records and the estimated 1RM: a strength set with a positive
  /// weight and reps that is not a warm-up (the engine's rule for records).
  public var countsForRecords: Bool {
    guard let weightKg, let reps, weightKg > 0, reps > 0 else { return false }
    return setType != .warmup
  }

  /// Weight times reps when both are positive; the engine counts warm-ups in the volume too.
  public var volumeKg: Double {
    guard let weightKg, let reps, weightKg > 0, reps > 0 else { return 0 }
    return weightKg * Double(reps)
  }

  /// The done sets of a logged workout (one answered with its `entries`), in logged order;
  /// `nil` when its `loggedAt` is not an ISO 8601 time.
  public static func sets(of log: WorkoutLogDto) -> [LoggedSet]? {
    guard let performedAt = ISO8601Instant.date(from: log.loggedAt) else { return nil }
    return sets(
      of: log.entries ?? [], logId: log.id, workoutNumber: log.workoutNumber,
      performedAt: performedAt, dayLabel: log.label ?? "")
  }

  /// The done sets of a workout's `entries`, in logged order: what the server keeps of a log it
  /// stores, and what the app reads back.
  public static func sets(
    of entries: [LogEntry], logId: String, workoutNumber: Int, performedAt: Date,
    dayLabel: String
  ) -> [LoggedSet] {
    var sets: [LoggedSet] = []
    for entry in entries {
      for set in entry.sets {
        var row = LoggedSet(
          logId: logId, workoutNumber: workoutNumber, performedAt: performedAt,
          dayLabel: dayLabel, exerciseId: entry.exerciseId, exerciseName: entry.name,
          setNumber: 0)
        switch set {
        case .strength(let set):
          guard set.done else { continue }
          row.setNumber = set.setNumber
          row.weightKg = set.weight
          row.reps = set.reps
          row.rir = set.rir
          row.setType = set.setType
          row.isRecord = set.isRecord
        case .cardio(let set):
          guard set.done else { continue }
          row.setNumber = set.setNumber
          row.durationSec = set.durationSec
          row.distanceKm = set.distanceKm
        }
        sets.append(row)
      }
    }
    return sets
  }
}

extension LoggedSet {
  /// The set a page of `GET /v1/trainee/workouts/sets` lists; `nil` when its `performedAt` is
  /// not an ISO 8601 time.
  public init?(_ dto: LoggedSetDto) {
    guard let performedAt = ISO8601Instant.date(from: dto.performedAt) else { return nil }
    self.init(
      logId: dto.logId, workoutNumber: dto.workoutNumber, performedAt: performedAt,
      dayLabel: dto.label ?? "", exerciseId: dto.exerciseId, exerciseName: dto.name,
      setNumber: dto.setNumber, setType: dto.setType, weightKg: dto.weight, reps: dto.reps,
      rir: dto.rir, durationSec: dto.durationSec, distanceKm: dto.distanceKm,
      isRecord: dto.isRecord)
  }
}

extension LoggedSet {
  /// `sets` oldest workout first (by date, then log id, then workout number), each workout's
  /// sets kept in their order.
  public static func chronological(_ sets: [LoggedSet]) -> [LoggedSet] {
    sets.enumerated().sorted { lhs, rhs in
      let (a, b) = (lhs.element, rhs.element)
      if a.performedAt != b.performedAt { return a.performedAt < b.performedAt }
      if a.logId != b.logId {
        return (Int64(a.logId) ?? 0, a.logId) < (Int64(b.logId) ?? 0, b.logId)
      }
      return lhs.offset < rhs.offset
    }.map(\.element)
  }
}
