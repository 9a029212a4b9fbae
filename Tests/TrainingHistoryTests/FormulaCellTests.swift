import Foundation
import Testing
import TraineeAPI
import WorkoutSession

@testable import TrainingHistory

/// Export cells a spreadsheet would run as formulas are written inert, and come back as they were.
struct FormulaCellTests {
  @Test(arguments: [
    ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"),
    ("+1+1", "'+1+1"), ("-2+3", "'-2+3"), ("@SUM(A1)", "'@SUM(A1)"), ("\tTab", "'\tTab"),
    ("\rReturn", "'\rReturn"), ("'=quoted", "''=quoted"), ("''+x", "'''+x"),
    // Not formulas: left as they are.
    ("Bench Press", "Bench Press"), ("-1", "-1"), ("+2.5", "+2.5"), ("'quoted", "'quoted"),
    ("a=b", "a=b"), ("", ""), ("-", "'-"), ("1-2", "1-2"),
  ])
  func formulaCellsAreMadeInert(text: String, written: String) {
    #expect(CSVText.inert(text) == written)
    #expect(CSVText.literal(written) == text)
  }

  @Test func theExportWritesNoCellASpreadsheetWouldRun() throws {
    var hostile = Fixtures.set(
      log: "1", day: 0, exercise: "@ex", name: "=cmd|' /C calc'!A0", type: .working)
    hostile.dayLabel = "+Push"
    hostile.rir = "-1+2"
    let export = HistoryExport(sets: [hostile], units: .metric)
    let records = try CSVText.records(export.csv)
    let cells = records.dropFirst().flatMap(\.fields)
    for cell in cells {
      let first = cell.first.map { "=+@\t\r".contains($0) } ?? false
      let signedText = cell.first == "-" && Double(cell) == nil
      #expect(!first && !signedText, "\(cell) would run as a formula")
    }
    #expect(records[1].fields[3] == "'=cmd|' /C calc'!A0")
    // Numbers stay numbers: the weight and reps are written as they were.
    #expect(records[1].fields[7] == "100")
    #expect(records[1].fields[8] == "5")
  }

  @Test func ownExportRoundTripsFormulaLikeTexts() throws {
    let names = ["=1+1", "'=1+1", "-Row", "@Home", "+", "-5", "Squat"]
    var sets: [LoggedSet] = []
    for (index, name) in names.enumerated() {
      var set = Fixtures.set(
        log: "1", day: 0, exercise: "=id\(index)", name: name, setNumber: index + 1)
      set.dayLabel = "=Day"
      set.rir = index.isMultiple(of: 2) ? "-1" : "=2"
      sets.append(set)
    }
    let export = HistoryExport(sets: sets, units: .metric)
    let (layout, read) = try ImportReader.read(export.csv, units: .metric, timeZone: Fixtures.utc)
    #expect(layout == .perform)
    #expect(read.map(\.set.exerciseName) == names)
    #expect(read.map(\.set.exerciseId) == sets.map(\.exerciseId))
    #expect(read.map(\.set.dayLabel) == sets.map(\.dayLabel))
    #expect(read.map(\.set.rir) == sets.map(\.rir))
    // The JSON form holds the texts as they are: JSON is not run by spreadsheets.
    let json = String(decoding: export.json, as: UTF8.self)
    #expect(json.contains("\"=1+1\""))
  }

  // docs/security.md, "Spreadsheet formulas in exports".
  @Test(arguments: [
    ("x;=1+1", "x;'=1+1"), ("a\t=1+1", "a\t'=1+1"), ("a,@SUM(A1)", "a,'@SUM(A1)"),
    ("x;'=1", "x;''=1"), ("x;\"=1", "x;'\"=1"), ("a\n+x", "a\n'+x"), ("a\r\n-x", "a\r\n'-x"),
    ("=a;=b", "'=a;'=b"), ("x;-1", "x;'-1"), ("-1;x", "'-1;x"), ("x;'-1", "x;''-1"), ("x;y", "x;y"),
    ("x;", "x;"), (";=", ";'="),
  ])
  func theTextAfterEachSeparatorIsGuardedToo(text: String, written: String) {
    #expect(CSVText.inert(text) == written)
    #expect(CSVText.literal(written) == text)
  }

  @Test(arguments: [",", ";", "\t"] as [Character])
  func noCellStartsAFormulaWhateverSeparatorTheSpreadsheetSplitsAt(separator: Character) throws {
    var sets: [LoggedSet] = []
    let names = ["x;=1+1", "x,=1+1", "x\t=1+1", "x;+1", "x;@SUM(A1)", "x;-2+3", "x;\"=1+1\""]
    for (index, name) in names.enumerated() {
      var set = Fixtures.set(
        log: "1", day: 0, exercise: "id;=\(index)", name: name, setNumber: index + 1)
      set.dayLabel = "Day;=HYPERLINK(\"http://x\")"
      set.rir = "2;=3"
      sets.append(set)
    }
    let export = HistoryExport(sets: sets, units: .metric)
    for cell in Self.spreadsheetCells(export.csv, separator: separator) {
      let first = cell.first.map { "=+@\t\r".contains($0) } ?? false
      let signedText = cell.first == "-" && Double(cell) == nil
      #expect(!first && !signedText, "\(cell) would run as a formula")
    }
    // The export still reads back as it was written.
    let (_, read) = try ImportReader.read(export.csv, units: .metric, timeZone: Fixtures.utc)
    #expect(read.map(\.set.exerciseName) == names)
    #expect(read.map(\.set.exerciseId) == sets.map(\.exerciseId))
    #expect(read.map(\.set.dayLabel) == sets.map(\.dayLabel))
    #expect(read.map(\.set.rir) == sets.map(\.rir))
  }

  /// The cells a spreadsheet reads from `csv` split at `separator`: a quote opens a quoted cell
  /// only at the cell's start (anywhere else it is text), and every line break ends a row.
  static func spreadsheetCells(_ csv: String, separator: Character) -> [String] {
    var cells: [String] = []
    for line in csv.split(whereSeparator: \.isNewline) {
      var rest = Substring(line)
      while true {
        var cell = ""
        if rest.first == "\"" {
          rest = rest.dropFirst()
          while let character = rest.first {
            rest = rest.dropFirst()
            if character == "\"" {
              if rest.first == "\"" {
                cell.append("\"")
                rest = rest.dropFirst()
              } else {
                break
              }
            } else {
              cell.append(character)
            }
          }
        }
        let end = rest.firstIndex(of: separator) ?? rest.endIndex
        cell += rest[..<end]
        cells.append(cell)
        guard end < rest.endIndex else { break }
        rest = rest[rest.index(after: end)...]
      }
    }
    return cells
  }
}
