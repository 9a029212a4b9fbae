import Foundation
import Testing

/// `perform history export|import` and `perform progress` against the real binary, on the
/// embedded server of a fresh data directory (the demo trainee and its logged history).
@Suite struct HistoryCommandTests {
  /// A fresh data directory, removed after `body`.
  static func withDataDirectory(_ body: (URL) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-history-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try body(directory)
  }

  /// A locale that names no unit system (metric), whatever the machine running the tests has.
  static let neutralLocale = ["LC_ALL": "", "LC_MEASUREMENT": "", "LANG": "C"]

  static func run(
    _ arguments: [String], _ directory: URL, environment: [String: String] = neutralLocale
  ) throws -> PerformBinary.Output {
    try PerformBinary.run(arguments + ["--data-dir", directory.path], environment: environment)
  }

  static func stdout(_ output: PerformBinary.Output) -> String {
    String(decoding: output.stdout, as: UTF8.self)
  }

  /// The data rows of an exported CSV.
  static func exportedRows(_ directory: URL) throws -> [String] {
    let file = directory.appendingPathComponent("export-\(UUID().uuidString).csv")
    let output = try run(["history", "export", "--csv", file.path], directory)
    #expect(output.status == 0, "stderr: \(output.stderr)")
    let text = try String(contentsOf: file, encoding: .utf8)
    return Array(text.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty })
  }

  static let strong = """
    Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
    2025-03-03 07:00:00,"Legs, heavy",1h,Squat (Barbell),1,100,5,0,0,,,
    2025-03-03 07:00:00,"Legs, heavy",1h,Squat (Barbell),2,105,5,0,0,,,
    2025-03-03 07:00:00,"Legs, heavy",1h,Bench Press (Barbell),1,70,8,0,0,,,
    2025-03-10 07:00:00,Legs,1h,Squat (Barbell),1,110,5,0,0,,,

    """

  @Test func exportsEveryDoneSetAsCSVWithTheUnitInTheHeader() throws {
    try Self.withDataDirectory { directory in
      let file = directory.appendingPathComponent("history.csv")
      let output = try Self.run(
        ["history", "export", "--csv", file.path, "--units", "imperial"], directory)
      #expect(output.status == 0, "stderr: \(output.stderr)")
      #expect(Self.stdout(output).hasPrefix("wrote "))
      let text = try String(contentsOf: file, encoding: .utf8)
      #expect(
        text.hasPrefix(
          "date,workout,day,exercise,exercise_id,set,set_type,weight_lb,reps,rir,duration_s,"
            + "distance_mi,record\r\n"))
      #expect(text.components(separatedBy: "\r\n").count > 5)
    }
  }

  @Test func exportsJSON() throws {
    try Self.withDataDirectory { directory in
      let file = directory.appendingPathComponent("history.json")
      let output = try Self.run(["history", "export", "--json", file.path], directory)
      #expect(output.status == 0, "stderr: \(output.stderr)")
      let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
      #expect(object?["unit"] as? String == "kg")
      #expect(((object?["sets"] as? [Any])?.count ?? 0) > 0)
    }
  }

  @Test(arguments: ["missing-directory/history.csv", "."])
  func anUnwritablePathExitsTwoAndWritesNothing(path: String) throws {
    try Self.withDataDirectory { directory in
      let target = directory.appendingPathComponent(path).path
      let before = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      let output = try Self.run(["history", "export", "--csv", target], directory)
      #expect(output.status == 2)
      #expect(output.stderr.contains("perform: "))
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == before)
    }
  }

  @Test func importsOnceWithOriginalDatesAndAPreviewFirst() throws {
    try Self.withDataDirectory { directory in
      let file = directory.appendingPathComponent("strong.csv")
      try Self.strong.write(to: file, atomically: true, encoding: .utf8)
      let before = try Self.exportedRows(directory)

      let preview = try Self.run(
        ["history", "import", "--csv", file.path, "--dry-run", "--units", "metric"], directory)
      #expect(preview.status == 0, "stderr: \(preview.stderr)")
      #expect(Self.stdout(preview).contains("would add 2 workouts; nothing was posted"))
      #expect(Self.stdout(preview).contains("Bench Press (Barbell) -> Bench press (ex_bench)"))
      #expect(try Self.exportedRows(directory) == before)

      let first = try Self.run(
        ["history", "import", "--csv", file.path, "--units", "metric"], directory)
      #expect(first.status == 0, "stderr: \(first.stderr)")
      #expect(Self.stdout(first).contains("added 2 workouts"))
      let after = try Self.exportedRows(directory)
      #expect(after.count == before.count + 4)
      #expect(after.first?.hasPrefix("2025-03-03T") == true)
      #expect(after.contains { $0.contains(",ex_bench,") && $0.hasPrefix("2025-03-03T") })
      #expect(after.contains { $0.contains("imported-squat-barbell") })

      let again = try Self.run(
        ["history", "import", "--csv", file.path, "--units", "metric"], directory)
      #expect(again.status == 0, "stderr: \(again.stderr)")
      #expect(Self.stdout(again).contains("2 workouts are there already"))
      #expect(Self.stdout(again).contains("added 0 workouts"))
      #expect(try Self.exportedRows(directory) == after)
    }
  }

  @Test func aMalformedRowIsReportedWithItsLineAndNothingIsPosted() throws {
    try Self.withDataDirectory { directory in
      let file = directory.appendingPathComponent("strong.csv")
      let broken = Self.strong.replacingOccurrences(of: ",105,5,", with: ",1O5,5,")
      try broken.write(to: file, atomically: true, encoding: .utf8)
      let before = try Self.exportedRows(directory)
      let output = try Self.run(
        ["history", "import", "--csv", file.path, "--units", "metric"], directory)
      #expect(output.status == 2)
      #expect(output.stderr.contains("line 3: Weight \"1O5\" is not a number"), "\(output.stderr)")
      #expect(output.stderr.contains("nothing was imported"))
      #expect(try Self.exportedRows(directory) == before)
    }
  }

  @Test func ownExportImportedBackAddsNothing() throws {
    try Self.withDataDirectory { directory in
      let file = directory.appendingPathComponent("mine.csv")
      #expect(try Self.run(["history", "export", "--csv", file.path], directory).status == 0)
      let rows = try Self.exportedRows(directory)
      let imported = try Self.run(["history", "import", "--csv", file.path], directory)
      #expect(imported.status == 0, "stderr: \(imported.stderr)")
      #expect(Self.stdout(imported).hasPrefix("perform export: "))
      #expect(Self.stdout(imported).contains("added 0 workouts"))
      #expect(try Self.exportedRows(directory) == rows)
    }
  }

  @Test func progressDrawsChartsAndWritesSVGAndCSV() throws {
    try Self.withDataDirectory { directory in
      let svg = directory.appendingPathComponent("bench.svg")
      let csv = directory.appendingPathComponent("bench.csv")
      let output = try Self.run(
        ["progress", "BENCH PRESS", "--svg", svg.path, "--csv", csv.path], directory)
      #expect(output.status == 0, "stderr: \(output.stderr)")
      let text = Self.stdout(output)
      #expect(text.contains("Bench press: estimated 1RM (kg)"))
      #expect(text.contains("Bench press: weekly volume (kg)"))
      #expect(text.contains("└"))
      #expect(try String(contentsOf: svg, encoding: .utf8).hasPrefix("<svg "))
      #expect(
        try String(contentsOf: csv, encoding: .utf8).hasPrefix("series,date,value_kg,reps\r\n"))
    }
  }

  @Test func anUnknownExerciseExitsTwoListingCloseMatches() throws {
    try Self.withDataDirectory { directory in
      let output = try Self.run(["progress", "bench pres"], directory)
      #expect(output.status == 2)
      #expect(output.stderr.contains("no exercise is named \"bench pres\""))
      #expect(output.stderr.contains("close matches: Bench press"), "\(output.stderr)")
    }
  }

  // MARK: Units

  /// The weight column of an export written with `environment` and `flags`.
  static func exportedWeightColumn(
    _ directory: URL, environment: [String: String], flags: [String] = []
  ) throws -> String {
    let file = directory.appendingPathComponent("units-\(UUID().uuidString).csv")
    let output = try run(
      ["history", "export", "--csv", file.path] + flags, directory, environment: environment)
    #expect(output.status == 0, "stderr: \(output.stderr)")
    let header = try String(contentsOf: file, encoding: .utf8).prefix { $0 != "\r" }
    return header.split(separator: ",").first { $0.hasPrefix("weight_") }.map(String.init) ?? ""
  }

  @Test func unitsAreTheAppsSavedChoiceElseTheLocaleAndAFlagWins() throws {
    try Self.withDataDirectory { directory in
      let us = ["LC_ALL": "", "LC_MEASUREMENT": "", "LANG": "en_US.UTF-8"]
      let german = ["LC_ALL": "", "LC_MEASUREMENT": "", "LANG": "de_DE.UTF-8"]
      let settings = directory.appendingPathComponent("settings.json")
      // Nothing chosen in the app: the locale's units, as the app shows.
      #expect(try Self.exportedWeightColumn(directory, environment: us) == "weight_lb")
      #expect(try Self.exportedWeightColumn(directory, environment: german) == "weight_kg")
      let progress = try Self.run(["progress", "bench press"], directory, environment: us)
      #expect(Self.stdout(progress).contains("estimated 1RM (lb)"), "\(progress.stderr)")
      // Chosen in the app's settings tab: that, over the locale.
      try Data(#"{"units":"metric"}"#.utf8).write(to: settings)
      #expect(try Self.exportedWeightColumn(directory, environment: us) == "weight_kg")
      let metric = try Self.run(["progress", "bench press"], directory, environment: us)
      #expect(Self.stdout(metric).contains("estimated 1RM (kg)"))
      try Data(#"{"language":"de","units":"imperial"}"#.utf8).write(to: settings)
      #expect(try Self.exportedWeightColumn(directory, environment: german) == "weight_lb")
      // An explicit flag wins over both.
      #expect(
        try Self.exportedWeightColumn(directory, environment: german, flags: ["--units", "metric"])
          == "weight_kg")
      // A settings file that cannot be read is the locale's, and is left where it is.
      try Data("{not json".utf8).write(to: settings)
      #expect(try Self.exportedWeightColumn(directory, environment: us) == "weight_lb")
      #expect(try String(contentsOf: settings, encoding: .utf8) == "{not json")
    }
  }
}
