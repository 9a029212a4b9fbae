import ExerciseRecordTable
import Foundation
import SQLStore
import TraineeAPI

// NB: docs/decisions/what-the-coach-sees.md, "Records and progress": the records are the kept
// rows of the tags the studio may see, combined; a series reads one exercise's sets within the
// window, each through its log's tag, and at most `limit` of them.

extension DatabaseTraineeStore {
  public func exerciseRecords(
    of trainee: TraineeID, visibleTo studio: StudioID
  ) throws -> [ExerciseRecords]? {
    try visibleRead(of: trainee, to: studio) { visibility, db in
      try KeptExerciseRecords.combined(
        trainee: trainee.value, tagFilter: visibility.recordFilter(tagColumn: "studio_id"), db)
    }
  }

  public func progressSets(
    of trainee: TraineeID, exercise exerciseId: String, from: Date, to: Date,
    visibleTo studio: StudioID, limit: Int
  ) throws -> [LoggedSet]? {
    try visibleRead(of: trainee, to: studio) { visibility, db in
      try Self.exerciseSets(
        exerciseId, trainee: trainee, tagFilter: visibility.recordFilter(tagColumn: "w.studio_id"),
        window: (from.milliseconds, to.milliseconds), limit: limit, db)
    }
  }
}
