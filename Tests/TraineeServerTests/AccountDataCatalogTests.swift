import Foundation
import Testing

@testable import Accounts
@testable import SQLStore
@testable import TraineeData
@testable import TraineeDatabaseSchema

/// Issue 32 item 6, proven from the database's own catalog (`sqlite_master`,
/// `information_schema`), not from a list written by hand: every table is exported or left out
/// for a reason, and a deletion leaves no row of the account in any table while another
/// account's rows all stay. A table added later fails here until it is covered.
@Suite struct AccountDataCatalogTests {
  /// What a column that names an account's rows holds.
  enum OwnerKind: Hashable {
    case account, trainee, session
  }

  /// Tables that hold no person's row, and why.
  static let unowned: [String: String] = [
    "studios": "a studio is its business's; its links to people are in studio_members",
    "library_exercises": "a studio's library; the trainee's assignments name its programs",
    "coach_programs": "a studio's programs; the trainee's assignments name them",
    "program_versions": "a studio's programs' versions",
    "coach_meal_plans": "a studio's meal plans; the trainee's assignments name them",
    "meal_plan_versions": "a studio's meal plans' versions",
    "studio_notification_configs": "a studio's notification texts; its overrides name trainees",
  ]

  /// Columns whose values name a person without being an id: the limits' subjects.
  static let subjectColumns = ["auth_attempts": "subject"]

  /// The columns of `table` that name an account, a trainee or a session: the ids of those
  /// tables, the columns whose foreign key points at them, and the columns named for them.
  static func ownerColumns(
    _ table: String, _ columns: [String], _ keys: [String: [String: String]]
  ) -> [(String, OwnerKind)] {
    let ids = ["accounts": OwnerKind.account, "trainees": .trainee, "sessions": .session]
    let names = ["account_id": OwnerKind.account, "trainee_id": .trainee, "session_id": .session]
    return columns.compactMap { column in
      if column == "id", let kind = ids[table] { return (column, kind) }
      if let target = keys[table]?[column] {
        if target == "sessions" { return (column, column == "account_id" ? .account : .session) }
        if let kind = ids[target] { return (column, kind) }
      }
      return names[column].map { (column, $0) }
    }
  }

  /// The values that name `filled`'s rows, by kind, read from the database.
  static func ownerValues(
    _ filled: FilledTrainee, _ fixture: AccountFixture
  ) throws -> [OwnerKind: [DatabaseValue]] {
    let sessions = try fixture.trainees.read { db in
      try db.rows("SELECT id FROM sessions WHERE account_id = ?", [filled.account.value]) {
        DatabaseValue.text(try $0.string(0))
      }
    }
    return [
      .account: [filled.account.value], .trainee: [filled.trainee.value], .session: sessions,
    ]
  }

  /// The limits' subjects that name `filled`.
  static func subjects(_ filled: FilledTrainee) -> [DatabaseValue] {
    [
      .text("account:\(filled.account.rawValue)"),
      .text("login:" + BearerToken.digest(filled.signedIn.account.email!)),
    ]
  }

  /// Every row of `table` (all its columns, sorted) that a column names with `values`.
  static func rows(
    of table: String, columns: [String], owners: [(String, OwnerKind)],
    values: [OwnerKind: [DatabaseValue]], subjects: [DatabaseValue], _ fixture: AccountFixture
  ) throws -> [String] {
    var conditions: [String] = []
    var bound: [DatabaseValue] = []
    for (column, kind) in owners {
      let named = values[kind] ?? []
      guard !named.isEmpty else { continue }
      conditions.append("\(column) IN (\(named.map { _ in "?" }.joined(separator: ", ")))")
      bound += named
    }
    if let column = subjectColumns[table] {
      conditions.append("\(column) IN (?, ?)")
      bound += subjects
    }
    guard !conditions.isEmpty else { return [] }
    return try fixture.trainees.read { db in
      try db.rows(
        "SELECT \(columns.joined(separator: ", ")) FROM \(table) WHERE "
          + conditions.joined(separator: " OR "), bound
      ) { row in "\(try columns.indices.map { try row.value($0) })" }
    }.sorted()
  }

