import Foundation
import SQLStore

// NB: version 15 belongs to the per-trainee quotas, written on another branch at the same time as
// the accounts of version 16; a step does nothing here so that the versions count up without a
// gap. When the branches meet, the quotas' step takes this place and this file goes.

extension TraineeSchema {
  /// Version 15 as this branch knows it: a step that changes nothing.
  static let version15Reserved = Migration(
    version: 15, name: "reserved for per-trainee quotas", sql: "SELECT 1;")
}
