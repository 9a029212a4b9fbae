import Foundation

/// One step of the schema: the SQL that takes a database from `version - 1` to `version`.
public struct Migration: Equatable, Sendable {
  /// The schema version after this step; versions count up from 1 without gaps.
  public var version: Int
  /// What the step does, for reports.
  public var name: String
  /// The statements of the step, run in one transaction.
  public var sql: String

  public init(version: Int, name: String, sql: String) {
    self.version = version
    self.name = name
    self.sql = sql
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

// NB: issue 6, "Storage": the schema version lives in `PRAGMA user_version`. Each migration runs
// in its own `BEGIN IMMEDIATE` transaction that re-reads the version first, so a server and an
// admin command opening the same file at once cannot both apply a step.

/// Brings databases to the current schema.
public enum Migrations {
  /// Every step of the trainee database's schema, in order.
  public static let trainee: [Migration] = [
    traineeSchemaVersion1, traineeSchemaVersion2, traineeSchemaVersion3, traineeSchemaVersion4,
    traineeSchemaVersion5, traineeSchemaVersion6,
  ]

  /// The schema version of `database`: `0` for a new file.
  public static func version(of database: SQLiteDatabase) throws -> Int {
    try database.read { try $0.row("PRAGMA user_version") { try $0.int(0) } } ?? 0
  }

  /// Applies the steps of `migrations` the database lacks, each in its own transaction, and
  /// returns the resulting version. A database from a newer version is refused unchanged.
  @discardableResult
  public static func migrate(
    _ database: SQLiteDatabase, with migrations: [Migration] = trainee
  ) throws -> Int {
    precondition(
      migrations.enumerated().allSatisfy { $0.offset + 1 == $0.element.version },
      "migration versions must count up from 1")
    let supported = migrations.last?.version ?? 0
    var current = try version(of: database)
    for migration in migrations where migration.version > current {
      current = try database.transaction { connection in
        let found = try connection.row("PRAGMA user_version") { try $0.int(0) } ?? 0
        guard found < migration.version else { return found }
        try refuseNewer(found, supported: supported, path: database.path)
        try connection.execute(migration.sql)
        try connection.execute("PRAGMA user_version = \(migration.version)")
        return migration.version
      }
    }
    try refuseNewer(current, supported: supported, path: database.path)
    return current
  }

  private static func refuseNewer(_ version: Int, supported: Int, path: String) throws {
    guard version <= supported else {
      throw MigrationError.databaseTooNew(path: path, version: version, supported: supported)
    }
  }
}
