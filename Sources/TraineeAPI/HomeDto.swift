import Foundation

// NB: `GET /v1/trainee/home`, one shape for both ends: the server encodes these types and the
// app decodes them. `nextWorkout` and `nutrition` are written as `null` when there is none.

/// The answer of `GET /v1/trainee/home`: today in the request's zone, the next workout and
/// today's nutrition day.
public struct HomeDto: Codable, Equatable, Sendable {
  /// Today in the request's `X-Timezone`, `YYYY-MM-DD`.
  public var date: String
  public var nextWorkout: NextWorkoutDto?
  public var nutrition: HomeNutritionDto?

  /// A home answer.
  public init(date: String, nextWorkout: NextWorkoutDto?, nutrition: HomeNutritionDto?) {
    self.date = date
    self.nextWorkout = nextWorkout
    self.nutrition = nutrition
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(date, forKey: .date)
    try container.encode(nextWorkout, forKey: .nextWorkout)
    try container.encode(nutrition, forKey: .nutrition)
  }

  enum CodingKeys: String, CodingKey { case date, nextWorkout, nutrition }
}

/// The program day the trainee does next.
public struct NextWorkoutDto: Codable, Equatable, Sendable {
  public var planId: String
  public var dayId: String
  public var title: String

  /// A next workout.
  public init(planId: String, dayId: String, title: String) {
    self.planId = planId
    self.dayId = dayId
    self.title = title
  }
}

/// Today's nutrition day on the home screen: the plan day's targets and what was eaten.
public struct HomeNutritionDto: Codable, Equatable, Sendable {
  public var planId: String
  public var dayId: String
  @Defaulted<NoTargets> public var targets: NutritionTargetsDto
  @Defaulted<ZeroMacros> public var eaten: MacrosDto

  /// A home nutrition day.
  public init(planId: String, dayId: String, targets: NutritionTargetsDto, eaten: MacrosDto) {
    self.planId = planId
    self.dayId = dayId
    self.targets = targets
    self.eaten = eaten
  }

  enum CodingKeys: String, CodingKey { case planId, dayId, targets, eaten }
}
