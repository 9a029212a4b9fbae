import Foundation
import TraineeAPI
import WorkoutSession

/// Reads one row of a layout into a set; checks every value the server would refuse.
struct RowReader {
  var layout: ImportLayout
  /// The units `--units` gave, for values whose unit the file does not say.
  var units: UnitSystem?
  /// Where a Strong export's weight, distance and duration are (Strong only).
  var strongColumns: StrongColumns?
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

  /// Strong: `Date` local `yyyy-MM-dd HH:mm:ss` (or with AM/PM), weights and distances in the
  /// unit `strongColumns` says, `Seconds` and the distance for cardio, the workout's duration.
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
    let columns = strongColumns ?? StrongColumns()
    let weight = try columns.weight.flatMap { (column, unit) throws(ImportProblem) in
      try row.number(column, decimalComma: decimalComma).map { value throws(ImportProblem) in
        try kilograms(value, unit, row)
      }
    }
    let distance = try columns.distance.flatMap { (column, unit) throws(ImportProblem) in
      try row.number(column, decimalComma: decimalComma).map { value throws(ImportProblem) in
        try kilometres(value, unit, row)
      }
    }
    let reps = try row.whole("Reps")
    let seconds = try row.whole("Seconds")
    var set = LoggedSet(
      workoutNumber: try row.whole("Workout #") ?? 0, performedAt: date,
      dayLabel: row.text("Workout Name"), exerciseId: "",
      exerciseName: try row.required("Exercise Name"), setNumber: 0, setType: type)
    if (weight ?? 0) == 0, (reps ?? 0) == 0, (seconds ?? 0) > 0 || (distance ?? 0) > 0 {
      set.setType = nil
      set.durationSec = seconds.flatMap { $0 > 0 ? $0 : nil }
      set.distanceKm = distance.flatMap { $0 > 0 ? $0 : nil }
    } else {
      set.weightKg = weight
      set.reps = reps
    }
    return ImportedSet(line: row.line, set: set, workoutDurationSec: try duration(row, columns))
  }

  private func kilograms(
    _ value: Double, _ unit: StrongColumns.Unit, _ row: ImportRow
  ) throws(ImportProblem) -> Double {
    switch unit {
    case .named(let system): return system.kilograms(value)
    case .metres: return value
    case .unitColumn(let column): return try self.unit(row, column).kilograms(value)
    case .option: return try optionUnits(row).kilograms(value)
    }
  }

  private func kilometres(
    _ value: Double, _ unit: StrongColumns.Unit, _ row: ImportRow
  ) throws(ImportProblem) -> Double {
    switch unit {
    case .named(let system): return system.kilometres(value)
    case .metres: return value / 1000
    case .unitColumn(let column): return try self.unit(row, column).kilometres(value)
    case .option: return try optionUnits(row).kilometres(value)
    }
  }

  private func optionUnits(_ row: ImportRow) throws(ImportProblem) -> UnitSystem {
    guard let units else {
      throw ImportProblem(
        line: row.line, problem: "the file does not say its units: give --units metric or imperial")
    }
    return units
  }

  /// The workout's duration in seconds (`Duration (sec)`, or `Duration` as `1h 4m`).
  private func duration(
    _ row: ImportRow, _ columns: StrongColumns
  ) throws(ImportProblem) -> Int? {
    guard let (column, format) = columns.duration else { return nil }
    let text = row.text(column)
    guard !text.isEmpty else { return nil }
    switch format {
    case .seconds:
      return try row.whole(column)
    case .text:
      guard let seconds = StrongColumns.seconds(of: text) else {
        throw ImportProblem(
          line: row.line, problem: "\(column) \"\(text)\" is not a duration such as 1h 4m")
      }
      return seconds
    }
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
    case "": return try optionUnits(row)
    case "kg", "km": return .metric
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
