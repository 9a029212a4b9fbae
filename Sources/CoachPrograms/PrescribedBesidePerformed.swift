import Foundation
import TraineeAPI

// NB: docs/decisions/what-the-coach-sees.md, "Prescribed beside performed": each prescribed row
// (strength, then cardio, in the day's order) takes the first logged exercise not yet taken that
// is the one the trainee chose for the row (the kept substitutions), else the row's own, else
// one of its substitutes; sets pair by set number. What the log has beyond is marked added.

/// A logged workout set beside the program day prescribed when it was logged.
public enum PrescribedBesidePerformed {
  /// The members of a set row (or, when the set row has none, of its exercise's row) that are
  /// targets, each compared with the logged set's member of the same name. A target a newer
  /// program carries is one more name here.
  static let targetMembers = ["reps", "weight", "rir", "rpe"]

  /// The most sets a row's `sets` text prescribes here: a logged set's number is at most 100.
  static let mostSets = 100

  /// `payload` beside `prescription`; without one, the logged exercises only.
  public static func compare(
    _ payload: LogWorkoutPayload, _ prescription: KeptPrescription?
  ) -> PrescribedBesidePerformedDto {
    guard let prescription, case .object(let day) = prescription.day else {
      return PrescribedBesidePerformedDto(
        prescription: .none,
        exercises: payload.entries.map { entry in
          ExerciseBesidePrescribedDto(
            rowId: nil, prescribedExerciseId: nil, prescribedName: nil,
            exerciseId: entry.exerciseId, name: entry.name, marks: [],
            sets: entry.sets.map {
              SetBesidePrescribedDto(
                setNumber: $0.setNumber, target: nil, performed: $0, comparison: nil, marks: [])
            })
        })
    }
    let rows = (day["strength"]?.objects ?? []) + (day["cardio"]?.objects ?? [])
    var taken = Set<Int>()
    var exercises: [ExerciseBesidePrescribedDto] = []
    for row in rows {
      let rowId = row["id"]?.text
      let prescribed = row["exerciseId"]?.text
      let chosen = rowId.flatMap { prescription.substitutions[$0] }
      let substitutes = Set(
        (row["substitutes"]?.objects ?? []).compactMap { $0["exerciseId"]?.text })
      let match =
        firstEntry(payload, taken, where: { $0 == chosen })
        ?? firstEntry(payload, taken, where: { $0 == prescribed })
        ?? firstEntry(payload, taken, where: { substitutes.contains($0) })
      if let match { taken.insert(match) }
      let entry = match.map { payload.entries[$0] }
      let sets = compareSets(prescribedSets(row), entry?.sets ?? [])
      var marks: [ExerciseMark] = []
      if let entry, entry.exerciseId != prescribed { marks.append(.substituted) }
      if !(entry?.sets.contains(where: \.isDone) ?? false) { marks.append(.notDone) }
      exercises.append(
        ExerciseBesidePrescribedDto(
          rowId: rowId, prescribedExerciseId: prescribed, prescribedName: row["name"]?.text,
          exerciseId: entry?.exerciseId, name: entry?.name, marks: marks, sets: sets))
    }
    for (index, entry) in payload.entries.enumerated() where !taken.contains(index) {
      exercises.append(
        ExerciseBesidePrescribedDto(
          rowId: nil, prescribedExerciseId: nil, prescribedName: nil,
          exerciseId: entry.exerciseId, name: entry.name, marks: [.added],
          sets: compareSets([], entry.sets)))
    }
    return PrescribedBesidePerformedDto(prescription: .kept, exercises: exercises)
  }

  /// The index of the first entry not `taken` whose exercise satisfies `test`.
  private static func firstEntry(
    _ payload: LogWorkoutPayload, _ taken: Set<Int>, where test: (String) -> Bool
  ) -> Int? {
    payload.entries.indices.first { !taken.contains($0) && test(payload.entries[$0].exerciseId) }
  }

