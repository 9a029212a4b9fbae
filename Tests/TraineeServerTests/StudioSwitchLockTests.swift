import Foundation
import LockedValue
import Testing

@testable import Accounts
@testable import SQLStore
@testable import TraineeData

/// A studio switch and another process's leave of that studio, on PostgreSQL, checked without
/// depending on timing (docs/decisions/accounts.md, "Switching studio"): the leave is held open
/// on a connection of its own (the account's lock taken, the link ended, not yet committed), and
/// the store's switch to that studio is shown to wait for it, then to be refused by what it
/// committed. Before the account's lock, the switch read the link as live and moved the session
/// onto a studio the account had left. (The time limit only ends a hang.)
@Suite(.timeLimit(.minutes(1))) struct StudioSwitchLockTests {
  @Test(
    .enabled(
      if: StoreBackend.postgreSQLURL != nil,
      "PERFORM_TEST_POSTGRESQL is not set (make test starts a PostgreSQL for this test)"))
  func aSwitchWaitsForAnotherProcesssLeaveAndIsRefusedByIt() async throws {
    let url = try StoreBackend.newPostgreSQLSchema()
    let fixture = try AccountFixture(database: PostgreSQLDatabase(url: url))
    let ada = try fixture.invitedTrainee()
    let account = ada.account.id
    let phone = ada.tokens.session
    let left = try #require(try fixture.accounts.memberships(of: account).first).studio
    let second = try fixture.accounts.createStudio(name: "Second")
    let invite = try fixture.accounts.createInvite(studio: second.id, by: nil, validFor: nil)
    _ = try fixture.accounts.acceptInvite(code: invite.code, for: account, address: "192.0.2.1")
    #expect(try fixture.accounts.switchStudio(phone, of: account, to: second.id, address: nil))

    let other = try PostgreSQLConnection(url: url, location: "other process")
    let observer = try PostgreSQLConnection(url: url, location: "observer")
    let otherProcess = try #require(try other.row("SELECT pg_backend_pid()") { try $0.int(0) })
    // The other process's leave, up to its commit: the account's lock, then the link ended.
    try other.execute("BEGIN")
    _ = try other.row("SELECT id FROM accounts WHERE id = ? FOR UPDATE", [account.value]) {
      try $0.int64(0)
    }
    _ = try other.run(
      "UPDATE studio_members SET ended_at = ? WHERE studio_id = ? AND account_id = ?",
      [.integer(fixture.clock.now.milliseconds), left.value, account.value])

    // The store's switch to the studio being left, on a thread of its own (it blocks in libpq).
    let finished = Locked(false)
    let switching = Task {
      await withCheckedContinuation { continuation in
        Thread {
          let answer = Result {
            try fixture.accounts.switchStudio(phone, of: account, to: left, address: nil)
          }
          finished.withLock { $0 = true }
          continuation.resume(returning: answer)
        }.start()
      }
    }
    var waits = false
    while !waits && !finished.withLock({ $0 }) {
      waits =
        try observer.row(
          "SELECT count(*) FROM pg_stat_activity WHERE ? = ANY(pg_blocking_pids(pid))",
          [DatabaseValue(otherProcess)]
        ) { try $0.int(0) } == 1
      await Task.yield()
    }
    #expect(waits, "the switch did not wait for the other process's leave")
    try other.execute("COMMIT")

    #expect(try await switching.value.get() == false)
    let session = try #require(try fixture.accounts.sessions(of: account).first { $0.id == phone })
    #expect(session.studio == second.id)
  }
}
