import Foundation

// NB: docs/decisions/the-coachs-roster.md, "The answer": the wire types of
// `GET /v1/coach/trainees`.

/// What one trainee did against what was prescribed over a run of days.
public struct RosterPeriodDto: Codable, Equatable, Sendable {
  public var workoutsDone: Int
  public var workoutsPrescribed: Int
  public var setsDone: Int
  public var setsPrescribed: Int
  /// Days with nutrition logged: a day saved with anything in it, or a meal logged.
  public var nutritionDaysLogged: Int
  /// Days within the studio's tolerance of their plan day's kcal and protein targets
  /// (docs/decisions/the-coachs-roster.md, "Nutrition within tolerance"); 0 from a server before
  /// it.
  public var nutritionDaysWithinTolerance: Int

  /// A period's counts.
  public init(
    workoutsDone: Int, workoutsPrescribed: Int, setsDone: Int, setsPrescribed: Int,
    nutritionDaysLogged: Int, nutritionDaysWithinTolerance: Int = 0
  ) {
    self.workoutsDone = workoutsDone
    self.workoutsPrescribed = workoutsPrescribed
    self.setsDone = setsDone
    self.setsPrescribed = setsPrescribed
    self.nutritionDaysLogged = nutritionDaysLogged
    self.nutritionDaysWithinTolerance = nutritionDaysWithinTolerance
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    workoutsDone = try container.decode(Int.self, forKey: .workoutsDone)
    workoutsPrescribed = try container.decode(Int.self, forKey: .workoutsPrescribed)
    setsDone = try container.decode(Int.self, forKey: .setsDone)
    setsPrescribed = try container.decode(Int.self, forKey: .setsPrescribed)
    nutritionDaysLogged = try container.decode(Int.self, forKey: .nutritionDaysLogged)
    nutritionDaysWithinTolerance =
      try container.decodeIfPresent(Int.self, forKey: .nutritionDaysWithinTolerance) ?? 0
  }

  enum CodingKeys: String, CodingKey {
    case workoutsDone, workoutsPrescribed, setsDone, setsPrescribed, nutritionDaysLogged
    case nutritionDaysWithinTolerance
  }
}

/// What waits for the coach.
public struct RosterOpenItemsDto: Codable, Equatable, Sendable {
  public var videosAwaitingFeedback: Int
  /// Always 0 until workouts can be reviewed.
  public var workoutsAwaitingReview: Int

  /// Open items.
  public init(videosAwaitingFeedback: Int, workoutsAwaitingReview: Int) {
    self.videosAwaitingFeedback = videosAwaitingFeedback
    self.workoutsAwaitingReview = workoutsAwaitingReview
  }
}

/// One trainee of the coach's studio.
public struct RosterTraineeDto: Codable, Equatable, Sendable {
  public var accountId: String
  public var traineeId: String
  public var name: String
  /// The trainee's IANA zone, in which the periods are counted.
  public var timeZone: String
  /// Today in the trainee's zone, `YYYY-MM-DD`: the last day of both periods.
  public var today: String
  /// When the latest workout was done, ISO 8601; `null` before any.
  public var lastWorkoutAt: String?
  public var last7Days: RosterPeriodDto
  public var last30Days: RosterPeriodDto
  public var openItems: RosterOpenItemsDto
  public var needsAttention: Bool
  /// `compliance_dropped`, `no_recent_workout`, `video_waiting`; empty when none.
  public var attentionReasons: [String]

  /// A trainee's line of the roster.
  public init(
    accountId: String, traineeId: String, name: String, timeZone: String, today: String,
    lastWorkoutAt: String?, last7Days: RosterPeriodDto, last30Days: RosterPeriodDto,
    openItems: RosterOpenItemsDto, attentionReasons: [String]
  ) {
    self.accountId = accountId
    self.traineeId = traineeId
    self.name = name
    self.timeZone = timeZone
    self.today = today
    self.lastWorkoutAt = lastWorkoutAt
    self.last7Days = last7Days
    self.last30Days = last30Days
    self.openItems = openItems
    self.needsAttention = !attentionReasons.isEmpty
    self.attentionReasons = attentionReasons
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(accountId, forKey: .accountId)
    try container.encode(traineeId, forKey: .traineeId)
    try container.encode(name, forKey: .name)
    try container.encode(timeZone, forKey: .timeZone)
    try container.encode(today, forKey: .today)
    try container.encode(lastWorkoutAt, forKey: .lastWorkoutAt)
    try container.encode(last7Days, forKey: .last7Days)
    try container.encode(last30Days, forKey: .last30Days)
    try container.encode(openItems, forKey: .openItems)
    try container.encode(needsAttention, forKey: .needsAttention)
    try container.encode(attentionReasons, forKey: .attentionReasons)
  }

  enum CodingKeys: String, CodingKey {
    case accountId, traineeId, name, timeZone, today, lastWorkoutAt, last7Days, last30Days
    case openItems, needsAttention, attentionReasons
  }
}

/// The answer of `GET /v1/coach/trainees`: one page of the sorted roster.
public struct CoachRosterDto: Codable, Equatable, Sendable {
  public var trainees: [RosterTraineeDto]
  /// How many trainees the whole roster holds.
  public var total: Int
  /// The `offset` of the next page; `null` on the last.
  public var nextOffset: Int?

  /// A page.
  public init(trainees: [RosterTraineeDto], total: Int, nextOffset: Int?) {
    self.trainees = trainees
    self.total = total
    self.nextOffset = nextOffset
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(trainees, forKey: .trainees)
    try container.encode(total, forKey: .total)
    try container.encode(nextOffset, forKey: .nextOffset)
  }

  enum CodingKeys: String, CodingKey { case trainees, total, nextOffset }
}