  @Test(arguments: StoreBackend.available)
  func aDeletionLeavesNoRowOfTheAccountAndEveryRowOfAnother(_ backend: StoreBackend) throws {
    let fixture = try AccountFixture(backend)
    let ada = try fixture.filledTrainee(email: "ada@example.com")
    let grace = try fixture.filledTrainee(email: "grace@example.com")
    let catalog = try DatabaseCatalog.tables(of: fixture.trainees.database)
    let keys = try DatabaseCatalog.foreignKeys()
    let adaValues = try Self.ownerValues(ada, fixture)
    let graceValues = try Self.ownerValues(grace, fixture)

    func rows(
      _ table: String, _ values: [OwnerKind: [DatabaseValue]], _ filled: FilledTrainee
    )
      throws -> [String]
    {
      try Self.rows(
        of: table, columns: catalog[table]!,
        owners: Self.ownerColumns(table, catalog[table]!, keys), values: values,
        subjects: Self.subjects(filled), fixture)
    }

    var graceBefore: [String: [String]] = [:]
    var adaEventsBefore = 0
    for table in catalog.keys.sorted() {
      let owned =
        !Self.ownerColumns(table, catalog[table]!, keys).isEmpty
        || Self.subjectColumns[table] != nil
      guard owned else {
        #expect(
          Self.unowned[table] != nil,
          "\(table) has no column that names an account, a trainee or a session: say why here, or name its owner"
        )
        continue
      }
      let adaRows = try rows(table, adaValues, ada)
      #expect(!adaRows.isEmpty, "\(table) has no row of the account after the set-up: fill it")
      graceBefore[table] = try rows(table, graceValues, grace)
      #expect(!graceBefore[table]!.isEmpty, "\(table) has no row of the other account")
      if table == "auth_events" { adaEventsBefore = adaRows.count }
    }

    let deletion = try #require(try fixture.accounts.deleteAccount(ada.account, address: nil))
    #expect(deletion.trainee == ada.trainee)

    for table in graceBefore.keys.sorted() {
      #expect(try rows(table, adaValues, ada) == [], "\(table) keeps rows of the deleted account")
      #expect(try rows(table, graceValues, grace) == graceBefore[table], "\(table) changed")
    }
    // The audit log keeps the account's events, and the deletion's, under the marker alone.
    let marked = try fixture.trainees.read { db in
      try db.rows(
        "SELECT account_id, session_id FROM auth_events WHERE account_marker = ?",
        [.text(deletion.marker)]
      ) { [try $0.value(0), try $0.value(1)] }
    }
    #expect(marked.count == adaEventsBefore + 1)
    #expect(marked.allSatisfy { $0 == [.null, .null] })
    #expect(!deletion.marker.contains(String(ada.account.rawValue)))
    #expect(try fixture.accounts.deleteAccount(ada.account, address: nil) == nil)
  }

  @Test(arguments: StoreBackend.available)
  func theExportDeclaresEveryTableAndColumnOfTheCatalog(_ backend: StoreBackend) throws {
    let database = try backend.makeDatabase()
    defer { database.close() }
    try TraineeSchema.migrate(database)
    let catalog = try DatabaseCatalog.tables(of: database)
    let declared =
      AccountExport.sections.map(\.table) + AccountExport.leftOutTables.map(\.table)
    #expect(declared.count == Set(declared).count, "a table is declared twice")
    #expect(Set(declared) == Set(catalog.keys))
    for section in AccountExport.sections {
      let written = section.columns.compactMap(\.tableColumn)
      #expect(Set(written).isDisjoint(with: section.leftOut.keys), "\(section.table)")
      #expect(
        Set(written).union(section.leftOut.keys) == Set(catalog[section.table] ?? []),
        "\(section.table): every column is written or left out with a reason")
    }
  }
}
