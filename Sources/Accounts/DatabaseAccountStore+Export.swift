import Foundation
import SQLStore
import TraineeAPI
import TraineeData

// NB: docs/decisions/accounts.md, "Exporting an account": one read transaction (one snapshot on
// both backends), each section read in pages of `exportPageRows` rows that follow its key, every
// page written to the stream before the next is read. Text keys are ordered byte by byte
// (`COLLATE "C"` on PostgreSQL, SQLite's own order), so both backends write the same bytes for
// the same rows.

extension DatabaseAccountStore {
  /// Rows read per query of a section.
  static let exportPageRows = 200

  public func exportAccount(
    _ account: AccountID, to sink: @escaping ([UInt8]) throws -> Void
  ) throws -> Bool {
    let exportedAt = nowMilliseconds
    return try store.read { db in
      guard let found = try Self.account(account, db) else { return false }
      var stream = ExportJSONStream(sink: sink)
      try writeDocument(of: found, exportedAt: exportedAt, &stream, db)
      try stream.flush()
      return true
    }
  }

  private func writeDocument(
    of account: Account, exportedAt: Int64, _ stream: inout ExportJSONStream,
    _ db: any DatabaseConnection
  ) throws {
    var members: [(String, (inout ExportJSONStream) throws -> Void)] = [
      (
        "exportedAt",
        { $0.string(ISO8601Instant.textWithMilliseconds(Date(milliseconds: exportedAt))) }
      ),
      ("formatVersion", { $0.integer(Int64(AccountExport.formatVersion)) }),
      ("account", { try self.writeSection(AccountExport.account, of: account, &$0, db) }),
      (
        "trainee",
        { stream in
          guard account.trainee != nil else { return stream.null() }
          try self.writeSection(AccountExport.trainee, of: account, &stream, db) { stream in
            stream.key("records")
            stream.beginObject()
            for section in AccountExport.traineeSections.sorted(by: { $0.member < $1.member }) {
              stream.key(section.member)
              try self.writeSection(section, of: account, &stream, db)
            }
            stream.endObject()
          }
        }
      ),
    ]
    for section in AccountExport.accountSections {
      members.append((section.member, { try self.writeSection(section, of: account, &$0, db) }))
    }
    stream.beginObject()
    for (name, write) in members.sorted(by: { $0.0 < $1.0 }) {
      stream.key(name)
      try write(&stream)
      try stream.flushIfFull()
    }
    stream.endObject()
  }

  /// Writes the account's one row of a single `section` as an object (`null` when there is
  /// none), to which `more` may add members after the columns.
  private func writeSection(
    _ section: AccountExport.Section, of account: Account, _ stream: inout ExportJSONStream,
    _ db: any DatabaseConnection, more: (inout ExportJSONStream) throws -> Void = { _ in }
  ) throws {
    guard section.single else { return try writeRows(section, of: account, &stream, db) }
    let columns = section.columns.sorted { $0.member < $1.member }
    let sql =
      "SELECT \(columns.map(\.sql).joined(separator: ", ")) FROM \(section.table) t"
      + " \(section.join ?? "") WHERE \(section.owner)"
    let row = try db.rows(sql, ownerValues(section, of: account)) { row in
      try columns.indices.map { try row.value($0) }
    }.first
    guard let row else { return stream.null() }
    stream.beginObject()
    for (value, column) in zip(row, columns) {
      stream.key(column.member)
      try Self.write(value, as: column, &stream)
    }
    try more(&stream)
    stream.endObject()
  }

  /// Writes the account's rows of `section` as an array, page after page.
  private func writeRows(
    _ section: AccountExport.Section, of account: Account, _ stream: inout ExportJSONStream,
    _ db: any DatabaseConnection
  ) throws {
    let columns = section.columns.sorted { $0.member < $1.member }
    let postgreSQL = store.database.dialect == .postgresql
    let ordered = section.key.map { key in
      section.textKey.contains(key) && postgreSQL ? "t.\(key) COLLATE \"C\"" : "t.\(key)"
    }
    let keys = section.key.count
    let select =
      "SELECT \((section.key.map { "t.\($0)" } + columns.map(\.sql)).joined(separator: ", "))"
      + " FROM \(section.table) t \(section.join ?? "") WHERE \(section.owner)"
    let owner = ownerValues(section, of: account)
    stream.beginArray()
    var after: [DatabaseValue]? = nil
    repeat {
      var sql = select
      var values = owner
      if let after {
        let placeholders = after.map { _ in "?" }.joined(separator: ", ")
        sql += " AND (\(ordered.joined(separator: ", "))) > (\(placeholders))"
        values += after
      }
      if keys > 0 {
        sql += " ORDER BY \(ordered.joined(separator: ", ")) LIMIT \(Self.exportPageRows)"
      }
      let page: [[DatabaseValue]] = try db.rows(sql, values) { row in
        stream.element()
        stream.beginObject()
        for (index, column) in columns.enumerated() {
          stream.key(column.member)
          try Self.write(try row.value(keys + index), as: column, &stream)
        }
        stream.endObject()
        try stream.flushIfFull()
        return try (0..<keys).map { try row.value($0) }
      }
      after = page.last
      if keys == 0 || page.count < Self.exportPageRows { break }
    } while true
    stream.endArray()
  }

  /// What the `?` of a section's owner condition are bound to, for `account`.
  private func ownerValues(_ section: AccountExport.Section, of account: Account) -> [DatabaseValue]
  {
    section.ownerValues.map { value in
      switch value {
      case .account: account.id.value
      case .trainee: DatabaseValue(account.trainee?.rawValue)
      case .loginSubject: DatabaseValue(account.email.map { "login:" + BearerToken.digest($0) })
      case .accountSubject: .text("account:\(account.id.rawValue)")
      }
    }
  }

  /// One stored value as `column` says it is written.
  private static func write(
    _ value: DatabaseValue, as column: AccountExport.Column, _ stream: inout ExportJSONStream
  ) throws {
    switch (column.kind, value) {
    case (_, .null): stream.null()
    case (.id, .integer(let id)): stream.string(String(id))
    case (.integer, .integer(let number)): stream.integer(number)
    case (.integer, .real(let number)): stream.number(number)
    case (.text, .text(let text)): stream.string(text)
    case (.time, .integer(let milliseconds)):
      stream.string(ISO8601Instant.textWithMilliseconds(Date(milliseconds: milliseconds)))
    case (.bool, .integer(let flag)): stream.bool(flag != 0)
    case (.json, .text(let json)): stream.raw(json)
    default:
      throw TraineeStoreError.storageFailed(
        "stored \(column.sql) is not what the export writes as \(column.member)")
    }
  }
}
