import Foundation
import Testing

@testable import TraineeServer

// NB: docs/decisions.md, "PostgreSQL beside SQLite: what differs and why": every store and route
// test runs on both backends, as a Swift Testing argument. `make test` starts a throwaway
// PostgreSQL (scripts/with-test-postgresql.sh) and names it in PERFORM_TEST_POSTGRESQL; without it
// (`swift test` by hand) the PostgreSQL cases are not run, and
// `StoreBackendTests.postgreSQLCasesRun` is reported skipped, saying why.

/// The database a store test runs on.
enum StoreBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case sqlite
  case postgresql

  /// The test cluster's URL, from `PERFORM_TEST_POSTGRESQL`.
  static let postgreSQLURL = ProcessInfo.processInfo.environment["PERFORM_TEST_POSTGRESQL"]

  /// SQLite, and PostgreSQL when a test cluster is named.
  static let available: [StoreBackend] = postgreSQLURL == nil ? [.sqlite] : [.sqlite, .postgresql]

  var testDescription: String { rawValue }

  /// A new, empty database: SQLite in memory, or a schema of its own in the test cluster (its
  /// name unique to this call), so that tests running at once never see each other's rows.
  func makeDatabase() throws -> any DatabaseDriver {
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

  /// The database at `location` (from `makeSharedLocation(in:)`), opened once more.
  func open(_ location: String) throws -> any DatabaseDriver {
    switch self {
    case .sqlite: try SQLiteDatabase(path: location)
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
