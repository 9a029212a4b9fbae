import Dispatch
import Foundation

// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history", "Group commit" (one fsync for the transactions that
// arrived together). A write that finds no transaction under way leads: it takes every write
// waiting (at most `maximumBatch`), runs them one after another in ONE database transaction, each
// in a savepoint of its own, commits once, and only then tells each its outcome. A write that fails
// rolls back to its savepoint and fails alone, exactly as in a transaction of its own; a commit
// that fails fails them all, and none was acknowledged. Writes that arrive meanwhile wait; when the
// leader is done it hands the lead to the first of them, so no write leads more than one batch and
// no write waits for more than the batch before its own. Nothing here knows SQLite: the store gives
// the transaction and the savepoint (PostgreSQL has both). A transaction may return before its
// commit is durable (SQLite's WAL synced off the writer, `SQLiteWALSync`): the leader then hands
// the lead on first, and answers its batch once the commit is durable, so the next batch runs while
// the disk syncs this one.
// The next batch starts at once only with `eagerBatch` writes or more: fewer would each pay a
// commit of their own (a day save, bound by the CPU rather than the writer, went from batches of
// 18 to batches of 2, and more commits cost more than the overlap saved); it waits for the sync
// instead, gathering writes as it would have without the overlap.

// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history", "savepoints only after a failure": a savepoint per
// write made SQLite copy every page a write touched into the savepoint journal, for a rollback that
// almost never comes (about a tenth of the writer's time per log post). With `.afterAFailure` a
// batch first runs without them; when a write of it fails, the whole transaction is rolled back and
// the batch runs again with each write in a savepoint, as before, and so do the next
// `guardedBatchesAfterAFailure` batches, so that a client whose writes keep failing costs every
// batch one run, not two. A batch of one write needs no savepoint: its transaction is its
// savepoint. Only for SQLite, where a statement that fails is undone alone; on PostgreSQL a failed
// statement spoils the transaction, and a write that went on after catching it must still be
// confined (`.always`).

// NB: docs/security.md, "One trainee's failing writes and another's": a write that fails having
// changed nothing (the database's count of changed rows, `changes`, did not move: a refusal
// found by reading, such as an `Idempotency-Key` used before for another workout, or a quota
// reached) has nothing to undo, so it fails alone and the batch goes on, unguarded. Before, each
// such write rolled its whole batch back and ran it again, and kept the next 16 batches in
// savepoints: one trainee posting refused writes back to back halved another's write rate.

