import Foundation
import Testing

@testable import SQLStore
@testable import TraineeData
@testable import TraineeDatabaseSchema

/// Schema version 16 on a database from before accounts: every trainee becomes a trainee
/// account of the default studio, and every token a session named "legacy" that keeps working.
@Suite struct AccountMigrationTests {
  /// Each trainee's account (role, email, created), its studios and its sessions (name,
  /// studio, created, whether it expires or refreshes), as the tables hold them.
  static func accountRows(_ database: any DatabaseDriver) throws -> [String] {
    try database.readTransaction { db in
      try db.rows(
        """
        SELECT accounts.trainee_id, accounts.role, COALESCE(accounts.email, '-'),
          accounts.created_at, studios.name, studios.is_default, studio_members.role,
          sessions.name, sessions.created_at,
          COALESCE(sessions.access_expires_at, -1), COALESCE(sessions.refresh_token_sha256, '-'),
          CASE WHEN sessions.studio_id = studios.id THEN 1 ELSE 0 END
        FROM accounts
        JOIN studio_members ON studio_members.account_id = accounts.id
        JOIN studios ON studios.id = studio_members.studio_id
        JOIN sessions ON sessions.account_id = accounts.id
        ORDER BY accounts.trainee_id
        """
      ) { row in
        try (0..<12).map { index -> String in
          switch try row.value(index) {
          case .integer(let number): "\(number)"
          case .text(let text): text
          case let other: "\(other)"
          }
        }.joined(separator: " ")
      }
    }
  }

  @Test(arguments: StoreBackend.available)
  func everyTraineeAndTokenFromBeforeAccountsKeepsWorking(_ backend: StoreBackend) throws {
    let database = try backend.makeUnmigratedDatabase()
    try Migrations.migrate(database, with: Array(TraineeSchema.migrations.prefix(15)))
    let tokens = ["token-of-ada", "token-of-grace"]
    try database.writeTransaction(.readCommitted) { db in
      for (index, name) in ["Ada", "Grace"].enumerated() {
        try db.run(
          "INSERT INTO trainees (id, name, token_sha256, created_at) VALUES (?, ?, ?, ?)",
          [
            .integer(Int64(index + 7)), .text(name), .text(BearerToken.digest(tokens[index])),
            .integer(1_000 * Int64(index + 1)),
          ])
      }
    }
    let store = try DatabaseTraineeStore(
      database: database, now: { StoreFixture.monday + 10 * 365 * 86_400 })
    #expect(try Migrations.version(of: database) == TraineeSchema.version)
    #expect(
      try Self.accountRows(database) == [
        "7 trainee - 1000 Default studio 1 trainee legacy 1000 -1 - 1",
        "8 trainee - 2000 Default studio 1 trainee legacy 2000 -1 - 1",
      ])
    // Legacy sessions never expire.
    #expect(try store.trainee(forToken: tokens[0])?.name == "Ada")
    #expect(try store.trainee(forToken: tokens[1])?.name == "Grace")
    #expect(try store.trainee(forToken: "token-of-nobody") == nil)
    // A replaced token ends its legacy session.
    let replaced = try store.replaceToken(of: TraineeID(rawValue: 7))
    #expect(try store.trainee(forToken: tokens[0]) == nil)
    #expect(try store.trainee(forToken: replaced)?.name == "Ada")
    #expect(try store.trainee(forToken: tokens[1])?.name == "Grace")
  }

  @Test(arguments: StoreBackend.available)
  func aNewDatabaseHasNoRowsUntilATraineeNeedsTheDefaultStudio(_ backend: StoreBackend) throws {
    let database = try backend.makeUnmigratedDatabase()
    try TraineeSchema.migrate(database)
    let studios = {
      try database.readTransaction { db in
        try db.row("SELECT COUNT(*) FROM studios") { try $0.int(0) }
      }
    }
    #expect(try studios() == 0)
    let store = try DatabaseTraineeStore(database: database, now: { StoreFixture.monday })
    let ada = try store.createTrainee(name: "Ada")
    #expect(try studios() == 1)
    #expect(
      try Self.accountRows(database) == [
        "\(ada.trainee.id) trainee - \(StoreFixture.monday.milliseconds) Default studio 1 trainee"
          + " legacy \(StoreFixture.monday.milliseconds) -1 - 1"
      ])
    #expect(try store.trainee(forToken: ada.token) == ada.trainee)
  }
}
