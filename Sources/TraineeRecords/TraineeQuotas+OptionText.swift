// NB: docs/security.md, "One trainee cannot fill the disk": the operator's spelling of a quota, as
// `perform serve`'s `--quota-…` options and their `PERFORM_` variables give it (README, "Running
// the server"). It is read here, beside the quotas, so that the fuzz target `quota-option` drives
// the same reader the command does (docs/fuzzing.md).

extension RecordQuota {
  /// The records an option may set.
  public static let optionRecords = 1...100_000_000

  /// A kind's quota as an option spells it: `RECORDS/SIZE` (`10000/64MiB`), RECORDS within
  /// ``optionRecords``, SIZE at least one byte as ``byteSize(_:)`` reads it; `nil` for anything
  /// else (`off` is the option's, not a quota).
  public init?(optionText text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let records = Int(parts[0]), Self.optionRecords.contains(records),
      let bytes = Self.byteSize(String(parts[1])), bytes >= 1
    else { return nil }
    self.init(records: records, bytes: bytes)
  }

  /// `SIZE` in bytes: a whole number, or one followed by `KiB`, `MiB` or `GiB`; `nil` for
  /// anything else or more than 1 TiB.
  public static func byteSize(_ text: String) -> Int? {
    let units: [(suffix: String, shift: Int)] = [("KiB", 10), ("MiB", 20), ("GiB", 30), ("", 0)]
    for (suffix, shift) in units where text.hasSuffix(suffix) {
      guard let number = Int(text.dropLast(suffix.count)), number >= 0, number <= 1 << (40 - shift)
      else { return nil }
      return number << shift
    }
    return nil
  }
}

extension WriteRate {
  /// The writes an hour an option may set.
  public static let optionPerHour = 1...3_600_000
  /// The burst an option may set.
  public static let optionBurst = 1...1_000_000

  /// The write rate as an option spells it: `PER_HOUR/BURST` (`3600/1200`), each within
  /// ``optionPerHour`` and ``optionBurst``; `nil` for anything else.
  public init?(optionText text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let perHour = Int(parts[0]), Self.optionPerHour.contains(perHour),
      let burst = Int(parts[1]), Self.optionBurst.contains(burst)
    else { return nil }
    self.init(perHour: perHour, burst: burst)
  }
}
