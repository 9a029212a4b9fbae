import Foundation
import TraineeAPI
import TraineeRecords

// NB: docs/decisions/what-the-coach-sees.md, "The prescription kept with the log": the store
// keeps this day with each log; the coach's read of a workout compares the log against it.

/// A program day as it was prescribed when a workout was logged: the day's JSON as the
/// programs document held it (every member of its rows, so a target a newer build adds is
/// kept), and the exercise the trainee had chosen in place of a row, by row id.
public struct KeptPrescription: Equatable, Sendable {
  /// The day, as a program document's day.
  public var day: JSONValue
  /// The exercise chosen in place of a row, by the row's id.
  public var substitutions: [String: String]

  /// A kept prescription.
  public init(day: JSONValue, substitutions: [String: String] = [:]) {
    self.day = day
    self.substitutions = substitutions
  }
}

extension KeptPrescription: Codable {
  enum CodingKeys: String, CodingKey { case day, substitutions }
}

/// A logged workout as a coach reads it: the log, and the prescription kept with it.
public struct PrescribedWorkoutLog: Equatable, Sendable {
  /// The log.
  public var log: WorkoutLogRecord
  /// The day prescribed when it was stored; `nil` for a log stored before schema version 22 or
  /// naming no day of the trainee's programs.
  public var prescription: KeptPrescription?

  /// A log and its prescription.
  public init(log: WorkoutLogRecord, prescription: KeptPrescription?) {
    self.log = log
    self.prescription = prescription
  }
}
