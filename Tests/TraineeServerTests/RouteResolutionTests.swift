import Foundation
import Testing

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// `Router.admit(_:)` keeps the route it found in the request, so that the server's later steps
/// do not look it up again; what it kept is trusted only for the same router, method and path.
@Suite struct RouteResolutionTests {
  private static func router(_ names: [String: String]) -> Router {
    var router = Router()
    for (pattern, name) in names.sorted(by: { $0.key < $1.key }) {
      router.get(pattern) { request in
        .json(.ok, ["route": name, "id": request.pathParameters["id"] ?? ""])
      }
    }
    return router
  }

  private static func route(_ response: HTTPResponse) -> [String: String]? {
    try? JSONDecoder().decode([String: String].self, from: response.body)
  }

  @Test func admitKeepsTheRouteAndItsParametersForTheLaterSteps() throws {
    let router = Self.router(["/a/:id": "item", "/a/latest": "latest"])
    var head = HTTPRequest(method: .get, path: "/a/7")
    #expect(router.admit(&head) == nil)
    let kept = try #require(head.route)
    #expect(kept.parameters == ["id": "7"])
    #expect(Self.route(router.respond(to: head)) == ["route": "item", "id": "7"])
    #expect(router.routePattern(of: head) == "/a/:id")
  }

  @Test func aRequestWhosePathOrMethodChangedIsRoutedAgain() {
    let router = Self.router(["/a/:id": "item", "/a/latest": "latest"])
    var head = HTTPRequest(method: .get, path: "/a/7")
    _ = router.admit(&head)
    head.path = "/a/latest"
    #expect(Self.route(router.respond(to: head)) == ["route": "latest", "id": ""])
    head.path = "/a/7"
    head.method = .post
    #expect(router.respond(to: head).status == .methodNotAllowed)
  }

  @Test func anotherRoutersResolutionIsNotTrusted() {
    let first = Self.router(["/a/:id": "first"])
    let second = Self.router(["/a/:id": "second"])
    var head = HTTPRequest(method: .get, path: "/a/1")
    _ = first.admit(&head)
    #expect(Self.route(second.respond(to: head)) == ["route": "second", "id": "1"])
  }

  @Test func aRouterGivenMoreRoutesResolvesAgain() {
    var router = Self.router(["/a/:id": "item"])
    var head = HTTPRequest(method: .get, path: "/a/latest")
    _ = router.admit(&head)
    router.get("/a/latest") { _ in .json(.ok, ["route": "latest", "id": ""]) }
    #expect(Self.route(router.respond(to: head)) == ["route": "latest", "id": ""])
  }

  @Test func aKeptResolutionIsNotPartOfTheRequestsValue() {
    let router = Self.router(["/a/:id": "item"])
    let plain = HTTPRequest(method: .get, path: "/a/1")
    var admitted = plain
    _ = router.admit(&admitted)
    #expect(admitted.route != nil)
    #expect(admitted == plain)
  }

  /// A literal pattern is found without splitting the path; what it finds is what the general
  /// look-up finds (an escaped path, another method, a parameter route beside it).
  @Test func aLiteralRouteIsFoundAsTheGeneralLookUpFindsIt() {
    var router = Router()
    router.get("/a/latest") { _ in .json(.ok, ["route": "latest", "id": ""]) }
    router.delete("/a/:id") { request in
      .json(.ok, ["route": "delete", "id": request.pathParameters["id"] ?? ""])
    }
    let get = HTTPRequest(method: .get, path: "/a/latest")
    #expect(Self.route(router.respond(to: get)) == ["route": "latest", "id": ""])
    let escaped = HTTPRequest(method: .get, path: "/a/%6Catest")
    #expect(Self.route(router.respond(to: escaped)) == ["route": "latest", "id": ""])
    let delete = HTTPRequest(method: .delete, path: "/a/latest")
    #expect(Self.route(router.respond(to: delete)) == ["route": "delete", "id": "latest"])
    #expect(router.respond(to: HTTPRequest(method: .head, path: "/a/latest")).status == .ok)
    #expect(
      router.respond(to: HTTPRequest(method: .post, path: "/a/latest")).status == .methodNotAllowed)
  }
}
