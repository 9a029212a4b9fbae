import Foundation
import LockedValue
import Testing
import TraineeAPI

@testable import Accounts
@testable import SQLStore
@testable import TraineeData
@testable import TraineeDatabaseSchema

/// The export document of issue 32 item 6 on both backends: everything of the account and its
/// trainee, no secret and nothing of another account, the same bytes on both backends, and a
/// long history read in pages and handed on in pieces.
@Suite struct AccountExportTests {
  /// The export of `account` as bytes, and the pieces the sink was given.
  static func export(
    _ account: AccountID, _ fixture: AccountFixture
  ) throws -> (document: Data, pieces: [Int]) {
    let collected = Locked<(Data, [Int])>((Data(), []))
    let found = try fixture.accounts.exportAccount(account) { bytes in
      collected.withLock {
        $0.0.append(contentsOf: bytes)
        $0.1.append(bytes.count)
      }
    }
    #expect(found)
    return collected.withLock { $0 }
  }

  static func object(_ data: Data) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test(arguments: StoreBackend.available)
  func anExportHoldsEveryRecordOfTheAccountAndNoSecret(_ backend: StoreBackend) throws {
    let fixture = try AccountFixture(backend)
    let ada = try fixture.filledTrainee(email: "ada@example.com")
    let grace = try fixture.filledTrainee(email: "grace@example.com")
    let (data, _) = try Self.export(ada.account, fixture)
    let document = try Self.object(data)

    #expect(document["formatVersion"] as? Int == 1)
    #expect(
      document["exportedAt"] as? String
        == ISO8601Instant.textWithMilliseconds(fixture.clock.now))
    let account = try #require(document["account"] as? [String: Any])
    #expect(account["id"] as? String == String(ada.account.rawValue))
    #expect(account["email"] as? String == "ada@example.com")
    #expect(account["role"] as? String == "trainee")
    #expect(account["password_hash"] == nil && account["passwordHash"] == nil)
    func count(_ member: String, in object: [String: Any] = document) -> Int? {
      (object[member] as? [Any])?.count
    }
    #expect(count("sessions") == 1)
    #expect(count("invites") == 1)
    #expect(count("signInAttempts") == 2)
    #expect(
      count("auditEvents") == (try fixture.accounts.authEvents(of: ada.account, limit: 100)).count)
    let studios = try #require(document["studios"] as? [[String: Any]])
    #expect(studios.map { $0["studioName"] as? String } == ["Iron Temple"])

    let trainee = try #require(document["trainee"] as? [String: Any])
    #expect(trainee["id"] as? String == String(ada.trainee.rawValue))
    let records = try #require(trainee["records"] as? [String: Any])
    for (member, expected) in [
      ("workoutLogs", FilledTrainee.workoutLogs), ("idempotencyKeys", 1), ("mealLogs", 1),
      ("nutritionDays", 1),
      ("nutritionPlans", 1), ("programs", 1), ("substitutions", 1), ("techniqueVideos", 1),
      ("notificationSettings", 1),
    ] {
      #expect(count(member, in: records) == expected, "\(member)")
    }
    #expect((count("usage", in: records) ?? 0) > 0)
    let video = try #require((records["techniqueVideos"] as? [[String: Any]])?.first)
    #expect(video["feedback"] as? String == "Elbows in")
    // Stored JSON is written as JSON, not as a string of it.
    let log = try #require((records["workoutLogs"] as? [[String: Any]])?.first)
    #expect(log["log"] is [String: Any])

    let text = String(decoding: data, as: UTF8.self)
    let secrets = try fixture.trainees.read { db in
      try db.rows(
        """
        SELECT access_token_sha256 FROM sessions UNION ALL SELECT password_hash FROM accounts
        WHERE password_hash IS NOT NULL UNION ALL SELECT code_sha256 FROM invites
        UNION ALL SELECT token_sha256 FROM trainees UNION ALL SELECT subject FROM auth_attempts
        """
      ) { try $0.string(0) }
    }
    for secret in secrets + [
      ada.tokens.accessToken, ada.tokens.refreshToken, ada.spentRefreshToken,
      AccountFixture.password, "grace@example.com", String(grace.trainee.rawValue),
    ] {
      #expect(!text.contains(secret), "the export holds \(secret)")
    }
    // No account: nothing is written.
    let unknown = AccountID(rawValue: 42)
    #expect(try !fixture.accounts.exportAccount(unknown) { _ in Issue.record("wrote") })
  }

  @Test(arguments: StoreBackend.available)
  func aCoachsExportHasNoTraineeAndNamesTheInvitesTheyMade(_ backend: StoreBackend) throws {
    let fixture = try AccountFixture(backend)
    let ada = try fixture.filledTrainee(email: "ada@example.com")
    let document = try Self.object(try Self.export(ada.coach.id, fixture).document)
    #expect(document["trainee"] is NSNull)
    let invites = try #require(document["invites"] as? [[String: Any]])
    #expect(invites.map { $0["usedBy"] as? String } == [String(ada.account.rawValue)])
  }

  /// The same rows (a SQLite database copied whole into PostgreSQL) give the same bytes.
  @Test(
    .enabled(
      if: StoreBackend.postgreSQLURL != nil,
      "PERFORM_TEST_POSTGRESQL is not set (make test starts a PostgreSQL for this test)"))
  func bothBackendsWriteTheSameDocumentForTheSameRows() throws {
    let sqlite = try AccountFixture(.sqlite)
    let ada = try sqlite.filledTrainee(email: "ada@example.com")
    _ = try sqlite.filledTrainee(email: "grace@example.com")
    // A text key that orders differently by locale than byte by byte.
    try sqlite.trainees.saveNotificationConfig(
      NotificationConfigDto(type: "a_custom", enabled: true), for: ada.trainee)
    try sqlite.trainees.saveNotificationConfig(
      NotificationConfigDto(type: "B_CUSTOM", enabled: true), for: ada.trainee)
    let database = try StoreBackend.postgresql.makeDatabase()
    try DatabaseCopy.copy(from: sqlite.trainees.database, to: database)
    // The test cluster sorts text as C.UTF-8 does; a column of a locale's order (ICU's root
    // locale, which puts `a_custom` before `B_CUSTOM`) shows that the export does not depend on it.
    let icu = try database.writeTransaction(.readCommitted) { db in
      guard
        try db.row("SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu'", { try $0.int(0) })
          != nil
      else { return false }
      try db.run(
        #"ALTER TABLE notification_configs ALTER COLUMN type TYPE TEXT COLLATE "und-x-icu""#)
      return true
    }
    #expect(icu, "this PostgreSQL has no ICU collation: the export's byte order is not exercised")
    let postgreSQL = try AccountFixture(database: database, clock: sqlite.clock)
    for account in [ada.account, ada.coach.id] {
      let fromSQLite = try Self.export(account, sqlite).document
      let fromPostgreSQL = try Self.export(account, postgreSQL).document
      #expect(fromSQLite == fromPostgreSQL)
    }
  }

  @Test(arguments: StoreBackend.available)
  func aLongHistoryIsReadInPagesAndHandedOnInPieces(_ backend: StoreBackend) throws {
    let fixture = try AccountFixture(backend)
    let ada = try fixture.invitedTrainee()
    let trainee = try #require(ada.account.trainee)
    let logs = DatabaseAccountStore.exportPageRows * 2 + 50
    for _ in 0..<logs {
      _ = try fixture.trainees.logWorkout(StoreFixture.benchDay, idempotencyKey: nil, for: trainee)
    }
    let (data, pieces) = try Self.export(ada.account.id, fixture)
    let records = try #require(
      (try Self.object(data)["trainee"] as? [String: Any])?["records"] as? [String: Any])
    let ids = try #require(records["workoutLogs"] as? [[String: Any]]).compactMap {
      ($0["id"] as? String).flatMap(Int64.init)
    }
    #expect(ids.count == logs)
    #expect(ids == ids.sorted() && Set(ids).count == logs)
    // Handed on as it is written: no piece much past the flush size.
    #expect(pieces.count > 1)
    #expect(pieces.allSatisfy { $0 < ExportJSONStream.flushBytes + 4096 })
  }
}
