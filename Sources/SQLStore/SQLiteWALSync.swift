import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history", "the WAL synced off the writer": with `synchronous =
// FULL` SQLite syncs the WAL inside each commit, so the one writer sat idle through every `fsync`,
// and the next batch of writes waited for it. With this, the writer commits at `synchronous =
// NORMAL` (the WAL written, not synced), takes a ticket, and goes on to the next batch; the batch's
// writers are answered only once an `fdatasync` of the WAL that began after their commit has
// returned. One sync covers every commit that finished before it began (the WAL is written in
// commit order), so while one runs, the commits that finish meanwhile wait for the next, which
// covers them all. SQLite still syncs what it must itself: the WAL's header when it starts the file
// over, the WAL before a checkpoint copies it, the database after. A failed sync fails its writes
// and every later one (the state of the file after a failed `fsync` is not known; a restart
// recovers what reached the disk).

/// Makes the writer's commits durable with one `fdatasync` of the WAL for the commits that
/// finished while the previous one ran.
package final class SQLiteWALSync: @unchecked Sendable {
  // NB: @unchecked: the counters and `failed` are only touched under `condition`'s lock;
  // `descriptor` only by the thread whose sync is under way (`syncing`), one at a time.

  /// The WAL's path.
  let path: String
  private let condition = NSCondition()
  private var committed: UInt64 = 0
  private var synced: UInt64 = 0
  private var syncing = false
  private var syncs = 0
  private var failed: SQLiteError?
  private var descriptor: Int32 = -1
  /// Syncs the file at `descriptor`; `fdatasync` but in tests.
  private let sync: @Sendable (Int32) -> Int32

  /// Syncs the WAL of the database at `databasePath`.
  init(databasePath: String, sync: @escaping @Sendable (Int32) -> Int32 = { fdatasync($0) }) {
    path = databasePath + "-wal"
    self.sync = sync
  }

  /// Takes the ticket of a commit that has just finished; called on the writer, in commit order.
  func ticket() -> UInt64 {
    condition.lock()
    defer { condition.unlock() }
    committed += 1
    return committed
  }

  /// Returns once every commit that has finished so far is durable, syncing only when one is not:
  /// for a commit that wrote nothing, which needs no sync of its own but must not be answered
  /// before what it read is durable.
  func waitDurableSoFar() throws {
    condition.lock()
    let ticket = committed
    condition.unlock()
    try waitDurable(ticket)
  }

  /// Returns once a sync that began after `ticket`'s commit has finished, running it when none is
  /// under way; throws when that sync, or any sync before it, failed.
  func waitDurable(_ ticket: UInt64) throws {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let failed { throw failed }
      if synced >= ticket { return }
      if syncing {
        condition.wait()
        continue
      }
      syncing = true
      let covered = committed
      condition.unlock()
      let outcome = syncFile()
      condition.lock()
      syncing = false
      syncs += 1
      if let outcome {
        failed = outcome
      } else {
        synced = max(synced, covered)
      }
      condition.broadcast()
    }
  }

  /// What failed, once a sync has: every later commit fails with it.
  package var failure: SQLiteError? {
    condition.lock()
    defer { condition.unlock() }
    return failed
  }

  /// How many syncs ran.
  var count: Int {
    condition.lock()
    defer { condition.unlock() }
    return syncs
  }

  /// Closes the WAL's descriptor; a later sync opens it again.
  func close() {
    condition.lock()
    defer { condition.unlock() }
    while syncing { condition.wait() }
    if descriptor >= 0 { Glibc.close(descriptor) }
    descriptor = -1
  }

  /// Syncs the WAL: `nil`, or what failed.
  private func syncFile() -> SQLiteError? {
    // SQLite removes the WAL only when its last connection closes; a descriptor to a removed
    // file (no links left) is opened again.
    var status = stat()
    if descriptor >= 0, fstat(descriptor, &status) != 0 || status.st_nlink == 0 {
      Glibc.close(descriptor)
      descriptor = -1
    }
    if descriptor < 0 {
      descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return failed("open", errno) }
    }
    guard sync(descriptor) == 0 else { return failed("fdatasync", errno) }
    return nil
  }

  private func failed(_ call: String, _ code: Int32) -> SQLiteError {
    .cannotSync(path: path, message: "\(call): \(String(cString: strerror(code)))")
  }
}
