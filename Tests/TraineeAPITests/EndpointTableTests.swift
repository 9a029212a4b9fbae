import Foundation
import Testing
import TraineeAPI

/// The endpoint table against openapi.yaml, both ways (docs/architecture.md, "One endpoint
/// table"): every endpoint of the table is an operation of openapi.yaml with the same
/// `operationId`, method and path, every operation is in the table, and each sends a body and
/// answers one where the other says so. No code in Sources writes a `/v1/` path but the table.
struct EndpointTableTests {
  static let openAPI = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("openapi.yaml")

  /// The table's entries as openapi.yaml would list them.
  static var tableOperations: Set<OpenAPIOperation> {
    Set(
      TraineeEndpoints.table.all.map {
        OpenAPIOperation(
          operationId: $0.name, method: $0.method.rawValue, path: $0.path.description,
          sendsBody: $0.sendsBody, answersBody: $0.answersBody)
      })
  }

  @Test func everyEndpointOfTheTableIsInOpenAPI() throws {
    let documented = try OpenAPIOperation.read(Self.openAPI)
    let missing = Self.tableOperations.subtracting(documented)
    #expect(missing.isEmpty, "in the table, not in openapi.yaml: \(missing.sorted())")
  }

  @Test func everyOperationOfOpenAPIIsInTheTable() throws {
    let documented = try OpenAPIOperation.read(Self.openAPI)
    #expect(documented.count >= 20)
    let missing = documented.subtracting(Self.tableOperations)
    #expect(missing.isEmpty, "in openapi.yaml, not in the table: \(missing.sorted())")
  }

  @Test func noCodeInSourcesSpellsAnAPIPathButTheTable() throws {
    let sources = Self.openAPI.deletingLastPathComponent().appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path))
    var spelled: [String] = []
    for case let file as String in files
    where file.hasSuffix(".swift") && !file.hasSuffix("TraineeAPI/TraineeEndpoints.swift") {
      let text = try String(
        contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains("/v1/") {
        spelled.append("\(file):\(number + 1)")
      }
    }
    #expect(spelled.isEmpty, "only comments may name a path outside the table: \(spelled)")
  }

  @Test func namesAndMethodsWithPathsAreUnique() {
    let all = TraineeEndpoints.table.all
    #expect(all.count == 86)
    #expect(Set(all.map(\.name)).count == all.count)
    #expect(Set(all.map { "\($0.method.rawValue) \($0.path)" }).count == all.count)
  }

  @Test func theReaderFindsWhatAnOperationDeclares() {
    let yaml = """
      openapi: 3.1.0
      paths:
        /v1/things/{id}:
          get:
            operationId: getThing
            responses:
              "200": { description: A thing. }
              "404": { $ref: "#/components/responses/NotFound" }
          delete:
            operationId: deleteThing
            requestBody:
              required: true
            responses:
              "204": { description: Gone. }
      components:
        schemas: {}
      """
    #expect(
      OpenAPIOperation.parse(yaml) == [
        OpenAPIOperation(
          operationId: "getThing", method: "GET", path: "/v1/things/{id}", sendsBody: false,
          answersBody: true),
        OpenAPIOperation(
          operationId: "deleteThing", method: "DELETE", path: "/v1/things/{id}",
          sendsBody: true, answersBody: false),
      ])
  }
}

/// One operation of openapi.yaml, as far as the endpoint table declares it.
struct OpenAPIOperation: Hashable, Comparable, CustomStringConvertible {
  var operationId: String
  var method: String
  var path: String
  /// Whether the operation has a `requestBody`.
  var sendsBody: Bool
  /// Whether its 2xx answers carry a body: false when its only 2xx is 204.
  var answersBody: Bool

  var description: String {
    "\(operationId) \(method) \(path) body: \(sendsBody), answer: \(answersBody)"
  }

  static func < (lhs: Self, rhs: Self) -> Bool { lhs.description < rhs.description }

  /// The operations of the OpenAPI document at `url`.
  static func read(_ url: URL) throws -> Set<OpenAPIOperation> {
    Set(parse(try String(contentsOf: url, encoding: .utf8)))
  }

  // NB: no YAML library is available; openapi.yaml writes its `paths` block in the one
  // indentation this reads: a path at 2 spaces, a method at 4, `operationId`, `requestBody` and
  // `responses` at 6, a status at 8.

  /// The operations of the `paths` block of `yaml`, in order.
  static func parse(_ yaml: String) -> [OpenAPIOperation] {
    let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options"]
    var operations: [OpenAPIOperation] = []
    var path = ""
    var inPaths = false
    var current: OpenAPIOperation?
    var inResponses = false
    var statuses: [String] = []
    func finish() {
      guard var operation = current else { return }
      operation.answersBody = statuses.contains { $0.hasPrefix("2") && $0 != "204" }
      operations.append(operation)
      current = nil
      statuses = []
    }
    for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
      let text = line.trimmingCharacters(in: .whitespaces)
      guard !text.isEmpty, !text.hasPrefix("#") else { continue }
      let indent = line.prefix { $0 == " " }.count
      let key = String(text.split(separator: ":", maxSplits: 1).first ?? "")
        .trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
      switch indent {
      case 0:
        finish()
        inPaths = text == "paths:"
      case 2 where inPaths:
        finish()
        path = key
      case 4 where inPaths:
        finish()
        inResponses = false
        guard methods.contains(key) else { continue }
        current = OpenAPIOperation(
          operationId: "", method: key.uppercased(), path: path, sendsBody: false,
          answersBody: false)
      case 6 where current != nil:
        inResponses = key == "responses"
        if key == "requestBody" { current?.sendsBody = true }
        if key == "operationId" {
          current?.operationId = text.dropFirst(key.count + 1)
            .trimmingCharacters(in: .whitespaces)
        }
      case 8 where current != nil && inResponses:
        statuses.append(key)
      default:
        continue
      }
    }
    finish()
    return operations
  }
}
