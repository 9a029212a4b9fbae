import Foundation
import LockedValue
import Testing

@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeDatabaseSchema
@testable import TraineeServer

// NB: docs/decisions/postgresql-beside-sqlite-what-differs-and-why.md, "PostgreSQL beside SQLite:
// what differs and why": every store and route test runs on both backends, as a Swift Testing
// argument. `make test` starts a throwaway PostgreSQL (scripts/with-test-postgresql.sh) and names
// it in PERFORM_TEST_POSTGRESQL; without it (`swift test` by hand) the PostgreSQL cases are not
// run, and `StoreBackendTests.postgreSQLCasesRun` is reported skipped, saying why.

/// The database a store test runs on.
enum StoreBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case sqlite
  case postgresql

  /// The test cluster's URL, from `PERFORM_TEST_POSTGRESQL`.
  static let postgreSQLURL = ProcessInfo.processInfo.environment["PERFORM_TEST_POSTGRESQL"]

  /// SQLite, and PostgreSQL when a test cluster is named.
  static let available: [StoreBackend] = postgreSQLURL == nil ? [.sqlite] : [.sqlite, .postgresql]

  var testDescription: String { rawValue }

  /// An empty database: SQLite in memory, or a schema of the test cluster that no other test
  /// holds, so that tests running at once never see each other's rows. A PostgreSQL schema may
  /// have served an earlier test: it is then at the current schema version, emptied and its ids
  /// counting from 1 again (`SchemaPool`). For a database before any schema step, use
  /// `makeUnmigratedDatabase()`.
  func makeDatabase() throws -> any DatabaseDriver {
    switch self {
    case .sqlite:
      return try SQLiteDatabase.inMemory()
    case .postgresql:
      return try SchemaPool.shared.take()
    }
  }

  /// A new database no schema step has run on.
  func makeUnmigratedDatabase() throws -> any DatabaseDriver {
    switch self {
    case .sqlite:
      return try SQLiteDatabase.inMemory()
    case .postgresql:
      return try PostgreSQLDatabase(url: try Self.newPostgreSQLSchema())
    }
  }

  /// A database that several stores open, as several processes would: a file in `directory` for
  /// SQLite, a schema of its own in the test cluster for PostgreSQL. Open it with `open(_:)`.
  func makeSharedLocation(in directory: URL) throws -> String {
    switch self {
    case .sqlite: directory.appendingPathComponent("shared.sqlite").path
    case .postgresql: try Self.newPostgreSQLSchema()
    }
  }

  /// The database at `location` (from `makeSharedLocation(in:)`), opened once more; SQLite's as
  /// `perform serve` opens it, its commits synced off the writer.
  func open(_ location: String) throws -> any DatabaseDriver {
    switch self {
    case .sqlite: try SQLiteDatabase(path: location, options: .init(syncOffWriter: true))
    case .postgresql: try PostgreSQLDatabase(url: location)
    }
  }

  /// Creates a schema in the test cluster and returns a URL whose connections use it.
  static func newPostgreSQLSchema() throws -> String {
    guard let url = postgreSQLURL else {
      throw PostgreSQLError.cannotConnect(
        location: "-", message: "PERFORM_TEST_POSTGRESQL is not set")
    }
    let schema = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    try administration(url).execute("CREATE SCHEMA \(schema)")
    return url + (url.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
  }

  /// One connection pool to the cluster for creating schemas, shared by the tests.
  private static func administration(_ url: String) throws -> PostgreSQLDatabase {
    try shared.withLock { shared in
      if let shared { return shared }
      let opened = try PostgreSQLDatabase(url: url, options: .init(connections: 2))
      shared = opened
      return opened
    }
  }

  private static let shared = Locked<PostgreSQLDatabase?>(nil)
}

