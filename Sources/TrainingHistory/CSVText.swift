import Foundation

// NB: RFC 4180: records end with CRLF (a lone LF or CR is read as an end too, as spreadsheets
// write them), a field holding the delimiter, a quote or a line break is quoted, and a quote
// inside a quoted field is doubled. Text is UTF-8; a leading byte order mark is skipped.

/// One record of a CSV text: its fields and the line it starts on.
public struct CSVRecord: Equatable, Sendable {
  /// The line, from 1, the record starts on (a quoted line break makes a record span lines).
  public var line: Int
  public var fields: [String]

  /// A record starting on `line`.
  public init(line: Int, fields: [String]) {
    self.line = line
    self.fields = fields
  }
}

/// Reading and writing RFC 4180 CSV.
public enum CSVText {
  /// The records of `text`, separated by `delimiter` (`,` or `;`); empty lines are skipped. Text
  /// that is not CSV throws the import's own problem, naming the line.
  public static func records(
    _ text: String, delimiter: Character = ","
  ) throws(ImportProblem) -> [CSVRecord] {
    var records: [CSVRecord] = []
    var fields: [String] = []
    var field = ""
    var line = 1
    var recordLine = 1
    var inQuotes = false
    var fieldWasQuoted = false
    var afterClosingQuote = false
    var scalars = Array(text.unicodeScalars)
    if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
    let delimiter = delimiter.unicodeScalars.first!

    func endRecord() {
      fields.append(field)
      if !(fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted) {
        records.append(CSVRecord(line: recordLine, fields: fields))
      }
      fields = []
      field = ""
      fieldWasQuoted = false
      afterClosingQuote = false
    }

    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      if inQuotes {
        if scalar == "\"" {
          if index < scalars.count, scalars[index] == "\"" {
            field.unicodeScalars.append("\"")
            index += 1
          } else {
            inQuotes = false
            afterClosingQuote = true
          }
        } else {
          if scalar == "\n"
            || (scalar == "\r" && (index >= scalars.count || scalars[index] != "\n"))
          {
            line += 1
          }
          field.unicodeScalars.append(scalar)
        }
        continue
      }
      switch scalar {
      case delimiter:
        fields.append(field)
        field = ""
        fieldWasQuoted = false
        afterClosingQuote = false
      case "\r", "\n":
        if scalar == "\r", index < scalars.count, scalars[index] == "\n" { index += 1 }
        endRecord()
        line += 1
        recordLine = line
      case "\"":
        guard field.isEmpty, !fieldWasQuoted else {
          throw ImportProblem(line: line, problem: "a quote inside an unquoted field")
        }
        inQuotes = true
        fieldWasQuoted = true
      default:
        guard !afterClosingQuote else {
          throw ImportProblem(line: line, problem: "text after a closing quote")
        }
        field.unicodeScalars.append(scalar)
      }
    }
    if inQuotes {
      throw ImportProblem(line: recordLine, problem: "a quoted field is never closed")
    }
    if !field.isEmpty || fieldWasQuoted || !fields.isEmpty { endRecord() }
    return records
  }

  /// `fields` as one CSV line ending in CRLF, each field quoted when it needs to be.
  public static func line(_ fields: [String], delimiter: Character = ",") -> String {
    fields.map { quoted($0, delimiter: delimiter) }.joined(separator: String(delimiter)) + "\r\n"
  }

  /// `field` as written in CSV: in quotes, with quotes doubled, when it holds the delimiter, a
  /// quote, a line break, or spaces at either end; else as it is.
  public static func quoted(_ field: String, delimiter: Character = ",") -> String {
    let needsQuotes =
      field.contains(delimiter) || field.contains("\"") || field.contains("\n")
      || field.contains("\r") || field.first == " " || field.last == " "
    guard needsQuotes else { return field }
    return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  // NB: docs/decisions/history-progress-and-moving-data.md "History export and import", formulas: a
  // text cell a spreadsheet would run as a formula (one starting with `=`, `+`, `-`, `@`, a tab or
  // a carriage return) is written after an apostrophe, the mark spreadsheets read as "text"; a
  // plain number such as `-1` is a number, not a formula, and stays as it is. A cell that already
  // starts with apostrophes before such a character gets one more, so reading takes exactly one
  // away and every text comes back as it was.
  // NB: docs/security.md, "Spreadsheet formulas in exports": a spreadsheet may split the file at
  // another separator than the comma it was written with (`;` in many European locales, a tab),
  // taking quotes in the middle of its cell as text, and a line break in a field ends its row. So
  // the text after each `,`, `;`, tab or line break inside a field can start a cell too, and is
  // guarded the same way: `x;=1+1` is written `x;'=1+1`. Quotes before the formula's character are
  // skipped like apostrophes (a cell may start with a quote that reads as an opening one). There a
  // number is no exception: the cell it starts runs on into the fields after it (`x;+1` and the
  // next field read `+1,...`), so `x;-1` is written `x;'-1`.

  /// The characters that make a spreadsheet read a cell as a formula.
  static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]

  /// The characters after which a spreadsheet may start a new cell: the separators it may split
  /// at and line breaks.
  static let cellBreaks: Set<Character> = [",", ";", "\t", "\n", "\r", "\r\n"]

  /// Whether `field`, after any leading apostrophes and quotes, starts as a formula and is not a
  /// plain number (a number counts too when `numbersToo`).
  static func looksLikeFormula(_ field: String, numbersToo: Bool = false) -> Bool {
    let rest = field.drop { $0 == "'" || $0 == "\"" }
    guard let first = rest.first, formulaStarts.contains(first) else { return false }
    return numbersToo || !isPlainNumber(rest)
  }

  /// `-12`, `+3.5`: a sign, digits and at most one decimal point with digits after it.
  static func isPlainNumber(_ text: Substring) -> Bool {
    var body = text
    if body.first == "-" || body.first == "+" { body = body.dropFirst() }
    let parts = body.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count) else { return false }
    return parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
  }

  /// Whether a spreadsheet would run the cell that may start at `index` of `characters`: the
  /// field's start (a cell of its own, where a plain number is a number), or the text after a
  /// cell break (which runs on into the next fields, so a number there is guarded too).
  private static func runsAsFormula(_ characters: [Character], at index: Int) -> Bool {
    if index == 0 { return looksLikeFormula(String(characters)) }
    guard cellBreaks.contains(characters[index - 1]) else { return false }
    return looksLikeFormula(String(characters[index...]), numbersToo: true)
  }

  /// A text cell as exported: an apostrophe before its start and before the text after each cell
  /// break inside it, where a spreadsheet would run that text as a formula.
  public static func inert(_ field: String) -> String {
    guard field.contains(where: cellBreaks.contains) else {
      return looksLikeFormula(field) ? "'" + field : field
    }
    let characters = Array(field)
    var written = ""
    for index in characters.indices {
      if runsAsFormula(characters, at: index) { written.append("'") }
      written.append(characters[index])
    }
    return written
  }

  /// A text cell as `inert(_:)` wrote it, back as it was.
  public static func literal(_ field: String) -> String {
    guard field.contains(where: cellBreaks.contains) else {
      return field.first == "'" && looksLikeFormula(field) ? String(field.dropFirst()) : field
    }
    let characters = Array(field)
    var read = ""
    for index in characters.indices {
      if characters[index] == "'", runsAsFormula(characters, at: index) { continue }
      read.append(characters[index])
    }
    return read
  }

  /// The delimiter of a CSV text, read from its first line: `;` when that line has semicolons
  /// outside quotes and no commas (Strong's older exports), else `,`.
  public static func delimiter(of text: String) -> Character {
    var inQuotes = false
    var commas = 0
    var semicolons = 0
    for scalar in text.unicodeScalars {
      if scalar == "\"" { inQuotes.toggle() }
      if inQuotes { continue }
      if scalar == "\n" || scalar == "\r" { break }
      if scalar == "," { commas += 1 }
      if scalar == ";" { semicolons += 1 }
    }
    return semicolons > 0 && commas == 0 ? ";" : ","
  }
}
