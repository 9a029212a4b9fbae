import Foundation

// NB: docs/security.md, "One trainee cannot fill the disk": what a trainee keeps of each kind of
// record is counted (records and bytes) in the write that changes it, and a write past a quota
// stores nothing; writes themselves are paced per trainee. The defaults are reasoned out there:
// far above what a real trainee keeps in years, far below what fills a disk.

/// The kinds of record a trainee writes that count against a quota.
public enum QuotaKind: String, CaseIterable, Equatable, Hashable, Sendable {
  /// `POST /v1/trainee/workouts/log`; a deleted log whose `Idempotency-Key` keeps its payload
  /// still counts.
  case workoutLogs = "workout_logs"
  /// `POST /v1/trainee/nutrition/logs`.
  case mealLogs = "meal_logs"
  /// `PUT /v1/trainee/nutrition/day`: one record a date.
  case nutritionDays = "nutrition_days"
  /// `POST /v1/trainee/workouts/substitutions`: one record a program row.
  case substitutions
  /// `POST /v1/trainee/technique-videos`.
  case techniqueVideos = "technique_videos"
}

/// What one trainee may keep of one kind of record.
public struct RecordQuota: Equatable, Sendable {
  /// The most records kept.
  public var records: Int
  /// The most bytes kept: the UTF-8 bytes of the texts the trainee sent that the records hold.
  public var bytes: Int

  /// A quota of `records` records and `bytes` bytes.
  public init(records: Int, bytes: Int) {
    self.records = records
    self.bytes = bytes
  }
}

/// How fast one trainee may write: `perHour` writes an hour on average, `burst` at once.
///
/// Paced as a virtual schedule: each write takes the next slot, one every `3600 / perHour`
/// seconds, and a write whose slot is more than `burst` slots ahead of now is refused.
public struct WriteRate: Equatable, Sendable {
  /// Writes an hour, sustained; `0` turns the pacing off.
  public var perHour: Int
  /// Writes at once, after a quiet spell.
  public var burst: Int

  /// A rate of `perHour` writes an hour and bursts of `burst`.
  public init(perHour: Int, burst: Int) {
    self.perHour = perHour
    self.burst = burst
  }

  /// Milliseconds between two slots; `nil` when pacing is off.
  package var slotMilliseconds: Int64? {
    perHour > 0 ? max(1, 3_600_000 / Int64(perHour)) : nil
  }
}

/// Every quota of one trainee: records and bytes per kind, and the write rate.
public struct TraineeQuotas: Equatable, Sendable {
  /// Records and bytes per kind; a kind not here has no quota.
  public var records: [QuotaKind: RecordQuota]
  /// The write rate of every trainee write (posts, saves and deletions).
  public var writeRate: WriteRate

  /// Quotas of `records` per kind and `writeRate`.
  public init(records: [QuotaKind: RecordQuota], writeRate: WriteRate) {
    self.records = records
    self.writeRate = writeRate
  }

  /// The defaults `perform serve` runs with (docs/security.md, "One trainee cannot fill the
  /// disk", where each figure is reasoned out).
  public static let defaults = TraineeQuotas(
    records: [
      .workoutLogs: RecordQuota(records: 10_000, bytes: 64 << 20),
      .mealLogs: RecordQuota(records: 40_000, bytes: 64 << 20),
      .nutritionDays: RecordQuota(records: 5_000, bytes: 64 << 20),
      .substitutions: RecordQuota(records: 5_000, bytes: 4 << 20),
      .techniqueVideos: RecordQuota(records: 5_000, bytes: 8 << 20),
    ],
    writeRate: WriteRate(perHour: 3_600, burst: 1_200))

  /// No quota and no pacing.
  public static let unlimited = TraineeQuotas(
    records: [:], writeRate: WriteRate(perHour: 0, burst: 0))
}

/// A write refused because it would take a trainee past a quota.
public struct QuotaRefusal: Error, Equatable, Sendable, CustomStringConvertible {
  /// What a quota counts.
  public enum Measure: String, Equatable, Sendable {
    case records, bytes
  }

  /// The kind of record.
  public var kind: QuotaKind
  /// Records or bytes.
  public var measure: Measure
  /// The quota.
  public var limit: Int
  /// What the trainee keeps now.
  public var used: Int
  /// What the write would have added.
  public var adding: Int

  /// A refusal of `adding` more `measure` of `kind` to `used`, past `limit`.
  public init(kind: QuotaKind, measure: Measure, limit: Int, used: Int, adding: Int) {
    self.kind = kind
    self.measure = measure
    self.limit = limit
    self.used = used
    self.adding = adding
  }

  /// The quota's name as the error message, `/metrics` and the operator's options write it:
  /// `workout_logs.records`.
  public var quotaName: String { "\(kind.rawValue).\(measure.rawValue)" }

  public var description: String {
    "quota \(quotaName) is \(limit); the trainee keeps \(used) and this write adds \(adding)"
  }
}
