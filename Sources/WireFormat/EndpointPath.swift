import Foundation

/// An endpoint's path as openapi.yaml writes it, such as `/v1/trainee/workouts/history/{id}`:
/// literal segments, and `{name}` segments each of which a request fills with one segment.
public struct EndpointPath: Hashable, Sendable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// One segment between two `/`.
  public enum Segment: Hashable, Sendable {
    /// A segment sent as written, such as `workouts`.
    case literal(String)
    /// A `{name}` segment, filled by each request.
    case parameter(String)
  }

  /// The segments after the leading `/`.
  public let segments: [Segment]
  /// The path as written, such as `/v1/foods/barcode/{code}`.
  public let description: String

  /// Parses `path`; a path is the table's, so a malformed one (no leading `/`, an unnamed or
  /// repeated parameter) stops the program.
  public init(stringLiteral path: String) {
    precondition(path.hasPrefix("/"), "Endpoint path \(path) must start with /")
    var names: Set<String> = []
    segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
      guard $0.hasPrefix("{"), $0.hasSuffix("}") else { return .literal(String($0)) }
      let name = String($0.dropFirst().dropLast())
      precondition(!name.isEmpty, "Endpoint path \(path) has an unnamed parameter")
      precondition(names.insert(name).inserted, "Endpoint path \(path) repeats {\(name)}")
      return .parameter(name)
    }
    description = path
  }

  /// The names of the `{name}` segments, in order.
  public var parameterNames: [String] {
    segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
  }

  /// The path with each parameter written by `parameter` from its name, such as `:id` for a
  /// router whose patterns name parameters that way.
  public func written(parameter: (String) -> String) -> String {
    "/"
      + segments.map {
        switch $0 {
        case .literal(let text): text
        case .parameter(let name): parameter(name)
        }
      }.joined(separator: "/")
  }

  /// The path a request is sent to: each `{name}` replaced by `values[name]` percent-encoded as
  /// one segment (a `/`, `?` or `#` in it escaped too); `nil` when a value is missing.
  public func filled(_ values: [String: String]) -> String? {
    var missing = false
    let path = written { name in
      guard let value = values[name] else {
        missing = true
        return ""
      }
      return Self.segment(value)
    }
    return missing ? nil : path
  }

  /// `value` percent-encoded for use as one path segment.
  static func segment(_ value: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "/?#")
    return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
  }
}
