import Foundation
import TraineeAPI
import TraineeRecords

// NB: docs/decisions/the-coachs-programs.md, "The exercise library" and "Programs and
// versions": the records of a studio's library and programs, scoped by the studio; another
// studio's id reads as absent (`nil`), which the routes answer 404.

/// An exercise of a studio's library.
public struct LibraryExercise: Equatable, Sendable {
  public var id: LibraryExerciseID
  public var studio: StudioID
  public var name: String
  public var instructions: String?
  public var videoURL: String?
  public var equipment: String?
  public var kind: LibraryExerciseKind
  /// Other exercises of the library offered in its place by default.
  public var substitutes: [LibraryExerciseID]
  public var archived: Bool

  /// A library exercise.
  public init(
    id: LibraryExerciseID, studio: StudioID, name: String, instructions: String?,
    videoURL: String?, equipment: String?, kind: LibraryExerciseKind,
    substitutes: [LibraryExerciseID], archived: Bool
  ) {
    self.id = id
    self.studio = studio
    self.name = name
    self.instructions = instructions
    self.videoURL = videoURL
    self.equipment = equipment
    self.kind = kind
    self.substitutes = substitutes
    self.archived = archived
  }
}

/// The id of a library exercise.
public typealias LibraryExerciseID = RecordID<LibraryExercise>

/// A program of a studio, as its coaches build it.
public struct CoachProgram: Equatable, Sendable {
  public var id: CoachProgramID
  public var name: String
  /// The newest version.
  public var latestVersion: Int
  public var archived: Bool

  /// A program's line.
  public init(id: CoachProgramID, name: String, latestVersion: Int, archived: Bool) {
    self.id = id
    self.name = name
    self.latestVersion = latestVersion
    self.archived = archived
  }
}

/// The id of a studio's program.
public typealias CoachProgramID = RecordID<CoachProgram>

/// One version of a program: the coach's document (ids filled in) and the plan rendered from it.
public struct CoachProgramVersion: Equatable, Sendable {
  public var program: CoachProgram
  public var version: Int
  public var document: CoachProgramDocumentDto
  public var plan: ProgramPlanDto

  /// A version.
  public init(
    program: CoachProgram, version: Int, document: CoachProgramDocumentDto, plan: ProgramPlanDto
  ) {
    self.program = program
    self.version = version
    self.document = document
    self.plan = plan
  }
}

/// A program assigned to a trainee.
public struct CoachProgramAssignment: Equatable, Sendable {
  public var trainee: TraineeID
  public var program: CoachProgramID
  public var mode: AssignmentMode
  /// The version the trainee reads.
  public var version: Int
  /// The coach's schedule; `nil`: the program's days a week.
  public var schedule: ProgramSchedule?

  /// An assignment.
  public init(
    trainee: TraineeID, program: CoachProgramID, mode: AssignmentMode, version: Int,
    schedule: ProgramSchedule?
  ) {
    self.trainee = trainee
    self.program = program
    self.mode = mode
    self.version = version
    self.schedule = schedule
  }
}

/// A page of records by id: at most `limit` after `after`.
public struct IDPage: Equatable, Sendable {
  public var after: Int64
  public var limit: Int

  /// A page.
  public init(after: Int64 = 0, limit: Int) {
    self.after = after
    self.limit = limit
  }
}
