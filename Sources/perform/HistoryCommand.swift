import Foundation
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
    let units: UnitSystem
    let path: String
    do {
      options = try Options(
        arguments, known: TraineeConnection.optionNames.union(["csv", "units"]),
        knownFlags: ["dry-run"])
      guard options.positional.isEmpty else { throw UsageError("import takes no arguments") }
      guard let csv = options.values["csv"] else { throw UsageError("give --csv FILE") }
      path = csv
      units = try unitsOption(options)
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
    let read: (layout: ImportLayout, sets: [ImportedSet])
    do {
      read = try ImportReader.read(
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
      let existing = Set(
        try await client.workoutHistory().workouts.compactMap { log in
          ISO8601Instant.date(from: log.loggedAt).map { ImportReport.key($0, log.label ?? "") }
        })
      let report = ImportReport(plan: plan, existing: existing)
      for line in report.lines(dryRun: dryRun) { say(line) }
      guard !dryRun else { return 0 }
      var added = 0
      for workout in report.new {
        let payload = LogWorkoutPayload(
          programId: nil, dayId: nil, label: workout.title, durationSec: workout.durationSec,
          completed: true, entries: workout.entries,
          performedAt: ISO8601Instant.text(workout.performedAt))
        do {
          _ = try await client.logWorkout(payload, idempotencyKey: workout.idempotencyKey)
        } catch {
          fail(
            "the workout of line \(workout.firstLine) was refused: \(error); \(added) of"
              + " \(report.new.count) were added, importing again adds the rest")
          return 1
        }
        added += 1
      }
      say("added \(added) workouts")
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

/// What an import adds, and what it finds there already.
struct ImportReport {
  var plan: ImportPlan
  /// The workouts not in the history yet.
  var new: [ImportedWorkout]
  /// The workouts whose date (to the second) and name a logged workout has already.
  var present: [ImportedWorkout]

  init(plan: ImportPlan, existing: Set<String>) {
    self.plan = plan
    new = plan.workouts.filter { !existing.contains(Self.key($0.performedAt, $0.title)) }
    present = plan.workouts.filter { existing.contains(Self.key($0.performedAt, $0.title)) }
  }

  /// A logged workout's identity for "already there": its time to the second and its name.
  static func key(_ date: Date, _ title: String) -> String {
    "\(Int(date.timeIntervalSince1970.rounded(.down)))|\(title)"
  }

  func lines(dryRun: Bool) -> [String] {
    var lines = ["\(plan.layout.rawValue) export: \(plan.workouts.count) workouts"]
    for name in plan.matches.keys.sorted() {
      if let matched = plan.matches[name] ?? nil {
        lines.append("  \(name) -> \(matched.name) (\(matched.id))")
      } else {
        let id =
          plan.workouts.lazy.flatMap(\.entries).first { $0.name == name }?.exerciseId
          ?? ExerciseNames.importedID(name)
        lines.append("  \(name): kept as its own exercise (\(id))")
      }
    }
    for workout in new {
      let sets = workout.entries.map(\.sets.count).reduce(0, +)
      lines.append(
        "\(dryRun ? "would add" : "adding") \(ISO8601Instant.text(workout.performedAt))"
          + " \"\(workout.title)\": \(workout.entries.count) exercises, \(sets) sets")
    }
    if !present.isEmpty { lines.append("\(present.count) workouts are there already") }
    if dryRun { lines.append("would add \(new.count) workouts; nothing was posted (--dry-run)") }
    return lines
  }
}
