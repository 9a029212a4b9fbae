import Foundation
import Testing

@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeDatabaseSchema
@testable import TraineeServer

/// The SQL each dialect runs for each schema version, and the schema a fresh SQLite database ends
/// with, compared byte for byte with files in `Fixtures/trainee-schema/` recorded before the
/// steps moved to one file per version. A step is never rewritten once a database may have run
/// it: a change here is a change to every database already upgraded.
///
/// `PERFORM_UPDATE_GOLDEN=1` (`make golden`) writes the fixtures instead; only a new version may
/// add to them.
@Suite struct TraineeSchemaFixtureTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/trainee-schema")

  static var updatingFixtures: Bool {
    ProcessInfo.processInfo.environment["PERFORM_UPDATE_GOLDEN"] == "1"
  }

  /// Every step of `dialect` as `-- version N: name` and the step's statements.
  static func statements(_ dialect: SQLDialect) -> String {
    TraineeSchema.migrations
      .map { "-- version \($0.version): \($0.name)\n\($0.sql(for: dialect))\n" }
      .joined(separator: "\n")
  }

  /// What `sqlite_schema` holds after every step ran on a new database, and its version.
  static func freshSQLiteSchema() throws -> String {
    let database = try SQLiteDatabase.inMemory()
    defer { database.close() }
    let version = try TraineeSchema.migrate(database)
    let entries = try database.read { db in
      try db.rows("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name") {
        row in
        "-- \(try row.string(0)) \(try row.string(1)) on \(try row.string(2))\n"
          + (try row.text(3) ?? "(no SQL)") + "\n"
      }
    }
    return "-- user_version \(version)\n\n" + entries.joined(separator: "\n")
  }

  static func check(_ actual: String, against name: String) throws {
    let url = fixtures.appendingPathComponent(name)
    if updatingFixtures {
      try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url)
      return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(actual == expected, "\(name) differs; PERFORM_UPDATE_GOLDEN=1 rewrites it")
  }

  @Test(arguments: [SQLDialect.sqlite, .postgresql])
  func everyStepRunsTheStatementsItRanBefore(_ dialect: SQLDialect) throws {
    try Self.check(Self.statements(dialect), against: "\(dialect.rawValue)-steps.sql")
  }

  @Test func aNewSQLiteDatabaseEndsWithTheSchemaItHadBefore() throws {
    try Self.check(try Self.freshSQLiteSchema(), against: "sqlite-fresh-schema.sql")
  }
}
