import Foundation
import TraineeAPI

// NB: docs/decisions/the-coachs-programs.md: the studio's library and programs, every method
// scoped by the studio first; another studio's id reads as absent (`nil`, `false`).

/// What a studio's coaches build: the exercise library, programs with versions, assignments.
///
/// Bad input throws `TraineeStoreError.invalid` naming the path of the value and stores nothing.
public protocol CoachProgramStore: Sendable {
  /// Adds `exercise` to `studio`'s library.
  func createLibraryExercise(
    _ exercise: LibraryExerciseRequestDto, in studio: StudioID
  ) throws -> LibraryExercise
  /// Replaces what `studio`'s exercise `id` says; `nil` when the studio has no such exercise.
  func updateLibraryExercise(
    _ id: LibraryExerciseID, _ exercise: LibraryExerciseRequestDto, in studio: StudioID
  ) throws -> LibraryExercise?
  /// Archives `studio`'s exercise `id`; `false` when the studio has no such exercise.
  func archiveLibraryExercise(_ id: LibraryExerciseID, in studio: StudioID) throws -> Bool
  /// A page of `studio`'s library by id; archived exercises only when `archived`.
  func libraryExercises(
    in studio: StudioID, page: IDPage, archived: Bool
  ) throws -> [LibraryExercise]

  /// A new program of `studio` at version 1.
  func createCoachProgram(
    _ document: CoachProgramDocumentDto, in studio: StudioID
  ) throws -> CoachProgramVersion
  /// A new version of `studio`'s program `id`; `nil` when the studio has no such program.
  func editCoachProgram(
    _ id: CoachProgramID, _ document: CoachProgramDocumentDto, in studio: StudioID
  ) throws -> CoachProgramVersion?
  /// A new program from the newest version of `studio`'s program `id`; `nil` when none.
  func copyCoachProgram(
    _ id: CoachProgramID, name: String?, in studio: StudioID
  ) throws -> CoachProgramVersion?
  /// Archives `studio`'s program `id`; `false` when the studio has no such program.
  func archiveCoachProgram(_ id: CoachProgramID, in studio: StudioID) throws -> Bool
  /// A page of `studio`'s programs by id; archived ones only when `archived`.
  func coachPrograms(in studio: StudioID, page: IDPage, archived: Bool) throws -> [CoachProgram]
  /// `studio`'s program `id` at `version` (the newest when `nil`); `nil` when none.
  func coachProgram(
    _ id: CoachProgramID, version: Int?, in studio: StudioID
  ) throws -> CoachProgramVersion?
  /// Assigns `studio`'s program `id` to `trainees`, all or nothing.
  func assignCoachProgram(
    _ id: CoachProgramID, to trainees: [TraineeID], mode: AssignmentMode,
    schedule: ProgramSchedule?, in studio: StudioID
  ) throws -> ProgramAssignmentOutcome
  /// Ends the assignment of `studio`'s program `id` to `trainee`; `false` when the studio has no
  /// such program or the trainee no such assignment.
  func endCoachProgramAssignment(
    _ id: CoachProgramID, of trainee: TraineeID, in studio: StudioID
  ) throws -> Bool
}
