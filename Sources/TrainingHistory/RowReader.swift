import Foundation
import TraineeAPI
import WorkoutSession

/// Reads one row of a layout into a set; checks every value the server would refuse.
struct RowReader {
  var layout: ImportLayout
  var units: UnitSystem
  var timeZone: TimeZone
  var decimalComma: Bool
  var notAfter: Date?

  func read(_ row: ImportRow) throws(ImportProblem) -> ImportedSet? {
    let imported: ImportedSet?
    switch layout {
    case .strong: imported = try strong(row)
    case .hevy: imported = try hevy(row)
    case .perform: imported = try perform(row)
    }
    if let imported { try check(imported) }
    return imported
  }

  /// Strong: `Date` local `yyyy-MM-dd HH:mm:ss` (or with AM/PM), weights in `Weight Unit` when
  /// the file has it (older exports) else in `units`, `Seconds` and `Distance` for cardio.
  private func strong(_ row: ImportRow) throws(ImportProblem) -> ImportedSet? {
    let dateText = try row.required("Date")
    guard
      let date = parse(
        dateText, ["yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd h:mm:ss a", "yyyy-MM-dd HH:mm"])
    else {
      throw ImportProblem(line: row.line, problem: "Date \"\(dateText)\" is not a date")
    }
    let order = row.text("Set Order")
    var type: SetType? = .working
    switch order.uppercased() {
    case "W": type = .warmup
    case "D": type = .drop
    case "F": type = .failure
    default:
      guard Int(order) != nil else {
        throw ImportProblem(line: row.line, problem: "Set Order \"\(order)\" is not a set number")
      }
    }
    let weightUnit = row.has("Weight Unit") ? try unit(row, "Weight Unit") : units
    let distanceUnit = row.has("Distance Unit") ? try unit(row, "Distance Unit") : units
    let weight = try row.number("Weight", decimalComma: decimalComma)
    let reps = try row.whole("Reps")
    let seconds = try row.whole("Seconds")
    let distance = try row.number("Distance", decimalComma: decimalComma)
    var set = LoggedSet(
      workoutNumber: 0, performedAt: date, dayLabel: row.text("Workout Name"),
      exerciseId: "", exerciseName: try row.required("Exercise Name"), setNumber: 0,
      setType: type)
    if (weight ?? 0) == 0, (reps ?? 0) == 0, (seconds ?? 0) > 0 || (distance ?? 0) > 0 {
      set.setType = nil
      set.durationSec = seconds.flatMap { $0 > 0 ? $0 : nil }
      set.distanceKm = distance.flatMap { $0 > 0 ? distanceUnit.kilometres($0) : nil }
    } else {
      set.weightKg = weight.map(weightUnit.kilograms)
      set.reps = reps
    }
    return ImportedSet(line: row.line, set: set)
  }

