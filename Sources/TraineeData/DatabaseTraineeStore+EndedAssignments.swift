import Foundation
import SQLStore
import TraineeAPI

// NB: docs/decisions/the-coachs-programs.md, "Ending an assignment": the coach ends one, and a
// trainee's link to the studio ending ends all of that studio's, meal plans' too
// (docs/decisions/the-coachs-meal-plans.md, "Leaving the studio"); the trainee's next read of the
// programs no longer has them (the answer version is raised in the same transaction), and the
// logs done from them keep what was prescribed.

extension DatabaseTraineeStore {
  public func endCoachProgramAssignment(
    _ id: CoachProgramID, of trainee: TraineeID, in studio: StudioID
  ) throws -> Bool {
    try write(nil) { db in
      let ended = try db.run(
        """
        DELETE FROM program_assignments
        WHERE studio_id = ? AND trainee_id = ? AND program_id = ?
        """, [studio.value, trainee.value, .integer(id.rawValue)])
      guard ended == 1 else { return false }
      try Self.raiseAnswerVersion(of: trainee, db)
      return true
    }
  }

  /// Ends every assignment of `studio`'s programs and meal plans to the trainee of `account`, in
  /// the transaction `db` that ends the account's link to the studio; how many ended.
  package static func endProgramAssignments(
    ofAccount account: AccountID, in studio: StudioID, _ db: any DatabaseConnection
  ) throws -> Int {
    guard
      let trainee = try db.row(
        "SELECT trainee_id FROM accounts WHERE id = ?", [account.value],
        { try $0.optionalInt64(0) }) ?? nil
    else { return 0 }
    var ended = 0
    for table in ["program_assignments", "meal_plan_assignments"] {
      ended += try db.run(
        "DELETE FROM \(table) WHERE studio_id = ? AND trainee_id = ?",
        [studio.value, .integer(trainee)])
    }
    if ended > 0 { try raiseAnswerVersion(of: TraineeID(rawValue: trainee), db) }
    return ended
  }
}
