import Foundation
import SQLStore

// NB: docs/security.md, "One trainee cannot fill the disk" (what the operator sees): the quotas
// in `/metrics` carry no trainee label, only the quota's name from a closed set (each kind's
// records and bytes, the write rate), so the exposition's size does not grow with trainees.
// How many trainees are near a quota is read from `trainee_usage` at each scrape, one pass over
// its rows (a few per trainee), so every process of one PostgreSQL database shows the same.

extension DatabaseTraineeStore {
  /// The share of a quota past which a trainee counts as near it: 80 %.
  static let nearShare = (numerator: 4, denominator: 5)

  /// Every quota's name, in the order `/metrics` lists them.
  static var quotaNames: [String] {
    QuotaKind.allCases.flatMap { ["\($0.rawValue).records", "\($0.rawValue).bytes"] }
  }

  /// How many trainees keep at least 80 % of each quota, by the quota's name; every quota the
  /// store holds is listed, 0 when none does.
  public func traineesNearQuotas() throws -> [String: Int] {
    let quotas = writeQuotas.quotas.records.sorted { $0.key.rawValue < $1.key.rawValue }
    var near: [String: Int] = [:]
    for (kind, _) in quotas {
      near["\(kind.rawValue).records"] = 0
      near["\(kind.rawValue).bytes"] = 0
    }
    guard !quotas.isEmpty else { return near }
    let limits = Array(
      repeating: "(?, CAST(? AS BIGINT), CAST(? AS BIGINT))", count: quotas.count)
    let values = quotas.flatMap { kind, quota -> [DatabaseValue] in
      [.text(kind.rawValue), DatabaseValue(quota.records), DatabaseValue(quota.bytes)]
    }
    let (numerator, denominator) = Self.nearShare
    let rows = try read { db in
      try db.rows(
        """
        SELECT u.kind AS kind,
          SUM(CASE WHEN u.records * \(denominator) >= q.column2 * \(numerator) THEN 1 ELSE 0 END)
            AS near_records,
          SUM(CASE WHEN u.bytes * \(denominator) >= q.column3 * \(numerator) THEN 1 ELSE 0 END)
            AS near_bytes
        FROM trainee_usage AS u
        JOIN (VALUES \(limits.joined(separator: ", "))) AS q ON q.column1 = u.kind
        GROUP BY u.kind
        """, values, named: DatabaseColumns(["kind", "near_records", "near_bytes"])
      ) { row -> (String, Int, Int) in
        (try row["kind"], try row["near_records"], try row["near_bytes"])
      }
    }
    for (kind, records, bytes) in rows {
      near["\(kind).records"] = records
      near["\(kind).bytes"] = bytes
    }
    return near
  }

  /// The exposition's lines about quotas: each quota, the trainees near it (when the database
  /// answers), and the writes each refused.
  public func renderQuotaMetrics() -> String {
    let quotas = writeQuotas.quotas
    var lines = [
      "# HELP perform_quota_limit Each trainee's quota, by name (records, bytes, writes an hour,"
        + " burst); absent when off.",
      "# TYPE perform_quota_limit gauge",
    ]
    for kind in QuotaKind.allCases {
      guard let quota = quotas.records[kind] else { continue }
      lines.append("perform_quota_limit{quota=\"\(kind.rawValue).records\"} \(quota.records)")
      lines.append("perform_quota_limit{quota=\"\(kind.rawValue).bytes\"} \(quota.bytes)")
    }
    if quotas.writeRate.perHour > 0 {
      lines.append("perform_quota_limit{quota=\"write_rate.per_hour\"} \(quotas.writeRate.perHour)")
      lines.append("perform_quota_limit{quota=\"write_rate.burst\"} \(quotas.writeRate.burst)")
    }
    if let near = try? traineesNearQuotas() {
      lines.append(
        "# HELP perform_quota_trainees_near Trainees keeping at least 80 % of a quota.")
      lines.append("# TYPE perform_quota_trainees_near gauge")
      for name in Self.quotaNames {
        guard let count = near[name] else { continue }
        lines.append("perform_quota_trainees_near{quota=\"\(name)\"} \(count)")
      }
    }
    let refusals = writeQuotas.refusals
    lines.append(
      "# HELP perform_quota_refusals_total Trainee writes refused by a quota (507) or the write"
        + " rate (429), by quota.")
    lines.append("# TYPE perform_quota_refusals_total counter")
    for name in Self.quotaNames + ["write_rate"] {
      lines.append("perform_quota_refusals_total{quota=\"\(name)\"} \(refusals[name] ?? 0)")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