  /// Hevy: `start_time` local `26 Jul 2025, 07:06`, `weight_kg` or `weight_lbs`, `set_type`
  /// `normal`, `warmup`, `dropset` or `failure`.
  private func hevy(_ row: ImportRow) throws(ImportProblem) -> ImportedSet? {
    let formats = ["d MMM yyyy, HH:mm", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd'T'HH:mm:ssXXXXX"]
    let startText = try row.required("start_time")
    guard let start = parse(startText, formats) else {
      throw ImportProblem(line: row.line, problem: "start_time \"\(startText)\" is not a date")
    }
    let end = parse(row.text("end_time"), formats)
    let typeText = row.text("set_type").lowercased()
    let type: SetType
    switch typeText {
    case "", "normal": type = .working
    case "warmup": type = .warmup
    case "dropset": type = .drop
    case "failure": type = .failure
    default:
      throw ImportProblem(line: row.line, problem: "set_type \"\(typeText)\" is not a set type")
    }
    guard (try row.whole("set_index")) != nil else {
      throw ImportProblem(line: row.line, problem: "set_index is empty")
    }
    let weightKg: Double? =
      row.has("weight_lbs")
      ? try row.number("weight_lbs").map(UnitSystem.imperial.kilograms)
      : try row.number("weight_kg")
    let distanceKm: Double? =
      row.has("distance_miles")
      ? try row.number("distance_miles").map(UnitSystem.imperial.kilometres)
      : try row.number("distance_km")
    let seconds = try row.whole("duration_seconds")
    var set = LoggedSet(
      workoutNumber: 0, performedAt: start, dayLabel: row.text("title"), exerciseId: "",
      exerciseName: try row.required("exercise_title"), setNumber: 0, setType: type)
    let reps = try row.whole("reps")
    if weightKg == nil, reps == nil, seconds != nil || distanceKm != nil {
      set.setType = nil
      set.durationSec = seconds
      set.distanceKm = distanceKm
    } else {
      set.weightKg = weightKg
      set.reps = reps
    }
    let duration = end.map { Int($0.timeIntervalSince(start)) }.flatMap { $0 >= 0 ? $0 : nil }
    return ImportedSet(line: row.line, set: set, workoutDurationSec: duration)
  }

  /// Perform's own export, in whichever unit its header names.
  private func perform(_ row: ImportRow) throws(ImportProblem) -> ImportedSet? {
    let dateText = try row.required("date")
    guard let date = ISO8601Instant.date(from: dateText) else {
      throw ImportProblem(line: row.line, problem: "date \"\(dateText)\" is not an ISO 8601 time")
    }
    let typeText = row.text("set_type")
    var type: SetType?
    if !typeText.isEmpty {
      guard let known = SetType(rawValue: typeText) else {
        throw ImportProblem(line: row.line, problem: "set_type \"\(typeText)\" is not a set type")
      }
      type = known
    }
    guard let number = try row.whole("set"), number >= 1 else {
      throw ImportProblem(line: row.line, problem: "set is not a set number")
    }
    let weightUnit: UnitSystem = row.has("weight_lb") ? .imperial : .metric
    let distanceUnit: UnitSystem = row.has("distance_mi") ? .imperial : .metric
    // Texts come back as they were before the export made them inert for spreadsheets.
    let rir = CSVText.literal(row.text("rir"))
    var set = LoggedSet(
      workoutNumber: try row.whole("workout") ?? 0, performedAt: date,
      dayLabel: CSVText.literal(row.text("day")),
      exerciseId: CSVText.literal(row.text("exercise_id")),
      exerciseName: CSVText.literal(try row.required("exercise")),
      setNumber: number, setType: type,
      weightKg: try row.number("weight_\(weightUnit.weightUnit)").map(weightUnit.kilograms),
      reps: try row.whole("reps"), rir: rir.isEmpty ? nil : rir,
      durationSec: try row.whole("duration_s"),
      distanceKm: try row.number("distance_\(distanceUnit.distanceUnit)").map(
        distanceUnit.kilometres))
    let record = row.text("record").lowercased()
    if record == "true" { set.isRecord = true } else if record == "false" { set.isRecord = false }
    return ImportedSet(line: row.line, set: set)
  }

  private func unit(_ row: ImportRow, _ column: String) throws(ImportProblem) -> UnitSystem {
    switch row.text(column).lowercased() {
    case "", "kg", "km", "m": return units
    case "lbs", "lb", "mi", "miles": return .imperial
    case let other:
      throw ImportProblem(line: row.line, problem: "\(column) \"\(other)\" is not a unit")
    }
  }

  /// The limits the server checks (`WorkoutRoutes+Input.swift`), so no post of an import is
  /// refused half way through.
  private func check(_ imported: ImportedSet) throws(ImportProblem) {
    let set = imported.set
    func refuse(_ problem: String) -> ImportProblem {
      ImportProblem(line: imported.line, problem: problem)
    }
    guard set.exerciseName.count <= 300 else { throw refuse("the exercise name is too long") }
    guard set.dayLabel.count <= 300 else { throw refuse("the workout name is too long") }
    guard set.exerciseId.count <= 200 else { throw refuse("exercise_id is too long") }
    if let weight = set.weightKg, weight > 1000 { throw refuse("the weight is over 1000 kg") }
    if let reps = set.reps, reps > 1000 { throw refuse("the reps are over 1000") }
    if let rir = set.rir, rir.count > 50 { throw refuse("rir is longer than 50 characters") }
    if let seconds = set.durationSec, seconds > 86_400 {
      throw refuse("the duration is over a day")
    }
    if let distance = set.distanceKm, distance > 1000 {
      throw refuse("the distance is over 1000 km")
    }
    guard set.performedAt.timeIntervalSince1970 >= 0 else {
      throw refuse("the date is before 1970")
    }
    if let notAfter, set.performedAt > notAfter {
      throw refuse("the date \(ISO8601Instant.text(set.performedAt)) is in the future")
    }
  }

  private func parse(_ text: String, _ formats: [String]) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    // Strong's AM/PM times put a narrow no-break space before the marker.
    let text = text.replacingOccurrences(of: "\u{202F}", with: " ")
    for format in formats {
      formatter.dateFormat = format
      if let date = formatter.date(from: text) { return date }
    }
    return nil
  }
}
