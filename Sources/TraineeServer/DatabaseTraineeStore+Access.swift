import Foundation

// How the store reaches its database and turns the driver's failures into the protocol's.

extension DatabaseTraineeStore {
  /// Runs `body` in a write transaction with `isolation` (see `TransactionIsolation`: a write
  /// that reads what it decides on is `.serializable`). A foreign key refusal means the trainee
  /// is gone.
  @discardableResult
  func write<T>(
    _ trainee: TraineeID?, _ isolation: TransactionIsolation = .readCommitted,
    _ body: (any DatabaseConnection) throws -> T
  ) throws -> T {
    do {
      return try database.writeTransaction(isolation, body)
    } catch let error as any DatabaseFailure {
      if let trainee, error.kind == .foreignKeyViolation {
        throw TraineeStoreError.traineeNotFound(trainee)
      }
      throw Self.storeError(error)
    }
  }

  /// Runs `body` in a read transaction.
  func read<T>(_ body: (any DatabaseConnection) throws -> T) throws -> T {
    do {
      return try database.readTransaction(body)
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

extension RecordID {
  /// The id bound as a statement parameter.
  var value: DatabaseValue { .integer(rawValue) }
}
