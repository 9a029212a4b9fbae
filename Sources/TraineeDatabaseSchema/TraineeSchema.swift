import Foundation
import SQLStore

// NB: docs/decisions/the-server-http-routes-and-storage.md, "Schema and migrations": one file per
// schema version (`VersionNN.swift`), each holding the step's SQL in both dialects side by side,
// and this one ordered list, which `Migrations.migrate` walks for either database. A step is never
// rewritten once a database may have run it (TraineeSchemaFixtureTests holds every step's text);
// a change of the schema is a new version at the end of the list.
// docs/decisions/postgresql-beside-sqlite-what-differs-and-why.md, "PostgreSQL beside SQLite: what
// differs and why": both dialects have the same versions, so a database copied between the
// backends is at one version in both and the store's queries read the same tables and columns.
// What differs: ids are identity columns (never given twice, like AUTOINCREMENT), integers are
// BIGINT and reals DOUBLE PRECISION, JSON checks call a `json_valid` that version 1 defines with
// SQLite's answer (1 or 0), the date check is a regular expression, and the JSON of stored
// payloads is read with `jsonb` operators where SQLite calls `json_extract`. The fills of
// versions 2 and 5 run as in SQLite (on an empty database they change nothing, but a step never
// assumes that).

/// The trainee database's schema: every version's step, in order.
public enum TraineeSchema {
  /// Every step, in order; each holds its SQL for SQLite and for PostgreSQL.
  public static let migrations: [Migration] = [
    version01, version02, version03, version04, version05, version06, version07, version08,
    version09, version10, version11, version12, version13, version14, version15, version16,
    version17, version18, version19, version20, version21, version22, version23, version24,
    version25, version26, version27,
  ]

  /// The schema version this Perform writes.
  public static var version: Int { migrations.count }

  /// Brings `database` to ``version``, each step it lacks in its own transaction, and returns
  /// the resulting version; a database from a newer Perform throws
  /// `MigrationError.databaseTooNew` and is left unchanged.
  @discardableResult
  public static func migrate(_ database: any DatabaseDriver) throws -> Int {
    try Migrations.migrate(database, with: migrations)
  }
}
