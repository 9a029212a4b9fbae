// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history", "bodies are read once": `StrictJSON` checks every body
// byte by byte anyway, so it also keeps what it read as this tree, and `JSONTreeDecoder` decodes
// the wire types from it. Foundation's `JSONDecoder` read each body a second time and was a third
// of the cost of a day save.

/// One JSON value as `StrictJSON.parse` read it: member names unique, numbers finite.
package enum JSONTree: Sendable {
  case null
  case bool(Bool)
  case number(Number)
  case string(String)
  case array([JSONTree])
  /// The members in the order they were sent.
  case object([Member])

  /// A number as sent, and its value as a double.
  package struct Number: Sendable {
    /// The number's text in the body, such as `-12.5e3`.
    package var text: String
    /// The nearest double.
    package var value: Double
  }

  /// One member of an object.
  package struct Member: Sendable {
    package var name: String
    package var value: JSONTree
    /// Where the value's text is in the body, by byte offset.
    package var bytes: Range<Int>
  }

  /// What the value is, as an error message names it: `a string`, `number`, `an array`...
  package var kind: String {
    switch self {
    case .null: "null"
    case .bool: "bool"
    case .number: "number"
    case .string: "a string"
    case .array: "an array"
    case .object: "a dictionary"
    }
  }

  /// The value of the member `name` of an object; `nil` for another value or a missing member.
  package subscript(member name: String) -> Member? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.name == name }
  }
}
