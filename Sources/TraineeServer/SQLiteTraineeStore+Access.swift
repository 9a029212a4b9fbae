import Foundation

// How the SQLite store reaches its database and turns SQLite's failures into the protocol's.

extension SQLiteTraineeStore {
  /// Runs `body` in a write transaction. A foreign key refusal means the trainee is gone.
  @discardableResult
  func write<T>(_ trainee: TraineeID?, _ body: (SQLiteConnection) throws -> T) throws -> T {
    do {
      return try database.transaction(body)
    } catch let error as SQLiteError {
      if let trainee, error.isForeignKeyViolation {
        throw TraineeStoreError.traineeNotFound(trainee)
      }
      throw TraineeStoreError.storageFailed(error.description)
    }
  }

  /// Runs `body` in a read transaction.
  func read<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    do {
      return try database.read(body)
    } catch let error as SQLiteError {
      throw TraineeStoreError.storageFailed(error.description)
    }
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

  /// Refuses text that is not one JSON value, naming `field`; SQLite's `json_valid` judges, as
  /// it does in the tables' checks.
  static func requireJSON(_ text: String, field: String, in db: SQLiteConnection) throws {
    guard try db.row("SELECT json_valid(?)", [.text(text)], { try $0.int(0) }) == 1 else {
      throw TraineeStoreError.invalid(field: field, problem: "is not valid JSON")
    }
  }
}

extension RecordID {
  /// The id bound as a statement parameter.
  var value: SQLiteValue { .integer(rawValue) }
}
