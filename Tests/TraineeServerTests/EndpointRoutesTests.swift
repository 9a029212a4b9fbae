import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// The server's routes are built from the endpoint table (docs/architecture.md, "One endpoint
/// table"): each endpoint reaches a route with its own method and pattern, and the patterns the
/// access log shows are those the routes always had.
@Suite struct EndpointRoutesTests {
  /// Every route on an empty in-memory store.
  static func router() throws -> Router {
    TraineeAPIRoutes(store: try StoreFixture.makeStore(.sqlite), now: { StoreFixture.monday })
      .router()
  }

  /// A request for `entry` with each path parameter `1`.
  static func request(_ entry: EndpointEntry) -> HTTPRequest {
    let path = entry.path.filled(
      Dictionary(uniqueKeysWithValues: entry.path.parameterNames.map { ($0, "1") }))
    return HTTPRequest(method: HTTPMethod(rawValue: entry.method.rawValue), path: path ?? "")
  }

  @Test(arguments: TraineeEndpoints.table.all)
  func everyEndpointReachesItsOwnRoute(_ entry: EndpointEntry) throws {
    #expect(try Self.router().routePattern(of: Self.request(entry)) == entry.path.routePattern)
  }

  @Test func theRoutePatternsAreTheOnesTheLogsAlwaysShowed() {
    #expect(
      TraineeEndpoints.table.all.map { "\($0.method.rawValue) \($0.path.routePattern)" } == [
        "GET /healthz", "GET /readyz", "GET /v1/trainee/workouts", "POST /v1/trainee/workouts/log",
        "GET /v1/trainee/workouts/history", "GET /v1/trainee/workouts/sets",
        "GET /v1/trainee/workouts/history/:id", "DELETE /v1/trainee/workouts/log/:id",
        "POST /v1/trainee/workouts/substitutions", "POST /v1/trainee/technique-videos",
        "POST /v1/trainee/technique-videos/:videoId/feedback-seen",
        "GET /v1/trainee/notification-configs", "GET /v1/trainee/session",
        "GET /v1/trainee/coach-words", "POST /v1/trainee/workouts/history/:id/review-seen",
        "GET /v1/trainee/nutrition/plans", "GET /v1/trainee/nutrition/day",
        "PUT /v1/trainee/nutrition/day", "GET /v1/trainee/nutrition/menu",
        "POST /v1/trainee/nutrition/logs", "GET /v1/trainee/home", "GET /v1/foods/search",
        "GET /v1/foods/barcode/:code", "POST /v1/auth/sign-in", "POST /v1/auth/refresh",
        "POST /v1/auth/invites/accept", "POST /v1/auth/sign-out", "GET /v1/account",
        "GET /v1/account/sessions", "DELETE /v1/account/sessions/:sessionId",
        "DELETE /v1/account/sessions", "PUT /v1/account/password", "POST /v1/account/studios",
        "DELETE /v1/account/studios/:studioId", "PUT /v1/account/studio",
        "PUT /v1/account/studios/:studioId/sharing", "GET /v1/account/export",
        "POST /v1/account/deletion", "POST /v1/coach/invites", "GET /v1/coach/invites",
        "DELETE /v1/coach/invites/:inviteId", "GET /v1/coach/trainees",
        "GET /v1/coach/trainees/:traineeId/workouts",
        "GET /v1/coach/trainees/:traineeId/workouts/:workoutId",
        "GET /v1/coach/trainees/:traineeId/nutrition/days",
        "GET /v1/coach/trainees/:traineeId/technique-videos",
        "GET /v1/coach/trainees/:traineeId/records", "GET /v1/coach/trainees/:traineeId/progress",
        "GET /v1/coach/exercises",
        "POST /v1/coach/exercises", "PUT /v1/coach/exercises/:exerciseId",
        "POST /v1/coach/exercises/:exerciseId/archive", "GET /v1/coach/programs",
        "POST /v1/coach/programs", "GET /v1/coach/programs/:programId",
        "PUT /v1/coach/programs/:programId", "POST /v1/coach/programs/:programId/copy",
        "POST /v1/coach/programs/:programId/archive",
        "POST /v1/coach/programs/:programId/assignments",
        "DELETE /v1/coach/programs/:programId/assignments/:traineeId",
        "GET /v1/coach/trainees/:traineeId/nutrition-tolerance",
        "PUT /v1/coach/trainees/:traineeId/nutrition-tolerance",
        "GET /v1/coach/meal-plans",
        "POST /v1/coach/meal-plans", "GET /v1/coach/meal-plans/:mealPlanId",
        "PUT /v1/coach/meal-plans/:mealPlanId", "POST /v1/coach/meal-plans/:mealPlanId/copy",
        "POST /v1/coach/meal-plans/:mealPlanId/archive",
        "POST /v1/coach/meal-plans/:mealPlanId/assignments",
        "GET /v1/coach/events",
        "PUT /v1/coach/trainees/:traineeId/workouts/:workoutId/review",
        "PUT /v1/coach/trainees/:traineeId/technique-videos/:videoId/feedback",
        "GET /v1/coach/trainees/:traineeId/notes", "PUT /v1/coach/trainees/:traineeId/notes",
        "GET /v1/coach/notification-configs", "PUT /v1/coach/notification-configs/:type",
        "GET /v1/coach/trainees/:traineeId/notification-configs",
        "PUT /v1/coach/trainees/:traineeId/notification-configs/:type",
        "DELETE /v1/coach/trainees/:traineeId/notification-configs/:type",
        "GET /v1/operator/studios",
        "POST /v1/operator/studios", "POST /v1/operator/studios/:studioId/invites",
        "POST /v1/operator/accounts", "POST /v1/operator/accounts/:accountId/suspension",
        "DELETE /v1/operator/accounts/:accountId/suspension", "GET /v1/operator/audit-events",
      ])
  }

  @Test func theHealthChecksStayExemptFromTheLimitsAndNothingElseIs() throws {
    let router = try Self.router()
    let exempt = TraineeEndpoints.table.all.filter { router.isExemptFromLimits(Self.request($0)) }
    #expect(exempt.map(\.name) == ["health", "readiness"])
  }
}
