import Foundation

// NB: docs/security.md, "One trainee cannot fill the disk": a trainee's writes
// take slots of a schedule, one every `3600 / perHour` seconds; the schedule may run ahead of
// now by at most `burst` slots. What is kept is one instant per trainee (where the schedule
// ends), so the check costs the same whatever the trainee wrote before, and the same instant
// kept on the trainee's row holds across processes. A schedule further ahead than pacing can
// ever put it means the wall clock went back: it starts again from now, so a clock set back
// an hour does not refuse a trainee for an hour.

/// The pacing of one trainee's writes, as a value: given where the schedule ends and now, the
/// decision and where it ends after.
package struct WritePacing: Equatable, Sendable {
  /// What to do with a write.
  package enum Decision: Equatable, Sendable {
    /// Written; the schedule now ends at `pacedTo` (milliseconds since 1970).
    case admitted(pacedTo: Int64)
    /// Refused; a write is admitted again `retryAfterMilliseconds` from now.
    case refused(retryAfterMilliseconds: Int64)
    /// Pacing is off.
    case unpaced
  }

  /// The rate paced to.
  package var rate: WriteRate

  /// Pacing to `rate`.
  package init(rate: WriteRate) { self.rate = rate }

  /// The decision for a write at `now` when the trainee's schedule ends at `pacedTo` (`nil`:
  /// the trainee never wrote under pacing).
  package func decide(pacedTo: Int64?, now: Int64) -> Decision {
    guard let slot = rate.slotMilliseconds else { return .unpaced }
    let ahead = Int64(max(rate.burst, 1)) * slot
    var start = max(pacedTo ?? now, now)
    if start - now > ahead { start = now }
    let end = start + slot
    guard end - now <= ahead else { return .refused(retryAfterMilliseconds: end - now - ahead) }
    return .admitted(pacedTo: end)
  }

  /// Whole seconds to wait for `milliseconds`, at least 1: what `Retry-After` says.
  package static func seconds(_ milliseconds: Int64) -> Int {
    Int(max(1, (milliseconds + 999) / 1000))
  }
}
