import Foundation

// NB: docs/decisions/the-coachs-programs.md, "Programs and versions": the wire types of
// `/v1/coach/programs`. The coach writes days and rows that name library exercises; the
// trainee reads the plan rendered from them (`ProgramPlanDto`).

/// `POST /v1/coach/programs` and `PUT /v1/coach/programs/{programId}`: a program as the coach
/// writes it. An edit makes a new version.
public struct CoachProgramDocumentDto: Codable, Equatable, Sendable {
  public var name: String
  public var days: [CoachProgramDayDto]

  /// A program.
  public init(name: String, days: [CoachProgramDayDto]) {
    self.name = name
    self.days = days
  }
}

/// One day of a program as the coach writes it.
public struct CoachProgramDayDto: Codable, Equatable, Sendable {
  /// Stable across versions so that logs and swaps keep pointing at it; `d1`, `d2`, ... by
  /// position when absent.
  public var id: String?
  public var title: String?
  public var rows: [CoachProgramRowDto]

  /// A day.
  public init(id: String? = nil, title: String? = nil, rows: [CoachProgramRowDto]) {
    self.id = id
    self.title = title
    self.rows = rows
  }
}

/// One row of a day: a library exercise and what to do of it.
public struct CoachProgramRowDto: Codable, Equatable, Sendable {
  /// Stable across versions; `r1`, `r2`, ... by position in the day when absent.
  public var id: String?
  /// A library exercise of the studio.
  public var exerciseId: String
  /// How many sets alike (1 to 50), when `setRows` does not spell them out.
  public var sets: Int?
  /// Target reps, or a label such as `AMRAP` or `45 s`.
  public var reps: String?
  public var weight: String?
  /// Reps in reserve, 0 to 10.
  public var rir: Int?
  /// Rate of perceived exertion, 1 to 10 in halves.
  public var rpe: Double?
  /// Rest after each set, in seconds (0 to 3,600).
  public var restSeconds: Int?
  public var tempo: String?
  public var supersetGroup: String?
  public var videoRequired: Bool?
  /// The sets one by one; when given, `sets` must be absent or equal their count.
  public var setRows: [CoachSetRowDto]?
  /// Replaces the exercise's default substitutes for this row.
  public var substitutes: [String]?

  /// A row.
  public init(
    id: String? = nil, exerciseId: String, sets: Int? = nil, reps: String? = nil,
    weight: String? = nil, rir: Int? = nil, rpe: Double? = nil, restSeconds: Int? = nil,
    tempo: String? = nil, supersetGroup: String? = nil, videoRequired: Bool? = nil,
    setRows: [CoachSetRowDto]? = nil, substitutes: [String]? = nil
  ) {
    self.id = id
    self.exerciseId = exerciseId
    self.sets = sets
    self.reps = reps
    self.weight = weight
    self.rir = rir
    self.rpe = rpe
    self.restSeconds = restSeconds
    self.tempo = tempo
    self.supersetGroup = supersetGroup
    self.videoRequired = videoRequired
    self.setRows = setRows
    self.substitutes = substitutes
  }
}

/// One set of a row, spelled out.
public struct CoachSetRowDto: Codable, Equatable, Sendable {
  public var type: SetType?
  public var reps: String?
  public var weight: String?
  public var rir: Int?
  public var rpe: Double?

  /// A set.
  public init(
    type: SetType? = nil, reps: String? = nil, weight: String? = nil, rir: Int? = nil,
    rpe: Double? = nil
  ) {
    self.type = type
    self.reps = reps
    self.weight = weight
    self.rir = rir
    self.rpe = rpe
  }
}

/// A program of the studio at one version: the coach's document and the plan a trainee reads.
public struct CoachProgramDto: Codable, Equatable, Sendable {
  public var id: String
  public var name: String
  /// The version shown; `latestVersion` when no `version` was asked for.
  public var version: Int
  public var latestVersion: Int
  public var archived: Bool
  public var days: [CoachProgramDayDto]
  /// The plan as an assigned trainee reads it at this version.
  public var plan: ProgramPlanDto

