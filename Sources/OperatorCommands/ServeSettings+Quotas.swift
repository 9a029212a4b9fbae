import Foundation
import TraineeData

// NB: docs/security.md, "One trainee cannot fill the disk": the operator changes each trainee
// quota of `perform serve` with an option of its own (or its `PERFORM_` variable), documented in
// the README's "Running the server"; an option not given keeps its default
// (`TraineeQuotas.defaults`).

extension ServeSettings {
  /// The options that set a quota: one per kind of record, and the write rate.
  package static let quotaOptions: [String: QuotaKind?] = [
    "quota-workout-logs": .workoutLogs, "quota-meal-logs": .mealLogs,
    "quota-nutrition-days": .nutritionDays, "quota-substitutions": .substitutions,
    "quota-technique-videos": .techniqueVideos, "quota-write-rate": nil,
  ]

  /// The quotas `given` sets, the defaults for the rest; `name` names an option as the user
  /// gave it, for errors.
  ///
  /// A kind's option is `RECORDS/SIZE` (`10000/64MiB`; SIZE in bytes or with `KiB`, `MiB` or
  /// `GiB`) or `off`; the write rate's is `PER_HOUR/BURST` (`3600/1200`) or `off`.
  package static func quotas(
    _ given: Options, name: (String) -> String
  ) throws(UsageError) -> TraineeQuotas {
    var quotas = TraineeQuotas.defaults
    for (option, kind) in quotaOptions.sorted(by: { $0.key < $1.key }) {
      guard let text = given.values[option] else { continue }
      if text == "off" {
        if let kind {
          quotas.records[kind] = nil
        } else {
          quotas.writeRate = WriteRate(perHour: 0, burst: 0)
        }
        continue
      }
      if let kind {
        guard let quota = RecordQuota(optionText: text) else {
          throw UsageError(
            "\(name(option)) \"\(text)\" is not RECORDS/SIZE (records from 1 to 100000000, SIZE"
              + " in bytes or with KiB, MiB or GiB: 10000/64MiB) or off")
        }
        quotas.records[kind] = quota
      } else {
        guard let rate = WriteRate(optionText: text) else {
          throw UsageError(
            "\(name(option)) \"\(text)\" is not PER_HOUR/BURST (writes an hour from 1 to"
              + " 3600000, a burst from 1 to 1000000: 3600/1200) or off")
        }
        quotas.writeRate = rate
      }
    }
    return quotas
  }

  /// What `--check-config` prints about the quotas: one line per kind, and the write rate.
  package static func summary(of quotas: TraineeQuotas) -> [String] {
    QuotaKind.allCases.map { kind in
      let shown = quotas.records[kind].map { "\($0.records) records, \($0.bytes) bytes" } ?? "off"
      return "quota \(kind.rawValue): \(shown)"
    } + [
      "quota write rate: "
        + (quotas.writeRate.perHour > 0
          ? "\(quotas.writeRate.perHour) an hour, bursts of \(quotas.writeRate.burst)" : "off")
    ]
  }
}
