import Foundation
import Testing
import TraineeAPI

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Names that reach a terminal, a document or a spreadsheet through the real `perform` binary
/// (docs/security.md, "Names and the terminal", "Spreadsheet formulas in exports"): the server
/// refuses a name with a control character, and one stored before that rule is shown inert.
@Suite struct NamesInTheTerminalTests {
  /// Retitles the terminal (OSC 0), clears the screen (CSI 2J), and a C1 CSI for good measure.
  static let hostile = "Squat\u{1B}]0;owned\u{07}\u{1B}[2J\u{9B}31m"

  /// A control character a terminal or an XML reader would act on.
  static func controls(in text: String) -> [String] {
    text.unicodeScalars.filter {
      $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value))
    }.map { String($0.value, radix: 16) }
  }

  /// A scripted server holding one logged set of an exercise named `name`, as a server that
  /// stored it before the rule would answer.
  static func serverRemembering(_ name: String) throws -> ScriptedServer {
    let set = LoggedSetDto(
      logId: "1", workoutNumber: 1, performedAt: "2026-01-05T08:00:00.000Z", label: name,
      exerciseId: "ex_hostile", name: name, setNumber: 1, setType: .working, weight: 100, reps: 5)
    let encoder = JSONEncoder()
    return try ScriptedServer(answers: [
      "/v1/trainee/workouts/sets": try encoder.encode(LoggedSetPageDto(sets: [set], next: nil)),
      "/v1/trainee/workouts": try encoder.encode(TrainingProgramsDto(plans: [])),
    ])
  }

  static func withDirectory(_ body: (URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-names-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory)
  }

  @Test func progressPrintsAStoredNameWithoutItsControlCharactersAndWritesXML() async throws {
    try await Self.withDirectory { directory in
      let server = try Self.serverRemembering(Self.hostile)
      defer { server.stop() }
      let svg = directory.appendingPathComponent("progress.svg")
      let output = try PerformBinary.run(
        [
          "progress", "ex_hostile", "--svg", svg.path, "--units", "metric",
          "--server", "http://127.0.0.1:\(server.port)", "--data-dir", directory.path,
        ], environment: ["PERFORM_TOKEN": "t"])
      let stdout = String(decoding: output.stdout, as: UTF8.self)
      #expect(output.status == 0, "stderr: \(output.stderr)")
      #expect(stdout.contains("Squat\u{FFFD}]0;owned\u{FFFD}\u{FFFD}[2J\u{FFFD}31m"), "\(stdout)")
      #expect(Self.controls(in: stdout).isEmpty)
      let parser = XMLParser(data: try Data(contentsOf: svg))
      #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    }
  }

  @Test func anUnknownExercisesCloseMatchesAreShownInert() async throws {
    try await Self.withDirectory { directory in
      let server = try Self.serverRemembering(Self.hostile)
      defer { server.stop() }
      let output = try PerformBinary.run(
        [
          "progress", "Squat", "--server", "http://127.0.0.1:\(server.port)",
          "--data-dir", directory.path,
        ], environment: ["PERFORM_TOKEN": "t"])
      #expect(output.status == 2)
      #expect(output.stderr.contains("close matches: Squat\u{FFFD}"), "\(output.stderr)")
      #expect(Self.controls(in: output.stderr).isEmpty)
    }
  }

  @Test func aDryRunImportPrintsNamesWithoutTheirControlCharacters() async throws {
    try await Self.withDirectory { directory in
      let csv = directory.appendingPathComponent("strong.csv")
      try Data(
        ("Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,"
          + "Workout Notes,RPE\n"
          + "2025-03-03 07:00:00,\"Legs\u{1B}[2J\",1h,\"\(Self.hostile)\",1,100,5,0,0,,,\n").utf8
      ).write(to: csv)
      let output = try PerformBinary.run(
        [
          "history", "import", "--csv", csv.path, "--dry-run", "--units", "metric",
          "--data-dir", directory.path,
        ], environment: HistoryCommandTests.neutralLocale)
      let stdout = String(decoding: output.stdout, as: UTF8.self)
      #expect(stdout.contains("Squat\u{FFFD}]0;owned"), "\(stdout) \(output.stderr)")
      #expect(Self.controls(in: stdout).isEmpty, "\(stdout)")
      #expect(Self.controls(in: output.stderr).isEmpty, "\(output.stderr)")
    }
  }

  @Test func theServerRefusesAControlCharacterInEveryNameNamingTheField() async throws {
    try await Self.withDirectory { directory in
      let server = try ServeChild(
        database: directory.appendingPathComponent("perform.sqlite"), demo: true)
      defer { server.interrupt() }
      let token = try #require(server.token)
      let log: [String: Any] = [
        "programId": "plan_strength", "dayId": "day_legs", "durationSec": 60, "completed": true,
        "entries": [
          [
            "exerciseId": "ex_squat", "name": Self.hostile, "done": true,
            "sets": [["setNumber": 1, "reps": 5, "targetReps": 5, "weight": 90, "done": true]],
          ]
        ],
      ]
      let meal: [String: Any] = [
        "items": [["name": "Toast\u{7F}", "kcal": 200, "protein": 6, "carbs": 30, "fat": 5]]
      ]
      let day: [String: Any] = [
        "date": "2026-01-05",
        "data": [
          "customMeals": [
            "2026-0-5__m1": ["id": "m1", "label": "Lunch\u{85}", "items": [] as [Any]]
          ]
        ],
      ]
      for (method, path, body, field) in [
        ("POST", "/v1/trainee/workouts/log", log, "entries[0].name"),
        ("POST", "/v1/trainee/nutrition/logs", meal, "items[0].name"),
        ("PUT", "/v1/trainee/nutrition/day", day, #"data.customMeals[\"2026-0-5__m1\"].label"#),
      ] {
        let answer = try await server.request(
          method, path, token: token, body: try JSONSerialization.data(withJSONObject: body))
        let text = String(decoding: answer.body, as: UTF8.self)
        #expect(answer.status == 400, "\(path): \(text)")
        #expect(text.contains("invalid_body") && text.contains(field), "\(path): \(text)")
        #expect(text.contains("control character"), "\(path): \(text)")
      }
      let history = try await server.request("GET", "/v1/trainee/workouts/sets", token: token)
      #expect(!String(decoding: history.body, as: UTF8.self).contains("owned"))
    }
  }

  @Test func aProgramImportRefusesAControlCharacterInANameNamingItsPath() async throws {
    try await Self.withDirectory { directory in
      let database = directory.appendingPathComponent("perform.sqlite").path
      let added = try PerformBinary.run(["trainee", "add", "Ana", "--database", database])
      let id = try #require(
        String(decoding: added.stdout, as: UTF8.self).split(separator: "\n").first?
          .split(separator: " ").last.map(String.init))
      let program = try String(
        contentsOf: PerformBinary.packageRoot.appendingPathComponent(
          "examples/demo-program.json"), encoding: .utf8)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(program.utf8)) as? [String: Any])
      var plans = try #require(object["plans"] as? [[String: Any]])
      plans[0]["name"] = "Strength\u{1B}]0;owned\u{07}"
      var hostile = object
      hostile["plans"] = plans
      let file = directory.appendingPathComponent("program.json")
      try JSONSerialization.data(withJSONObject: hostile).write(to: file)
      let output = try PerformBinary.run(
        ["program", "import", file.path, "--trainee", id, "--database", database])
      #expect(output.status == 2, "\(output.stderr)")
      #expect(output.stderr.contains("plans[0].name"), "\(output.stderr)")
      #expect(output.stderr.contains("control character"), "\(output.stderr)")
      #expect(Self.controls(in: output.stderr).isEmpty)
    }
  }

  /// A spreadsheet that splits the export at `;` (many European locales) or a tab saw `=1+1` as
  /// a cell of its own, and ran it.
  @Test func anExportedNameRunsNoFormulaAfterASeparator() async throws {
    try await Self.withDirectory { directory in
      let server = try ServeChild(
        database: directory.appendingPathComponent("perform.sqlite"), demo: true)
      defer { server.interrupt() }
      let token = try #require(server.token)
      let log: [String: Any] = [
        "programId": "plan_strength", "dayId": "day_legs", "label": "Legs;+1", "durationSec": 60,
        "completed": true,
        "entries": [
          [
            "exerciseId": "x;@SUM(A1)", "name": "x;=1+1", "done": true,
            "sets": [["setNumber": 1, "reps": 5, "targetReps": 5, "weight": 90, "done": true]],
          ]
        ],
      ]
      let posted = try await server.request(
        "POST", "/v1/trainee/workouts/log", token: token,
        body: try JSONSerialization.data(withJSONObject: log))
      #expect(posted.status == 201)
      let tokenFile = directory.appendingPathComponent("token")
      try Data(token.utf8).write(to: tokenFile)
      chmod(tokenFile.path, 0o600)
      let export = directory.appendingPathComponent("history.csv")
      let output = try PerformBinary.run([
        "history", "export", "--csv", export.path, "--server", "http://127.0.0.1:\(server.port)",
        "--token-file", tokenFile.path, "--data-dir", directory.path,
      ])
      #expect(output.status == 0, "\(output.stderr)")
      let csv = try String(contentsOf: export, encoding: .utf8)
      #expect(csv.contains("x;'=1+1"), "\(csv)")
      for separator in [",", ";", "\t"] {
        for line in csv.split(whereSeparator: \.isNewline) {
          for cell in line.split(separator: Character(separator), omittingEmptySubsequences: false)
          {
            let text = cell.drop { $0 == "\"" }
            let first = text.first.map { "=+@".contains($0) } ?? false
            let signedText = text.first == "-" && Double(text) == nil
            #expect(!first && !signedText, "\(cell) would run, split at \(separator)")
          }
        }
      }
    }
  }
}
