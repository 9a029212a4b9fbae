import Foundation
import TraineeAPI

/// Whether an exercise is lifted (weight, reps, RIR) or done as cardio (duration, distance, RPE).
public enum ExerciseKind: String, Codable, Equatable, Sendable, CaseIterable, WireEnum {
  case strength, cardio
}

/// An exercise of a live workout as prescribed, before any session state is added.
public struct WorkoutExercise: Codable, Equatable, Sendable {
  /// The program row's id; stays the same when the exercise is substituted.
  public var id: String
  public var exerciseId: String
  public var name: String
  public var image: String?
  public var kind: ExerciseKind
  /// Rest after a set, in seconds; `0` for none.
  public var restSeconds: Int
  public var tempo: String?
  public var supersetGroup: String?
  public var videoRequired: Bool
  public var coachFeedback: CoachFeedbackDto?
  /// The coach's sets as written (`3-4`).
  public var setsLabel: String?
  /// The trainee's best set so far, in kilograms; no best, no record.
  public var best: BestDto?
  /// The allowed substitutes, as prescribed.
  public var substitutes: [SubstituteDto]
  public var sets: [ExerciseSet]

  public init(
    id: String, exerciseId: String, name: String, image: String? = nil,
    kind: ExerciseKind = .strength, restSeconds: Int = 0, tempo: String? = nil,
    supersetGroup: String? = nil, videoRequired: Bool = false,
    coachFeedback: CoachFeedbackDto? = nil, setsLabel: String? = nil, best: BestDto? = nil,
    substitutes: [SubstituteDto] = [], sets: [ExerciseSet]
  ) {
    self.id = id
    self.exerciseId = exerciseId
    self.name = name
    self.image = image
    self.kind = kind
    self.restSeconds = restSeconds
    self.tempo = tempo
    self.supersetGroup = supersetGroup
    self.videoRequired = videoRequired
    self.coachFeedback = coachFeedback
    self.setsLabel = setsLabel
    self.best = best
    self.substitutes = substitutes
    self.sets = sets
  }
}

/// One of the exercises a trainee may do in a row: the prescribed one or an allowed substitute.
public struct ExerciseOption: Codable, Equatable, Sendable {
  public var exerciseId: String
  public var name: String
  public var image: String?
  public var isPrescribed: Bool

  public init(exerciseId: String, name: String, image: String?, isPrescribed: Bool) {
    self.exerciseId = exerciseId
    self.name = name
    self.image = image
    self.isPrescribed = isPrescribed
  }
}

/// A program day ready to be done: what `getLiveWorkout` returns.
public struct LiveWorkout: Codable, Equatable, Sendable {
  public var dayId: String
  public var programId: String?
  /// The version of the coach's program the day is of; `nil` for an imported program.
  public var programVersion: Int?
  public var dayLabel: String
  public var title: String
  public var subtitle: String
  public var heroImage: String
  public var rirColumn: Bool
  public var exercises: [WorkoutExercise]

  public init(
    dayId: String, programId: String?, programVersion: Int? = nil, dayLabel: String = "",
    title: String = "", subtitle: String = "", heroImage: String = "", rirColumn: Bool = false,
    exercises: [WorkoutExercise] = []
  ) {
    self.dayId = dayId
    self.programId = programId
    self.programVersion = programVersion
    self.dayLabel = dayLabel
    self.title = title
    self.subtitle = subtitle
    self.heroImage = heroImage
    self.rirColumn = rirColumn
    self.exercises = exercises
  }
}