struct StoreBackendTests {
  /// A schema handed back is the next one handed out, empty, its ids from 1 again.
  @Test(
    .enabled(
      if: StoreBackend.postgreSQLURL != nil,
      "PERFORM_TEST_POSTGRESQL is not set (make test starts a PostgreSQL for this test)"))
  func aSchemaHandedBackIsEmptiedForTheNextTest() throws {
    let pool = SchemaPool()
    func location(_ store: DatabaseTraineeStore) -> String { store.database.location }
    // Ids from each table's sequence, which the pool starts from 1 again.
    var first: DatabaseTraineeStore? = try DatabaseTraineeStore(
      database: pool.take(), recordIDs: .databaseSequence)
    let firstLocation = try #require(first.map(location))
    let ada = try #require(first).createTrainee(name: "Ada")
    _ = try #require(first).logWorkout(
      StoreFixture.benchDay, idempotencyKey: "k", for: ada.trainee.id)
    first = nil
    let second = try DatabaseTraineeStore(database: pool.take(), recordIDs: .databaseSequence)
    #expect(location(second) == firstLocation)
    #expect(try second.trainees().isEmpty)
    let grace = try second.createTrainee(name: "Grace").trainee.id
    #expect(grace.rawValue == 1)
    #expect(
      try second.logWorkout(StoreFixture.benchDay, idempotencyKey: "k", for: grace).id.rawValue == 1
    )
  }

  @Test(
    .enabled(
      if: StoreBackend.postgreSQLURL != nil,
      "PERFORM_TEST_POSTGRESQL is not set: the store and route tests ran on SQLite only (make test starts a PostgreSQL for them)"
    ))
  func postgreSQLCasesRun() throws {
    let database = try StoreBackend.postgresql.makeDatabase()
    #expect(try database.readTransaction { try $0.row("SELECT 1") { try $0.int(0) } } == 1)
  }
}

// NB: creating a schema and running the nine schema steps costs PostgreSQL about 0.1 s, and
// every store and route test case needs a database of its own: made anew each time, the cases
// kept the cooperative threads (they block in libpq) long enough that an unrelated suite's task
// waited past its 60 s bound. A schema is therefore handed back when its test's store is gone
// and emptied for the next one (a few milliseconds), as `SchemaPool` does.

/// The test cluster's schemas at the current version, each handed to one test at a time.
final class SchemaPool: Sendable {
  static let shared = SchemaPool()

  /// Schemas whose test is done, to be emptied before their next use.
  private let free = Locked<[String]>([])

  /// A schema no test holds, emptied, as a database that gives it back when it is released.
  func take() throws -> any DatabaseDriver {
    guard let url = free.withLock({ $0.popLast() }) else {
      let url = try StoreBackend.newPostgreSQLSchema()
      return PooledSchema(try PostgreSQLDatabase(url: url), url, pool: self)
    }
    let database = try PostgreSQLDatabase(url: url)
    // Its last test may not have run the schema steps (a driver test, say).
    try TraineeSchema.migrate(database)
    try database.writeTransaction(.readCommitted) { db in
      // Superuser in the test cluster: the foreign keys are not checked while every table empties.
      var sql = "SET LOCAL session_replication_role = replica;\n"
      for table in DatabaseCopy.tables { sql += "DELETE FROM \(table.name);\n" }
      for table in DatabaseCopy.tablesWithIDs {
        sql += "ALTER TABLE \(table) ALTER COLUMN id RESTART WITH 1;\n"
      }
      try db.execute(sql)
    }
    return PooledSchema(database, url, pool: self)
  }

  fileprivate func giveBack(_ url: String) {
    free.withLock { $0.append(url) }
  }
}

/// A test's PostgreSQL database, its schema given back to `SchemaPool` when it is released.
private final class PooledSchema: DatabaseDriver, @unchecked Sendable {
  // NB: @unchecked: every property is a constant; PostgreSQLDatabase is safe to share.
  private let database: PostgreSQLDatabase
  private let url: String
  private let pool: SchemaPool

  init(_ database: PostgreSQLDatabase, _ url: String, pool: SchemaPool) {
    self.database = database
    self.url = url
    self.pool = pool
  }

  deinit {
    database.close()
    pool.giveBack(url)
  }

  var dialect: SQLDialect { database.dialect }
  var location: String { database.location }

  func writeTransaction<T>(
    _ isolation: TransactionIsolation, _ body: (any DatabaseConnection) throws -> T
  ) throws -> T {
    try database.writeTransaction(isolation, body)
  }

  func readTransaction<T>(_ body: (any DatabaseConnection) throws -> T) throws -> T {
    try database.readTransaction(body)
  }

  func schemaVersion(_ connection: any DatabaseConnection) throws -> Int {
    try database.schemaVersion(connection)
  }

  func setSchemaVersion(_ version: Int, _ connection: any DatabaseConnection) throws {
    try database.setSchemaVersion(version, connection)
  }

  func lastIDs(of tables: [String], _ connection: any DatabaseConnection) throws -> [String: Int64]
  {
    try database.lastIDs(of: tables, connection)
  }

  func setLastIDs(_ lastIDs: [String: Int64], _ connection: any DatabaseConnection) throws {
    try database.setLastIDs(lastIDs, connection)
  }

  func close() { database.close() }
}
