import Foundation
import PerformTestSupport
import Testing

@testable import NutritionLog
@testable import TraineeAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// NB: docs/decisions/the-nutrition-day.md "Nutrition sync": a 2xx body that is not the day asked
// for is `malformedResponse`, not a day. The client is handed a fake URL transport (its test-only
// initializer), so every answer here is exactly the one scripted.

/// How `HTTPNutritionDayTransport` reads the server's answers.
struct HTTPNutritionDayTransportTests {
  let today = Wall.day("2026-01-05")

  /// The sync engine's transport over a client of `server`.
  func transport(_ server: ScriptedHTTPServer) -> HTTPNutritionDayTransport {
    HTTPNutritionDayTransport(client: server.client())
  }

  /// The problem of a `malformedResponse`, recording an issue for any other outcome.
  func malformedProblem(
    _ error: NutritionDayTransportError?, sourceLocation: SourceLocation = #_sourceLocation
  ) -> String? {
    guard case .malformedResponse(let problem) = error else {
      Issue.record(
        "expected malformedResponse, got \(String(describing: error))",
        sourceLocation: sourceLocation)
      return nil
    }
    return problem
  }

  @Test func theDayAskedForIsAnswered() async throws {
    let server = ScriptedHTTPServer(
      body: #"{"date":"2026-01-05","data":{"removed":{"2026-0-5__it1":true}}}"#)
    let answer = try await transport(server).getDay(date: today)
    #expect(answer.date == today)
    #expect(answer.data?.removed == ["2026-0-5__it1": true])
    let url = server.requests.map { $0.url?.absoluteString }
    #expect(url == ["http://perform.test/v1/trainee/nutrition/day?date=2026-01-05"])
  }

  @Test(arguments: [
    (#"{"date":"2026-01-06","data":null}"#, "2026-01-06"),
    (#"{"date":"2026-01-04","data":{"removed":{"2026-0-4__it1":true}}}"#, "2026-01-04"),
    (#"{"date":"yesterday","data":null}"#, "yesterday"),
  ])
  func anotherDatesAnswerIsMalformed(body: String, answered: String) async {
    let server = ScriptedHTTPServer(body: body)
    let error = await #expect(throws: NutritionDayTransportError.self) {
      _ = try await transport(server).getDay(date: today)
    }
    let problem = malformedProblem(error)
    #expect(problem?.contains(answered) == true, "\(problem ?? "")")
    #expect(problem?.contains("2026-01-05") == true, "\(problem ?? "")")
  }

  @Test(arguments: ["<html>Gateway says hello</html>", "", #"{"data":null}"#])
  func aBodyThatIsNotADayIsMalformed(body: String) async {
    let server = ScriptedHTTPServer(body: body)
    let fetch = await #expect(throws: NutritionDayTransportError.self) {
      _ = try await transport(server).getDay(date: today)
    }
    _ = malformedProblem(fetch)
    let save = await #expect(throws: NutritionDayTransportError.self) {
      try await transport(server).putDay(date: today, snapshot: .empty)
    }
    _ = malformedProblem(save)
  }

  @Test func anErrorStatusIsHTTPWhateverItsBody() async {
    let server = ScriptedHTTPServer(status: 502, body: "<html>Bad gateway</html>")
    await #expect(throws: NutritionDayTransportError.http(status: 502)) {
      _ = try await transport(server).getDay(date: today)
    }
  }
}
