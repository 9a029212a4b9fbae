import Foundation
import Testing

/// `perform history import`: Strong's current export, units from the file or `--units`, the
/// server's own account of what it did, and `--replace`
/// (docs/decisions/history-progress-and-moving-data.md "History export and import").
@Suite struct HistoryImportUnitsTests {
  typealias H = HistoryCommandTests

  static let current = """
    "Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"RPE";"Distance (meters)";"Seconds";"Notes";"Workout Notes"
    "1";"2025-04-01 07:30:00";"Upper A";"3840";"Overhead Press (Barbell)";"1";"37.5";"5";"8";"0";"0";"";""
    "1";"2025-04-01 07:30:00";"Upper A";"3840";"Overhead Press (Barbell)";"2";"37.5";"5";"";"0";"0";"";""

    """

  static let older = """
    Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
    2025-04-02 07:30:00,Upper B,1h 4m,Overhead Press (Barbell),1,37.5,5,0,0,,,

    """

  static let american = ["LC_ALL": "", "LC_MEASUREMENT": "", "LANG": "en_US.UTF-8"]

  private static func write(_ text: String, _ directory: URL) throws -> URL {
    let file = directory.appendingPathComponent("import-\(UUID().uuidString).csv")
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  @Test func todaysStrongExportKeepsItsWeightsAndDurationWithoutUnitsGiven() throws {
    try H.withDataDirectory { directory in
      let file = try Self.write(Self.current, directory)
      let preview = try H.run(
        ["history", "import", "--csv", file.path, "--dry-run"], directory,
        environment: Self.american)
      #expect(preview.status == 0, "stderr: \(preview.stderr)")
      let text = H.stdout(preview)
      #expect(
        text.contains("units: as the header says (Weight (kg), Distance (meters))"), "\(text)")
      #expect(text.contains("2 sets, 1h 4m"), "\(text)")

      let imported = try H.run(
        ["history", "import", "--csv", file.path], directory, environment: Self.american)
      #expect(imported.status == 0, "stderr: \(imported.stderr)")
      #expect(H.stdout(imported).contains("units: as the header says"))
      let rows = try H.exportedRows(directory).filter { $0.hasPrefix("2025-04-01T") }
      #expect(rows.count == 2)
      #expect(rows.allSatisfy { $0.contains(",37.5,5,") }, "\(rows)")
    }
  }

  @Test func anOlderExportNeedsUnitsAndTheLocaleIsNeverGuessedFrom() throws {
    try H.withDataDirectory { directory in
      let file = try Self.write(Self.older, directory)
      let before = try H.exportedRows(directory)
      for flags in [[], ["--dry-run"]] {
        let output = try H.run(
          ["history", "import", "--csv", file.path] + flags, directory, environment: Self.american)
        #expect(output.status == 2)
        #expect(output.stderr.contains("give --units metric or imperial"), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
      }
      #expect(try H.exportedRows(directory) == before)

      let metric = try H.run(
        ["history", "import", "--csv", file.path, "--units", "metric"], directory,
        environment: Self.american)
      #expect(metric.status == 0, "stderr: \(metric.stderr)")
      #expect(H.stdout(metric).contains("units: metric (kg, km), as --units says"))
      #expect(H.stdout(metric).contains("1 exercises, 1 sets, 1h 4m"), "\(H.stdout(metric))")
    }
  }

  @Test func replaceRedoesAWrongImportAndTouchesNothingElse() throws {
    try H.withDataDirectory { directory in
      let file = try Self.write(Self.older, directory)
      let before = try H.exportedRows(directory)
      let wrong = try H.run(
        ["history", "import", "--csv", file.path, "--units", "imperial"], directory)
      #expect(wrong.status == 0, "stderr: \(wrong.stderr)")
      #expect(try H.exportedRows(directory).contains { $0.contains(",17.01,5,") })

      let again = try H.run(
        ["history", "import", "--csv", file.path, "--units", "metric"], directory)
      #expect(H.stdout(again).contains("1 workouts are there already"))

      let redone = try H.run(
        ["history", "import", "--csv", file.path, "--units", "metric", "--replace"], directory)
      #expect(redone.status == 0, "stderr: \(redone.stderr)")
      #expect(H.stdout(redone).contains("replacing 2025-04-02T"), "\(H.stdout(redone))")
      #expect(H.stdout(redone).contains("added 1 workouts; deleted the 1 they replace"))
      let after = try H.exportedRows(directory)
      #expect(after.count == before.count + 1)
      #expect(after.contains { $0.hasPrefix("2025-04-02T") && $0.contains(",37.5,5,") })
      #expect(!after.contains { $0.contains(",17.01,5,") })
      #expect(Array(after.filter { !$0.hasPrefix("2025-04-02T") }) == before)
    }
  }

  @Test func aLargeExportImportedAgainIsReportedAsTheServerHasIt() throws {
    try H.withDataDirectory { directory in
      var text = "Date,Workout Name,Exercise Name,Set Order,Weight (kg),Reps\n"
      for day in 0..<120 {
        let date = Date(timeIntervalSince1970: 1_735_722_000 + Double(day) * 86_400)
        let stamp = ISO8601DateFormatter().string(from: date).prefix(10)
        text += "\(stamp) 07:00:00,Day \(day),Squat (Barbell),1,100,5\n"
      }
      let file = try Self.write(text, directory)
      let first = try H.run(["history", "import", "--csv", file.path], directory)
      #expect(first.status == 0, "stderr: \(first.stderr)")
      #expect(H.stdout(first).contains("added 120 workouts"))
      let again = try H.run(["history", "import", "--csv", file.path], directory)
      #expect(again.status == 0, "stderr: \(again.stderr)")
      #expect(H.stdout(again).contains("120 workouts are there already"), "\(H.stdout(again))")
      #expect(H.stdout(again).contains("added 0 workouts"))
    }
  }
}
