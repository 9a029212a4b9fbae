import Foundation
import LockedValue

// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history": what an operator needs to see where a request's time
// goes below HTTP. Database time is counted per read and per write transaction (a group commit is
// one transaction), group-commit sizes as the writes and the rows each transaction carried.
// Prometheus's text format, as `ServerMetrics`.

/// What the trainee store counts for `/metrics`: time in the database, and the size of each
/// committed transaction.
public final class StorageMetrics: Sendable {
  /// Upper bounds of the duration histograms, in seconds.
  public static let secondsBuckets: [Double] = [
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1, 1,
  ]
  /// Upper bounds of the writes-per-transaction histogram.
  public static let writesBuckets: [Double] = [1, 2, 4, 8, 16, 32, 64]
  /// Upper bounds of the rows-per-transaction histogram.
  public static let rowsBuckets: [Double] = [1, 4, 16, 64, 256, 1024, 4096]

  /// Counts falling into fixed upper bounds, with their sum.
  struct Histogram: Equatable {
    var bounds: [Double]
    var counts: [Int]
    var sum = 0.0
    var count = 0

    init(bounds: [Double]) {
      self.bounds = bounds
      counts = Array(repeating: 0, count: bounds.count)
    }

    mutating func observe(_ value: Double) {
      for (index, bound) in bounds.enumerated() where value <= bound { counts[index] += 1 }
      sum += value
      count += 1
    }

    func lines(_ name: String, labels: String = "") -> [String] {
      let prefix = labels.isEmpty ? "" : labels + ","
      var lines = bounds.enumerated().map { index, bound in
        "\(name)_bucket{\(prefix)le=\"\(bound)\"} \(counts[index])"
      }
      lines.append("\(name)_bucket{\(prefix)le=\"+Inf\"} \(count)")
      let suffix = labels.isEmpty ? "" : "{\(labels)}"
      lines.append("\(name)_sum\(suffix) \(sum)")
      lines.append("\(name)_count\(suffix) \(count)")
      return lines
    }
  }

  private struct State {
    var transactions = Histogram(bounds: StorageMetrics.secondsBuckets)
    var writes = Histogram(bounds: StorageMetrics.writesBuckets)
    var rows = Histogram(bounds: StorageMetrics.rowsBuckets)
    var failedWrites = 0
    var batchesRunAgain = 0
  }

  private let state = Locked(State())
  /// Every read counts here, outside the lock.
  private let reads = AtomicHistogram(bounds: StorageMetrics.secondsBuckets)

  /// The server's WAL syncs (SQLite with `syncOffWriter`), counted by the syncer itself.
  private let walSync: SQLiteWALSync?

  public convenience init() { self.init(walSync: nil) }

  /// Metrics that also give `walSync`'s syncs and whether one failed.
  package init(walSync: SQLiteWALSync?) { self.walSync = walSync }

  /// Counts one read transaction of `seconds`.
  public func recordRead(seconds: Double) {
    reads.observe(seconds)
  }

  /// Counts one write transaction of `seconds` that carried `writes` writes (`failed` of them
  /// rolled back alone) and changed `rows` rows; `ranAgain`: its writes were run a second time,
  /// each in a savepoint, after one failed having changed rows.
  public func recordTransaction(
    seconds: Double, writes: Int, failed: Int, rows: Int, ranAgain: Bool = false
  ) {
    state.withLock { state in
      if ranAgain { state.batchesRunAgain += 1 }
      state.transactions.observe(seconds)
      state.writes.observe(Double(writes))
      state.rows.observe(Double(rows))
      state.failedWrites += failed
    }
  }

  /// The exposition's lines.
  public func render() -> String {
    let state = state.withLock { $0 }
    var lines: [String] = []
    lines.append(
      "# HELP perform_database_seconds Time in the database per transaction, by kind.")
    lines.append("# TYPE perform_database_seconds histogram")
    lines += reads.snapshot.lines("perform_database_seconds", labels: "kind=\"read\"")
    lines += state.transactions.lines("perform_database_seconds", labels: "kind=\"write\"")
    lines.append(
      "# HELP perform_database_transaction_writes Writes committed together in one transaction"
        + " (group commit).")
    lines.append("# TYPE perform_database_transaction_writes histogram")
    lines += state.writes.lines("perform_database_transaction_writes")
    lines.append("# HELP perform_database_transaction_rows Rows changed by one write transaction.")
    lines.append("# TYPE perform_database_transaction_rows histogram")
    lines += state.rows.lines("perform_database_transaction_rows")
    lines.append(
      "# HELP perform_database_failed_writes_total Writes rolled back alone inside a transaction.")
    lines.append("# TYPE perform_database_failed_writes_total counter")
    lines.append("perform_database_failed_writes_total \(state.failedWrites)")
    lines.append(
      "# HELP perform_database_batches_run_again_total Write transactions run a second time, each"
        + " write in a savepoint, because one of their writes failed after changing rows.")
    lines.append("# TYPE perform_database_batches_run_again_total counter")
    lines.append("perform_database_batches_run_again_total \(state.batchesRunAgain)")
    if let walSync {
      lines.append(
        "# HELP perform_database_wal_syncs_total WAL syncs (fdatasync) that made the writer's"
          + " commits durable, each shared by the commits that finished before it began.")
      lines.append("# TYPE perform_database_wal_syncs_total counter")
      lines.append("perform_database_wal_syncs_total \(walSync.count)")
      lines.append(
        "# HELP perform_database_wal_sync_failed 1 once a WAL sync failed: no write is"
          + " acknowledged until the server is restarted.")
      lines.append("# TYPE perform_database_wal_sync_failed gauge")
      lines.append("perform_database_wal_sync_failed \(walSync.failure == nil ? 0 : 1)")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
