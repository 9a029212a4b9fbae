/// Routes requests by method and path pattern to handlers, and answers every failure as a JSON
/// error: 400 `invalid_path` for a path segment that cannot be decoded, 404 `not_found` for an
/// unknown path, 405 `method_not_allowed` with an `Allow` header
/// for a known path and another method, the `HTTPError` a handler throws, and 500
/// `internal_error` (naming nothing inside the server) for any other error thrown; an error that
/// renders its own answer (`HTTPResponseError`) is answered with it.
///
/// A `HEAD` request is answered by the `GET` route of its path unless a `HEAD` route exists.
public struct Router: Sendable {
  /// Answers one request whose `pathParameters` are set from the route's pattern.
  public typealias Handler = @Sendable (HTTPRequest) throws -> HTTPResponse

  /// Checks a request whose headers are in, before its body is read; throws to refuse it. What
  /// it finds for the handler it may keep in the request (`HTTPRequest.admission`).
  public typealias Admission = @Sendable (inout HTTPRequest) throws -> Void

  /// The answer to a complete request when it is kept and current, found without waiting for
  /// anything but a local read; `nil` (or a throw) lets the route's handler answer it.
  public typealias KeptAnswer = @Sendable (HTTPRequest) throws -> HTTPResponse?

  private struct Route: Sendable {
    var method: HTTPMethod
    var pattern: RoutePattern
    var admission: Admission?
    var body: BodyAcceptance
    var isExemptFromLimits = false
    var kept: KeptAnswer?
    /// Whether `kept` reads the store (a token, an answer version) or nothing at all.
    var keptReadsStore = true
    var handler: Handler
  }

  /// What tells this router's resolutions from another's.
  final class Table: Sendable {}

  private var routes: [Route] = []
  private var table = Table()
  /// The routes whose patterns have no `:name` segment, by method and pattern: a path without a
  /// percent-escape that is one of them reaches it (a literal pattern is more specific than any
  /// other that matches), found without splitting or decoding the path.
  private var literalRoutes: [LiteralRoute: Int] = [:]

  private struct LiteralRoute: Hashable {
    var method: HTTPMethod
    var path: String
  }
  private let reportError: @Sendable (any Error, HTTPRequest) -> Void

  /// An empty router; `reportError` is told every error a handler throws that is not an
  /// `HTTPError` (to log it), on the request's thread.
  public init(reportError: @escaping @Sendable (any Error, HTTPRequest) -> Void = { _, _ in }) {
    self.reportError = reportError
  }

  /// Adds a route; a method and pattern can be registered once. `admission` runs when the
  /// request's headers are in, before its body is read (`admit(_:)`), to refuse early; it is
  /// never the only guard: `handler` makes every check it relies on itself.
  /// `body` says whether the route reads a body and from which budget (`BodyAcceptance`); by
  /// default a route with an admission reads one after it, and a route without takes none.
  /// `kept`, when given, answers the request from what is kept (`respondFromKept(to:)`).
  public mutating func add(
    _ method: HTTPMethod, _ pattern: String, admission: Admission? = nil,
    body: BodyAcceptance? = nil, kept: KeptAnswer? = nil, handler: @escaping Handler
  ) {
    let pattern = RoutePattern(pattern)
    precondition(
      !routes.contains { $0.method == method && $0.pattern == pattern },
      "Route \(method) \(pattern) is registered twice")
    let body = body ?? (admission == nil ? .takesNone : .afterAdmission)
    precondition(
      Self.readsItsBody(body, afterAnAdmission: admission != nil),
      "Route \(method) \(pattern) reads its body after an admission it does not have")
    routes.append(
      Route(
        method: method, pattern: pattern, admission: admission, body: body, kept: kept,
        handler: handler))
    if pattern.segments.allSatisfy({ if case .literal = $0 { true } else { false } }) {
      literalRoutes[LiteralRoute(method: method, path: pattern.description)] = routes.count - 1
    }
    table = Table()
  }

  /// Whether a route taking `body` can be registered, having an admission or not: one that reads
  /// its body after an admission must have one.
  static func readsItsBody(_ body: BodyAcceptance, afterAnAdmission hasAdmission: Bool) -> Bool {
    // NB: docs/security.md, "Bodies before the token": the shared budget is only for bodies
    // whose request an admission has accepted.
    body != .afterAdmission || hasAdmission
  }

  /// Adds a `GET` route.
  public mutating func get(_ pattern: String, handler: @escaping Handler) {
    add(.get, pattern, handler: handler)
  }

