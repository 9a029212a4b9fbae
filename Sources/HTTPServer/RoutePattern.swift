/// A route's path pattern, such as `/v1/trainee/workouts/history/:id`: literal segments match
/// themselves and a `:name` segment matches any one non-empty segment, binding it to `name`.
struct RoutePattern: Equatable, Sendable, CustomStringConvertible {
  enum Segment: Equatable, Sendable {
    case literal(String)
    case parameter(String)
  }

  let segments: [Segment]
  let description: String

  /// Parses `pattern`; a pattern is the programmer's, so a malformed one stops the program.
  init(_ pattern: String) {
    precondition(pattern.hasPrefix("/"), "Route pattern \(pattern) must start with /")
    var names: Set<String> = []
    segments = pattern.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
      guard $0.hasPrefix(":") else { return .literal(String($0)) }
      let name = String($0.dropFirst())
      precondition(!name.isEmpty, "Route pattern \(pattern) has an unnamed parameter")
      precondition(names.insert(name).inserted, "Route pattern \(pattern) repeats :\(name)")
      return .parameter(name)
    }
    description = pattern
  }

  /// The parameters bound when `path` (split on `/`, without the leading empty segment)
  /// matches, or `nil`.
  func match(_ path: [Substring]) -> [String: String]? {
    guard path.count == segments.count else { return nil }
    var parameters: [String: String] = [:]
    for (segment, part) in zip(segments, path) {
      switch segment {
      case .literal(let literal):
        guard part == literal else { return nil }
      case .parameter(let name):
        guard !part.isEmpty else { return nil }
        parameters[name] = String(part)
      }
    }
    return parameters
  }

  /// Whether this pattern is preferred over `other` when both match a path: the first segment
  /// where they differ in kind is a literal here (`/history/latest` beats `/history/:id`).
  func isMoreSpecific(than other: RoutePattern) -> Bool {
    for (mine, theirs) in zip(segments, other.segments) {
      switch (mine, theirs) {
      case (.literal, .parameter): return true
      case (.parameter, .literal): return false
      default: continue
      }
    }
    return false
  }
}
