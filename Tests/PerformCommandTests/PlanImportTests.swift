import Foundation
import Testing

/// `perform program import` and `perform nutrition-plan import` read an operator's file strictly
/// and never replace a trainee's plans by mistake
/// (docs/decisions/the-terminal-app-and-the-perform-command.md, "Strict import files").
@Suite struct PlanImportTests {
  private static let examples = PerformBinary.packageRoot.appendingPathComponent("examples")

  /// A fresh database with one trainee, its id and its token, removed after `body`.
  private static func withTrainee(
    _ body: (URL, String, String, String) async throws -> Void
  ) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-plan-import-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("perform.sqlite").path
    let added = try PerformBinary.run(["trainee", "add", "Ana", "--database", database])
    let lines = String(decoding: added.stdout, as: UTF8.self).split(separator: "\n")
    func value(_ name: String) -> String {
      lines.first { $0.hasPrefix(name + ": ") }.map { String($0.dropFirst(name.count + 2)) } ?? ""
    }
    try await body(directory, database, value("id"), value("token"))
  }

  private static func importing(
    _ command: String, _ file: URL, _ database: String, _ trainee: String,
    _ extra: [String] = []
  ) throws -> PerformBinary.Output {
    try PerformBinary.run(
      [command, "import", file.path, "--trainee", trainee, "--database", database] + extra)
  }

  /// The plans of `GET path` for `token` on a server over `database`.
  private static func plans(
    _ path: String, _ database: String, _ token: String
  ) async throws
    -> [Any]
  {
    let server = try ServeChild(database: URL(fileURLWithPath: database), demo: false)
    defer { server.kill9() }
    let answer = try await server.request("GET", path, token: token)
    let object = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
    return object?["plans"] as? [Any] ?? []
  }

  @Test func theExamplesImportAndAWrongFileWipesNothing() async throws {
    try await Self.withTrainee { directory, database, trainee, token in
      let program = Self.examples.appendingPathComponent("demo-program.json")
      let meals = Self.examples.appendingPathComponent("demo-meal-plan.json")
      let imported = try Self.importing("program", program, database, trainee)
      #expect(imported.status == 0, "\(imported.stderr)")
      #expect(
        String(decoding: imported.stdout, as: UTF8.self)
          == "imported 1 program(s) for trainee \(trainee)\n")
      let importedMeals = try Self.importing("nutrition-plan", meals, database, trainee)
      #expect(importedMeals.status == 0, "\(importedMeals.stderr)")

      let wrong: [(String, String)] = [
        (#"{}"#, "plans is missing"),
        (#"{ "programs": [] }"#, "programs is not a known member"),
        (#"{ "plans": [] }"#, "--replace-with-empty"),
        (
          #"{ "plans": [ { "id": "p", "name": "B", "days": [ { "id": "d", "strength": [ { "id": "r", "exerciseId": "e", "name": "n", "sets": "three" } ] } ] } ] }"#,
          "plans[0].days[0].strength[0].sets"
        ),
      ]
      for (text, expected) in wrong {
        let file = directory.appendingPathComponent("wrong.json")
        try Data(text.utf8).write(to: file)
        let output = try Self.importing("program", file, database, trainee)
        #expect(output.status == 2, "\(text)")
        #expect(output.stderr.contains(expected), "\(output.stderr)")
        #expect(output.stderr.contains("nothing was imported"), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
        let mealsOutput = try Self.importing("nutrition-plan", file, database, trainee)
        #expect(mealsOutput.status == 2, "\(text)")
      }
      #expect(try await Self.plans("/v1/trainee/workouts", database, token).count == 1)
      #expect(try await Self.plans("/v1/trainee/nutrition/plans", database, token).count == 1)

      let empty = directory.appendingPathComponent("empty.json")
      try Data(#"{ "plans": [] }"#.utf8).write(to: empty)
      let emptied = try Self.importing(
        "program", empty, database, trainee, ["--replace-with-empty"])
      #expect(emptied.status == 0, "\(emptied.stderr)")
      #expect(try await Self.plans("/v1/trainee/workouts", database, token).isEmpty)
    }
  }

  @Test func helpNamesTheExampleFiles() throws {
    let program = try PerformBinary.run(["program", "import", "--help"])
    #expect(String(decoding: program.stdout, as: UTF8.self).contains("examples/demo-program.json"))
    let meals = try PerformBinary.run(["nutrition-plan", "import", "--help"])
    #expect(String(decoding: meals.stdout, as: UTF8.self).contains("examples/demo-meal-plan.json"))
  }
}
