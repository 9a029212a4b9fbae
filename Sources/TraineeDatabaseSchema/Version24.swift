import SQLStore

// NB: version 24 is reserved for the meal plan builder (issue 33 item 4), written on its own branch; this stand-in only keeps the
// versions counting up without a gap until the branches are merged, when that step replaces it
// (docs/decisions/the-coachs-words.md, "Schema version 25").

extension TraineeSchema {
  /// Version 24: reserved (a stand-in on this branch).
  static let version24 = Migration(
    version: 24, name: "reserved for another branch of issue 33", sql: "SELECT 1;")
}
