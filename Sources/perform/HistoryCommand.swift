import Foundation
import OperatorCommands
import TraineeAPI
import TrainingHistory
import WorkoutSession

/// `perform history export` and `perform history import`.
enum HistoryCommand {
  static func run(_ arguments: [String]) async -> Int32 {
    switch arguments.first {
    case "export": return await export(Array(arguments.dropFirst()))
    case "import": return await importFile(Array(arguments.dropFirst()))
    default:
      fail("history needs export or import\n\n\(usage(of: "history"))")
      return 2
    }
  }

  /// Writes every done set as CSV or JSON; exit 2 for bad options or an unwritable path (nothing
  /// written), 1 when the server fails.
  static func export(_ arguments: [String]) async -> Int32 {
    let options: Options
    let output: OutputFile
    let units: UnitSystem
    let asJSON: Bool
    do {
      options = try Options(
        arguments, known: TraineeConnection.optionNames.union(["csv", "json", "units"]))
      guard options.positional.isEmpty else { throw UsageError("export takes no arguments") }
      let csv = options.values["csv"]
      let json = options.values["json"]
      guard (csv == nil) != (json == nil) else {
        throw UsageError("give one of --csv FILE or --json FILE")
      }
      asJSON = json != nil
      output = try OutputFile((csv ?? json)!)
      units = try unitsOption(options)
    } catch {
      fail("\(error)\n\n\(usage(of: "history", "export"))")
      return 2
    }
    return await withConnection(options) { connection in
      let export = HistoryExport(sets: try await HistoryFetch.sets(connection.client), units: units)
      try output.write(asJSON ? export.json : Data(export.csv.utf8))
      let workouts = Set(export.sets.map(\.logId)).count
      say("wrote \(export.sets.count) sets of \(workouts) workouts to \(output.url.path)")
      return 0
    }
  }

  /// Reads a Strong, Hevy or Perform CSV and posts its workouts once each; exit 2 for bad
  /// options or a malformed file (nothing posted), 1 when the server fails.
  static func importFile(_ arguments: [String]) async -> Int32 {
    let options: Options
    let units: UnitSystem?
    let path: String
    do {
      options = try Options(
        arguments, known: TraineeConnection.optionNames.union(["csv", "units"]),
        knownFlags: ["dry-run", "replace"])
      guard options.positional.isEmpty else { throw UsageError("import takes no arguments") }
      guard let csv = options.values["csv"] else { throw UsageError("give --csv FILE") }
      path = csv
      units = try explicitUnitsOption(options)
    } catch {
      fail("\(error)\n\n\(usage(of: "history", "import"))")
      return 2
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      fail("cannot read \(path)")
      return 2
    }
    guard let text = String(data: data, encoding: .utf8) else {
      fail("\(path) is not UTF-8 text")
      return 2
    }
    let read: ImportRead
    do {
      read = try ImportReader.file(
        text, units: units, timeZone: TimeZone.current, notAfter: Date() + 86_400)
    } catch {
      fail("\(path) \(error); nothing was imported")
      return 2
    }
    let dryRun = options.flags.contains("dry-run")
    return await withConnection(options) { connection in
      let client = connection.client
      let plan: ImportPlan
      do {
        plan = try ImportPlan(
          layout: read.layout, sets: read.sets,
          program: try await HistoryFetch.programExercises(client))
      } catch let problem as ImportProblem {
        fail("\(path) \(problem); nothing was imported")
        return 2
      }
      let report = ImportReport(
        plan: plan, units: read.units, logged: try await HistoryFetch.allWorkouts(client),
        replace: options.flags.contains("replace"))
      for line in report.lines(dryRun: dryRun) { say(line) }
      guard !dryRun else { return 0 }
      var done = ImportOutcome()
      for posting in report.postings {
        do {
          try await done.post(posting, to: client, known: report.loggedIds)
        } catch {
          fail(
            "the workout of line \(posting.workout.firstLine) was refused: \(error); so far"
              + " \(done.summary(of: report.postings.count)); importing again adds the rest")
          return 1
        }
      }
      say(done.summary(of: report.postings.count))
      return 0
    }
  }

  /// Runs `body` on the connection `options` ask for, closing it after; a connection or server
  /// failure exits 1 (a usage problem 2).
  static func withConnection(
    _ options: Options, _ body: (TraineeConnection) async throws -> Int32
  ) async -> Int32 {
    let connection: TraineeConnection
    do {
      connection = try TraineeConnection.open(options)
    } catch let error as UsageError {
      fail("\(error)")
      return 2
    } catch {
      fail("\(error)")
      return 1
    }
    defer { connection.close() }
    do {
      return try await body(connection)
    } catch {
      fail("\(error)")
      return 1
    }
  }
}
