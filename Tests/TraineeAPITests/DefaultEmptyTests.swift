import Foundation
import Testing
import TraineeAPI

/// `@DefaultEmpty` reads an absent or `null` list or map as empty, refuses anything else that is
/// not one naming the field, and writes the value as a plain member of its type is written.
struct DefaultEmptyTests {
  @Test(arguments: [#"{"id":"p","name":"P"}"#, #"{"id":"p","name":"P","days":null}"#])
  func anAbsentOrNullListIsEmpty(_ body: String) throws {
    let plan = try JSONDecoder().decode(ProgramPlanDto.self, from: Data(body.utf8))
    #expect(plan == ProgramPlanDto(id: "p", name: "P", days: []))
  }

  @Test func aListThatIsNotOneIsRefusedNamingTheField() {
    #expect(throws: PayloadError(field: "days", problem: "is not a list")) {
      try JSONDecoder().decodePayload(
        ProgramPlanDto.self, from: Data(#"{"id":"p","name":"P","days":7}"#.utf8))
    }
  }

  @Test func aListIsWrittenAsAPlainListIs() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let written = try encoder.encode(ProgramPlanDto(id: "p", name: "P", days: []))
    #expect(String(decoding: written, as: UTF8.self) == #"{"days":[],"id":"p","name":"P"}"#)
    let plans = try encoder.encode(NutritionPlansDto(plans: [NutritionPlanDto(id: "n", name: "N")]))
    #expect(
      String(decoding: plans, as: UTF8.self) == #"{"plans":[{"days":[],"id":"n","name":"N"}]}"#)
  }

  @Test(arguments: [#"{}"#, #"{"eaten":null,"portions":null}"#])
  func anAbsentOrNullMapIsEmpty(_ body: String) throws {
    #expect(try NutritionDaySnapshot.decode(Data(body.utf8)) == .empty)
  }

  @Test(arguments: [
    (#"{"eaten":[]}"#, PayloadError(field: "eaten", problem: "is not an object")),
    (#"{"swaps":{"k":1}}"#, PayloadError(field: "swaps.k", problem: "is not text")),
  ])
  func aMapThatIsNotOneIsRefusedNamingTheField(body: String, error: PayloadError) {
    #expect(throws: error) { try NutritionDaySnapshot.decode(Data(body.utf8)) }
  }

  @Test func aMapIsWrittenAsAPlainMapIs() throws {
    let day = NutritionDaySnapshot(eaten: ["2026-0-5__it": true])
    #expect(
      String(decoding: day.canonicalJSON(), as: UTF8.self)
        == #"{"aiMeals":{},"customMeals":{},"eaten":{"2026-0-5__it":true},"mealStatus":{},"#
        + #""portions":{},"removed":{},"removedMeals":{},"replacement":{},"swaps":{}}"#)
  }
}
