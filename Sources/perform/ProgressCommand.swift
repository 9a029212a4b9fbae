import Foundation
import OperatorCommands
import TraineeAPI
import TrainingHistory
import WorkoutSession

/// `perform progress EXERCISE`: the exercise's estimated 1RM and weekly volume as terminal
/// charts, and as SVG and CSV files.
enum ProgressCommand {
  static func run(_ arguments: [String]) async -> Int32 {
    let options: Options
    let query: String
    let svg: OutputFile?
    let csv: OutputFile?
    let units: UnitSystem
    let columns: Int
    do {
      options = try Options(
        arguments,
        known: TraineeConnection.optionNames.union(["svg", "csv", "units", "width"]))
      guard options.positional.count == 1 else {
        throw UsageError("progress takes one EXERCISE, its name or id (quote a name with spaces)")
      }
      query = options.positional[0]
      svg = try options.values["svg"].map { path throws(UsageError) in try OutputFile(path) }
      csv = try options.values["csv"].map { path throws(UsageError) in try OutputFile(path) }
      units = try unitsOption(options)
      let width = options.values["width"].map { Int($0) } ?? 60
      guard let width, (20...400).contains(width) else {
        throw UsageError("--width is a number of columns from 20 to 400")
      }
      columns = width
    } catch {
      fail("\(error)\n\n\(usage(of: "progress"))")
      return 2
    }
    let zone = TimeZone.current
    return await HistoryCommand.withConnection(options) { connection in
      let sets = try await HistoryFetch.sets(connection.client)
      var exercises = LoggedSet.chronological(sets).reversed().map {
        NamedExercise(id: $0.exerciseId, name: $0.exerciseName)
      }
      exercises += try await HistoryFetch.programExercises(connection.client)
      guard let exercise = ExerciseNames.find(query, in: exercises) else {
        let close = ExerciseNames.closeMatches(query, in: exercises)
        fail(
          "no exercise is named \"\(query)\""
            + (close.isEmpty ? "" : "; close matches: " + close.joined(separator: ", ")))
        return 2
      }
      let progress = ExerciseProgress(exercise: exercise, sets: sets, timeZone: zone)
      let charts = [
        ProgressChart(
          title: "\(exercise.name): estimated 1RM", unit: units.weightUnit,
          points: progress.estimatedOneRepMax(in: units)),
        ProgressChart(
          title: "\(exercise.name): weekly volume", unit: units.weightUnit,
          points: progress.weeklyVolume(in: units)),
      ]
      if let best = progress.bestSets.max(by: {
        $0.estimatedOneRepMaxKg < $1.estimatedOneRepMaxKg
      }) {
        let weight = WireNumber.text(units.displayWeight(kilograms: best.weightKg))
        say(
          "best set: \(weight) \(units.weightUnit) x \(best.reps) on"
            + " \(ISO8601Instant.text(best.date).prefix(10)) (workout \(best.workoutNumber))")
      }
      for chart in charts {
        for line in chart.terminalLines(columns: columns, rows: 8, timeZone: zone) { say(line) }
        say("")
      }
      try svg?.write(Data(ProgressChart.svg(charts, title: exercise.name, timeZone: zone).utf8))
      try csv?.write(Data(progress.csv(in: units, timeZone: zone).utf8))
      return 0
    }
  }
}
