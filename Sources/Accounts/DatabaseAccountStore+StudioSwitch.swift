import Foundation
import SQLStore
import TraineeAPI
import TraineeData

// NB: docs/decisions/accounts.md, "Switching studio": a session uses one studio at a time, one
// the account is a live member of. Switching names it by id and answers the same refusal for a
// studio the account left, never joined or that does not exist, so no id tells of another
// studio. Leaving a studio moves the sessions that used it to the studio joined last of the
// links that remain (what a new sign-in would use), or to none: they are not ended, since leaving
// one studio is no reason to sign every device out. It ends the studio's program assignments
// (docs/decisions/the-coachs-programs.md, "Ending an assignment").

extension DatabaseAccountStore {
  public func endMembership(studio: StudioID, account: AccountID) throws -> Bool {
    let now = nowMilliseconds
    return try store.write(nil) { db in
      try lockLinks(of: account, db)
      let ended = try db.run(
        """
        UPDATE studio_members SET ended_at = ?
        WHERE studio_id = ? AND account_id = ? AND ended_at IS NULL
        """, [.integer(now), studio.value, account.value])
      guard ended == 1 else { return false }
      _ = try DatabaseTraineeStore.endProgramAssignments(ofAccount: account, in: studio, db)
      if let trainee = try AccountTables.trainee(of: account, db) {
        try StudioEventLog.append(.traineeLeft, to: studio, trainee: trainee, at: now, db)
      }
      try AccountTables.audit(
        .membershipEnded, account: account, studio: studio, address: nil, now: now, db)
      let next = try AccountTables.currentStudio(of: account, db)
      let moved = try db.rows(
        """
        UPDATE sessions SET studio_id = ?
        WHERE account_id = ? AND studio_id = ? AND ended_at IS NULL RETURNING id
        """, [DatabaseValue(next?.rawValue), account.value, studio.value]
      ) { SessionID(rawValue: try $0.string(0)) }
      for session in moved.compactMap({ $0 }) {
        try AccountTables.audit(
          .studioSwitched, account: account, studio: next, session: session, address: nil,
          now: now, db)
      }
      return true
    }
  }

  public func switchStudio(
    _ session: SessionID, of account: AccountID, to studio: StudioID, address: String?
  ) throws -> Bool {
    let now = nowMilliseconds
    return try store.write(nil) { db in
      try lockLinks(of: account, db)
      let member = try db.row(
        """
        SELECT 1 FROM studio_members
        WHERE studio_id = ? AND account_id = ? AND ended_at IS NULL
        """, [studio.value, account.value]
      ) { try $0.int(0) }
      // The studio the live session uses (itself `nil` when it uses none); `nil`: no such
      // live session.
      let using: Int64?? = try db.row(
        "SELECT studio_id FROM sessions WHERE account_id = ? AND id = ? AND ended_at IS NULL",
        [account.value, .text(session.rawValue)]
      ) { try $0.optionalInt64(0) }
      guard member != nil, let using else { return false }
      guard using != studio.rawValue else { return true }
      try db.run(
        "UPDATE sessions SET studio_id = ? WHERE account_id = ? AND id = ?",
        [studio.value, account.value, .text(session.rawValue)])
      try AccountTables.audit(
        .studioSwitched, account: account, studio: studio, session: session, address: address,
        now: now, db)
      return true
    }
  }

  /// Takes the account's row lock on PostgreSQL, so a leave and a switch (or two leaves) of one
  /// account, from two processes, run one after the other: each then reads the links the other
  /// committed, and no session is left using a studio the account left. SQLite writes one
  /// transaction at a time already.
  private func lockLinks(of account: AccountID, _ db: any DatabaseConnection) throws {
    guard store.database.dialect == .postgresql else { return }
    _ = try db.row("SELECT id FROM accounts WHERE id = ? FOR UPDATE", [account.value]) {
      try $0.int64(0)
    }
  }
}
