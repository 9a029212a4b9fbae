import Foundation

/// A file that cannot be imported: what is wrong and on which line (from 1; the header is line
/// 1). Nothing of a file with a problem is imported.
public struct ImportProblem: Error, Equatable, Sendable, CustomStringConvertible {
  public var line: Int
  public var problem: String

  /// A problem found on `line`.
  public init(line: Int, problem: String) {
    self.line = line
    self.problem = problem
  }

  public var description: String { "line \(line): \(problem)" }
}

/// The layouts `perform history import` reads, told apart by their header.
public enum ImportLayout: String, Equatable, Sendable, CaseIterable {
  /// Strong's CSV export (`Date`, `Workout Name`, `Exercise Name`, `Set Order`, ...).
  case strong
  /// Hevy's CSV export (`title`, `start_time`, `exercise_title`, `set_index`, ...).
  case hevy
  /// This project's own export (`date`, `workout`, `exercise`, `exercise_id`, ...).
  case perform

  /// The layout whose required columns `header` has, or `nil`.
  public static func of(header: [String]) -> ImportLayout? {
    let names = Set(header.map { $0.trimmingCharacters(in: .whitespaces) })
    if names.isSuperset(of: ["date", "exercise", "exercise_id", "set", "set_type"]) {
      return .perform
    }
    if names.isSuperset(of: ["title", "start_time", "exercise_title", "set_index"]) {
      return .hevy
    }
    if names.isSuperset(of: ["Date", "Workout Name", "Exercise Name", "Set Order"]) {
      return .strong
    }
    return nil
  }
}

/// The fields of one CSV record by column name, with readers that report the record's line.
struct ImportRow {
  var line: Int
  var columns: [String: Int]
  var fields: [String]

  /// The trimmed field of `column`; empty when the layout has no such column.
  func text(_ column: String) -> String {
    guard let index = columns[column], index < fields.count else { return "" }
    return fields[index].trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func has(_ column: String) -> Bool { columns[column] != nil }

  /// A number of `column` (`72.5`, or `72,5` in a semicolon file), `nil` when empty.
  func number(_ column: String, decimalComma: Bool = false) throws(ImportProblem) -> Double? {
    var text = text(column)
    guard !text.isEmpty else { return nil }
    if decimalComma { text = text.replacingOccurrences(of: ",", with: ".") }
    guard let value = Double(text), value.isFinite, value >= 0 else {
      throw ImportProblem(line: line, problem: "\(column) \"\(text)\" is not a number")
    }
    return value
  }

  /// A whole number of `column`, `nil` when empty (`8.0` reads as 8).
  func whole(_ column: String) throws(ImportProblem) -> Int? {
    guard let value = try number(column) else { return nil }
    guard value == value.rounded(), value < 1e9 else {
      throw ImportProblem(
        line: line, problem: "\(column) \"\(text(column))\" is not a whole number")
    }
    return Int(value)
  }

  /// The field of `column`, which must not be empty.
  func required(_ column: String) throws(ImportProblem) -> String {
    let value = text(column)
    guard !value.isEmpty else { throw ImportProblem(line: line, problem: "\(column) is empty") }
    return value
  }
}
