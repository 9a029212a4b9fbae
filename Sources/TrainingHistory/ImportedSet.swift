import Foundation
import TraineeAPI
import WorkoutSession

/// One set read from an imported file, before it is matched to the program's exercises.
public struct ImportedSet: Equatable, Sendable {
  /// The line of the file it was read from.
  public var line: Int
  /// The set; its `exerciseId` is the file's own (this project's export) or empty.
  public var set: LoggedSet
  /// How long its workout took, when the file says.
  public var workoutDurationSec: Int?

  /// A set read from `line`.
  public init(line: Int, set: LoggedSet, workoutDurationSec: Int? = nil) {
    self.line = line
    self.set = set
    self.workoutDurationSec = workoutDurationSec
  }
}

// NB: docs/decisions/history-progress-and-moving-data.md "History export and import" names the
// columns each layout is read by and where the layouts were looked up. A file without a zone in its
// dates (Strong, Hevy) is read in `timeZone`, the machine's; weights and distances whose unit the
// file does not say are in `units`, which must then be given.

/// What `ImportReader.read` found: the layout, the sets and where their units came from.
public struct ImportRead: Equatable, Sendable {
  public var layout: ImportLayout
  public var sets: [ImportedSet]
  public var units: ImportUnits
}

/// Reads the sets of a Strong, Hevy or Perform CSV export.
public enum ImportReader {
  /// The longest file read, in bytes: years of daily workouts stay far below it.
  public static let maximumBytes = 32 << 20

  /// The layout and sets of `text`; throws the first problem with its line. A set dated after
  /// `notAfter` is a problem too (the server refuses a workout more than a day ahead of its
  /// clock, so the command passes its own clock plus a day).
  public static func read(
    _ text: String, units: UnitSystem?, timeZone: TimeZone, notAfter: Date? = nil
  ) throws(ImportProblem) -> (layout: ImportLayout, sets: [ImportedSet]) {
    let read = try file(text, units: units, timeZone: timeZone, notAfter: notAfter)
    return (read.layout, read.sets)
  }

  /// `read`'s layout and sets, and where their units came from: the file, or `units` when it
  /// does not say (then `units` must be given).
  public static func file(
    _ text: String, units: UnitSystem?, timeZone: TimeZone, notAfter: Date? = nil
  ) throws(ImportProblem) -> ImportRead {
    guard text.utf8.count <= maximumBytes else {
      throw ImportProblem(line: 1, problem: "the file is larger than \(maximumBytes >> 20) MiB")
    }
    let delimiter = CSVText.delimiter(of: text)
    let records = try CSVText.records(text, delimiter: delimiter)
    guard let header = records.first else {
      throw ImportProblem(line: 1, problem: "the file is empty")
    }
    guard let layout = ImportLayout.of(header: header.fields) else {
      throw ImportProblem(
        line: header.line,
        problem:
          "the header is not that of a Strong, Hevy or Perform export (expected columns such"
          + " as Date, Exercise Name, Set Order; title, start_time, exercise_title; or date,"
          + " exercise, exercise_id)")
    }
    var columns: [String: Int] = [:]
    for (index, name) in header.fields.enumerated() {
      columns[name.trimmingCharacters(in: .whitespaces)] = columns[name] ?? index
    }
    let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
    let strongColumns = layout == .strong ? try StrongColumns(header: names) : nil
    let said = try saidUnits(layout, names, strongColumns, option: units)
    let reader = RowReader(
      layout: layout, units: units, strongColumns: strongColumns, timeZone: timeZone,
      decimalComma: delimiter == ";", notAfter: notAfter)
    var sets: [ImportedSet] = []
    for record in records.dropFirst() {
      guard record.fields.count == header.fields.count else {
        throw ImportProblem(
          line: record.line,
          problem: "has \(record.fields.count) fields where the header has \(header.fields.count)")
      }
      let row = ImportRow(line: record.line, columns: columns, fields: record.fields)
      if let set = try reader.read(row) { sets.append(set) }
    }
    return ImportRead(layout: layout, sets: sets, units: said)
  }

  /// Where the file's units come from; a file that does not say needs `option`.
  private static func saidUnits(
    _ layout: ImportLayout, _ header: [String], _ strong: StrongColumns?, option: UnitSystem?
  ) throws(ImportProblem) -> ImportUnits {
    guard let strong else {
      let unitColumns = [
        "weight_kg", "weight_lbs", "weight_lb", "distance_km", "distance_miles", "distance_mi",
      ]
      return .header(header.filter(unitColumns.contains))
    }
    if strong.needsUnitsOption {
      guard let option else {
        throw ImportProblem(
          line: 1,
          problem:
            "the file does not say its units (\(strong.weight?.column ?? "Distance") has none):"
            + " give --units metric or imperial")
      }
      return .option(option)
    }
    if case .unitColumn = strong.weight?.unit { return .unitColumns(option: option) }
    if case .unitColumn = strong.distance?.unit { return .unitColumns(option: option) }
    return .header([strong.weight?.column, strong.distance?.column].compactMap { $0 })
  }
}
