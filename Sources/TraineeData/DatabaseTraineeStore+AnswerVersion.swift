import Foundation
import SQLStore

// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history": the answer version is read with the token (one indexed
// lookup that every authenticated request makes anyway) and raised inside the write transaction,
// before `COMMIT`, so no reader sees a write without its version or a version without its write.

extension DatabaseTraineeStore {
  // NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
  // answers, group commit and paged history", "The token check is kept per process": on SQLite the
  // trainee a token names is kept by the raw token until any connection or process commits
  // (`SQLiteDatabase.kept`), so a kept answer costs two reads of the wal-index header instead of a
  // SHA-256 and an index look-up; a revoked token or a raised version is seen by the first request
  // after its commit. PostgreSQL runs the query each time.

  public func versionedTrainee(forToken token: String) throws -> VersionedTrainee? {
    try sessionTrainee(forToken: token)
  }

  /// Raises the answer version of `trainee` in the write transaction of `db`; throws
  /// `traineeNotFound` when no trainee has that id, so that the write stores nothing.
  static func raiseAnswerVersion(of trainee: TraineeID, _ db: any DatabaseConnection) throws {
    let raised = try db.run(
      "UPDATE trainees SET answer_version = answer_version + 1 WHERE id = ?", [trainee.value])
    guard raised == 1 else { throw TraineeStoreError.traineeNotFound(trainee) }
  }
}
