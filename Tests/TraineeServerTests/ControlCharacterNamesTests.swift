import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// No name reaches the store with a control character in it (docs/security.md, "Names and the
/// terminal"): each refusal names the field.
struct ControlCharacterNamesTests {
  static let hostile = "Squat\u{1B}]0;owned\u{07}"

  static func refusal(_ body: () throws(HTTPError) -> Void) -> String? {
    do {
      try body()
      return nil
    } catch {
      #expect(error.status == .badRequest)
      #expect(error.code == "invalid_body")
      return error.message
    }
  }

  static func log(
    name: String = "Back squat", label: String? = nil, rir: String? = nil
  )
    -> LogWorkoutPayload
  {
    let json = """
      { "programId": "p", "dayId": "d", "label": \(label.map { "\"\($0)\"" } ?? "null"),
        "completed": true, "entries": [ { "exerciseId": "ex", "name": "\(name)", "done": true,
        "sets": [ { "setNumber": 1, "reps": 5, "weight": 90, "done": true,
        "rir": \(rir.map { "\"\($0)\"" } ?? "null") } ] } ] }
      """
    return try! JSONDecoder().decode(LogWorkoutPayload.self, from: Data(json.utf8))
  }

  @Test(arguments: [
    ("\\u001b]0;x\\u0007", "entries[0].name"), ("a\\u0000", "entries[0].name"),
    ("a\\u007f", "entries[0].name"), ("a\\u0085", "entries[0].name"),
    ("a\\u009b", "entries[0].name"), ("tab\\tbed", "entries[0].name"),
  ])
  func aWorkoutLogNameWithAControlCharacterIsRefused(name: String, field: String) {
    let message = Self.refusal { () throws(HTTPError) in
      try WorkoutInput.checkLog(Self.log(name: name))
    }
    #expect(
      message?.contains("Body: \(field) holds a control character") == true, "\(message ?? "")")
  }

  @Test func everyTextOfALogIsChecked() {
    let label = Self.refusal { () throws(HTTPError) in
      try WorkoutInput.checkLog(Self.log(label: "Day\\u001b[2J"))
    }
    #expect(label?.contains("Body: label holds a control character") == true)
    let rir = Self.refusal { () throws(HTTPError) in
      try WorkoutInput.checkLog(Self.log(rir: "2\\n"))
    }
    #expect(rir?.contains("entries[0].sets[0].rir holds a control character") == true)
  }

  @Test(arguments: ["Back squat", "Kniebeuge mit Überzug", "スクワット", "x;=1+1", "Squat\u{A0}"])
  func aVisibleNameIsKept(name: String) {
    #expect(
      Self.refusal { () throws(HTTPError) in try WorkoutInput.checkLog(Self.log(name: name)) }
        == nil)
  }

  @Test func aDaysNamesAreFoundWithTheirPath() throws {
    var snapshot = NutritionDaySnapshot()
    #expect(NutritionInput.nameWithControlCharacter(snapshot) == nil)
    snapshot.customMeals["2026-0-5__m1"] = CustomMeal(
      id: "m1", label: "Lunch", items: [CustomMealItem(id: "f1", name: "Rice\u{1B}[2J")])
    #expect(
      NutritionInput.nameWithControlCharacter(snapshot)
        == #"data.customMeals["2026-0-5__m1"].items[0].name"#)
    snapshot.customMeals["2026-0-5__m1"]?.label = "Lunch\u{9B}"
    #expect(
      NutritionInput.nameWithControlCharacter(snapshot)
        == #"data.customMeals["2026-0-5__m1"].label"#)
    snapshot.customMeals = [:]
    snapshot.aiMeals["2026-0-5__m2"] = [
      CustomMealItem(id: "f", name: "ok"), CustomMealItem(id: "g", name: "\u{0}"),
    ]
    #expect(
      NutritionInput.nameWithControlCharacter(snapshot) == #"data.aiMeals["2026-0-5__m2"][1].name"#)
    snapshot.aiMeals = [:]
    snapshot.replacement["2026-0-5__m3"] = MealReplacement(id: "r", name: "Pizza\u{7F}")
    #expect(
      NutritionInput.nameWithControlCharacter(snapshot) == #"data.replacement["2026-0-5__m3"].name"#
    )
  }

  @Test func anImportFilesNameWithAControlCharacterIsRefusedWithItsPath() {
    let program = #"""
      { "plans": [ { "id": "p1", "name": "Block", "days": [ { "id": "d1", "strength": [
        { "id": "r1", "exerciseId": "ex", "name": "Squat\u001b]0;x\u0007", "sets": "3" } ] } ] } ] }
      """#
    do {
      _ = try ImportFile.programs(Data(program.utf8))
      Issue.record("the program was read")
    } catch {
      #expect(
        "\(error)".contains("plans[0].days[0].strength[0].name holds a control character"),
        "\(error)")
    }
  }
}
