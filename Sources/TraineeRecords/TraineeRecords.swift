import Foundation
import SQLStore
import TraineeAPI

/// The id of a stored record of kind `Record`, so that a log id cannot be passed as a video id.
///
/// On the wire it is a decimal string (as `CoachFeedbackDto.videoId` is); a number is accepted.
public struct RecordID<Record>: RawRepresentable, Hashable, Comparable, Sendable, Codable,
  LosslessStringConvertible
{
  public var rawValue: Int64

  public init(rawValue: Int64) { self.rawValue = rawValue }

  /// Reads a path segment such as `42`; `nil` for anything but a positive decimal integer in
  /// its one canonical spelling (`01`, `+1` and `1.0` name no record: one id, one URL).
  public init?(_ description: String) {
    guard !description.isEmpty, description.count <= 19,
      description.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int64(description),
      value > 0, String(value) == description
    else { return nil }
    rawValue = value
  }

  public var description: String { String(rawValue) }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int64.self) {
      rawValue = number
    } else if let id = Self(try container.decode(String.self)) {
      self = id
    } else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "is not an id")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

/// A trainee's id.
public typealias TraineeID = RecordID<Trainee>
/// A logged workout's id.
public typealias WorkoutLogID = RecordID<WorkoutLogRecord>
/// A technique video's id.
public typealias TechniqueVideoID = RecordID<TechniqueVideo>
/// A nutrition meal log's id.
public typealias MealLogID = RecordID<MealLog>

/// A person the coach trains, who signs in with a bearer token.
public struct Trainee: Equatable, Sendable {
  public var id: TraineeID
  public var name: String
  public var createdAt: Date

  public init(id: TraineeID, name: String, createdAt: Date) {
    self.id = id
    self.name = name
    self.createdAt = createdAt
  }
}

/// A trainee just created, with the only copy of its bearer token (the store keeps a hash).
public struct NewTrainee: Equatable, Sendable {
  public var trainee: Trainee
  public var token: String

  public init(trainee: Trainee, token: String) {
    self.trainee = trainee
    self.token = token
  }
}

/// A saved swap of one program row's exercise for another.
public struct Substitution: Equatable, Sendable, Codable {
  public var programId: String
  public var dayId: String
  public var rowId: String
  public var fromExerciseId: String
  public var toExerciseId: String

  public init(
    programId: String, dayId: String, rowId: String, fromExerciseId: String,
    toExerciseId: String
  ) {
    self.programId = programId
    self.dayId = dayId
    self.rowId = rowId
    self.fromExerciseId = fromExerciseId
    self.toExerciseId = toExerciseId
  }

  /// Whether saving it undoes the row's swap (`toExerciseId` equals `fromExerciseId`).
  public var isUndo: Bool { fromExerciseId == toExerciseId }
}

/// The answer to a logged workout: `{ id, workoutNumber }`.
public struct LoggedWorkout: Hashable, Sendable, Codable {
  public var id: WorkoutLogID
  /// The trainee's number for the workout, given once and never again.
  public var workoutNumber: Int
  /// Whether the log was deleted since it was stored: a retry of its `Idempotency-Key` answers
  /// the first answer and says so.
  public var deleted: Bool

  public init(id: WorkoutLogID, workoutNumber: Int, deleted: Bool = false) {
    self.id = id
    self.workoutNumber = workoutNumber
    self.deleted = deleted
  }
}

/// A logged workout as stored.
public struct WorkoutLogRecord: Equatable, Sendable {
  public var id: WorkoutLogID
  public var workoutNumber: Int
  public var loggedAt: Date
  public var payload: LogWorkoutPayload

  public init(id: WorkoutLogID, workoutNumber: Int, loggedAt: Date, payload: LogWorkoutPayload) {
    self.id = id
    self.workoutNumber = workoutNumber
    self.loggedAt = loggedAt
    self.payload = payload
  }
}

/// What the trainee did last time and at best in one exercise.
public struct ExerciseHistory: Equatable, Sendable {
  /// The done strength sets of the last logged workout that had any, in logged order.
  public var lastSets: [LastSetDto]
  /// The done set with the highest Epley estimate, weight x (1 + reps / 30); the earliest on a tie.
  public var best: BestDto?

