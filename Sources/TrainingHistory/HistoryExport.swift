import Foundation
import TraineeAPI
import WorkoutSession

// NB: docs/decisions/history-progress-and-moving-data.md "History export and import": one row per
// done set, weights in the chosen unit with the unit in the header, RFC 4180 CSV in UTF-8, ISO
// dates; the JSON form holds the same rows.

/// The rows of `perform history export`: one per done set, oldest workout first.
public struct HistoryExport: Equatable, Sendable {
  /// The sets, oldest workout first, each workout's sets in logged order, with every record flag
  /// known (see ``RecordFlags``).
  public var sets: [LoggedSet]
  /// The unit weights and distances are written in.
  public var units: UnitSystem

  /// The export of `sets` (any order) in `units`.
  public init(sets: [LoggedSet], units: UnitSystem) {
    self.sets = RecordFlags.filled(LoggedSet.chronological(sets))
    self.units = units
  }

  /// The column names: the weight and distance columns name their unit.
  public var header: [String] {
    [
      "date", "workout", "day", "exercise", "exercise_id", "set", "set_type",
      "weight_\(units.weightUnit)", "reps", "rir", "duration_s", "distance_\(units.distanceUnit)",
      "record",
    ]
  }

  /// The fields of one set, in the order of ``header``; the texts a trainee or coach typed (day,
  /// exercise, its id, RIR) made inert for spreadsheets (`CSVText.inert(_:)`).
  public func fields(_ set: LoggedSet) -> [String] {
    [
      ISO8601Instant.text(set.performedAt), String(set.workoutNumber), CSVText.inert(set.dayLabel),
      CSVText.inert(set.exerciseName),
      CSVText.inert(set.exerciseId), String(set.setNumber), set.setType?.rawValue ?? "",
      set.weightKg.map { WireNumber.text(units.displayWeight(kilograms: $0)) } ?? "",
      set.reps.map(String.init) ?? "", CSVText.inert(set.rir ?? ""),
      set.durationSec.map(String.init) ?? "",
      set.distanceKm.map { WireNumber.text(units.displayDistance(kilometres: $0)) } ?? "",
      set.isRecord == true ? "true" : "false",
    ]
  }

  /// The export as RFC 4180 CSV: the header, then one line per set, every line ending in CRLF.
  public var csv: String {
    CSVText.line(header) + sets.map { CSVText.line(fields($0)) }.joined()
  }

  /// The export as JSON: `{"unit": "kg", "distanceUnit": "km", "sets": [...]}`, each set an
  /// object with the CSV's columns as members (numbers as numbers, absent values as `null`).
  public var json: Data {
    let document = ExportDocument(
      unit: units.weightUnit, distanceUnit: units.distanceUnit,
      sets: sets.map { set in
        ExportDocument.Set(
          date: ISO8601Instant.text(set.performedAt), workout: set.workoutNumber, day: set.dayLabel,
          exercise: set.exerciseName, exerciseId: set.exerciseId, set: set.setNumber,
          setType: set.setType?.rawValue,
          weight: set.weightKg.map { units.displayWeight(kilograms: $0) }, reps: set.reps,
          rir: set.rir, durationSec: set.durationSec,
          distance: set.distanceKm.map { units.displayDistance(kilometres: $0) },
          record: set.isRecord == true)
      })
    return try! ReadableJSON.data(document)
  }
}

/// The JSON form of an export.
struct ExportDocument: Codable, Equatable {
  struct Set: Codable, Equatable {
    var date: String
    var workout: Int
    var day: String
    var exercise: String
    var exerciseId: String
    var set: Int
    var setType: String?
    var weight: Double?
    var reps: Int?
    var rir: String?
    var durationSec: Int?
    var distance: Double?
    var record: Bool

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(date, forKey: .date)
      try container.encode(workout, forKey: .workout)
      try container.encode(day, forKey: .day)
      try container.encode(exercise, forKey: .exercise)
      try container.encode(exerciseId, forKey: .exerciseId)
      try container.encode(set, forKey: .set)
      try container.encode(setType, forKey: .setType)
      try container.encode(weight, forKey: .weight)
      try container.encode(reps, forKey: .reps)
      try container.encode(rir, forKey: .rir)
      try container.encode(durationSec, forKey: .durationSec)
      try container.encode(distance, forKey: .distance)
      try container.encode(record, forKey: .record)
    }
  }

  var unit: String
  var distanceUnit: String
  var sets: [Set]
}

extension UnitSystem {
  /// The weight unit's short name in exports: `kg` or `lb`.
  public var weightUnit: String { self == .metric ? "kg" : "lb" }
  /// The distance unit's short name in exports: `km` or `mi`.
  public var distanceUnit: String { self == .metric ? "km" : "mi" }

  /// A distance in kilometres shown in this system: miles to the metre's precision.
  public func displayDistance(kilometres: Double) -> Double {
    switch self {
    case .metric: kilometres
    case .imperial: (kilometres / 1.609344 * 1000).rounded() / 1000
    }
  }
}
