import Foundation
import SQLStore

// NB: docs/decisions/the-coachs-roster.md, "Schema version 19": version 18 belongs to the studio
// tag on records, written on another branch at the same time; on this branch it is a step that
// changes nothing, which that branch's step replaces when the branches meet. Version 19 reads no
// table or column of version 18.

extension TraineeSchema {
  /// Version 18, reserved: a step that changes nothing on this branch.
  static let version18 = Migration(
    version: 18, name: "reserved for the studio tag on records",
    sqlite: "SELECT 1;",
    postgresql: "SELECT 1;")
}
