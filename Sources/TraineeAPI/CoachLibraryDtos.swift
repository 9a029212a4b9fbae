import Foundation

// NB: docs/decisions/the-coachs-programs.md, "The exercise library": the wire types of
// `/v1/coach/exercises`.

/// What a library exercise is done as: sets of reps, a cardio block, or sets held for a time.
public enum LibraryExerciseKind: String, Codable, Equatable, Sendable, CaseIterable {
  case strength, cardio, timed
}

/// `POST /v1/coach/exercises` and `PUT /v1/coach/exercises/{exerciseId}`: an exercise of the
/// coach's studio's library.
public struct LibraryExerciseRequestDto: Codable, Equatable, Sendable {
  public var name: String
  public var instructions: String?
  public var videoUrl: String?
  public var equipment: String?
  public var kind: LibraryExerciseKind
  /// Other exercises of the studio's library offered in its place by default.
  public var substitutes: [String]?

  /// An exercise as the coach writes it.
  public init(
    name: String, instructions: String? = nil, videoUrl: String? = nil, equipment: String? = nil,
    kind: LibraryExerciseKind, substitutes: [String]? = nil
  ) {
    self.name = name
    self.instructions = instructions
    self.videoUrl = videoUrl
    self.equipment = equipment
    self.kind = kind
    self.substitutes = substitutes
  }
}

/// An exercise of the studio's library.
public struct LibraryExerciseDto: Codable, Equatable, Sendable {
  public var id: String
  public var name: String
  public var instructions: String?
  public var videoUrl: String?
  public var equipment: String?
  public var kind: LibraryExerciseKind
  public var substitutes: [String]
  public var archived: Bool

  /// A library exercise.
  public init(
    id: String, name: String, instructions: String?, videoUrl: String?, equipment: String?,
    kind: LibraryExerciseKind, substitutes: [String], archived: Bool
  ) {
    self.id = id
    self.name = name
    self.instructions = instructions
    self.videoUrl = videoUrl
    self.equipment = equipment
    self.kind = kind
    self.substitutes = substitutes
    self.archived = archived
  }
}

/// A page of the studio's library, in the order of the exercises' ids.
public struct LibraryExercisesDto: Codable, Equatable, Sendable {
  public var exercises: [LibraryExerciseDto]
  /// The `after` of the next page; `null` on the last.
  public var nextAfter: String?

  /// A page.
  public init(exercises: [LibraryExerciseDto], nextAfter: String?) {
    self.exercises = exercises
    self.nextAfter = nextAfter
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(exercises, forKey: .exercises)
    try container.encode(nextAfter, forKey: .nextAfter)
  }

  enum CodingKeys: String, CodingKey { case exercises, nextAfter }
}
