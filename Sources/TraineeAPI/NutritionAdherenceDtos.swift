import Foundation

// NB: docs/decisions/the-coachs-roster.md, "Nutrition within tolerance" and
// docs/decisions/what-the-coach-sees.md, "Plan against eaten": the wire types of the coach's
// tolerance and of a day's plan against eaten.

/// The body and answer of `.../nutrition-tolerance`: a day is on goal when its kcal is within
/// ±`kcalWithinPercent` of the plan day's target and its protein at least
/// `proteinAtLeastPercent` of its target.
public struct NutritionToleranceDto: Codable, Equatable, Sendable {
  /// 0 to 100; 10 unless the coach set another.
  public var kcalWithinPercent: Int
  /// 0 to 200; 90 unless the coach set another.
  public var proteinAtLeastPercent: Int

  /// A tolerance.
  public init(kcalWithinPercent: Int, proteinAtLeastPercent: Int) {
    self.kcalWithinPercent = kcalWithinPercent
    self.proteinAtLeastPercent = proteinAtLeastPercent
  }
}

/// A plan day's kcal and protein targets; `null` where the plan day set none.
public struct DayTargetsDto: Codable, Equatable, Sendable {
  public var kcal: Double?
  public var protein: Double?

  /// Targets.
  public init(kcal: Double?, protein: Double?) {
    self.kcal = kcal
    self.protein = protein
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kcal, forKey: .kcal)
    try container.encode(protein, forKey: .protein)
  }

  enum CodingKeys: String, CodingKey { case kcal, protein }
}

/// A day's plan against eaten, as the server kept it at the day's latest nutrition write.
public struct PlanAgainstEatenDto: Codable, Equatable, Sendable {
  /// The plan day's targets; `null` without a plan day, or one that set neither.
  public var targets: DayTargetsDto?
  /// What was eaten, by the diary's rules, to 0.1.
  public var eaten: MacrosDto
  /// Whether the day is within the studio's tolerance (`false` without both targets).
  public var withinTolerance: Bool

  /// A day's plan against eaten.
  public init(targets: DayTargetsDto?, eaten: MacrosDto, withinTolerance: Bool) {
    self.targets = targets
    self.eaten = eaten
    self.withinTolerance = withinTolerance
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(targets, forKey: .targets)
    try container.encode(eaten, forKey: .eaten)
    try container.encode(withinTolerance, forKey: .withinTolerance)
  }

  enum CodingKeys: String, CodingKey { case targets, eaten, withinTolerance }
}

/// A nutrition day as the coach reads it: the trainee's day and its plan against eaten.
public struct CoachNutritionDayDto: Decodable, Equatable, Sendable {
  /// The day, `YYYY-MM-DD`.
  public var date: String
  /// The saved snapshot, as stored.
  public var data: JSONValue?
  /// `null` when the server kept none the studio may see (a day not written since schema
  /// version 23, or whose latest nutrition write was under another studio).
  public var planAgainstEaten: PlanAgainstEatenDto?

  /// A day.
  public init(date: String, data: JSONValue?, planAgainstEaten: PlanAgainstEatenDto? = nil) {
    self.date = date
    self.data = data
    self.planAgainstEaten = planAgainstEaten
  }
}
