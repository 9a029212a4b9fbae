import Foundation
import TraineeAPI
import TraineeRecords

// NB: docs/decisions/the-coachs-programs.md, "Validation" and "What the trainee reads": a
// program document is checked whole before anything is written, and a bad value is refused with
// its path (`days[1].rows[3].rir`). The trainee's plan is rendered from the document and the
// library once per version, so a later edit of the library changes no version already made.

/// Checks a coach's program document and renders the plan a trainee reads.
public enum CoachProgramPlan {
  /// The most days a program has.
  public static let mostDays = 14
  /// The most rows a day has.
  public static let mostRows = 40
  /// The most sets a row has.
  public static let mostSets = 50
  /// The longest name or title, in characters.
  public static let longestName = 200
  /// The longest short text (an id, reps, weight, tempo, a superset group), in characters.
  public static let longestShortText = 64

  /// `document` with its name trimmed and every day's and row's id filled in (`d1`, `r1`, ...
  /// by position); throws `invalid` naming the path of the first bad value.
  public static func checked(
    _ document: CoachProgramDocumentDto
  ) throws(TraineeStoreError) -> CoachProgramDocumentDto {
    var document = document
    document.name = try name(document.name, "name")
    guard (1...mostDays).contains(document.days.count) else {
      throw .invalid(field: "days", problem: "must hold 1 to \(mostDays) days")
    }
    var dayIDs: Set<String> = []
    for (d, day) in document.days.enumerated() {
      let at = "days[\(d)]"
      var day = day
      day.id = try shortText(day.id, "\(at).id") ?? "d\(d + 1)"
      guard dayIDs.insert(day.id!).inserted else {
        throw .invalid(field: "\(at).id", problem: "repeats the id of an earlier day")
      }
      if let title = day.title { day.title = try name(title, "\(at).title") }
      guard (1...mostRows).contains(day.rows.count) else {
        throw .invalid(field: "\(at).rows", problem: "must hold 1 to \(mostRows) rows")
      }
      var rowIDs: Set<String> = []
      for (r, row) in day.rows.enumerated() {
        var row = try checked(row, at: "\(at).rows[\(r)]")
        row.id = row.id ?? "r\(r + 1)"
        guard rowIDs.insert(row.id!).inserted else {
          throw .invalid(field: "\(at).rows[\(r)].id", problem: "repeats the id of an earlier row")
        }
        day.rows[r] = row
      }
      document.days[d] = day
    }
    return document
  }

  private static func checked(
    _ row: CoachProgramRowDto, at path: String
  ) throws(TraineeStoreError) -> CoachProgramRowDto {
    var row = row
    row.id = try shortText(row.id, "\(path).id")
    guard LibraryExerciseID(row.exerciseId) != nil else {
      throw .invalid(field: "\(path).exerciseId", problem: "is not an exercise of the library")
    }
    if let sets = row.sets, !(1...mostSets).contains(sets) {
      throw .invalid(field: "\(path).sets", problem: "must be 1 to \(mostSets)")
    }
    if let setRows = row.setRows {
      guard (1...mostSets).contains(setRows.count) else {
        throw .invalid(field: "\(path).setRows", problem: "must hold 1 to \(mostSets) sets")
      }
      if let sets = row.sets, sets != setRows.count {
        throw .invalid(field: "\(path).sets", problem: "must equal the number of setRows")
      }
      for (s, set) in setRows.enumerated() {
        let at = "\(path).setRows[\(s)]"
        _ = try shortText(set.reps, "\(at).reps")
        _ = try shortText(set.weight, "\(at).weight")
        try target(rir: set.rir, rpe: set.rpe, at: at)
      }
    } else if row.sets == nil {
      throw .invalid(field: "\(path).sets", problem: "is required when setRows is absent")
    }
    row.reps = try shortText(row.reps, "\(path).reps")
    row.weight = try shortText(row.weight, "\(path).weight")
    row.tempo = try shortText(row.tempo, "\(path).tempo")
    row.supersetGroup = try shortText(row.supersetGroup, "\(path).supersetGroup")
    try target(rir: row.rir, rpe: row.rpe, at: path)
    if let rest = row.restSeconds, !(0...3600).contains(rest) {
      throw .invalid(field: "\(path).restSeconds", problem: "must be 0 to 3600")
    }
    for (s, substitute) in (row.substitutes ?? []).enumerated()
    where LibraryExerciseID(substitute) == nil || substitute == row.exerciseId {
      throw .invalid(
        field: "\(path).substitutes[\(s)]", problem: "is not another exercise of the library")
    }
    return row
  }

  private static func target(rir: Int?, rpe: Double?, at path: String) throws(TraineeStoreError) {
    if let rir, !(0...10).contains(rir) {
      throw .invalid(field: "\(path).rir", problem: "must be 0 to 10")
    }
    if let rpe, !(1...10).contains(rpe) || (rpe * 2).rounded() != rpe * 2 {
      throw .invalid(field: "\(path).rpe", problem: "must be 1 to 10 in steps of 0.5")
    }
    if rir != nil && rpe != nil {
      throw .invalid(field: "\(path).rpe", problem: "must be absent when rir is given")
    }
  }

