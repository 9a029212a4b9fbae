import Foundation
import HTTPServer
import LockedValue
import Testing
import TraineeAPI
import TraineeData
import TraineeServer

/// The HTTP layer knows no service's errors: an error renders its own answer through
/// `HTTPResponseError`, and the error body it writes is the wire's `APIErrorBody`
/// (docs/architecture.md, "Modules").
struct HTTPResponseErrorTests {
  private struct Teapot: HTTPResponseError {
    var response: HTTPResponse { .error(418, code: "teapot", message: "Short.") }
  }

  private struct Overheated: HTTPResponseError {
    var isServerFault: Bool { true }
    var response: HTTPResponse { .error(.serviceUnavailable, code: "hot", message: "Wait.") }
  }

  /// A router whose `/fails` route throws `error`, and the errors it reported.
  private func router(throwing error: any Error) -> (Router, Locked<[String]>) {
    let reported = Locked<[String]>([])
    var router = Router { error, _ in reported.withLock { $0.append("\(error)") } }
    router.get("/fails") { _ in throw error }
    return (router, reported)
  }

  @Test func aClientFaultAnswersItselfUnreported() {
    let (router, reported) = router(throwing: Teapot())
    #expect(router.respond(to: HTTPRequest(method: .get, path: "/fails")) == Teapot().response)
    #expect(reported.withLock { $0 }.isEmpty)
  }

  @Test func aServerFaultAnswersItselfAndIsReported() {
    let (router, reported) = router(throwing: Overheated())
    #expect(router.respond(to: HTTPRequest(method: .get, path: "/fails")) == Overheated().response)
    #expect(reported.withLock { $0 } == ["\(Overheated())"])
  }

  @Test func theStoreAwayIs503WithRetryAfterAndReported() {
    let away = TraineeStoreError.unavailable("connection refused")
    let (router, reported) = router(throwing: away)
    let response = router.respond(to: HTTPRequest(method: .get, path: "/fails"))
    #expect(response.status == .serviceUnavailable)
    #expect(response.headers["Retry-After"] == "1")
    let body = try? JSONDecoder().decode(APIErrorBody.self, from: response.body)
    #expect(body?.error.code == "database_unavailable")
    #expect(reported.withLock { $0 } == ["\(away)"])
  }

  @Test(arguments: [
    ("not_found", "No route for GET /v1/a/b."),
    ("invalid_body", "Body: \"x\\y\" at entries[0]; / kept, é 💪, tab\there, \u{1}"),
    ("", ""),
  ])
  func theErrorBodyIsTheWiresAPIErrorBody(code: String, message: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let wire = try encoder.encode(APIErrorBody(code: code, message: message))
    let body = HTTPResponse.error(.badRequest, code: code, message: message).body
    #expect(String(decoding: body, as: UTF8.self) == String(decoding: wire, as: UTF8.self))
    #expect(
      try JSONDecoder().decode(APIErrorBody.self, from: body)
        == APIErrorBody(code: code, message: message))
  }
}
