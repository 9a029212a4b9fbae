import Foundation

/// The answer of `GET /v1/trainee/workouts`: the trainee's programs and an optional movement block.
public struct TrainingProgramsDto: Codable, Equatable, Sendable {
  @DefaultEmpty public var plans: [ProgramPlanDto]
  /// Passed through untouched; its shape belongs to another screen.
  public var movement: JSONValue?

  public init(plans: [ProgramPlanDto], movement: JSONValue? = nil) {
    self.plans = plans
    self.movement = movement
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(plans, forKey: .plans)
    try container.encode(movement ?? .null, forKey: .movement)
  }

  enum CodingKeys: String, CodingKey { case plans, movement }
}

/// One program a coach prescribed.
public struct ProgramPlanDto: Codable, Equatable, Sendable {
  public var id: String
  public var name: String
  @DefaultEmpty public var days: [ProgramDayDto]
  /// The version of a program a coach built (docs/decisions/the-coachs-programs.md); absent for
  /// an imported one. The app sends it back as the log's `programVersion`.
  public var version: Int?

  public init(id: String, name: String, days: [ProgramDayDto], version: Int? = nil) {
    self.id = id
    self.name = name
    self.days = days
    self.version = version
  }

  enum CodingKeys: String, CodingKey { case id, name, days, version }
}

/// One training day of a program.
public struct ProgramDayDto: Codable, Equatable, Sendable {
  public var id: String
  @WireText public var label: String?
  @WireText public var title: String?
  @WireText public var subtitle: String?
  public var heroImage: String?
  public var rirColumn: Bool?
  @DefaultEmpty public var strength: [StrengthDto]
  @DefaultEmpty public var cardio: [CardioDto]

  public init(
    id: String, label: String? = nil, title: String? = nil, subtitle: String? = nil,
    heroImage: String? = nil, rirColumn: Bool? = nil, strength: [StrengthDto] = [],
    cardio: [CardioDto] = []
  ) {
    self.id = id
    self.label = label
    self.title = title
    self.subtitle = subtitle
    self.heroImage = heroImage
    self.rirColumn = rirColumn
    self.strength = strength
    self.cardio = cardio
  }

  enum CodingKeys: String, CodingKey {
    case id, label, title, subtitle, heroImage, rirColumn, strength, cardio
  }
}
