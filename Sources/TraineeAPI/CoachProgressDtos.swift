// NB: docs/decisions/what-the-coach-sees.md, "Records and progress": the coach's records and
// progress series of a trainee, computed by the progress view's own arithmetic over the logs the
// studio may see. Weights are kilograms, instants RFC 3339 in UTC.

/// One set holding a record.
public struct RecordSetDto: Codable, Equatable, Sendable {
  /// The set's log (the workout's id).
  public var logId: String
  /// When its workout was done.
  public var performedAt: String
  /// Kilograms; absent for a set without a weight.
  public var weight: Double?
  public var reps: Int
  /// Epley's estimate of the set in kilograms; absent without a weight.
  public var estimatedOneRepMax: Double?

  /// A set holding a record.
  public init(
    logId: String, performedAt: String, weight: Double?, reps: Int, estimatedOneRepMax: Double?
  ) {
    self.logId = logId
    self.performedAt = performedAt
    self.weight = weight
    self.reps = reps
    self.estimatedOneRepMax = estimatedOneRepMax
  }
}

/// One exercise's records.
public struct ExerciseRecordsDto: Codable, Equatable, Sendable {
  public var exerciseId: String
  /// The exercise's name in its latest workout the studio may see.
  public var name: String
  /// Workouts with a done set of the exercise.
  public var workouts: Int
  /// Done sets of the exercise, warm-ups included.
  public var sets: Int
  /// The latest of those workouts.
  public var lastPerformedAt: String
  /// The set with the highest estimated 1RM; absent when no set counts.
  public var bestSet: RecordSetDto?
  /// The set with the highest weight.
  public var heaviestSet: RecordSetDto?
  /// The set with the most reps.
  public var mostRepsSet: RecordSetDto?

  /// An exercise's records.
  public init(
    exerciseId: String, name: String, workouts: Int, sets: Int, lastPerformedAt: String,
    bestSet: RecordSetDto?, heaviestSet: RecordSetDto?, mostRepsSet: RecordSetDto?
  ) {
    self.exerciseId = exerciseId
    self.name = name
    self.workouts = workouts
    self.sets = sets
    self.lastPerformedAt = lastPerformedAt
    self.bestSet = bestSet
    self.heaviestSet = heaviestSet
    self.mostRepsSet = mostRepsSet
  }
}

/// The answer of `GET /v1/coach/trainees/{traineeId}/records`: each exercise's records over
/// the logs the coach's studio may see, by exercise id.
public struct TraineeRecordsDto: Codable, Equatable, Sendable {
  public var exercises: [ExerciseRecordsDto]

  /// The records.
  public init(exercises: [ExerciseRecordsDto]) { self.exercises = exercises }
}

/// One workout's best set in a progress series.
public struct ProgressBestSetDto: Codable, Equatable, Sendable {
  public var logId: String
  public var workoutNumber: Int
  public var performedAt: String
  /// Kilograms.
  public var weight: Double
  public var reps: Int
  /// Epley's estimate in kilograms.
  public var estimatedOneRepMax: Double

  /// A workout's best set.
  public init(
    logId: String, workoutNumber: Int, performedAt: String, weight: Double, reps: Int,
    estimatedOneRepMax: Double
  ) {
    self.logId = logId
    self.workoutNumber = workoutNumber
    self.performedAt = performedAt
    self.weight = weight
    self.reps = reps
    self.estimatedOneRepMax = estimatedOneRepMax
  }
}

/// One week's volume in a progress series.
public struct WeeklyVolumeDto: Codable, Equatable, Sendable {
  /// The Monday the week starts, `YYYY-MM-DD` in the series' zone.
  public var week: String
  /// Weight x reps in kilograms.
  public var volume: Double

  /// A week's volume.
  public init(week: String, volume: Double) {
    self.week = week
    self.volume = volume
  }
}

/// The answer of `GET /v1/coach/trainees/{traineeId}/progress?exercise=&from=&to=`:
/// one exercise's series within the window, over the logs the coach's studio may see.
public struct TraineeProgressDto: Codable, Equatable, Sendable {
  public var exerciseId: String
  /// The window: workouts done at or after `from` and before `to`.
  public var from: String
  public var to: String
  /// The zone the weeks start in: the request's `X-Timezone`, UTC without one.
  public var timeZone: String
  /// Each workout's best set, oldest first; workouts without one are absent.
  public var bestSets: [ProgressBestSetDto]
  /// Each week's volume, oldest first; weeks without a set are absent.
  public var weeklyVolume: [WeeklyVolumeDto]

  /// A series.
  public init(
    exerciseId: String, from: String, to: String, timeZone: String,
    bestSets: [ProgressBestSetDto], weeklyVolume: [WeeklyVolumeDto]
  ) {
    self.exerciseId = exerciseId
    self.from = from
    self.to = to
    self.timeZone = timeZone
    self.bestSets = bestSets
    self.weeklyVolume = weeklyVolume
  }
}
