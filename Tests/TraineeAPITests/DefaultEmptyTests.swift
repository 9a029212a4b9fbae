import Foundation
import Testing
import TraineeAPI

/// `@DefaultEmpty` reads an absent or `null` list as empty, refuses anything else that is not a
/// list naming the field, and writes the list as a plain `[Element]` member is written.
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
}
