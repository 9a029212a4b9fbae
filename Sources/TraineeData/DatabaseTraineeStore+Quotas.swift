import Foundation
import SQLStore

// NB: docs/security.md, "One trainee cannot fill the disk": every write a trainee asks for is
// paced (WriteQuotas.swift, WritePacing.swift) and every change of what a trainee keeps is
// counted in `trainee_usage` (Schema/Version15.swift) in the write's own transaction: one row
// read and one upserted, whatever the trainee stored before. The trainee's row lock (PostgreSQL)
// or the single writer (SQLite) orders the writes of one trainee, so no two writes pass a quota
// together, also from several processes. A change that keeps or lowers a measure is never
// refused, so a trainee past a quota the operator lowered can still replace and delete.

extension DatabaseTraineeStore {
  /// Runs `body` as a write the trainee asked for: refused by the rate before any transaction
  /// when this process paced the trainee past it, then paced again on the trainee's row in the
  /// transaction (``write(_:_:_:)``). A refusal of either quota is counted for `/metrics`.
  func traineeWrite<T>(
    _ trainee: TraineeID, _ isolation: TransactionIsolation = .readCommitted,
    _ body: (any DatabaseConnection) throws -> T
  ) throws -> T {
    let now = now().milliseconds
    try writeQuotas.admitInProcess(trainee, now: now)
    // NB: docs/security.md, "Neighbours": on SQLite a write that fails having changed nothing
    // fails alone in its group commit, so the slot is written after the write succeeded (the
    // single writer orders the trainee's writes anyway); on PostgreSQL it is written first, as
    // the row lock it takes orders the trainee's writes across processes.
    let slotAfterTheWrite = database is SQLiteDatabase
    do {
      return try write(trainee, isolation) { db in
        let slot = try nextSlot(trainee, now: now, db)
        if !slotAfterTheWrite { try take(slot, of: trainee, db) }
        let result = try body(db)
        if slotAfterTheWrite { try take(slot, of: trainee, db) }
        return result
      }
    } catch TraineeStoreError.quotaExceeded(let refusal) {
      writeQuotas.countRefusal(refusal.quotaName)
      throw TraineeStoreError.quotaExceeded(refusal)
    } catch TraineeStoreError.writeRateExceeded(let seconds) {
      writeQuotas.countRefusal("write_rate")
      throw TraineeStoreError.writeRateExceeded(retryAfterSeconds: seconds)
    }
  }

  /// The end of the trainee's next write slot on the trainee's row, shared by every process
  /// (`nil` when writes are not paced); throws `writeRateExceeded` when the trainee is past the
  /// rate.
  private func nextSlot(
    _ trainee: TraineeID, now: Int64, _ db: any DatabaseConnection
  ) throws -> Int64? {
    let pacing = writeQuotas.pacing
    guard pacing.rate.slotMilliseconds != nil else { return nil }
    let pacedTo = try db.row(
      "SELECT writes_paced_to FROM trainees WHERE id = ?", [trainee.value]
    ) { try $0.optionalInt64(0) }
    switch pacing.decide(pacedTo: pacedTo ?? nil, now: now) {
    case .admitted(let end): return end
    case .refused(let wait):
      throw TraineeStoreError.writeRateExceeded(retryAfterSeconds: WritePacing.seconds(wait))
    case .unpaced: return nil
    }
  }

  /// Keeps `slot` (``nextSlot(_:now:_:)``) as the trainee's paced-to time.
  private func take(_ slot: Int64?, of trainee: TraineeID, _ db: any DatabaseConnection) throws {
    guard let slot else { return }
    try db.run(
      "UPDATE trainees SET writes_paced_to = ? WHERE id = ?", [.integer(slot), trainee.value])
  }

  /// Adds `records` and `bytes` (either may be negative) to what `trainee` keeps of `kind`, in
  /// the write transaction of `db`; throws `quotaExceeded` when a measure that grows would pass
  /// its quota, and the write stores nothing.
  func charge(
    _ kind: QuotaKind, records: Int, bytes: Int, of trainee: TraineeID,
    _ db: any DatabaseConnection
  ) throws {
    guard records != 0 || bytes != 0 else { return }
    let key: [DatabaseValue] = [trainee.value, .text(kind.rawValue)]
    if let quota = writeQuotas.quotas.records[kind], records > 0 || bytes > 0 {
      let used =
        try db.row(
          "SELECT \(Self.usageColumns) FROM trainee_usage WHERE trainee_id = ? AND kind = ?", key,
          named: Self.usageColumns
        ) { row -> (records: Int, bytes: Int) in (try row["records"], try row["bytes"]) }
        ?? (records: 0, bytes: 0)
      if records > 0, used.records + records > quota.records {
        throw TraineeStoreError.quotaExceeded(
          QuotaRefusal(
            kind: kind, measure: .records, limit: quota.records, used: used.records,
            adding: records))
      }
      if bytes > 0, used.bytes + bytes > quota.bytes {
        throw TraineeStoreError.quotaExceeded(
          QuotaRefusal(
            kind: kind, measure: .bytes, limit: quota.bytes, used: used.bytes, adding: bytes))
      }
    }
    try db.run(
      """
      INSERT INTO trainee_usage (trainee_id, kind, records, bytes) VALUES (?, ?, ?, ?)
      ON CONFLICT (trainee_id, kind) DO UPDATE
      SET records = trainee_usage.records + excluded.records,
        bytes = trainee_usage.bytes + excluded.bytes
      """, key + [DatabaseValue(records), DatabaseValue(bytes)])
  }

  /// What `trainee` keeps of each kind, as counted; a kind never written is absent.
  public func usage(of trainee: TraineeID) throws -> [QuotaKind: RecordQuota] {
    let rows = try read { db in
      try db.rows(
        "SELECT kind, \(Self.usageColumns) FROM trainee_usage WHERE trainee_id = ?",
        [trainee.value], named: DatabaseColumns(["kind", "records", "bytes"])
      ) { row -> (String, Int, Int) in (try row["kind"], try row["records"], try row["bytes"]) }
    }
    var usage: [QuotaKind: RecordQuota] = [:]
    for (kind, records, bytes) in rows {
      guard let kind = QuotaKind(rawValue: kind) else { continue }
      usage[kind] = RecordQuota(records: records, bytes: bytes)
    }
    return usage
  }

  /// The bytes of the texts each done set of a log repeats in `set_history` (its exercise's
  /// name and id, the log's label), counted with the log: a log of many sets under a long name
  /// takes that much more room than its JSON.
  func setCopyBytes(
    of log: WorkoutLogID, trainee: TraineeID, _ db: any DatabaseConnection
  ) throws -> Int {
    try db.row(
      """
      SELECT COALESCE(SUM(\(byteLength("name")) + \(byteLength("exercise_id"))
        + COALESCE(\(byteLength("label")), 0)), 0)
      FROM set_history WHERE log_id = ? AND trainee_id = ?
      """, [log.value, trainee.value], { try $0.int(0) }) ?? 0
  }

  /// The columns of a trainee's usage of one kind.
  private static let usageColumns = DatabaseColumns(["records", "bytes"])

  /// The SQL of the UTF-8 length in bytes of the text `expression`, in the database's dialect.
  func byteLength(_ expression: String) -> String {
    switch database.dialect {
    case .sqlite: "length(CAST(\(expression) AS BLOB))"
    case .postgresql: "octet_length(\(expression))"
    }
  }
}

extension String? {
  /// The UTF-8 length of the text, 0 for none.
  var byteCount: Int { self?.utf8.count ?? 0 }
}
