import Foundation
import Testing
import TraineeAPI

/// `@WireText` reads free text sent as a string or a number, as `decodeText` does: a `String?`
/// member is `nil` when absent or `null` and left out when written as `nil`; a `String` member
/// must be there. Anything else is refused naming the member.
struct WireTextTests {
  struct Note: Codable, Equatable {
    @WireText var text: String?
  }

  struct Named: Codable, Equatable {
    @WireText var id: String
  }

  @Test(
    arguments: [
      (#"{}"#, nil),
      (#"{"text":null}"#, nil),
      (#"{"text":"3-4"}"#, "3-4"),
      (#"{"text":""}"#, ""),
      (#"{"text":60}"#, "60"),
      (#"{"text":57.5}"#, "57.5"),
      (#"{"text":-2}"#, "-2"),
    ] as [(String, String?)])
  func optionalTextReadsAStringOrANumber(body: String, expected: String?) throws {
    #expect(try JSONDecoder().decode(Note.self, from: Data(body.utf8)) == Note(text: expected))
  }

  @Test(arguments: [
    (#"{"id":"41"}"#, "41"),
    (#"{"id":41}"#, "41"),
    (#"{"id":4.5}"#, "4.5"),
  ])
  func requiredTextReadsAStringOrANumber(body: String, expected: String) throws {
    #expect(try JSONDecoder().decode(Named.self, from: Data(body.utf8)) == Named(id: expected))
  }

  @Test(arguments: [
    (#"{"text":true}"#, PayloadError(field: "text", problem: "is not text")),
    (#"{"text":[1]}"#, PayloadError(field: "text", problem: "is not text")),
    (#"{"text":{"a":1}}"#, PayloadError(field: "text", problem: "is not text")),
  ])
  func anythingElseIsRefusedNamingTheMember(body: String, error: PayloadError) {
    #expect(throws: error) {
      try JSONDecoder().decodePayload(Note.self, from: Data(body.utf8))
    }
  }

  @Test(arguments: [#"{}"#, #"{"id":null}"#])
  func requiredTextAbsentOrNullIsMissing(body: String) {
    #expect(throws: PayloadError(field: "id", problem: "is missing")) {
      try JSONDecoder().decodePayload(Named.self, from: Data(body.utf8))
    }
  }

  @Test func aNestedMemberIsNamedByItsPath() {
    let body = #"{"id":"d","strength":[{"id":"r","exerciseId":"e","name":"Row","reps":false}]}"#
    #expect(throws: PayloadError(field: "strength[0].reps", problem: "is not text")) {
      try JSONDecoder().decodePayload(ProgramDayDto.self, from: Data(body.utf8))
    }
  }

  @Test(arguments: [
    (Note(text: nil), #"{}"#),
    (Note(text: "60"), #"{"text":"60"}"#),
    (Note(text: ""), #"{"text":""}"#),
  ])
  func optionalTextIsWrittenAsAPlainOptionalIs(note: Note, expected: String) throws {
    #expect(String(decoding: try JSONEncoder().encode(note), as: UTF8.self) == expected)
  }

  @Test func requiredTextIsAlwaysWritten() throws {
    let written = try JSONEncoder().encode(Named(id: "41"))
    #expect(String(decoding: written, as: UTF8.self) == #"{"id":"41"}"#)
    let meal = try JSONEncoder().encode(LoggedMealDto(id: "7"))
    #expect(String(decoding: meal, as: UTF8.self) == #"{"id":"7"}"#)
  }

  @Test func aLoneValueReadsAndWritesAsAMemberDoes() throws {
    let read = try JSONDecoder().decode(
      [WireText<String?>].self, from: Data(#"["a",5,null]"#.utf8))
    #expect(read.map(\.wrappedValue) == ["a", "5", nil])
    #expect(
      String(decoding: try JSONEncoder().encode(read), as: UTF8.self) == #"["a","5",null]"#)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([WireText<String>].self, from: Data(#"[null]"#.utf8))
    }
  }
}
