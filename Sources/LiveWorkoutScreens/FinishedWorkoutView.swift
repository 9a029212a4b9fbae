import Foundation
import TerminalScreens
import TerminalUI
import TextColumns
import TraineeAPI
import WorkoutSession

// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "The finished workout": the complete screen
// adds the duration and the records the workout set to its number, sets and volume, in the
// trainee's language and units, and goes on to Today.

/// The complete screen's lines for the accepted `logged` workout.
func finishedWorkoutLines(
  _ logged: LoggedWorkoutDto, title: String, stats: SessionStats, text: AppText,
  units: UnitSystem
) -> [StyledLine] {
  let labels: [AppString] = [
    .completeDuration, .completeSets, .completeExercises, .completeVolume, .completeRecords,
  ]
  let width = labels.map { TextColumns.of(text($0)) }.max() ?? 0
  func row(_ label: AppString, _ value: String) -> StyledLine {
    StyledLine(pad(text(label), width + 2) + value)
  }
  var lines = [
    StyledLine(text(.completeTitle), TextStyle(bold: true, foreground: .green)),
    StyledLine(""),
    StyledLine(
      text(.completeNumber, ["title": title, "number": String(logged.workoutNumber)]),
      TextStyle(bold: true)),
  ]
  if let seconds = stats.durationSeconds {
    lines.append(row(.completeDuration, formatClock(seconds)))
  }
  lines.append(
    row(
      .completeSets,
      text(.completeOf, ["done": String(stats.completedSets), "total": String(stats.totalSets)])))
  lines.append(
    row(
      .completeExercises,
      text(
        .completeOf,
        ["done": String(stats.completedExercises), "total": String(stats.totalExercises)])))
  let volume = units.displayWeight(kilograms: Double(stats.volumeKg))
  lines.append(
    row(.completeVolume, text.decimal(volume, digits: 0) + " " + units.weightSymbol))
  if let records = stats.records {
    if records.isEmpty {
      lines.append(row(.completeRecords, text(.completeNoRecords)))
    }
    for (index, record) in records.enumerated() {
      let value = text(
        .completeRecord,
        [
          "exercise": record.exerciseName,
          "weight": text.weight(kilograms: record.weightKg, in: units),
          "reps": String(record.reps),
          "oneRepMax": text.decimal(
            units.displayWeight(kilograms: record.estimatedOneRepMaxKg), digits: 1)
            + " " + units.weightSymbol,
        ])
      var line = StyledLine(
        index == 0 ? pad(text(.completeRecords), width + 2) : pad("", width + 2))
      line.append("🏆 " + value, TextStyle(bold: true, foreground: .yellow))
      lines.append(line)
    }
  }
  lines.append(StyledLine(""))
  lines.append(StyledLine(text(.completeGoOn), TextStyle(dim: true)))
  return lines
}
