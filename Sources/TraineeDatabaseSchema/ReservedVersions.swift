import SQLStore

// NB: docs/decisions/what-the-coach-sees.md, "Schema version 22": versions 20 and 21 belong to
// work on other branches (the program builder, the coach's and trainee's words). Until those
// merge, this branch holds their places with steps that change nothing, so that versions still
// count up without gaps; the merge replaces these with the real steps.

extension TraineeSchema {
  /// Held for version 20 until its branch merges; changes nothing.
  static let version20 = Migration(
    version: 20, name: "held for the program builder", sql: "SELECT 1;")
  /// Held for version 21 until its branch merges; changes nothing.
  static let version21 = Migration(
    version: 21, name: "held for the coach's and the trainee's words", sql: "SELECT 1;")
}
