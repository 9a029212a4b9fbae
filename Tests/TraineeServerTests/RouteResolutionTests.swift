import Foundation
import Testing

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
}