  /// Adds a `GET` route that no per-client limit applies to: a health check an orchestrator or
  /// a load balancer must reach even when the server is busy. `answersAtOnce`: the handler reads
  /// nothing (no store, no file), so it is also the route's kept answer, sent without a worker
  /// whatever the store (`respondFromKept(to:storeIsLocal:)`).
  public mutating func getExemptFromLimits(
    _ pattern: String, answersAtOnce: Bool = false, handler: @escaping Handler
  ) {
    getExemptFromLimits(pattern, kept: answersAtOnce ? handler : nil, handler: handler)
  }

  /// Adds a `GET` route that no per-client limit applies to (as
  /// `getExemptFromLimits(_:answersAtOnce:handler:)`), with `kept` its kept answer: it must read
  /// nothing but memory, since it is asked on MHD's thread whatever the store; `nil` from it
  /// hands the request to `handler` on a worker.
  public mutating func getExemptFromLimits(
    _ pattern: String, kept: KeptAnswer?, handler: @escaping Handler
  ) {
    add(.get, pattern, kept: kept, handler: handler)
    routes[routes.count - 1].isExemptFromLimits = true
    routes[routes.count - 1].keptReadsStore = false
    table = Table()
  }

  /// The pattern of the route `request` reaches (`/v1/trainee/workouts/history/:id`), for logs
  /// that must not hold ids; `nil` when none does.
  public func routePattern(of request: HTTPRequest) -> String? {
    guard case .success(let (index, _)) = resolve(request) else { return nil }
    return routes[index].pattern.description
  }

  /// What the route `request` reaches accepts as a body; `takesNone` when it reaches none (the
  /// server has answered it from its headers then: `admit(_:)`).
  public func bodyAcceptance(of request: HTTPRequest) -> BodyAcceptance {
    guard case .success(let (index, _)) = resolve(request) else { return .takesNone }
    return routes[index].body
  }

  /// Whether `request` reaches a route no per-client limit applies to.
  public func isExemptFromLimits(_ request: HTTPRequest) -> Bool {
    guard case .success(let (index, _)) = resolve(request) else { return false }
    return routes[index].isExemptFromLimits
  }

  /// Adds a `POST` route with no admission: served over HTTP it takes no body
  /// (`BodyAcceptance.takesNone`); one that does is added with `add(_:_:admission:body:kept:handler:)`.
  public mutating func post(_ pattern: String, handler: @escaping Handler) {
    add(.post, pattern, handler: handler)
  }

  /// Adds a `PUT` route with no admission, taking no body over HTTP (as `post(_:handler:)`).
  public mutating func put(_ pattern: String, handler: @escaping Handler) {
    add(.put, pattern, handler: handler)
  }

  /// Adds a `DELETE` route.
  public mutating func delete(_ pattern: String, handler: @escaping Handler) {
    add(.delete, pattern, handler: handler)
  }

  // NB: the server reads a body only for a request that may be answered: the path, the route,
  // the method and the route's admission (an authenticated route's token) are checked from the
  // headers alone, so an unauthenticated client cannot make the server buffer a body, nor get
  // `100 Continue` for one.

  /// The answer to a request whose headers are in and whose body is not read yet, when it is
  /// known already: a path that cannot be decoded, no route, a method not allowed, or the
  /// route's admission refusing it (401 for a bad token). `nil`: read the body, then `respond`.
  public func admit(_ head: HTTPRequest) -> HTTPResponse? {
    var head = head
    return admit(&head)
  }

  /// `admit(_:)`, keeping in `head` the route it reaches, so that the later steps of the same
  /// request (`isExemptFromLimits`, `respondFromKept`, `respond`, `routePattern`) do not look it
  /// up again; the server calls this one.
  public func admit(_ head: inout HTTPRequest) -> HTTPResponse? {
    switch resolve(head) {
    case .failure(let refusal):
      return refusal.response
    case .success(let (index, parameters)):
      head.route = RouteResolution(
        table: table, routeCount: routes.count, method: head.method, path: head.path,
        index: index, parameters: parameters)
      guard let admission = routes[index].admission else { return nil }
      var routed = head
      routed.pathParameters = parameters
      do {
        try admission(&routed)
        head.admission = routed.admission
        head.account = routed.account
        return nil
      } catch {
        return answer(error, to: routed)
      }
    }
  }

