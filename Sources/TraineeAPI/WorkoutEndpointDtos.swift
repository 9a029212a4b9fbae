import Foundation

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage":
// the bodies of the workout endpoints other than the programs and the log payload. The spec names
// the request fields; the answer shapes are ours and are recorded in
// docs/decisions/the-server-http-routes-and-storage.md ("Server workout routes").

/// The body of `POST /v1/trainee/workouts/substitutions`: the trainee chose `toExerciseId` for
/// one program row; `toExerciseId` equal to `fromExerciseId` undoes the saved swap.
public struct SubstitutionRequestDto: Codable, Equatable, Sendable {
  /// The program of the row; when absent the server finds the program that has the day and row.
  public var programId: String?
  public var dayId: String
  public var rowId: String
  public var fromExerciseId: String
  public var toExerciseId: String

  /// A substitution request.
  public init(
    programId: String?, dayId: String, rowId: String, fromExerciseId: String,
    toExerciseId: String
  ) {
    self.programId = programId
    self.dayId = dayId
    self.rowId = rowId
    self.fromExerciseId = fromExerciseId
    self.toExerciseId = toExerciseId
  }

  enum CodingKeys: String, CodingKey {
    case programId, dayId, rowId, fromExerciseId, toExerciseId
  }
}

/// The answer of `POST /v1/trainee/workouts/log`.
public struct LoggedWorkoutDto: Codable, Equatable, Sendable {
  /// The log's id, a decimal string.
  public var id: String
  /// The trainee's number for the workout, given once and never again.
  public var workoutNumber: Int
  /// Whether the log was deleted since it was stored (a late retry of its `Idempotency-Key`):
  /// the workout was delivered, and is no longer in the history. Sent only when `true`.
  @Defaulted<FalseFlag> public var deleted: Bool

  /// A logged workout's answer.
  public init(id: String, workoutNumber: Int, deleted: Bool = false) {
    self.id = id
    self.workoutNumber = workoutNumber
    self.deleted = deleted
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(workoutNumber, forKey: .workoutNumber)
    if deleted { try container.encode(true, forKey: .deleted) }
  }

  enum CodingKeys: String, CodingKey {
    case id, workoutNumber, deleted
  }
}

/// One logged workout as `GET /v1/trainee/workouts/history` lists it, newest first, and as
/// `GET /v1/trainee/workouts/history/:id` answers it (then with `entries`).
public struct WorkoutLogDto: Codable, Equatable, Sendable {
  /// The log's id, a decimal string.
  public var id: String
  public var workoutNumber: Int
  /// When the server stored it, ISO 8601 in UTC with milliseconds.
  public var loggedAt: String
  public var programId: String?
  public var dayId: String?
  public var label: String?
  public var durationSec: Int?
  public var completed: Bool
  /// How many exercises were logged.
  public var exerciseCount: Int
  /// How many sets, strength and cardio, were done.
  public var doneSetCount: Int
  /// The rounded sum of weight times reps over done strength sets with both positive.
  public var volumeKg: Int
  /// The exercises as logged; only in the answer about one log.
  public var entries: [LogEntry]?
  /// The version of the coach's program the workout was done from, when the log named one.
  public var programVersion: Int?
  /// The trainee's note on the workout; only in the answer about one log, when written.
  public var note: String?
  /// The coach's review; only in the answer about one log, once reviewed.
  public var review: WorkoutReviewDto?
  /// The day prescribed beside what was logged; only in the coach's read of one log.
  public var prescribedBesidePerformed: PrescribedBesidePerformedDto?

  /// A logged workout.
  public init(
    id: String, workoutNumber: Int, loggedAt: String, programId: String?, dayId: String?,
    label: String?, durationSec: Int?, completed: Bool, exerciseCount: Int, doneSetCount: Int,
    volumeKg: Int, entries: [LogEntry]?, programVersion: Int? = nil, note: String? = nil,
    review: WorkoutReviewDto? = nil
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
    self.volumeKg = volumeKg
    self.entries = entries
    self.programVersion = programVersion
    self.note = note
    self.review = review
    prescribedBesidePerformed = nil
  }
}

/// The answer of `GET /v1/trainee/workouts/history`: one page of the history.
public struct WorkoutHistoryDto: Codable, Equatable, Sendable {
  /// The page's logged workouts, newest first, without their entries.
  public var workouts: [WorkoutLogDto]
  /// The `cursor` that asks for the next (older) page; `nil` on the last page.
  public var nextCursor: String?

  /// A page of the history.
  public init(workouts: [WorkoutLogDto], nextCursor: String? = nil) {
    self.workouts = workouts
    self.nextCursor = nextCursor
  }
}

/// The body of `POST /v1/trainee/technique-videos`.
public struct TechniqueVideoRequestDto: Codable, Equatable, Sendable {
  /// Where the video is, an `http` or `https` URL.
  public var url: String
  /// The exercise the video shows.
  public var exerciseId: String?

  /// A technique video to send.
  public init(url: String, exerciseId: String? = nil) {
    self.url = url
    self.exerciseId = exerciseId
  }

  enum CodingKeys: String, CodingKey { case url, exerciseId }
}

/// The answer of `POST /v1/trainee/technique-videos`: the video as stored.
public struct TechniqueVideoDto: Codable, Equatable, Sendable {
  /// The video's id, a decimal string (the `videoId` of `CoachFeedbackDto`).
  public var id: String
  public var url: String
  public var exerciseId: String?
  /// When the server stored it, ISO 8601 in UTC with milliseconds.
  public var submittedAt: String

  /// A stored video.
  public init(id: String, url: String, exerciseId: String?, submittedAt: String) {
    self.id = id
    self.url = url
    self.exerciseId = exerciseId
    self.submittedAt = submittedAt
  }
}

/// The answer of `GET /v1/trainee/session`: who the bearer token belongs to.
public struct TraineeSessionDto: Codable, Equatable, Sendable {
  /// The trainee's id, a decimal string.
  public var id: String
  public var name: String

  /// A session.
  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }
}
