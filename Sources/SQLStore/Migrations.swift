import Foundation

/// One step of the schema: the SQL that takes a database from `version - 1` to `version`, in
/// each dialect.
public struct Migration: Equatable, Sendable {
  /// The schema version after this step; versions count up from 1 without gaps.
  public var version: Int
  /// What the step does, for reports.
  public var name: String
  /// The statements of the step in SQLite's dialect, run in one transaction.
  public var sqlite: String
  /// The statements of the step in PostgreSQL's dialect, run in one transaction.
  public var postgresql: String

  /// A step whose statements differ between the dialects.
  public init(version: Int, name: String, sqlite: String, postgresql: String) {
    self.version = version
    self.name = name
    self.sqlite = sqlite
    self.postgresql = postgresql
  }

  /// A step whose statements both dialects read alike.
  public init(version: Int, name: String, sql: String) {
    self.init(version: version, name: name, sqlite: sql, postgresql: sql)
  }

  /// The statements of the step in `dialect`.
  public func sql(for dialect: SQLDialect) -> String {
    switch dialect {
    case .sqlite: sqlite
    case .postgresql: postgresql
    }
  }
}

/// Why a database's schema could not be brought up to date.
public enum MigrationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file was written by a newer Perform; it is left untouched.
  case databaseTooNew(path: String, version: Int, supported: Int)

  public var description: String {
    switch self {
    case .databaseTooNew(let path, let version, let supported):
      "\(path) has schema version \(version), newer than the \(supported) this Perform knows;"
        + " use a newer Perform or another database"
    }
  }
}

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage":
// the driver keeps the schema version (SQLite: `PRAGMA user_version`). Each migration runs in its
// own write transaction that re-reads the version first (and, through the driver, keeps other
// processes from migrating until it ends), so a server and an admin command opening the same
// database at once cannot both apply a step.

/// Brings databases to the schema a list of steps describes; knows no schema of its own.
public enum Migrations {
  /// The schema version of `database`: `0` for a new one.
  public static func version(of database: any DatabaseDriver) throws -> Int {
    try database.readTransaction { try database.schemaVersion($0) }
  }

  /// Applies the steps of `migrations` the database lacks, each in its own transaction and in
  /// the database's dialect, and returns the resulting version. A database from a newer version
  /// is refused unchanged.
  @discardableResult
  public static func migrate(
    _ database: any DatabaseDriver, with migrations: [Migration]
  ) throws
    -> Int
  {
    precondition(
      migrations.enumerated().allSatisfy { $0.offset + 1 == $0.element.version },
      "migration versions must count up from 1")
    let supported = migrations.last?.version ?? 0
    var current = try version(of: database)
    for migration in migrations where migration.version > current {
      // READ COMMITTED: the version is read after the driver's lock is granted, so it is the
      // one another process's migration committed meanwhile.
      current = try database.writeTransaction(.readCommitted) { connection in
        let found = try database.schemaVersion(connection)
        guard found < migration.version else { return found }
        try refuseNewer(found, supported: supported, path: database.location)
        try connection.execute(migration.sql(for: database.dialect))
        try database.setSchemaVersion(migration.version, connection)
        return migration.version
      }
    }
    try refuseNewer(current, supported: supported, path: database.location)
    return current
  }

  private static func refuseNewer(_ version: Int, supported: Int, path: String) throws {
    guard version <= supported else {
      throw MigrationError.databaseTooNew(path: path, version: version, supported: supported)
    }
  }
}