  public init(lastSets: [LastSetDto] = [], best: BestDto? = nil) {
    self.lastSets = lastSets
    self.best = best
  }
}

/// A video of the trainee's technique sent to the coach.
public struct TechniqueVideo: Equatable, Sendable {
  public var id: TechniqueVideoID
  public var url: String
  public var exerciseId: String?
  public var submittedAt: Date
  /// The coach's answer, once given.
  public var feedback: String?
  /// When the trainee saw the answer.
  public var feedbackSeenAt: Date?

  public init(
    id: TechniqueVideoID, url: String, exerciseId: String?, submittedAt: Date,
    feedback: String? = nil, feedbackSeenAt: Date? = nil
  ) {
    self.id = id
    self.url = url
    self.exerciseId = exerciseId
    self.submittedAt = submittedAt
    self.feedback = feedback
    self.feedbackSeenAt = feedbackSeenAt
  }
}

/// A meal the trainee logged, with its items as the JSON text they were given in.
/// What a meal log may carry besides its items: the trainee's words, a photo's path on their
/// device, and the key that makes a retried post store it once.
public struct MealLogDetails: Equatable, Sendable {
  public var description: String?
  public var photoPath: String?
  public var idempotencyKey: String?
  /// The studio the trainee uses, which tags the log (`nil`: the default studio).
  public var studio: StudioID?

  public init(
    description: String? = nil, photoPath: String? = nil, idempotencyKey: String? = nil,
    studio: StudioID? = nil
  ) {
    self.description = description
    self.photoPath = photoPath
    self.idempotencyKey = idempotencyKey
    self.studio = studio
  }
}

public struct MealLog: Equatable, Sendable {
  public var id: MealLogID
  /// The diary day it belongs to, in the trainee's time zone.
  public var date: CalendarDate
  /// When it was eaten: the time given, or the time it was logged.
  public var consumedAt: Date
  /// The items, JSON text as given.
  public var itemsJSON: String

  public init(id: MealLogID, date: CalendarDate, consumedAt: Date, itemsJSON: String) {
    self.id = id
    self.date = date
    self.consumedAt = consumedAt
    self.itemsJSON = itemsJSON
  }
}

/// Why a store refused or failed an operation.
public enum TraineeStoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No trainee has this id.
  case traineeNotFound(TraineeID)
  /// An input the store checks is wrong, such as an empty name or text that is not JSON.
  case invalid(field: String, problem: String)
  /// The storage itself failed (disk, locks, corruption), with the backend's message.
  case storageFailed(String)
  /// The database cannot be reached now (PostgreSQL stopped or restarting, every connection
  /// busy); the same request may succeed later.
  case unavailable(String)
  /// The trainee used this `Idempotency-Key` before for another workout.
  case idempotencyKeyReused(String)
  /// The trainee already stores as much of something as one may (`StorageLimits`); `what`
  /// names it and the limit, for people.
  case limitReached(String)
  /// A document is larger than the store keeps (`StorageLimits`); `what` says what and how much.
  case tooLarge(String)
  /// The write would take the trainee past a quota (`TraineeQuotas`); nothing was stored.
  case quotaExceeded(QuotaRefusal)
  /// The trainee writes faster than `WriteRate`; a write is taken again after
  /// `retryAfterSeconds`. Nothing was stored.
  case writeRateExceeded(retryAfterSeconds: Int)

  public var description: String {
    switch self {
    case .traineeNotFound(let id): "no trainee has id \(id)"
    case .invalid(let field, let problem): "\(field) \(problem)"
    case .storageFailed(let message): "storage failed: \(message)"
    case .unavailable(let message): "storage unavailable: \(message)"
    case .idempotencyKeyReused(let key):
      "Idempotency-Key \(key) was used before for another workout"
    case .limitReached(let what), .tooLarge(let what): what
    case .quotaExceeded(let refusal): "\(refusal)"
    case .writeRateExceeded(let seconds): "writes too fast; the next is taken in \(seconds) s"
    }
  }
}
