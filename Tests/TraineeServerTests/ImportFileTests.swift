import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// The strict reading of operator import files
/// (docs/decisions/the-terminal-app-and-the-perform-command.md, "Strict import files").
struct ImportFileTests {
  private static let examples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("examples")

  private static let row = #"{ "id": "r1", "exerciseId": "ex", "name": "Squat", "sets": "3" }"#

  private static func program(day: String = #"{ "id": "d1", "strength": [\#(row)] }"#) -> Data {
    Data(#"{ "plans": [ { "id": "p1", "name": "Block", "days": [\#(day)] } ] }"#.utf8)
  }

  private func problem(_ data: Data) -> ImportFileProblem? {
    do {
      _ = try ImportFile.programs(data)
      return nil
    } catch {
      return error
    }
  }

  @Test func aWellFormedProgramIsRead() throws {
    let programs = try ImportFile.programs(Self.program())
    #expect(programs.plans.first?.days.first?.strength.first?.sets == "3")
  }

  @Test(arguments: [
    (#"{}"#, "plans is missing"),
    (#"{ "programs": [] }"#, "programs is not a known member (expected plans, movement)"),
    (#"{ "plans": {} }"#, "plans is a dictionary, not an array"),
    (
      #"{ "plans": [ { "id": "p1", "name": 7, "days": [] } ] }"#,
      "plans[0].name is number, not a string"
    ),
    (#"{ "plans": [], "plans": [] }"#, "is not valid JSON"),
  ])
  func aWrongFileNamesWhatIsWrong(text: String, expected: String) {
    let found = problem(Data(text.utf8))
    #expect(found.map { "\($0)".contains(expected) } == true, "\(String(describing: found))")
  }

  @Test func aWrongSetCountUnknownSetTypeOrRepeatedIdIsRefusedWithItsPath() {
    let three = problem(
      Self.program(
        day:
          #"{ "id": "d1", "strength": [\#(Self.row), { "id": "r2", "exerciseId": "ex", "name": "Row", "sets": "three" }] }"#
      ))
    #expect(three?.path == "plans[0].days[0].strength[1].sets")

    let warmUp = problem(
      Self.program(
        day:
          #"{ "id": "d1", "strength": [ { "id": "r1", "exerciseId": "ex", "name": "Squat", "setRows": [ { "setNumber": 1, "type": "warm-up" } ] } ] }"#
      ))
    #expect(warmUp?.path == "plans[0].days[0].strength[0].setRows[0].type")
    #expect(warmUp?.problem.contains("warm-up") == true)

    let twice = problem(Self.program(day: #"{ "id": "d1" }, { "id": "d1" }"#))
    #expect(twice?.path == "plans[0].days[1].id")
    #expect(twice?.problem == #"repeats plans[0].days[0].id "d1""#)

    let unknown = problem(Self.program(day: #"{ "id": "d1", "rows": [] }"#))
    #expect(unknown?.path == "plans[0].days[0].rows")
  }

  @Test func aMealPlanIsReadAsStrictly() {
    #expect(throws: ImportFileProblem.self) {
      try ImportFile.nutritionPlans(Data(#"{ "plan": [] }"#.utf8))
    }
    let repeated =
      #"{ "plans": [ { "id": "n", "name": "Cut", "days": [ { "id": "a" }, { "id": "a" } ] } ] }"#
    #expect(
      throws: ImportFileProblem(
        path: "plans[0].days[1].id", problem: #"repeats plans[0].days[0].id "a""#)
    ) {
      try ImportFile.nutritionPlans(Data(repeated.utf8))
    }
  }

  @Test func theExamplesAreTheDemoTraineesProgramAndMealPlan() throws {
    let program = try Data(contentsOf: Self.examples.appendingPathComponent("demo-program.json"))
    let meals = try Data(contentsOf: Self.examples.appendingPathComponent("demo-meal-plan.json"))
    #expect(String(decoding: program, as: UTF8.self) == DemoTrainee.programsJSON + "\n")
    #expect(String(decoding: meals, as: UTF8.self) == DemoTrainee.nutritionPlansJSON + "\n")
    #expect(try ImportFile.programs(program).plans.count == 1)
    #expect(try ImportFile.nutritionPlans(meals).plans.count == 1)
  }
}
