import Foundation
import TraineeAPI
import WorkoutSession

// NB: docs/specs/live-activity.md, "Cardio sets" and "Buttons and pending commands": a missing
// number is `–` and makes the checkmark inert; nothing is taken from the plan. A value the app
// would refuse on checking (unreadable or out of range) counts as missing, so the card never offers
// a commit the app turns down. A cardio set is completable once its duration and distance are
// entered.

/// What the card shows for a missing number.
public let missingValue = "–"

/// The engine's limits on committed values (`validate` in WorkoutSession).
enum CommitLimits {
  static let weight = 2000.0
  static let reps = 1000
  static let distance = 1000.0
  static let durationSeconds = 24 * 3600
  static let rpe = 10.0
}

/// Writes one set for the card in a language and unit system.
struct CardSetWriter {
  /// A written set and its shortest forms.
  struct Written {
    var set: CardSet
    /// The compact Dynamic Island's numbers: `72,5 × 8`.
    var compact: String
    /// The minimal circle's numbers: `72,5×8`.
    var minimal: String
  }

  var language: ActivityLanguage
  var sessionUnits: UnitSystem
  var cardUnits: UnitSystem

  var strings: ActivityStrings { language.strings }
  var format: CardNumberFormat { CardNumberFormat(decimalSeparator: strings.decimalSeparator) }

  /// The set at `index` of `exercise`.
  func write(_ exercise: SessionExercise, at index: Int, rirColumn: Bool) -> Written {
    let set = exercise.sets[index]
    let positionText = strings.fill(
      strings.setPosition, ["position": "\(index + 1)", "count": "\(exercise.sets.count)"])
    let parts: Parts =
      switch exercise.kind {
      case .strength: strength(set, rirColumn: rirColumn)
      case .cardio: cardio(set)
      }
    let cardSet = CardSet(
      exerciseId: exercise.exerciseId, setNumber: set.setNumber, kind: exercise.kind,
      exerciseName: exercise.name, position: index + 1, count: exercise.sets.count,
      positionText: positionText,
      badge: exercise.kind == .strength
        ? SetBadge.of(set.type, supersetGroup: exercise.supersetGroup) : nil,
      values: parts.values, line: parts.line, checkmark: parts.checkmark)
    return Written(set: cardSet, compact: parts.compact, minimal: parts.minimal)
  }

  private struct Parts {
    var values: CardSetValues
    var line: String
    var checkmark: CheckmarkState
    var compact: String
    var minimal: String
  }

  /// Weight, reps and RIR as checking the set would commit them: entered, else the placeholder.
  private func strength(_ set: ExerciseSet, rirColumn: Bool) -> Parts {
    let shown = placeholder(of: set)
    let weightText = trimmed(set.weight).isEmpty ? trimmed(shown.weight) : trimmed(set.weight)
    let repsText = trimmed(set.reps).isEmpty ? trimmed(shown.reps) : trimmed(set.reps)
    let weight = EnteredValue.decimal(weightText).flatMap {
      $0 <= CommitLimits.weight ? weightNumber($0, of: set) : nil
    }
    let reps = EnteredValue.wholeNumber(repsText).flatMap { $0 <= CommitLimits.reps ? $0 : nil }

    let weightUnit = cardUnits == .metric ? strings.kilograms : strings.pounds
    let weightShown = weight.map { strings.fill(weightUnit, ["value": $0]) } ?? missingValue
    let repsShown =
      reps.map {
        strings.fill(
          language.pluralCategory(of: $0) == .one ? strings.repsOne : strings.reps,
          ["value": "\($0)"])
      }
      ?? missingValue
    let rirText = trimmed(set.rir)
    let rir: String? =
      rirText.isEmpty && !rirColumn
      ? nil : strings.fill(strings.rir, ["value": rirText.isEmpty ? missingValue : effort(rirText)])

    let weightBare = weight ?? missingValue
    let repsBare = reps.map(String.init) ?? missingValue
    return Parts(
      values: CardSetValues(weight: weightShown, reps: repsShown, rir: rir),
      line: "\(weightShown) × \(repsShown)" + (rir.map { " (\($0))" } ?? ""),
      checkmark: weight != nil && reps != nil ? .enabled : .opensApp,
      compact: "\(weightBare) × \(repsBare)", minimal: "\(weightBare)×\(repsBare)")
  }

