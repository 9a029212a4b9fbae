import Foundation
import Synchronization
import Testing
import TraineeAPI
import TraineeData
import TraineeServer

@testable import HTTPServer

private struct Failure: Error {
  var secret = "SQLITE_CORRUPT at /var/lib/perform/perform.sqlite"
}

struct RouteHit: Codable, Equatable, Sendable {
  var route: String
  var parameters: [String: String]
}

/// Answers with the route's name and the bound parameters.
private func named(_ route: String) -> Router.Handler {
  { .json(.ok, RouteHit(route: route, parameters: $0.pathParameters)) }
}

private func workoutsRouter() -> Router {
  var router = Router()
  router.get("/v1/trainee/workouts", handler: named("list"))
  router.get("/v1/trainee/workouts/history/:id", handler: named("history item"))
  router.get("/v1/trainee/workouts/history/latest", handler: named("latest"))
  router.delete("/v1/trainee/workouts/log/:id", handler: named("delete log"))
  router.post("/v1/trainee/workouts/log", handler: named("log"))
  router.post("/v1/trainee/technique-videos/:videoId/feedback-seen", handler: named("seen"))
  router.put("/v1/trainee/nutrition/day", handler: named("put day"))
  router.get("/v1/trainee/nutrition/day", handler: named("get day"))
  return router
}

private let internalError = HTTPResponse.error(
  .internalServerError, code: "internal_error",
  message: "The server could not complete the request.")

struct RouterTests {
  @Test(arguments: [
    (HTTPMethod.get, "/v1/trainee/workouts", RouteHit(route: "list", parameters: [:])),
    (
      .get, "/v1/trainee/workouts/history/42",
      RouteHit(route: "history item", parameters: ["id": "42"])
    ),
    (.get, "/v1/trainee/workouts/history/latest", RouteHit(route: "latest", parameters: [:])),
    (
      .head, "/v1/trainee/workouts/history/7",
      RouteHit(route: "history item", parameters: ["id": "7"])
    ),
    (
      .delete, "/v1/trainee/workouts/log/a b",
      RouteHit(route: "delete log", parameters: ["id": "a b"])
    ),
    (.post, "/v1/trainee/workouts/log", RouteHit(route: "log", parameters: [:])),
    (
      .post, "/v1/trainee/technique-videos/v-9/feedback-seen",
      RouteHit(route: "seen", parameters: ["videoId": "v-9"])
    ),
    (.put, "/v1/trainee/nutrition/day", RouteHit(route: "put day", parameters: [:])),
  ])
  func routesByMethodAndPattern(method: HTTPMethod, path: String, expected: RouteHit) {
    let response = workoutsRouter().respond(to: HTTPRequest(method: method, path: path))
    #expect(response == .json(.ok, expected))
  }

  @Test(arguments: [
    "/", "", "/v1", "/v1/trainee/workouts/", "/v1/trainee/workouts/history",
    "/v1/trainee/workouts/history/", "/v1/trainee/workouts/history/1/2", "v1/trainee/workouts",
  ])
  func unknownPathsAnswer404(path: String) {
    let response = workoutsRouter().respond(to: HTTPRequest(method: .get, path: path))
    #expect(response == .error(.notFound, code: "not_found", message: "No route for GET \(path)."))
  }

  @Test(arguments: [
    (HTTPMethod.post, "/v1/trainee/workouts", "GET, HEAD"),
    (.patch, "/v1/trainee/nutrition/day", "GET, HEAD, PUT"),
    (.get, "/v1/trainee/workouts/log/3", "DELETE"),
    (HTTPMethod(rawValue: "BREW"), "/v1/trainee/workouts/log", "POST"),
  ])
  func aKnownPathWithAnotherMethodAnswers405(method: HTTPMethod, path: String, allow: String) {
    let response = workoutsRouter().respond(to: HTTPRequest(method: method, path: path))
    var expected = HTTPResponse.error(
      .methodNotAllowed, code: "method_not_allowed",
      message: "\(method) is not allowed on \(path); allowed: \(allow).")
    expected.headers["Allow"] = allow
    #expect(response == expected)
  }

  @Test func aThrowingHandlerAnswers500NamingNothingInside() throws {
    let reported = Mutex<[String]>([])
    var router = Router { error, request in
      reported.withLock { $0.append("\(request.path): \(error)") }
    }
    router.get("/boom") { _ in throw Failure() }
    let response = router.respond(to: HTTPRequest(method: .get, path: "/boom"))
    #expect(response == internalError)
    #expect(!String(decoding: response.body, as: UTF8.self).contains("SQLITE"))
    #expect(reported.withLock { $0 } == ["/boom: \(Failure())"])
  }

