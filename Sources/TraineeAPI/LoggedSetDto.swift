import Foundation

/// One done set as `GET /v1/trainee/workouts/sets` lists it, with the workout it belongs to.
/// Weights are kilograms, distances kilometres.
public struct LoggedSetDto: Codable, Equatable, Sendable {
  /// The log's id, a decimal string.
  public var logId: String
  public var workoutNumber: Int
  /// When the workout was done (the log's `loggedAt`), ISO 8601 in UTC with milliseconds.
  public var performedAt: String
  /// The log's label (the program day's, or an imported workout's name).
  public var label: String?
  public var exerciseId: String
  public var name: String
  public var setNumber: Int
  public var setType: SetType?
  public var weight: Double?
  public var reps: Int?
  public var rir: String?
  public var durationSec: Int?
  public var distanceKm: Double?
  public var isRecord: Bool?

  /// A logged set.
  public init(
    logId: String, workoutNumber: Int, performedAt: String, label: String?, exerciseId: String,
    name: String, setNumber: Int, setType: SetType? = nil, weight: Double? = nil,
    reps: Int? = nil, rir: String? = nil, durationSec: Int? = nil, distanceKm: Double? = nil,
    isRecord: Bool? = nil
  ) {
    self.logId = logId
    self.workoutNumber = workoutNumber
    self.performedAt = performedAt
    self.label = label
    self.exerciseId = exerciseId
    self.name = name
    self.setNumber = setNumber
    self.setType = setType
    self.weight = weight
    self.reps = reps
    self.rir = rir
    self.durationSec = durationSec
    self.distanceKm = distanceKm
    self.isRecord = isRecord
  }
}

/// The answer of `GET /v1/trainee/workouts/sets`: one page of done sets, oldest first.
public struct LoggedSetPageDto: Codable, Equatable, Sendable {
  public var sets: [LoggedSetDto]
  /// The `after` of the next page; absent on the last page.
  public var next: String?

  /// A page.
  public init(sets: [LoggedSetDto], next: String?) {
    self.sets = sets
    self.next = next
  }

  enum CodingKeys: String, CodingKey { case sets, next }
}