  /// A row's prescribed sets, by number, each with its targets: its `setRows`, else as many
  /// sets as its `sets` text says (`ProgramAssignment.setCount`, at most ``mostSets``), each
  /// with the row's targets.
  static func prescribedSets(
    _ row: [String: JSONValue]
  ) -> [(number: Int, target: [String: String])] {
    let rowTargets = targets(of: row)
    let setRows = row["setRows"]?.objects ?? []
    if !setRows.isEmpty {
      return setRows.enumerated().map { index, setRow in
        let number = setRow["setNumber"]?.wholeNumber ?? index + 1
        return (number, rowTargets.merging(targets(of: setRow)) { _, own in own })
      }
    }
    let count = min(ProgramAssignment.setCount(rows: 0, sets: row["sets"]?.text), mostSets)
    return (1...count).map { ($0, rowTargets) }
  }

  /// The targets an object of the program states, as text.
  private static func targets(of object: [String: JSONValue]) -> [String: String] {
    var found: [String: String] = [:]
    for member in targetMembers {
      if let text = object[member]?.targetText { found[member] = text }
    }
    return found
  }

  /// The prescribed sets beside the logged ones: by set number, then the logged sets beyond.
  static func compareSets(
    _ prescribed: [(number: Int, target: [String: String])], _ logged: [LogSet]
  ) -> [SetBesidePrescribedDto] {
    var remaining = logged
    var sets: [SetBesidePrescribedDto] = []
    for (number, target) in prescribed {
      guard let index = remaining.firstIndex(where: { $0.setNumber == number }) else {
        sets.append(
          SetBesidePrescribedDto(
            setNumber: number, target: target, performed: nil, comparison: nil, marks: [.removed]))
        continue
      }
      let set = remaining.remove(at: index)
      var comparison: [String: TargetComparison]?
      if set.isDone, !target.isEmpty {
        let members = set.members
        comparison = target.mapValues { _ in .notCompared }
        for (member, text) in target {
          comparison?[member] = TargetComparison.of(members[member], against: text)
        }
      }
      sets.append(
        SetBesidePrescribedDto(
          setNumber: number, target: target, performed: set, comparison: comparison,
          marks: set.isDone ? [] : [.skipped]))
    }
    for set in remaining {
      sets.append(
        SetBesidePrescribedDto(
          setNumber: set.setNumber, target: nil, performed: set, comparison: nil,
          marks: set.isDone ? [.added] : [.added, .skipped]))
    }
    return sets
  }
}

extension LogSet {
  /// The set's number.
  package var setNumber: Int {
    switch self {
    case .strength(let set): set.setNumber
    case .cardio(let set): set.setNumber
    }
  }

  /// Whether the trainee marked it done.
  var isDone: Bool {
    switch self {
    case .strength(let set): set.done
    case .cardio(let set): set.done
    }
  }

  /// The set's members as its wire shape names them (`reps`, `weight`, `rir`, `rpe`...).
  var members: [String: JSONValue] {
    guard let data = try? JSONEncoder().encode(self),
      case .object(let members) = try? JSONDecoder().decode(JSONValue.self, from: data)
    else { return [:] }
    return members
  }
}

extension JSONValue {
  /// The elements of an array that are objects; `nil` for anything but an array.
  var objects: [[String: JSONValue]]? {
    guard case .array(let elements) = self else { return nil }
    return elements.compactMap {
      guard case .object(let object) = $0 else { return nil }
      return object
    }
  }

  /// A string's text; `nil` for anything else.
  var text: String? {
    guard case .string(let text) = self else { return nil }
    return text
  }

  /// A whole number's value; `nil` for anything else.
  var wholeNumber: Int? {
    guard case .number(let number) = self, number == number.rounded(), abs(number) < 1e9 else {
      return nil
    }
    return Int(number)
  }

  /// A target as text: a non-empty string as written, a number in its shortest form.
  var targetText: String? {
    switch self {
    case .string(let text): text.trimmingCharacters(in: .whitespaces).isEmpty ? nil : text
    case .number(let number):
      number == number.rounded() && abs(number) < 1e15
        ? String(Int64(number)) : String(number)
    default: nil
    }
  }
}
