import Foundation
import Testing

@testable import TraineeAPI
@testable import TraineeClient

/// An endpoint's path as the table writes it, and as a request and a router write it
/// (docs/architecture.md, "One endpoint table").
struct EndpointPathTests {
  @Test func parametersAreTheBracedSegments() {
    let path: EndpointPath = "/v1/trainee/technique-videos/{videoId}/feedback-seen"
    #expect(
      path.segments == [
        .literal("v1"), .literal("trainee"), .literal("technique-videos"), .parameter("videoId"),
        .literal("feedback-seen"),
      ])
    #expect(path.parameterNames == ["videoId"])
    #expect(path.description == "/v1/trainee/technique-videos/{videoId}/feedback-seen")
    #expect(path.written { ":" + $0 } == "/v1/trainee/technique-videos/:videoId/feedback-seen")
  }

  @Test func aRequestFillsEachParameterAsOneEscapedSegment() {
    let path: EndpointPath = "/v1/trainee/workouts/history/{id}"
    #expect(path.filled(["id": "7"]) == "/v1/trainee/workouts/history/7")
    #expect(path.filled(["id": "a/b c?#"]) == "/v1/trainee/workouts/history/a%2Fb%20c%3F%23")
    #expect(path.filled([:]) == nil)
    #expect(("/healthz" as EndpointPath).filled([:]) == "/healthz")
  }

  @Test func aPathMissingAParameterIsNotSent() {
    let client = TraineeAPIClient(
      baseURL: URL(string: "http://perform.test")!, token: "t",
      timeZone: { TimeZone(identifier: "UTC")! }
    ) { _ in
      Issue.record("nothing may be sent")
      throw TraineeAPIError.cancelled
    }
    #expect(throws: TraineeAPIError.self) {
      try client.request(TraineeEndpoints.table.getWorkoutLog)
    }
  }

  @Test func keysArePerTheirPolicyAndSafeForAFileName() {
    let hint = PlanDayHint(planId: "np 1", dayId: "d/1")
    let one = KeptReadPolicy("home", staleAfter: 60)
    let perDate = KeptReadPolicy("nutrition-day", .perDate, staleAfter: 60)
    let perPlanDay = KeptReadPolicy("nutrition-menu", .perDateAndPlanDay, staleAfter: 60)
    #expect(one.key(date: "2026-01-05", hint: hint) == "home")
    #expect(perDate.key(date: "2026-01-05", hint: hint) == "nutrition-day-2026-01-05")
    #expect(perPlanDay.key(date: "2026-01-05") == "nutrition-menu-2026-01-05")
    #expect(perPlanDay.key(date: "2026-01-05", hint: hint) == "nutrition-menu-2026-01-05.np_1.d_1")
    // A menu date was put in the key as given, so one with a `/` named no valid copy file.
    #expect(perPlanDay.key(date: "2026/01/05") == "nutrition-menu-2026_01_05")
  }
}