  /// The answer to `request`; never throws and never stops the program.
  public func respond(to request: HTTPRequest) -> HTTPResponse {
    switch resolve(request) {
    case .failure(let refusal):
      return refusal.response
    case .success(let (index, parameters)):
      var routed = request
      routed.pathParameters = parameters
      do {
        return try routes[index].handler(routed)
      } catch {
        return answer(error, to: routed)
      }
    }
  }

  /// The answer to `request` as `respondConditionally(to:)` gives it, when its route's kept
  /// answer is current; `nil` otherwise (no such route, nothing kept, stale, or any error: the
  /// handler then answers, on a worker). `storeIsLocal`: the store's reads are local (SQLite),
  /// so a kept answer that checks the store is looked up; otherwise (PostgreSQL, a round trip)
  /// only routes that read nothing are answered.
  public func respondFromKept(to request: HTTPRequest, storeIsLocal: Bool = true) -> HTTPResponse? {
    guard case .success(let (index, parameters)) = resolve(request),
      let kept = routes[index].kept, storeIsLocal || !routes[index].keptReadsStore
    else {
      return nil
    }
    var routed = request
    routed.pathParameters = parameters
    return (try? kept(routed))?.answering(conditional: request)
  }

  private func answer(_ error: any Error, to request: HTTPRequest) -> HTTPResponse {
    let rendered = error as? any HTTPResponseError
    if rendered?.isServerFault ?? true { reportError(error, request) }
    return rendered?.response ?? .internalError
  }

  /// The index of the route `request` reaches with its path parameters, or the error answer;
  /// the route `admit(_:)` kept in the request when it is this router's, for this method and path.
  private func resolve(_ request: HTTPRequest) -> Result<(Int, [String: String]), RoutingRefusal> {
    if let kept = request.route, kept.table === table, kept.routeCount == routes.count,
      kept.method == request.method, kept.path == request.path
    {
      return .success((kept.index, kept.parameters))
    }
    if let index = literalRoutes[LiteralRoute(method: request.method, path: request.path)],
      !request.path.utf8.contains(UInt8(ascii: "%"))
    {
      return .success((index, [:]))
    }
    // Split on the raw `/` first, then decode each segment (`RequestTarget`).
    guard let segments = RequestTarget(request.path).segments else {
      return .failure(
        RoutingRefusal(
          response: .error(
            .badRequest, code: "invalid_path",
            message:
              "The path has a bad percent-escape, an encoded NUL or bytes that are not UTF-8.")))
    }
    let path = segments.map { Substring($0) }
    // NB: by index, so that no route is copied (a copy retains each route's closures; copying
    // every route four times per request showed in profiles).
    let matches =
      request.path.utf8.first == UInt8(ascii: "/")
      ? routes.indices.compactMap { index in
        routes[index].pattern.match(path).map { (index, $0) }
      } : []
    guard !matches.isEmpty else {
      return .failure(
        RoutingRefusal(
          response: .error(
            .notFound, code: "not_found",
            message: "No route for \(request.method) \(request.path).")))
    }
    let chosen =
      mostSpecific(matches.filter { routes[$0.0].method == request.method })
      ?? (request.method == .head
        ? mostSpecific(matches.filter { routes[$0.0].method == .get }) : nil)
    guard let chosen else {
      var allowed = Set(matches.map { routes[$0.0].method.rawValue })
      if allowed.contains(HTTPMethod.get.rawValue) { allowed.insert(HTTPMethod.head.rawValue) }
      let list = allowed.sorted().joined(separator: ", ")
      var response = HTTPResponse.error(
        .methodNotAllowed, code: "method_not_allowed",
        message: "\(request.method) is not allowed on \(request.path); allowed: \(list).")
      response.headers["Allow"] = list
      return .failure(RoutingRefusal(response: response))
    }
    return .success(chosen)
  }

  private func mostSpecific(_ matches: [(Int, [String: String])]) -> (Int, [String: String])? {
    matches.min { routes[$0.0].pattern.isMoreSpecific(than: routes[$1.0].pattern) }
  }
}

/// Where a request's route was found: kept in the request by `Router.admit(_:)`, and trusted only
/// by the same router (same routes) for the same method and path.
struct RouteResolution: Sendable {
  let table: Router.Table
  let routeCount: Int
  let method: HTTPMethod
  let path: String
  let index: Int
  let parameters: [String: String]
}

/// The error answer routing gives (a bad path, no route, a method not allowed).
private struct RoutingRefusal: Error {
  var response: HTTPResponse
}
