import Foundation
import SQLStore

// How the store reaches its database and turns the driver's failures into the protocol's.

extension DatabaseTraineeStore {
  /// Runs `body` in a write transaction with `isolation` (see `TransactionIsolation`: a write
  /// that reads what it decides on is `.serializable`). A write of a trainee who does not
  /// exist throws `traineeNotFound` and stores nothing (`raiseAnswerVersion`; on PostgreSQL a
  /// foreign key may refuse it first, which means the same).
  ///
  /// The transaction is shared with the writes that arrive at the same time (`GroupCommit`:
  /// each in a savepoint, one commit for all; `.serializable` when any of them asks for it), and
  /// it also raises the answer version of `trainee` (Schema/Version09.swift). Returns once
  /// it is committed. On PostgreSQL a write of a trainee first takes the trainee's row lock and
  /// runs at READ COMMITTED (see the note below).
  @discardableResult
  package func write<T>(
    _ trainee: TraineeID?, _ isolation: TransactionIsolation = .readCommitted,
    _ body: (any DatabaseConnection) throws -> T
  ) throws -> T {
    var rows = 0
    let countsRows = database.dialect == .sqlite
    // NB: docs/decisions/postgresql-beside-sqlite-what-differs-and-why.md, "PostgreSQL beside
    // SQLite: what differs and why", "one trainee's writes take turns": every trainee-owned row is
    // written only by writes that name the trainee, so the trainee's row lock orders them across
    // processes, and each reads at READ COMMITTED what the one before committed: what SERIALIZABLE
    // gave, without its failures.
    // A day saved at once from two processes failed SERIALIZABLE ten times in a row (500) about
    // once in a hundred saves under load. `FOR NO KEY UPDATE` writes no row version and does not
    // hold up the foreign key checks of other writes of the trainee.
    let locksTrainee = trainee != nil && database.dialect == .postgresql
    do {
      return try groupCommit.write(
        { db in
          if locksTrainee, let trainee {
            _ = try db.row(
              "SELECT id FROM trainees WHERE id = ? FOR NO KEY UPDATE", [trainee.value]
            ) { try $0.int64(0) }
          }
          let result = try body(db)
          if let trainee { try Self.raiseAnswerVersion(of: trainee, db) }
          return result
        },
        strict: isolation == .serializable && !locksTrainee,
        transaction: { strict, batch in
          try database.committedWriteTransaction(strict ? .serializable : .readCommitted) { db in
            let before = countsRows ? try Self.totalChanges(db) : 0
            try batch(db)
            rows = countsRows ? try Self.totalChanges(db) - before : 0
          }.durable
        },
        savepoint: Self.savepoint,
        observe: { writes, failed, ranAgain, seconds in
          metrics.recordTransaction(
            seconds: seconds, writes: writes, failed: failed, rows: rows, ranAgain: ranAgain)
        })
    } catch let error as any DatabaseFailure {
      if let trainee, error.kind == .foreignKeyViolation {
        throw TraineeStoreError.traineeNotFound(trainee)
      }
      throw Self.storeError(error)
    }
  }

  /// Runs `body` in a read transaction; `statement`: `body` runs one query, without a
  /// transaction (`DatabaseDriver.readStatement`).
  package func read<T>(
    statement: Bool = false, _ body: (any DatabaseConnection) throws -> T
  ) throws -> T {
    let start = ContinuousClock.now
    defer { metrics.recordRead(seconds: (ContinuousClock.now - start).seconds) }
    do {
      return try statement ? database.readStatement(body) : database.readTransaction(body)
    } catch let error as any DatabaseFailure {
      throw Self.storeError(error)
    }
  }

  /// A driver's failure as the protocol's: `unavailable` when the database is away, `invalid`
  /// for a text the database cannot store.
  private static func storeError(_ error: any DatabaseFailure) -> TraineeStoreError {
    switch error.kind {
    case .unavailable: .unavailable(error.description)
    case .unstorableText:
      .invalid(field: "text", problem: "contains U+0000, which the database cannot store")
    case .foreignKeyViolation, .constraintViolation, .other: .storageFailed(error.description)
    }
  }

  /// Runs `body` in a savepoint of the write transaction of `db`: released when `body` returns,
  /// rolled back to when it throws (and its error rethrown). A savepoint that cannot be set,
  /// released or rolled back to (the database ended the transaction: a full disk, an I/O
  /// error) is a `SavepointFailure`, which fails the whole transaction.
  static func savepoint(_ db: any DatabaseConnection, _ body: () throws -> Void) throws {
    do {
      try db.run("SAVEPOINT group_write")
    } catch {
      throw SavepointFailure(underlying: error)
    }
    do {
      try body()
    } catch {
      do {
        try db.run("ROLLBACK TO SAVEPOINT group_write")
        try db.run("RELEASE SAVEPOINT group_write")
      } catch let failure {
        throw SavepointFailure(underlying: failure)
      }
      throw error
    }
    do {
      try db.run("RELEASE SAVEPOINT group_write")
    } catch {
      throw SavepointFailure(underlying: error)
    }
  }

  /// Rows changed by every statement of the SQLite connection so far.
  private static func totalChanges(_ db: any DatabaseConnection) throws -> Int {
    try db.row("SELECT total_changes()") { try $0.int(0) } ?? 0
  }

  /// The id an `INSERT … RETURNING id` gave its row.
  static func insertedID(
    _ sql: String, _ values: [DatabaseValue], _ db: any DatabaseConnection
  ) throws -> Int64 {
    guard let id = try db.row(sql, values, { try $0.int64(0) }) else {
      throw TraineeStoreError.storageFailed("no id returned by: \(sql)")
    }
    return id
  }

  /// JSON text of a wire value, keys sorted.
  static func json<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch {
      throw TraineeStoreError.invalid(field: "\(T.self)", problem: "cannot be encoded: \(error)")
    }
  }

  /// A stored document read back; one that no longer decodes is a storage failure.
  static func decode<T: Decodable>(_ type: T.Type, _ text: String, _ what: String) throws -> T {
    do {
      return try JSONDecoder().decodePayload(type, from: Data(text.utf8))
    } catch {
      throw TraineeStoreError.storageFailed("stored \(what) cannot be read: \(error)")
    }
  }

  /// Refuses text that is not one JSON value, naming `field`; the database's `json_valid` judges,
  /// as it does in the tables' checks.
  static func requireJSON(_ text: String, field: String, in db: any DatabaseConnection) throws {
    guard try db.row("SELECT json_valid(?)", [.text(text)], { try $0.int(0) }) == 1 else {
      throw TraineeStoreError.invalid(field: field, problem: "is not valid JSON")
    }
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}

extension RecordID {
  /// The id bound as a statement parameter.
  package var value: DatabaseValue { .integer(rawValue) }
}