  /// `text` trimmed, 1 to ``longestName`` characters.
  package static func name(_ text: String, _ field: String) throws(TraineeStoreError) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, trimmed.count <= longestName,
      !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else {
      throw .invalid(
        field: field, problem: "must be 1 to \(longestName) characters without control characters")
    }
    return trimmed
  }

  private static func shortText(
    _ text: String?, _ field: String
  ) throws(TraineeStoreError) -> String? {
    guard let text else { return nil }
    guard !text.isEmpty, text.count <= longestShortText,
      !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else {
      throw .invalid(
        field: field,
        problem: "must be 1 to \(longestShortText) characters without control characters")
    }
    return text
  }

  /// Every library exercise `document` names, rows and substitutes, once each.
  package static func exerciseIDs(of document: CoachProgramDocumentDto) -> [LibraryExerciseID] {
    var seen: Set<LibraryExerciseID> = []
    var ids: [LibraryExerciseID] = []
    for row in document.days.flatMap(\.rows) {
      for text in [row.exerciseId] + (row.substitutes ?? []) {
        if let id = LibraryExerciseID(text), seen.insert(id).inserted { ids.append(id) }
      }
    }
    return ids
  }

  /// The plan id a trainee reads for a program: `program-` and its id.
  public static func planID(_ program: CoachProgramID) -> String { planIDPrefix + "\(program)" }

  /// The program a plan id of ``planID(_:)`` names; `nil` for any other id.
  public static func program(ofPlanID id: String) -> CoachProgramID? {
    guard id.hasPrefix(planIDPrefix) else { return nil }
    return CoachProgramID(String(id.dropFirst(planIDPrefix.count)))
  }

  private static let planIDPrefix = "program-"

  /// The plan a trainee reads of `document` (checked) at `version`, with `library` holding every
  /// exercise it names; throws `invalid` at the path of an exercise the library lacks.
  package static func plan(
    of document: CoachProgramDocumentDto, program: CoachProgramID, version: Int,
    library: [LibraryExerciseID: LibraryExercise]
  ) throws(TraineeStoreError) -> ProgramPlanDto {
    var days: [ProgramDayDto] = []
    for (d, day) in document.days.enumerated() {
      var rendered = ProgramDayDto(id: day.id ?? "d\(d + 1)", title: day.title)
      for (r, row) in day.rows.enumerated() {
        let at = "days[\(d)].rows[\(r)]"
        guard let exercise = LibraryExerciseID(row.exerciseId).flatMap({ library[$0] }) else {
          throw .invalid(field: "\(at).exerciseId", problem: "is not an exercise of the library")
        }
        let substituteIDs =
          row.substitutes?.compactMap(LibraryExerciseID.init)
          ?? exercise.substitutes.filter { library[$0] != nil }
        var substitutes: [SubstituteDto] = []
        for (s, id) in substituteIDs.enumerated() {
          guard let other = library[id] else {
            throw .invalid(
              field: "\(at).substitutes[\(s)]", problem: "is not another exercise of the library")
          }
          substitutes.append(SubstituteDto(exerciseId: id.description, name: other.name))
        }
        let rowID = row.id ?? "r\(r + 1)"
        let rest = row.restSeconds.map { "\($0 / 60):" + String(format: "%02d", $0 % 60) }
        let setRows = Self.setRows(of: row)
        if exercise.kind == .cardio {
          rendered.cardio.append(
            CardioDto(
              id: rowID, exerciseId: exercise.id.description, name: exercise.name,
              sets: String(setRows.count), rest: rest))
          continue
        }
        rendered.strength.append(
          StrengthDto(
            id: rowID, exerciseId: exercise.id.description, name: exercise.name,
            sets: String(setRows.count), reps: row.reps, weight: row.weight, rest: rest,
            tempo: row.tempo, supersetGroup: row.supersetGroup, videoRequired: row.videoRequired,
            setRows: setRows, substitutes: substitutes))
      }
      if rendered.strength.contains(where: { $0.setRows.contains { $0.rir != nil } }) {
        rendered.rirColumn = true
      }
      days.append(rendered)
    }
    return ProgramPlanDto(
      id: planID(program), name: document.name, days: days, version: version)
  }

  /// The sets of `row` one by one: its `setRows`, or `sets` working sets alike, each taking the
  /// row's reps, weight and target where it gives none of its own.
  static func setRows(of row: CoachProgramRowDto) -> [SetRowDto] {
    let spelled = row.setRows ?? Array(repeating: CoachSetRowDto(), count: row.sets ?? 1)
    return spelled.enumerated().map { index, set in
      let ownTarget = set.rir != nil || set.rpe != nil
      return SetRowDto(
        setNumber: index + 1, type: set.type ?? .working, reps: set.reps ?? row.reps,
        weight: set.weight ?? row.weight, rir: ownTarget ? set.rir : row.rir,
        rpe: ownTarget ? set.rpe : row.rpe)
    }
  }
}
