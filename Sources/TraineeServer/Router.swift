/// Routes requests by method and path pattern to handlers, and answers every failure as a JSON
/// error: 400 `invalid_path` for a path segment that cannot be decoded, 404 `not_found` for an
/// unknown path, 405 `method_not_allowed` with an `Allow` header
/// for a known path and another method, the `HTTPError` a handler throws, and 500
/// `internal_error` (naming nothing inside the server) for any other error thrown.
///
/// A `HEAD` request is answered by the `GET` route of its path unless a `HEAD` route exists.
public struct Router: Sendable {
  /// Answers one request whose `pathParameters` are set from the route's pattern.
  public typealias Handler = @Sendable (HTTPRequest) throws -> HTTPResponse

  private struct Route: Sendable {
    var method: HTTPMethod
    var pattern: RoutePattern
    var handler: Handler
  }

  private var routes: [Route] = []
  private let reportError: @Sendable (any Error, HTTPRequest) -> Void

  /// An empty router; `reportError` is told every error a handler throws that is not an
  /// `HTTPError` (to log it), on the request's thread.
  public init(reportError: @escaping @Sendable (any Error, HTTPRequest) -> Void = { _, _ in }) {
    self.reportError = reportError
  }

  /// Adds a route; a method and pattern can be registered once.
  public mutating func add(
    _ method: HTTPMethod, _ pattern: String, handler: @escaping Handler
  ) {
    let pattern = RoutePattern(pattern)
    precondition(
      !routes.contains { $0.method == method && $0.pattern == pattern },
      "Route \(method) \(pattern) is registered twice")
    routes.append(Route(method: method, pattern: pattern, handler: handler))
  }

  /// Adds a `GET` route.
  public mutating func get(_ pattern: String, handler: @escaping Handler) {
    add(.get, pattern, handler: handler)
  }

  /// Adds a `POST` route.
  public mutating func post(_ pattern: String, handler: @escaping Handler) {
    add(.post, pattern, handler: handler)
  }

  /// Adds a `PUT` route.
  public mutating func put(_ pattern: String, handler: @escaping Handler) {
    add(.put, pattern, handler: handler)
  }

  /// Adds a `DELETE` route.
  public mutating func delete(_ pattern: String, handler: @escaping Handler) {
    add(.delete, pattern, handler: handler)
  }

  /// The answer to `request`; never throws and never stops the program.
  public func respond(to request: HTTPRequest) -> HTTPResponse {
    // Split on the raw `/` first, then decode each segment (`RequestTarget`).
    guard let segments = RequestTarget(request.path).segments else {
      return .error(
        .badRequest, code: "invalid_path",
        message:
          "The path has a bad percent-escape, an encoded NUL or bytes that are not UTF-8.")
    }
    let path = segments.map { Substring($0) }
    let matches = routes.compactMap { route in
      request.path.hasPrefix("/") ? route.pattern.match(path).map { (route, $0) } : nil
    }
    guard !matches.isEmpty else {
      return .error(
        .notFound, code: "not_found", message: "No route for \(request.method) \(request.path).")
    }
    let chosen =
      Self.mostSpecific(matches.filter { $0.0.method == request.method })
      ?? (request.method == .head ? Self.mostSpecific(matches.filter { $0.0.method == .get }) : nil)
    guard let (route, parameters) = chosen else {
      var allowed = Set(matches.map(\.0.method.rawValue))
      if allowed.contains(HTTPMethod.get.rawValue) { allowed.insert(HTTPMethod.head.rawValue) }
      let list = allowed.sorted().joined(separator: ", ")
      var response = HTTPResponse.error(
        .methodNotAllowed, code: "method_not_allowed",
        message: "\(request.method) is not allowed on \(request.path); allowed: \(list).")
      response.headers["Allow"] = list
      return response
    }
    var routed = request
    routed.pathParameters = parameters
    do {
      return try route.handler(routed)
    } catch let error as HTTPError {
      return error.response
    } catch {
      reportError(error, routed)
      return .error(
        .internalServerError, code: "internal_error",
        message: "The server could not complete the request.")
    }
  }

  private static func mostSpecific(
    _ matches: [(Route, [String: String])]
  ) -> (Route, [String: String])? {
    matches.min { $0.0.pattern.isMoreSpecific(than: $1.0.pattern) }
  }
}
