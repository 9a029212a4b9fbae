import Accounts
import Foundation
import TraineeData

// NB: docs/decisions/accounts.md, "Deleting an account": the server prunes the audit events of
// deleted accounts past the retention once at start and then every hour, on every backend; two
// servers on one PostgreSQL database both prune, which deletes each event once. A pruning that
// fails (the database away) says so and is tried again at the next hour.

/// The hourly pruning of a deleted account's audit events while `perform serve` runs.
package final class AuditLogPruning {
  /// How often the server prunes.
  package static let interval = DispatchTimeInterval.seconds(3600)

  private let timer: any DispatchSourceTimer

  /// Starts pruning `store`'s audit log of events older than `retentionDays`.
  package init(store: DatabaseTraineeStore, retentionDays: Int) throws {
    let accounts = try DatabaseAccountStore(store: store)
    let retention = Int64(retentionDays) * 86_400
    let prune = {
      do {
        _ = try accounts.pruneAuditLog(retentionSeconds: retention)
      } catch {
        fail("audit log: pruning failed, tried again in an hour: \(error)")
      }
    }
    // The first pruning is done before the server says it listens.
    prune()
    timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
    timer.setEventHandler(handler: prune)
    timer.schedule(deadline: .now() + Self.interval, repeating: Self.interval)
    timer.resume()
  }

  /// Stops the pruning.
  package func stop() { timer.cancel() }
}