  /// Duration, distance and RPE as entered (cardio has no placeholder). The checkmark completes
  /// the set once duration and distance are readable; RPE is optional, but one that is entered
  /// and unreadable is shown as `RPE –` and keeps the checkmark inert, as the engine would
  /// refuse it.
  private func cardio(_ set: ExerciseSet) -> Parts {
    let durationText = trimmed(set.duration)
    let distanceText = trimmed(set.distance)
    let rpeText = trimmed(set.rpe)
    let duration = EnteredValue.durationSeconds(durationText).flatMap {
      $0 <= CommitLimits.durationSeconds ? clockText(seconds: $0) : nil
    }
    let distance = EnteredValue.decimal(distanceText).flatMap {
      $0 <= CommitLimits.distance ? distanceNumber($0) : nil
    }
    let rpe = EnteredValue.decimal(rpeText).flatMap {
      $0 <= CommitLimits.rpe ? format.decimal($0, maximumFractionDigits: 1) : nil
    }
    let distanceUnit = cardUnits == .metric ? strings.kilometres : strings.miles
    let distanceShown = distance.map { strings.fill(distanceUnit, ["value": $0]) }
    let rpeShown =
      rpeText.isEmpty ? nil : strings.fill(strings.rpe, ["value": rpe ?? missingValue])

    guard duration != nil || distance != nil || rpeShown != nil else {
      return Parts(
        values: CardSetValues(duration: missingValue, distance: missingValue),
        line: missingValue, checkmark: .opensApp, compact: missingValue, minimal: missingValue)
    }
    let durationShown = duration ?? missingValue
    let complete = duration != nil && distance != nil && (rpeText.isEmpty || rpe != nil)
    return Parts(
      values: CardSetValues(
        duration: durationShown, distance: distanceShown ?? missingValue, rpe: rpeShown),
      line: "\(durationShown) · \(distanceShown ?? missingValue)"
        + (rpeShown.map { " (\($0))" } ?? ""),
      checkmark: complete ? .enabled : .opensApp,
      compact: "\(durationShown) · \(distance ?? missingValue)", minimal: durationShown)
  }

  /// A weight entered in the session's units for `set`, written in the card's: as entered to
  /// the hundredth, or converted and rounded to a tenth. Pounds that read as the placeholder are
  /// last time's kilograms, written as kilograms are (the engine logs them exactly).
  private func weightNumber(_ value: Double, of set: ExerciseSet) -> String {
    if sessionUnits == cardUnits { return format.decimal(value, maximumFractionDigits: 2) }
    // NB: docs/decisions/the-live-workout.md "Weights in pounds": converting the placeholder's
    // rounded pounds back drifted (60.25 kg shown as 132.8 lb came back as 60.2 kg); the engine's
    // conversion knows last time's kilograms.
    if cardUnits == .metric, let last = set.lastWeightKg,
      sessionUnits.kilograms(value, shown: last) == last
    {
      return format.decimal(last, maximumFractionDigits: 2)
    }
    return format.decimal(
      CardUnits.weight(value, from: sessionUnits, to: cardUnits), maximumFractionDigits: 1)
  }

  /// A distance entered in the session's units, written in the card's to the hundredth.
  private func distanceNumber(_ value: Double) -> String {
    format.decimal(
      CardUnits.distance(value, from: sessionUnits, to: cardUnits), maximumFractionDigits: 2,
      minimumFractionDigits: 2)
  }

  /// An RIR as entered: a number up to 100 in the language's decimal style, anything else as
  /// typed (the engine keeps RIR as free text).
  private func effort(_ text: String) -> String {
    guard let number = EnteredValue.decimal(text), number <= 100 else { return text }
    return format.decimal(number, maximumFractionDigits: 1)
  }

  private func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespaces)
  }
}
