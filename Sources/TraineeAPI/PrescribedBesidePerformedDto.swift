// NB: docs/decisions/what-the-coach-sees.md, "Prescribed beside performed": the coach's read of
// one workout adds, in a member of its own, each exercise and set of the day prescribed when the
// log was stored beside what was logged, with marks and a comparison per target.

/// How a logged workout went against the program day prescribed when it was logged: the
/// `prescribedBesidePerformed` member of the coach's read of one workout.
public struct PrescribedBesidePerformedDto: Codable, Equatable, Sendable {
  /// Whether the log kept the day it was done from.
  public var prescription: PrescriptionKept
  /// The prescribed exercises in the day's order, each with what was logged for it, then the
  /// exercises logged beyond the prescription in the log's order; without a prescription, the
  /// logged exercises only.
  public var exercises: [ExerciseBesidePrescribedDto]

  /// A comparison.
  public init(prescription: PrescriptionKept, exercises: [ExerciseBesidePrescribedDto]) {
    self.prescription = prescription
    self.exercises = exercises
  }
}

/// Whether a log kept its prescription.
public enum PrescriptionKept: String, Codable, Equatable, Sendable, CaseIterable {
  /// The day prescribed was kept with the log.
  case kept
  /// None was kept (a log stored before the server kept them, or one naming no day of the
  /// programs): what was performed only.
  case none
}

/// One exercise of a workout, prescribed beside performed.
public struct ExerciseBesidePrescribedDto: Codable, Equatable, Sendable {
  /// The program row's id; `nil` for an exercise logged beyond the prescription.
  public var rowId: String?
  /// The exercise the program prescribed; `nil` for one logged beyond the prescription.
  public var prescribedExerciseId: String?
  /// The prescribed exercise's name.
  public var prescribedName: String?
  /// The exercise logged; `nil` when the prescribed exercise was not logged.
  public var exerciseId: String?
  /// The logged exercise's name.
  public var name: String?
  /// What stands out, in the order of ``ExerciseMark``'s cases.
  public var marks: [ExerciseMark]
  /// The sets: the prescribed ones by set number, then those logged beyond them.
  public var sets: [SetBesidePrescribedDto]

  /// An exercise.
  public init(
    rowId: String?, prescribedExerciseId: String?, prescribedName: String?, exerciseId: String?,
    name: String?, marks: [ExerciseMark], sets: [SetBesidePrescribedDto]
  ) {
    self.rowId = rowId
    self.prescribedExerciseId = prescribedExerciseId
    self.prescribedName = prescribedName
    self.exerciseId = exerciseId
    self.name = name
    self.marks = marks
    self.sets = sets
  }
}

/// What stands out about an exercise against its prescription.
public enum ExerciseMark: String, Codable, Equatable, Sendable, CaseIterable {
  /// Another exercise was logged in place of the prescribed one.
  case substituted
  /// Logged, but not prescribed.
  case added
  /// Prescribed, and not logged or logged without a done set.
  case notDone
}

/// One set, prescribed beside performed.
public struct SetBesidePrescribedDto: Codable, Equatable, Sendable {
  /// The set's number.
  public var setNumber: Int
  /// The coach's targets, as the program wrote them, by member (`reps`, `weight`, `rir`,
  /// `rpe`); `nil` for a set not prescribed.
  public var target: [String: String]?
  /// The set as logged; `nil` for a prescribed set the log does not have.
  public var performed: LogSet?
  /// How each target compares with the logged value, by the target's member; only for a done
  /// set with targets.
  public var comparison: [String: TargetComparison]?
  /// What stands out, in the order of ``SetMark``'s cases.
  public var marks: [SetMark]

  /// A set.
  public init(
    setNumber: Int, target: [String: String]?, performed: LogSet?,
    comparison: [String: TargetComparison]?, marks: [SetMark]
  ) {
    self.setNumber = setNumber
    self.target = target
    self.performed = performed
    self.comparison = comparison
    self.marks = marks
  }
}

/// What stands out about a set against its prescription.
public enum SetMark: String, Codable, Equatable, Sendable, CaseIterable {
  /// Logged beyond the prescribed sets.
  case added
  /// Logged, not done.
  case skipped
  /// Prescribed, and not in the log.
  case removed
}

/// How a logged value compares with the coach's target for it.
public enum TargetComparison: String, Codable, Equatable, Sendable, CaseIterable {
  /// Within the target (its number, or its range with both ends, or at least its `N+`).
  case within
  /// Below the target.
  case below
  /// Above the target.
  case above
  /// The target is words ("AMRAP", "BW"), or the logged value is missing or not a number.
  case notCompared
}
