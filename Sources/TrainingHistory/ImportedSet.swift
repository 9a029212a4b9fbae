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

// NB: docs/decisions.md "History export and import" names the columns each layout is read by
// and where the layouts were looked up. A file without a zone in its dates (Strong, Hevy) is read
// in `timeZone`, the machine's; weights without a unit column are in `units`.

/// Reads the sets of a Strong, Hevy or Perform CSV export.
public enum ImportReader {
  /// The longest file read, in bytes: years of daily workouts stay far below it.
  public static let maximumBytes = 32 << 20

  /// The layout and sets of `text`; throws the first problem with its line. A set dated after
  /// `notAfter` is a problem too (the server refuses a workout more than a day ahead of its
  /// clock, so the command passes its own clock plus a day).
  public static func read(
    _ text: String, units: UnitSystem, timeZone: TimeZone, notAfter: Date? = nil
  ) throws(ImportProblem) -> (layout: ImportLayout, sets: [ImportedSet]) {
    guard text.utf8.count <= maximumBytes else {
      throw ImportProblem(line: 1, problem: "the file is larger than \(maximumBytes >> 20) MiB")
    }
    let delimiter = CSVText.delimiter(of: text)
    let records: [CSVRecord]
    do {
      records = try CSVText.records(text, delimiter: delimiter)
    } catch {
      throw ImportProblem(line: error.line, problem: error.problem)
    }
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
    let reader = RowReader(
      layout: layout, units: units, timeZone: timeZone, decimalComma: delimiter == ";",
      notAfter: notAfter)
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
    return (layout, sets)
  }
}
