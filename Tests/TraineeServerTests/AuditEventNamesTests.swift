import Foundation
import Testing
import TraineeData

/// The audit log's event names against openapi.yaml's `AuthEvent.event` enum: an event the
/// store writes that the contract does not list makes `GET /v1/operator/audit-events` answer
/// outside its schema (the operator's conformance run found `account_deleted` and
/// `account_deletion_failed` missing; docs/decisions/accounts.md, "The operator in the
/// conformance run").
struct AuditEventNamesTests {
  static let openAPI = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("openapi.yaml")

  /// The names in the `enum:` of `AuthEvent`'s `event` property, written as one flow list.
  static func documentedNames() throws -> Set<String> {
    let text = try String(contentsOf: openAPI, encoding: .utf8)
    guard let schema = text.range(of: "\n    AuthEvent:\n"),
      let event = text.range(of: "\n        event:\n", range: schema.upperBound..<text.endIndex),
      let open = text.range(of: "[", range: event.upperBound..<text.endIndex),
      let close = text.range(of: "]", range: open.upperBound..<text.endIndex)
    else {
      Issue.record("openapi.yaml has no enum of AuthEvent.event")
      return []
    }
    return Set(
      text[open.upperBound..<close.lowerBound].split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespacesAndNewlines)
      })
  }

  @Test func everyEventTheStoreWritesIsDocumentedAndNoOther() throws {
    let written = Set(AuthEventKind.allCases.map(\.rawValue))
    let documented = try Self.documentedNames()
    let undocumented = written.subtracting(documented).sorted()
    let unwritten = documented.subtracting(written).sorted()
    #expect(undocumented.isEmpty, "not in openapi.yaml: \(undocumented)")
    #expect(unwritten.isEmpty, "only in openapi.yaml: \(unwritten)")
  }
}
