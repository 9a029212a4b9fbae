import Foundation
import JSONWire
import Testing

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// `StrictJSON`: RFC 8259 exactly, plus unique member names, finite numbers and paired surrogates.
struct StrictJSONTests {
  @Test(arguments: [
    "{}", "[]", "0", "-0", "1.5e-3", "-12.25E+2", "\"\"", "true", "false", "null",
    " \n\t\r{ \"a\" : [ 1 , 2 ] } \n", #"{"a":{"a":{"a":1}},"b":[{"a":1},{"a":2}]}"#,
    #""\" \\ \/ \b \f \n \r \t \u00e9 \uD83D\uDE00""#, "\"é 💪\"",
    "1.7976931348623157e308", "5e-324",
  ])
  func acceptsStrictJSON(_ text: String) throws {
    try StrictJSON.validate(Data(text.utf8))
  }

  @Test(arguments: [
    ("", 0, "a value is missing"),
    ("{", 1, "where a member name belongs"),
    ("[1,]", 3, "where a value belongs"),
    (#"{"a":1,}"#, 7, "where a member name belongs"),
    ("01", 0, "leading zero"),
    ("[-01]", 1, "leading zero"),
    ("1.", 2, "decimal point"),
    (".5", 0, "where a value belongs"),
    ("+1", 0, "where a value belongs"),
    ("1e", 2, "exponent"),
    ("1E400", 0, "out of range"),
    ("-1e999", 0, "out of range"),
    ("NaN", 0, "where a value belongs"),
    ("Infinity", 0, "where a value belongs"),
    ("\"a\u{01}b\"", 2, "control character (0x01)"),
    ("\"tab\there\"", 4, "control character (0x09)"),
    (#""\x""#, 1, "not an escape"),
    (#""\u12""#, 1, "four hex digits"),
    (#""\uD83D""#, 1, "high surrogate"),
    (#""\uDE00""#, 1, "low surrogate"),
    (#"{"kcal":1,"kcal":2}"#, 10, "\"kcal\" appears twice"),
    (#"{"a":{"b":1,"b":1}}"#, 12, "\"b\" appears twice"),
    (#"{"\u0061":1,"a":2}"#, 12, "\"a\" appears twice"),
    ("{} {}", 3, "after the value"),
    ("tru", 0, "unexpected"),
    ("[fals]", 1, "unexpected"),
    ("[nuxl]", 1, "unexpected"),
    (#"{"done":trUe}"#, 8, "unexpected"),
    ("nulll", 4, "after the value"),
    ("'a'", 0, "where a value belongs"),
    ("{a:1}", 1, "where a member name belongs"),
  ])
  func refusesWithTheOffsetOfTheProblem(_ text: String, _ offset: Int, _ problem: String) {
    let error = #expect(throws: JSONSyntaxError.self) {
      try StrictJSON.validate(Data(text.utf8))
    }
    #expect(error?.offset == offset, "\(error as Any)")
    #expect(error?.problem.contains(problem) == true, "\(error as Any)")
  }

  @Test(
    arguments: [
      [0x22, 0xC3, 0x22],  // a lead byte without its continuation
      [0x22, 0xC0, 0xAF, 0x22],  // an overlong '/'
      [0x22, 0xED, 0xA0, 0x80, 0x22],  // a UTF-16 surrogate encoded in UTF-8
      [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // past U+10FFFF
      [0x22, 0xFF, 0x22],
    ] as [[UInt8]])
  func refusesTextThatIsNotUTF8(_ bytes: [UInt8]) {
    let error = #expect(throws: JSONSyntaxError.self) { try StrictJSON.validate(bytes) }
    #expect(error == JSONSyntaxError(offset: 1, problem: "the text is not valid UTF-8"))
  }

  @Test func nestingIsBoundedSoNoBodyExhaustsTheStack() throws {
    let deepest = StrictJSON.maximumDepth
    try StrictJSON.validate(
      Data(
        (String(repeating: "[", count: deepest)
          + String(repeating: "]", count: deepest)).utf8))
    let tooDeep = String(repeating: "[{\"a\":", count: 100_000)
    let error = #expect(throws: JSONSyntaxError.self) {
      try StrictJSON.validate(Data(tooDeep.utf8))
    }
    #expect(error?.problem == "nested deeper than \(deepest) levels")
  }
}
