import Foundation
import WorkoutSession

// NB: docs/decisions/history-progress-and-moving-data.md "History export and import": Strong's
// exports name their weight, distance and duration columns three ways: with the unit in the header
// (`Weight (kg)`, the current semicolon export), with a unit column beside them (`Weight Unit`,
// older semicolon exports), or not at all (the comma export, whose unit `--units` must give). A
// column the reader does not know is refused rather than imported without its values.

/// The columns of a Strong export that hold numbers with a unit, as its header names them.
struct StrongColumns: Sendable {
  /// How a value column is read.
  enum Unit: Equatable, Sendable {
    /// In the unit named by the header: kilograms or pounds, kilometres or miles.
    case named(UnitSystem)
    /// Metres (`Distance (meters)`).
    case metres
    /// As the row's unit column says (`Weight Unit`, `Distance Unit`).
    case unitColumn(String)
    /// The file does not say: `--units`.
    case option
  }

  /// How the workout's duration is written.
  enum Duration: Equatable, Sendable {
    /// `Duration (sec)`: whole seconds.
    case seconds
    /// `Duration`: `1h 4m`, `55m`, `45s`.
    case text
  }

  var weight: (column: String, unit: Unit)?
  var distance: (column: String, unit: Unit)?
  var duration: (column: String, format: Duration)?

  private static let weights: [String: Unit] = [
    "Weight (kg)": .named(.metric), "Weight (lbs)": .named(.imperial),
    "Weight (lb)": .named(.imperial),
  ]
  private static let distances: [String: Unit] = [
    "Distance (meters)": .metres, "Distance (m)": .metres, "Distance (km)": .named(.metric),
    "Distance (miles)": .named(.imperial), "Distance (mi)": .named(.imperial),
  ]
  private static let durations: [String: Duration] = [
    "Duration (sec)": .seconds, "Duration (s)": .seconds, "Duration": .text,
  ]

  /// No columns: a layout that is not Strong's.
  init() {}

  /// The columns of `header`; a weight, distance or duration column the reader does not know is
  /// a problem naming it.
  init(header: [String]) throws(ImportProblem) {
    let names = Set(header)
    for name in header {
      let lower = name.lowercased()
      if lower.hasPrefix("weight"), name != "Weight Unit" {
        if name == "Weight" {
          weight = (name, names.contains("Weight Unit") ? .unitColumn("Weight Unit") : .option)
        } else if let unit = Self.weights[name] {
          weight = (name, unit)
        } else {
          throw Self.unknown(name, known: ["Weight"] + Self.weights.keys.sorted())
        }
      } else if lower.hasPrefix("distance"), name != "Distance Unit" {
        if name == "Distance" {
          distance = (
            name, names.contains("Distance Unit") ? .unitColumn("Distance Unit") : .option
          )
        } else if let unit = Self.distances[name] {
          distance = (name, unit)
        } else {
          throw Self.unknown(name, known: ["Distance"] + Self.distances.keys.sorted())
        }
      } else if lower.hasPrefix("duration") {
        guard let format = Self.durations[name] else {
          throw Self.unknown(name, known: Self.durations.keys.sorted())
        }
        duration = (name, format)
      }
    }
  }

  private static func unknown(_ name: String, known: [String]) -> ImportProblem {
    ImportProblem(
      line: 1,
      problem:
        "the column \"\(name)\" is not one this reader knows (\(known.joined(separator: ", ")));"
        + " its values would be lost")
  }

  /// Whether a value's unit must come from `--units`.
  var needsUnitsOption: Bool { weight?.unit == .option || distance?.unit == .option }

  /// Seconds of a `Duration` text such as `1h 4m`, `55m` or `45s`; `nil` when it is not one.
  static func seconds(of text: String) -> Int? {
    var total = 0
    var number = ""
    var sawPart = false
    for character in text where character != " " {
      if character.isASCII, character.isNumber {
        number.append(character)
        continue
      }
      guard let value = Int(number) else { return nil }
      switch character {
      case "h": total += value * 3600
      case "m": total += value * 60
      case "s": total += value
      default: return nil
      }
      number = ""
      sawPart = true
    }
    guard number.isEmpty, sawPart else { return nil }
    return total
  }
}
