import LockedValue
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-coachs-roster.md, "Kept per process": a trainee's `trainee_days` rows,
// latest workout and open items change only in a write of that trainee (a coach's review or
// feedback is one), and every such write raises the trainee's answer version in its own
// transaction. So what the roster read of a trainee stays right for as long as the version it read
// it at, the studio's view of it (the tag, and whether earlier records are shared) and a first
// date no later than the one now needed: the roster reads it again only for the trainees whose
// writes came since.

/// What the roster last read of each trainee per studio, by what it depends on; per process
/// (each process of a PostgreSQL deployment keeps its own).
final class RosterDayCache: Sendable {
  /// What a studio saw of one trainee, and what that depends on.
  struct Entry {
    /// The trainee's answer version the rows were read at.
    var version: Int64
    /// Whether the studio saw every tag (the trainee shared earlier records) or its own.
    var sharesEarlierRecords: Bool
    /// The first date read; the facts' days hold every date from it on.
    var earliest: CalendarDate
    var facts: TraineeRosterFacts
  }

  struct Key: Hashable {
    var studio: Int64
    var trainee: Int64
  }

  /// The most trainee lines kept: past it, every line is dropped and read again as needed.
  let capacity: Int
  private let entries = Locked<[Key: Entry]>([:])

  init(capacity: Int = 200_000) { self.capacity = capacity }

  /// The facts kept for `key` if they answer a read of `version`, `shares` and dates from
  /// `earliest` on.
  func facts(
    _ key: Key, version: Int64, sharesEarlierRecords shares: Bool, from earliest: CalendarDate
  ) -> TraineeRosterFacts? {
    entries.withLock { entries in
      guard let entry = entries[key], entry.version == version,
        entry.sharesEarlierRecords == shares, entry.earliest <= earliest
      else { return nil }
      return entry.facts
    }
  }

  /// Keeps `entry` for `key`, unless a line read at a later version is already there.
  func keep(_ entry: Entry, for key: Key) {
    entries.withLock { entries in
      if let kept = entries[key], kept.version > entry.version { return }
      if entries[key] == nil, entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
      entries[key] = entry
    }
  }
}
