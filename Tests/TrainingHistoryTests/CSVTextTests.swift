import Foundation
import Testing

@testable import TrainingHistory

@Suite struct CSVTextTests {
  static let awkwardFields: [[String]] = [
    ["plain", "with, comma", "with \"quotes\"", "line\nbreak", "crlf\r\nbreak"],
    ["", " leading space", "trailing space ", "Ünïcødé 💪", "\"\""],
    ["a;b", "", "", "", ","],
  ]

  @Test(arguments: [Character(","), Character(";")])
  func quotingRoundTrips(delimiter: Character) throws {
    let text = Self.awkwardFields.map { CSVText.line($0, delimiter: delimiter) }.joined()
    let records = try CSVText.records(text, delimiter: delimiter)
    #expect(records.map(\.fields) == Self.awkwardFields)
  }

  @Test func writesRFC4180() {
    #expect(
      CSVText.line(["a", "b,c", "say \"hi\"", "x\ny"])
        == "a,\"b,c\",\"say \"\"hi\"\"\",\"x\ny\"\r\n")
    #expect(CSVText.line(["plain"]) == "plain\r\n")
  }

  @Test func recordsKnowTheLineTheyStartOn() throws {
    let text = "h1,h2\r\n\"two\nlines\",x\r\n\r\nlast,y"
    let records = try CSVText.records(text)
    #expect(
      records == [
        CSVRecord(line: 1, fields: ["h1", "h2"]), CSVRecord(line: 2, fields: ["two\nlines", "x"]),
        CSVRecord(line: 5, fields: ["last", "y"]),
      ])
  }

  @Test func skipsAByteOrderMarkAndReadsLoneLineFeeds() throws {
    let records = try CSVText.records("\u{FEFF}a,b\nc,d\n")
    #expect(records.map(\.fields) == [["a", "b"], ["c", "d"]])
  }

  @Test(arguments: [
    ("a,b\r\nc,\"open\r\n", 2, "a quoted field is never closed"),
    ("a,b\r\nc,d\r\ne,f\"g\r\n", 3, "a quote inside an unquoted field"),
    ("a,b\r\n\"x\"y,z\r\n", 2, "text after a closing quote"),
  ])
  func malformedTextNamesItsLine(text: String, line: Int, problem: String) {
    #expect(throws: ImportProblem(line: line, problem: problem)) {
      try CSVText.records(text)
    }
  }

  @Test func delimiterComesFromTheHeader() {
    #expect(CSVText.delimiter(of: "Date;Workout Name;\"a,b\"\n1,2") == ";")
    #expect(CSVText.delimiter(of: "date,exercise\n") == ",")
  }
}
