import SQLStore

// NB: version 20 is reserved for the program builder (issue 33 item 3), written on its own
// branch; this stand-in only keeps the versions counting up without a gap until the branches
// are merged, when the builder's step replaces it (docs/decisions/the-coachs-words.md,
// "Schema version 21").

extension TraineeSchema {
  /// Version 20: the program builder's step (a stand-in on this branch).
  static let version20 = Migration(
    version: 20, name: "reserved for the program builder", sql: "SELECT 1;")
}
