import Foundation
import Testing
import TraineeAPI

/// `@Defaulted` reads an absent or `null` member as its fallback's value, reads it otherwise as
/// the fallback says (a plain value, or text sent as a string or a number), refuses anything
/// else naming the member, and always writes the value it holds, as a plain member is written.
struct DefaultedTests {
  struct Probe: Codable, Equatable {
    @Defaulted<ZeroAmount> var amount: Double
    @Defaulted<FalseFlag> var flag: Bool
    @Defaulted<EmptyText> var name: String
  }

  @Test(arguments: [
    (#"{}"#, Probe(amount: 0, flag: false, name: "")),
    (#"{"amount":null,"flag":null,"name":null}"#, Probe(amount: 0, flag: false, name: "")),
    (#"{"amount":2.5,"flag":true,"name":"Oats"}"#, Probe(amount: 2.5, flag: true, name: "Oats")),
    (#"{"amount":-1,"flag":false,"name":7}"#, Probe(amount: -1, flag: false, name: "7")),
    (#"{"name":57.5}"#, Probe(amount: 0, flag: false, name: "57.5")),
  ])
  func anAbsentOrNullMemberIsTheFallback(body: String, expected: Probe) throws {
    #expect(try JSONDecoder().decode(Probe.self, from: Data(body.utf8)) == expected)
  }

  @Test(arguments: [
    (#"{"amount":"7"}"#, PayloadError(field: "amount", problem: "is not a number")),
    (#"{"amount":true}"#, PayloadError(field: "amount", problem: "is not a number")),
    (#"{"flag":1}"#, PayloadError(field: "flag", problem: "is not true or false")),
    (#"{"flag":"true"}"#, PayloadError(field: "flag", problem: "is not true or false")),
    (#"{"name":true}"#, PayloadError(field: "name", problem: "is not text")),
    (#"{"name":[]}"#, PayloadError(field: "name", problem: "is not text")),
  ])
  func anythingElseIsRefusedNamingTheMember(body: String, error: PayloadError) {
    #expect(throws: error) {
      try JSONDecoder().decodePayload(Probe.self, from: Data(body.utf8))
    }
  }

  @Test(arguments: [
    (Probe(amount: 0, flag: false, name: ""), #"{"amount":0,"flag":false,"name":""}"#),
    (Probe(amount: 62.5, flag: true, name: "7"), #"{"amount":62.5,"flag":true,"name":"7"}"#),
  ])
  func theValueIsAlwaysWritten(probe: Probe, expected: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(String(decoding: try encoder.encode(probe), as: UTF8.self) == expected)
  }

  @Test func eachTypesFallbackIsItsOwn() throws {
    let food = try JSONDecoder().decode(
      FoodDto.self, from: Data(#"{"id":"f","name":"Rice","per100g":{},"unit":null}"#.utf8))
    #expect(food.unit == "g")
    let meal = try JSONDecoder().decode(MenuMealDto.self, from: Data(#"{"id":"m"}"#.utf8))
    #expect(
      meal
        == MenuMealDto(
          id: "m", name: "", time: nil, status: "PLANNED", removed: false, items: [], added: [],
          replacement: nil))
    let row = try JSONDecoder().decode(SetRowDto.self, from: Data(#"{"setNumber":1}"#.utf8))
    #expect(row.type == .working)
    let home = try JSONDecoder().decode(
      HomeNutritionDto.self, from: Data(#"{"planId":"p","dayId":"d","eaten":null}"#.utf8))
    #expect(home.targets == NutritionTargetsDto() && home.eaten == MacrosDto())
  }

  @Test func aLoneValueIsReadAsAPlainValue() throws {
    let read = try JSONDecoder().decode([Defaulted<ZeroAmount>].self, from: Data("[1.5]".utf8))
    #expect(read.map(\.wrappedValue) == [1.5])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([Defaulted<ZeroAmount>].self, from: Data("[null]".utf8))
    }
  }
}