  @Test func aThrownHTTPErrorAnswersItself() {
    var router = Router()
    router.post("/things") { request in
      struct Thing: Decodable { var count: Int }
      return .json(.created, ["count": try request.decodeJSON(Thing.self).count])
    }
    let wrongType = HTTPRequest(method: .post, path: "/things", body: Data(#"{"count":"x"}"#.utf8))
    let valid = HTTPRequest(method: .post, path: "/things", body: Data(#"{"count":3}"#.utf8))
    #expect(
      router.respond(to: wrongType)
        == .error(.badRequest, code: "invalid_body", message: "Body: count is not a number."))
    #expect(router.respond(to: valid) == .json(.created, ["count": 3]))
  }

  @Test func errorBodiesHaveTheWireShape() {
    let response = HTTPResponse.error(.notFound, code: "not_found", message: "No trainee 7.")
    #expect(response.headers["content-type"] == "application/json")
    #expect(
      String(decoding: response.body, as: UTF8.self)
        == #"{"error":{"code":"not_found","message":"No trainee 7."}}"#)
  }

  @Test func unknownRoutesAndMethodsAnswerJSONOverTheWire() async throws {
    let server = try LoopbackServer(router: workoutsRouter())
    let client = LoopbackClient(port: server.port)
    let (missing, _) = try await client.send("GET", "/v1/nope")
    #expect(
      missing
        == Answer(
          status: 404, contentType: "application/json",
          body: HTTPResponse.error(
            .notFound, code: "not_found", message: "No route for GET /v1/nope."
          ).body))
    let (wrong, response) = try await client.send("DELETE", "/v1/trainee/workouts")
    #expect(wrong.status == 405)
    #expect(wrong.error?.error.code == "method_not_allowed")
    #expect(response.value(forHTTPHeaderField: "Allow") == "GET, HEAD")
  }

  @Test func noRouteCanStopTheServer() async throws {
    var router = Router()
    router.get("/throws") { _ in throw Failure() }
    router.get("/http-error") { _ in throw HTTPError(.conflict, code: "conflict", message: "No.") }
    router.get("/status-42") { _ in HTTPResponse(status: 42) }
    router.get("/status-1000") { _ in HTTPResponse(status: 1000, body: Data("x".utf8)) }
    router.get("/header-injection") { _ in
      HTTPResponse(status: .ok, headers: ["X-Evil": "a\r\nSet-Cookie: b=c", "X-Good": "ok"])
    }
    router.get("/bad-header-name") { _ in HTTPResponse(status: .ok, headers: ["Bad Name:": "v"]) }
    router.get("/content-length-lie") { _ in
      HTTPResponse(status: .ok, headers: ["Content-Length": "1"], body: Data("four".utf8))
    }
    router.get("/no-content") { _ in HTTPResponse(status: .noContent) }
    router.get("/large") { _ in HTTPResponse(status: .ok, body: Data(count: 4 << 20)) }
    router.get("/ok") { _ in .json(.ok, ["ok": true]) }
    let server = try LoopbackServer(router: router)
    let client = LoopbackClient(port: server.port)

    let internalAnswer = Answer(
      status: 500, contentType: "application/json", body: internalError.body)
    #expect(try await client.answer("GET", "/throws") == internalAnswer)
    #expect(try await client.answer("GET", "/http-error").error?.error.code == "conflict")
    #expect(try await client.answer("GET", "/status-42") == internalAnswer)
    #expect(try await client.answer("GET", "/status-1000") == internalAnswer)
    let (_, injected) = try await client.send("GET", "/header-injection")
    #expect(injected.value(forHTTPHeaderField: "Set-Cookie") == nil)
    #expect(injected.value(forHTTPHeaderField: "X-Good") == "ok")
    #expect(try await client.answer("GET", "/bad-header-name").status == 200)
    #expect(try await client.answer("GET", "/content-length-lie").body == Data("four".utf8))
    #expect(try await client.answer("GET", "/no-content").status == 204)
    #expect(try await client.answer("GET", "/large").body.count == 4 << 20)
    #expect(try await client.answer("GET", "/ok").status == 200)
  }
}