  /// A program at a version.
  public init(
    id: String, name: String, version: Int, latestVersion: Int, archived: Bool,
    days: [CoachProgramDayDto], plan: ProgramPlanDto
  ) {
    self.id = id
    self.name = name
    self.version = version
    self.latestVersion = latestVersion
    self.archived = archived
    self.days = days
    self.plan = plan
  }
}

/// One line of the studio's programs.
public struct CoachProgramSummaryDto: Codable, Equatable, Sendable {
  public var id: String
  public var name: String
  public var latestVersion: Int
  public var archived: Bool

  /// A program's line.
  public init(id: String, name: String, latestVersion: Int, archived: Bool) {
    self.id = id
    self.name = name
    self.latestVersion = latestVersion
    self.archived = archived
  }
}

/// A page of the studio's programs, in the order of their ids.
public struct CoachProgramsDto: Codable, Equatable, Sendable {
  public var programs: [CoachProgramSummaryDto]
  /// The `after` of the next page; `null` on the last.
  public var nextAfter: String?

  /// A page.
  public init(programs: [CoachProgramSummaryDto], nextAfter: String?) {
    self.programs = programs
    self.nextAfter = nextAfter
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(programs, forKey: .programs)
    try container.encode(nextAfter, forKey: .nextAfter)
  }

  enum CodingKeys: String, CodingKey { case programs, nextAfter }
}

/// `POST /v1/coach/programs/{programId}/copy`: a new program of the studio from this one.
public struct CopyProgramRequestDto: Codable, Equatable, Sendable {
  /// The copy's name; the original's followed by ` (copy)` when absent.
  public var name: String?

  /// A copy's request.
  public init(name: String? = nil) { self.name = name }
}

/// How an assigned program follows the coach's edits.
public enum AssignmentMode: String, Codable, Equatable, Sendable, CaseIterable {
  /// The trainee reads the newest version at each refresh.
  case linked
  /// The trainee keeps the version assigned, whatever the coach edits after.
  case copy
}

/// When an assigned program's workouts are due: weekdays, or a number a week; neither, the
/// program's days a week.
public struct AssignmentScheduleDto: Codable, Equatable, Sendable {
  /// `mon` to `sun`.
  public var weekdays: [String]?
  /// 1 to 14.
  public var perWeek: Int?

  /// A schedule.
  public init(weekdays: [String]? = nil, perWeek: Int? = nil) {
    self.weekdays = weekdays
    self.perWeek = perWeek
  }
}

/// `POST /v1/coach/programs/{programId}/assignments`: assigns the program to trainees of the
/// studio; assigning it again to a trainee replaces that assignment.
public struct AssignProgramRequestDto: Codable, Equatable, Sendable {
  /// 1 to 200 trainees with a live link to the studio.
  public var traineeIds: [String]
  public var mode: AssignmentMode
  public var schedule: AssignmentScheduleDto?

  /// An assignment request.
  public init(
    traineeIds: [String], mode: AssignmentMode, schedule: AssignmentScheduleDto? = nil
  ) {
    self.traineeIds = traineeIds
    self.mode = mode
    self.schedule = schedule
  }
}

/// A program assigned to a trainee.
public struct ProgramAssignmentDto: Codable, Equatable, Sendable {
  public var traineeId: String
  public var programId: String
  public var mode: AssignmentMode
  /// The version the trainee reads now.
  public var version: Int
  public var schedule: AssignmentScheduleDto?

  /// An assignment.
  public init(
    traineeId: String, programId: String, mode: AssignmentMode, version: Int,
    schedule: AssignmentScheduleDto?
  ) {
    self.traineeId = traineeId
    self.programId = programId
    self.mode = mode
    self.version = version
    self.schedule = schedule
  }
}

/// The assignments a request made.
public struct ProgramAssignmentsDto: Codable, Equatable, Sendable {
  public var assignments: [ProgramAssignmentDto]

  /// Assignments.
  public init(assignments: [ProgramAssignmentDto]) { self.assignments = assignments }
}