/// Runs write transactions that arrive together as one database transaction with one commit.
package final class GroupCommit<Connection>: @unchecked Sendable {
  // NB: @unchecked: `queue` and `leading` are only touched under `lock`; a `Pending`'s fields are
  // written by the leader before it signals the pending write's semaphore, and read after;
  // `guardedBatchesLeft` is touched only by the leader that runs a batch, and the lead passes
  // from one leader to the next under `lock`.

  /// When a batch runs each of its writes in a savepoint.
  package enum Savepoints {
    /// Every batch.
    case always
    /// Only a batch run again because one of its writes failed, and the batches just after;
    /// never a batch of one write.
    case afterAFailure
  }

  /// Runs `body` in one write transaction and commits it (`strict`: serializable, when one of
  /// its writes asks for it); throws if the commit fails. The database may run `body` again (a
  /// serialization failure retried): each run starts the batch afresh. Returns once committed,
  /// with a function that returns once the commit is durable (or throws when it cannot be).
  package typealias Transaction = (
    _ strict: Bool, _ body: (Connection) throws -> Void
  ) throws -> (() throws -> Void)
  /// Runs `body` in a savepoint: released when it returns, rolled back to when it throws (and
  /// the error rethrown). Throws a different error when the savepoint itself fails, which ends
  /// the whole transaction.
  package typealias Savepoint = (Connection, _ body: () throws -> Void) throws -> Void

  private final class Pending {
    /// Dropped by the leader before it answers: the closure wraps the caller's non-escaping body,
    /// which must not outlive the caller's `write`.
    var work: ((Connection) throws -> Void)?
    let strict: Bool
    var outcome: Result<Void, any Error> = .success(())
    var leads = false
    let wake = DispatchSemaphore(value: 0)
    init(strict: Bool, _ work: @escaping (Connection) throws -> Void) {
      self.strict = strict
      self.work = work
    }
  }

  /// The most writes in one transaction.
  let maximumBatch: Int
  /// The fewest writes a batch starts with while an earlier commit is being made durable; with
  /// fewer waiting it starts once that commit is durable.
  let eagerBatch: Int
  private let lock = NSCondition()
  private var queue: [Pending] = []
  private var leading = false
  /// Commits being made durable.
  private var syncing = 0

  /// How far ahead of the other threads a batch's leader runs.
  let leaderPriority: LeaderPriority
  /// When a batch runs each write in a savepoint.
  let savepoints: Savepoints
  /// How many batches after one with a failed write run each write in a savepoint
  /// (`.afterAFailure`).
  static var guardedBatchesAfterAFailure: Int { 16 }
  /// Batches still to run each write in a savepoint after a failed write.
  private var guardedBatchesLeft = 0
  /// The rows a connection has changed since it opened, when the database counts them (SQLite's
  /// `total_changes()`); `nil` when it does not.
  let changes: ((Connection) -> Int?)?

  /// Batches of at most `maximumBatch` writes, started during an earlier batch's sync with at
  /// least `eagerBatch`, each run `leaderPriority` ahead of the other threads, with each write in
  /// a savepoint as `savepoints` says. With `changes`, a write of a batch run without savepoints
  /// that fails having changed no row fails alone, and the batch goes on.
  package init(
    maximumBatch: Int = 64, eagerBatch: Int = 8, leaderPriority: LeaderPriority = .process,
    savepoints: Savepoints = .always, changes: ((Connection) -> Int?)? = nil
  ) {
    precondition(maximumBatch >= 1 && eagerBatch >= 1)
    self.maximumBatch = maximumBatch
    self.eagerBatch = eagerBatch
    self.leaderPriority = leaderPriority
    self.savepoints = savepoints
    self.changes = changes
  }

  /// Runs `body` in a transaction shared with the writes that arrive together, and returns its
  /// value once that transaction is committed. Throws `body`'s error (its changes rolled back,
  /// the others' kept) or the commit's (nothing of the batch kept).
  ///
  /// If this write leads a batch, the batch runs in `transaction`, each write in `savepoint`,
  /// and `observe` is told the batch's size, its failed writes, whether it was run a second time
  /// (a write failed after changing rows, with no savepoint to undo it alone) and its duration.
  /// Every caller passes the same three. `strict` asks for a serializable transaction.
  package func write<T>(
    _ body: (Connection) throws -> T, strict: Bool = false, transaction: Transaction,
    savepoint: Savepoint,
    observe: (_ writes: Int, _ failed: Int, _ ranAgain: Bool, _ seconds: Double) -> Void
  ) throws -> T {
    try withoutActuallyEscaping(body) { body in
      var value: T?
      let pending = Pending(strict: strict) { connection in value = try body(connection) }
      lock.lock()
      queue.append(pending)
      let first = !leading
      if first { leading = true }
      if syncing > 0, queue.count == eagerBatch { lock.broadcast() }
      lock.unlock()
      if first {
        lead(transaction, savepoint, observe)
      } else {
        pending.wake.wait()
        if pending.leads { lead(transaction, savepoint, observe) }
      }
      try pending.outcome.get()
      guard let value else { preconditionFailure("a committed write left no value") }
      return value
    }
  }

  /// Writes waiting for a batch to take them.
  var waitingCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return queue.count
  }

  /// Runs one batch as the leader, then hands the lead on (or gives it up).
  private func lead(
    _ transaction: Transaction, _ savepoint: Savepoint,
    _ observe: (_ writes: Int, _ failed: Int, _ ranAgain: Bool, _ seconds: Double) -> Void
  ) {
    lock.lock()
    // A batch too small to be worth a commit of its own waits for the commit being made
    // durable, gathering the writes that arrive meanwhile, as it would without the overlap.
    while syncing > 0, queue.count < eagerBatch { lock.wait() }
    let batch = Array(queue.prefix(maximumBatch))
    queue.removeFirst(batch.count)
    lock.unlock()
    // Every write of the process waits for this batch: it runs ahead of the other threads.
    let durable = leaderPriority.raised { run(batch, transaction, savepoint, observe) }
    for pending in batch { pending.work = nil }
    lock.lock()
    let next = queue.first
    if next == nil { leading = false }
    if durable != nil { syncing += 1 }
    lock.unlock()
    // The next batch runs while this one's commit is made durable.
    if let next {
      next.leads = true
      next.wake.signal()
    }
    if let durable {
      do {
        try durable()
      } catch {
        for pending in batch { pending.outcome = .failure(error) }
      }
      lock.lock()
      syncing -= 1
      lock.broadcast()
      lock.unlock()
    }
    for pending in batch { pending.wake.signal() }
  }

  /// Runs `batch` in one transaction; returns the function that makes its commit durable, or
  /// `nil` when the commit failed (and with it every write).
  private func run(
    _ batch: [Pending], _ transaction: Transaction, _ savepoint: Savepoint,
    _ observe: (_ writes: Int, _ failed: Int, _ ranAgain: Bool, _ seconds: Double) -> Void
  ) -> (() throws -> Void)? {
    let start = ContinuousClock.now
    var failed = 0
    var ranAgain = false
    var durable: (() throws -> Void)?
    let guarded: Bool
    switch savepoints {
    case .always: guarded = true
    case .afterAFailure:
      guarded = batch.count > 1 && guardedBatchesLeft > 0
      guardedBatchesLeft = max(0, guardedBatchesLeft - 1)
    }
    do {
      do {
        (durable, failed) = try attempt(batch, guarded: guarded, transaction, savepoint)
      } catch is WriteFailedUnguarded {
        guardedBatchesLeft = Self.guardedBatchesAfterAFailure
        ranAgain = true
        (durable, failed) = try attempt(batch, guarded: true, transaction, savepoint)
      }
    } catch {
      for pending in batch { pending.outcome = .failure(error) }
      failed = batch.count
    }
    observe(batch.count, failed, ranAgain, (ContinuousClock.now - start).seconds)
    return durable
  }

  /// A write of a batch run without savepoints failed: the batch runs again with them.
  private struct WriteFailedUnguarded: Error {}

  /// Runs `batch` in one transaction, each write in a savepoint when `guarded`, and commits it;
  /// returns what makes the commit durable and how many writes failed. Unguarded, a failed write
  /// that changed rows (or may have: no `changes`) rolls the whole transaction back: it throws
  /// `WriteFailedUnguarded` (or, for a batch of one write, that write's error).
  private func attempt(
    _ batch: [Pending], guarded: Bool, _ transaction: Transaction, _ savepoint: Savepoint
  ) throws -> (durable: () throws -> Void, failed: Int) {
    var failed = 0
    let durable = try withoutActuallyEscaping(savepoint) { savepoint in
      try transaction(batch.contains { $0.strict }) { connection in
        failed = 0
        for pending in batch {
          pending.outcome = .success(())
          let before = guarded || batch.count == 1 ? nil : changes?(connection)
          do {
            if guarded {
              try savepoint(connection) { try pending.work?(connection) }
            } else {
              try pending.work?(connection)
            }
          } catch let error as SavepointFailure {
            throw error.underlying
          } catch let error as any DatabaseFailure where error.abortsTransaction {
            // The whole batch runs again (the database's retry), not this write alone.
            throw error
          } catch {
            let changedNothing = before != nil && changes?(connection) == before
            guard guarded || changedNothing else {
              throw batch.count == 1 ? error : WriteFailedUnguarded()
            }
            pending.outcome = .failure(error)
            failed += 1
          }
        }
      }
    }
    return (durable, failed)
  }
}

/// Thrown by a `GroupCommit.Savepoint` whose savepoint itself failed (not the write in it): the
/// whole transaction is over.
package struct SavepointFailure: Error {
  package var underlying: any Error

  package init(underlying: any Error) {
    self.underlying = underlying
  }
}
