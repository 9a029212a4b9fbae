import Foundation
import WorkoutSession

// NB: docs/decisions/history-progress-and-moving-data.md "History export and import", units of
// imports: a file's units come from the file (Hevy's and our own columns, Strong's `Weight (kg)`
// header, Strong's unit columns); only a file that does not say needs `--units`, never the locale.

/// Where the units an import was read in came from, as the command prints them.
public enum ImportUnits: Equatable, Sendable, CustomStringConvertible {
  /// The header names them: these columns.
  case header([String])
  /// Each row's unit columns (Strong's older semicolon export), `--units` where one is empty.
  case unitColumns(option: UnitSystem?)
  /// The file does not say; `--units` does.
  case option(UnitSystem)

  public var description: String {
    switch self {
    case .header(let columns):
      "as the header says (\(columns.joined(separator: ", ")))"
    case .unitColumns(let option?):
      "as each row's Weight Unit and Distance Unit say, else \(Self.named(option))"
    case .unitColumns(nil):
      "as each row's Weight Unit and Distance Unit say"
    case .option(let units):
      "\(Self.named(units)), as --units says (the file does not say)"
    }
  }

  private static func named(_ units: UnitSystem) -> String {
    units == .metric ? "metric (kg, km)" : "imperial (lb, mi)"
  }
}
