import SQLStore

// The trainee database's schema: its steps in order, applied by the runner (`Migrations.migrate`).

extension Migrations {
  /// Every step of the trainee database's schema in `dialect`, in order; both dialects have the
  /// same versions.
  public static func trainee(for dialect: SQLDialect) -> [Migration] {
    switch dialect {
    case .sqlite: trainee
    case .postgresql: traineePostgreSQL
    }
  }

  /// Every step of the trainee database's schema in SQLite's dialect, in order.
  public static let trainee: [Migration] = [
    traineeSchemaVersion1, traineeSchemaVersion2, traineeSchemaVersion3, traineeSchemaVersion4,
    traineeSchemaVersion5, traineeSchemaVersion6, traineeSchemaVersion7, traineeSchemaVersion8,
    traineeSchemaVersion9, traineeSchemaVersion10, traineeSchemaVersion11,
    traineeSchemaVersion12, traineeSchemaVersion13,
  ]

  /// Brings `database` to the trainee schema in its dialect (`migrate(_:with:)`).
  @discardableResult
  public static func migrate(_ database: any DatabaseDriver) throws -> Int {
    try migrate(database, with: trainee(for: database.dialect))
  }
}
