import SQLStore

// NB: version 23 is reserved for the nutrition side of the roster and the plan against eaten (issue 33 items 1, 2), written on its own branch; this stand-in only keeps the
// versions counting up without a gap until the branches are merged, when that step replaces it
// (docs/decisions/the-coachs-words.md, "Schema version 25").

extension TraineeSchema {
  /// Version 23: reserved (a stand-in on this branch).
  static let version23 = Migration(
    version: 23, name: "reserved for another branch of issue 33", sql: "SELECT 1;")
}
