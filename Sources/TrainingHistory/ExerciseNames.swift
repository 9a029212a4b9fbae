import Foundation

// NB: docs/decisions/history-progress-and-moving-data.md "History export and import" (matching): a
// name matches when it is the same once case, accents, punctuation and spacing are set aside; an
// imported name also matches a program exercise when they agree without a trailing parenthesis
// (Strong and Hevy write the equipment there: "Bench Press (Barbell)"). Anything else is kept as
// its own exercise.

/// Matching exercise names: imports to the program, and `perform progress EXERCISE`.
public enum ExerciseNames {
  /// `name` lowercased, without accents, each run of anything but letters and digits one space.
  public static func key(_ name: String) -> String {
    let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .lowercased()
    var key = ""
    var pendingSpace = false
    for character in folded {
      if character.isLetter || character.isNumber {
        if pendingSpace, !key.isEmpty { key.append(" ") }
        pendingSpace = false
        key.append(character)
      } else {
        pendingSpace = true
      }
    }
    return key
  }

  /// The key of `name` without a trailing parenthesis, or `nil` when it has none.
  static func baseKey(_ name: String) -> String? {
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "("),
      open > trimmed.startIndex
    else { return nil }
    let base = key(String(trimmed[..<open]))
    return base.isEmpty ? nil : base
  }

  /// The exercise of `exercises` that `name` names, or `nil`.
  public static func match(_ name: String, in exercises: [NamedExercise]) -> NamedExercise? {
    let wanted = key(name)
    if let exact = exercises.first(where: { key($0.name) == wanted }) { return exact }
    let wantedBase = baseKey(name) ?? wanted
    return exercises.first { exercise in
      (baseKey(exercise.name) ?? key(exercise.name)) == wantedBase
    }
  }

  /// The id an imported exercise no program exercise matches is kept under: `imported-` and
  /// its key with dashes (`imported-bench-press-barbell`).
  public static func importedID(_ name: String) -> String {
    let slug = key(name).replacingOccurrences(of: " ", with: "-")
    return "imported-" + String(slug.prefix(150))
  }

  /// The exercise `query` names in `exercises`: by id, or by name ignoring case and spacing.
  public static func find(_ query: String, in exercises: [NamedExercise]) -> NamedExercise? {
    if let byId = exercises.first(where: { $0.id == query }) { return byId }
    let wanted = key(query)
    return exercises.first { key($0.name) == wanted }
  }

  /// Up to `limit` names of `exercises` close to `query`: those containing it or contained in
  /// it, and those a few edits away, closest first.
  public static func closeMatches(
    _ query: String, in exercises: [NamedExercise], limit: Int = 5
  ) -> [String] {
    let wanted = key(query)
    guard !wanted.isEmpty else { return [] }
    var scored: [(distance: Int, name: String)] = []
    for name in Set(exercises.map(\.name)) {
      let candidate = key(name)
      let distance = editDistance(wanted, candidate)
      let contains = candidate.contains(wanted) || wanted.contains(candidate)
      guard contains || distance <= max(2, wanted.count / 3) else { continue }
      scored.append((contains ? min(distance, 1) : distance, name))
    }
    return scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(limit)
      .map(\.name)
  }

  /// Levenshtein's distance between `a` and `b`, in characters.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
