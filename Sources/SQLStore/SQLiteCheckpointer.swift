import Dispatch
import Foundation
import LockedValue

// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history", "checkpoints off the writer": SQLite copies the WAL
// back into the database (a checkpoint) on the connection whose commit took the WAL past 1,000
// pages, so one write in every few hundred waited for a checkpoint, and every write waited behind
// it in the one writer: a tenth of the writer's time under 64 trainees posting. `perform serve`
// checkpoints on a connection and thread of its own instead, every `interval`; checkpoints are
// PASSIVE, so they never wait for a writer or a reader and neither waits for them. The writer still
// checkpoints once the WAL reaches 10,000 pages (about 40 MB), which bounds the WAL should this
// thread fall behind.

/// A thread that checkpoints a SQLite database's WAL at an interval, on its own connection.
final class SQLiteCheckpointer: @unchecked Sendable {
  // NB: @unchecked: `connection` is used by the thread alone, and by `stop` once the thread is
  // done; `stopped` and `done` are semaphores.

  /// The WAL size, in pages, at which the writer checkpoints itself.
  static let writerCheckpointPages = 10_000

  private let connection: SQLiteConnection
  private let interval: Duration
  private let stopped = DispatchSemaphore(value: 0)
  private let done = DispatchSemaphore(value: 0)
  private let checkpoints = Locked(0)
  private let isStopped = Locked(false)

  /// Starts checkpointing the database at `path` every `interval`.
  init(path: String, interval: Duration, busyTimeout: Duration) throws {
    connection = try SQLiteConnection(
      path: path, readOnly: false, busyTimeout: busyTimeout, synchronousFull: true)
    self.interval = interval
    let thread = Thread { [self] in run() }
    thread.name = "perform-checkpoint"
    thread.start()
  }

  /// How many checkpoints ran.
  var count: Int { checkpoints.withLock { $0 } }

  private func run() {
    let (seconds, attoseconds) = interval.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    while stopped.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut {
      // A checkpoint that cannot run now (another process's, a database away) is tried again at
      // the next tick; the writer's own checkpoint is the backstop.
      if (try? connection.execute("PRAGMA wal_checkpoint(PASSIVE)")) != nil {
        checkpoints.withLock { $0 += 1 }
      }
    }
    done.signal()
  }

  /// Stops the thread, waits for it, and closes its connection; later calls do nothing.
  func stop() {
    guard
      isStopped.withLock({ stopping in
        defer { stopping = true }; return !stopping
      })
    else {
      return
    }
    stopped.signal()
    done.wait()
    connection.close()
  }
}
