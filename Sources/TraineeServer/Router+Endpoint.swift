import HTTPServer
import TraineeAPI

// NB: docs/architecture.md, "One endpoint table": the server registers every route of the trainee
// API from its endpoint in TraineeAPI's table, so no path is written on this side.

extension EndpointPath {
  /// The router's pattern of this path: each `{name}` written `:name`
  /// (`/v1/trainee/workouts/history/:id`).
  public var routePattern: String { written { ":" + $0 } }
}

extension Endpoint {
  /// The router's pattern of this endpoint's path (`EndpointPath.routePattern`).
  public var routePattern: String { path.routePattern }

  /// The router's method of this endpoint.
  public var httpMethod: HTTPMethod { HTTPMethod(rawValue: method.rawValue) }
}

extension Router {
  /// Registers `endpoint`, a `GET` that no per-client limit applies to
  /// (`getExemptFromLimits(_:answersAtOnce:handler:)`).
  mutating func addExemptFromLimits<Answer>(
    _ endpoint: Endpoint<NoBody, Answer>, answersAtOnce: Bool = false,
    handler: @escaping Handler
  ) {
    precondition(endpoint.method == .get, "\(endpoint.path) is exempt from limits but not a GET")
    getExemptFromLimits(endpoint.routePattern, answersAtOnce: answersAtOnce, handler: handler)
  }

  /// Registers `endpoint`, a `GET` that no per-client limit applies to, with `kept` its answer
  /// from memory (`getExemptFromLimits(_:kept:handler:)`).
  mutating func addExemptFromLimits<Answer>(
    _ endpoint: Endpoint<NoBody, Answer>, kept: @escaping KeptAnswer,
    handler: @escaping Handler
  ) {
    precondition(endpoint.method == .get, "\(endpoint.path) is exempt from limits but not a GET")
    getExemptFromLimits(endpoint.routePattern, kept: kept, handler: handler)
  }
}

extension TraineeAPIRoutes {
  /// The endpoint table the routes are registered from.
  var endpoints: TraineeEndpoints { .table }
}
