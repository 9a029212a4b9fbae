import Foundation
import LockedValue

// NB: docs/security.md, "One trainee cannot fill the disk": the trainee's row
// keeps the schedule every process shares, checked in the write's transaction; each process also
// keeps its own copy, checked before any transaction begins and charged for every write it
// lets through, refused or not by what follows. So a trainee past the rate costs the database
// nothing, and a trainee at a storage quota cannot turn refused writes into a transaction each
// faster than the rate.

/// The quotas a store holds its trainees' writes to, this process's pacing of them, and the
/// refusals counted for `/metrics`.
public final class WriteQuotas: Sendable {
  /// The quotas.
  public let quotas: TraineeQuotas
  private let state = Locked(State())

  private struct State {
    /// Where each trainee's schedule ends, as this process paced it.
    var pacedTo: [TraineeID: Int64] = [:]
    /// Writes refused, by the quota's name (`workout_logs.bytes`, `write_rate`).
    var refusals: [String: Int] = [:]
  }

  /// Schedules kept before those already over are dropped (a dropped schedule over is the same
  /// as none).
  static let keptSchedules = 4096

  /// The store's quotas.
  public init(_ quotas: TraineeQuotas) {
    self.quotas = quotas
  }

  /// The pacing of the write rate.
  var pacing: WritePacing { WritePacing(rate: quotas.writeRate) }

  /// Charges a write of `trainee` at `now` to this process's schedule; throws
  /// `writeRateExceeded` (and counts it) when the trainee is past the rate.
  func admitInProcess(_ trainee: TraineeID, now: Int64) throws {
    let decision = state.withLock { state -> WritePacing.Decision in
      let decision = pacing.decide(pacedTo: state.pacedTo[trainee], now: now)
      switch decision {
      case .admitted(let pacedTo):
        if state.pacedTo.count >= Self.keptSchedules, state.pacedTo[trainee] == nil {
          state.pacedTo = state.pacedTo.filter { $0.value > now }
        }
        state.pacedTo[trainee] = pacedTo
      case .refused:
        state.refusals["write_rate", default: 0] += 1
      case .unpaced:
        break
      }
      return decision
    }
    if case .refused(let wait) = decision {
      throw TraineeStoreError.writeRateExceeded(retryAfterSeconds: WritePacing.seconds(wait))
    }
  }

  /// Counts a refusal of the quota named `name`.
  func countRefusal(_ name: String) {
    state.withLock { $0.refusals[name, default: 0] += 1 }
  }

  /// Writes refused so far, by the quota's name.
  public var refusals: [String: Int] { state.withLock { $0.refusals } }
}
