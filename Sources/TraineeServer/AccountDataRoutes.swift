import HTTPServer
import TraineeAPI

// NB: docs/decisions/accounts.md, "The routes": the export and the deletion of an account are
// built on their own branch; until then they answer 501 `not_implemented` after the token check,
// so the endpoint table is served whole.

extension TraineeAPIRoutes {
  /// Registers `exportAccount` and `deleteAccount`.
  func registerAccountDataRoutes(on router: inout Router) {
    router.addNotImplemented(endpoints.exportAccount)
    router.addNotImplemented(endpoints.deleteAccount)
  }
}

extension Router {
  /// Registers `endpoint` to answer 501 `not_implemented` to any request whose token is present
  /// (a request without one is 401, as on every route that needs one).
  mutating func addNotImplemented<Request, Answer>(_ endpoint: Endpoint<Request, Answer>) {
    add(
      endpoint.httpMethod, endpoint.routePattern,
      admission: { request in _ = try bearerToken(request) },
      body: Request.self == NoBody.self ? .takesNone : .afterAdmission
    ) { _ in
      .error(
        HTTPStatus(501), code: "not_implemented",
        message: "This server does not serve \(endpoint.method.rawValue) \(endpoint.path) yet.")
    }
  }
}
