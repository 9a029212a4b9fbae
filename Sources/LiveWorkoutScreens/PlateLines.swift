import Foundation
import TerminalScreens
import TerminalUI
import WorkoutSession

// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "Plates and warm-ups": for the selected
// strength set, the plates per side for its weight (entered, else the placeholder) on the trainee's
// bar, the nearest loadable weight when that one is not, and the warm-up ladder to it. The weight
// is read in the session's units; the bar and plates are the settings', in the settings' units
// (converted when the two differ, so a workout started in kilograms and then switched to pounds
// still reads right). Only a barbell exercise loads plates (`Equipment`, read from the exercise's
// name): a dumbbell, cable or machine exercise gets one line saying so, and no warm-up ladder.

/// The plate calculator's and the warm-ups' lines for `set` of `exercise`.
func plateLines(
  _ set: ExerciseSet, exercise: SessionExercise, session: WorkoutSession, settings: AppSettings,
  text: AppText
) -> [StyledLine] {
  guard exercise.kind == .strength else { return [] }
  guard exercise.equipment.loadsBar else {
    return [
      StyledLine(
        "    " + text(.platesNotBarbell, ["exercise": exercise.name]), TextStyle(dim: true))
    ]
  }
  let units = settings.units
  guard let kilograms = weightKilograms(set, units: session.units), kilograms > 0 else {
    return [StyledLine("    " + text(.platesNoWeight), TextStyle(dim: true))]
  }
  let weight = units.displayWeight(kilograms: kilograms)
  let bar = settings.barbell.bar
  let plates = settings.barbell.plates
  func written(_ value: Double) -> String { text.weight(value, in: units) }
  let pairs = settings.barbell.pairs
  guard let loading = PlateLoading(target: weight, bar: bar, plates: plates, pairs: pairs) else {
    return [
      StyledLine(
        "    " + text(.platesBelowBar, ["weight": written(weight), "bar": written(bar)]),
        TextStyle(foreground: .yellow))
    ]
  }
  var lines: [StyledLine] = []
  let side =
    loading.perSide.isEmpty
    ? text(.platesBarOnly, ["bar": written(bar)])
    : text(
      .platesPerSide,
      [
        "plates": loading.perSide.map { text.decimal($0) }.joined(separator: " + "),
        "bar": written(bar),
      ])
  lines.append(StyledLine("    🏋 " + side, TextStyle(bold: true, foreground: .cyan)))
  if !loading.isExact {
    lines.append(
      StyledLine(
        "    "
          + text(
            .platesNearest, ["weight": written(weight), "nearest": written(loading.total)]),
        TextStyle(foreground: .yellow)))
  }
  let steps = WarmUpStep.ladder(to: loading.total, bar: bar, plates: plates, pairs: pairs)
  if !steps.isEmpty {
    let ladder = steps.map { "\(text.decimal($0.weight)) × \($0.reps)" }.joined(separator: ", ")
    lines.append(
      StyledLine(
        "    " + text(.warmUps, ["steps": ladder + " " + units.weightSymbol]),
        TextStyle(dim: true)))
  }
  return lines
}

/// The warm-up ladder to `set`'s weight (typed, else last time's) as sets to add, their weights
/// written in the session's units; empty when there is no weight or it is within a step of the
/// bar, and for an exercise that loads no bar.
func warmUpSets(
  for set: ExerciseSet, exercise: SessionExercise, session: WorkoutSession, settings: AppSettings
) -> [WarmUpSet] {
  guard exercise.kind == .strength, exercise.equipment.loadsBar,
    let kilograms = weightKilograms(set, units: session.units), kilograms > 0,
    let loading = PlateLoading(
      target: settings.units.displayWeight(kilograms: kilograms), bar: settings.barbell.bar,
      plates: settings.barbell.plates, pairs: settings.barbell.pairs)
  else { return [] }
  return WarmUpStep.ladder(
    to: loading.total, bar: settings.barbell.bar, plates: settings.barbell.plates,
    pairs: settings.barbell.pairs
  ).map { step in
    let inSession = session.units.displayWeight(kilograms: settings.units.kilograms(step.weight))
    return WarmUpSet(weight: formatNumber(inSession), reps: String(step.reps))
  }
}
