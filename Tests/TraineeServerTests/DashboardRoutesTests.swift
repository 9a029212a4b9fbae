import Foundation
import Testing
import TraineeAPI

@testable import CoachDashboard
@testable import HTTPServer
@testable import TraineeServer

/// The pages are routes of the API's router under `/coach/`, and no endpoint of the API's table
/// is (docs/decisions/the-coachs-dashboard.md, "Pages beside the API").
@Suite struct DashboardRoutesTests {
  static let pages = [
    "GET /coach", "GET /coach/", "GET /coach/style.css", "GET /coach/sign-in",
    "POST /coach/sign-in",
    "POST /coach/sign-out", "GET /coach/roster", "GET /coach/trainees/:traineeId",
    "GET /coach/trainees/:traineeId/workouts/:workoutId",
    "POST /coach/trainees/:traineeId/workouts/:workoutId/review",
  ]

  @Test func noEndpointOfTheTableIsAPage() {
    for entry in TraineeEndpoints.table.all {
      #expect(!entry.path.routePattern.hasPrefix(CoachDashboard.prefix), "\(entry.name)")
    }
  }

  @Test func everyPageIsRoutedBesideTheAPI() throws {
    let router = try EndpointRoutesTests.router()
    for page in Self.pages {
      let parts = page.split(separator: " ")
      let path = String(parts[1]).replacingOccurrences(of: ":traineeId", with: "1")
        .replacingOccurrences(of: ":workoutId", with: "2")
      let request = HTTPRequest(method: HTTPMethod(rawValue: String(parts[0])), path: path)
      #expect(router.routePattern(of: request) == String(parts[1]), "\(page)")
    }
    #expect(
      Self.pages.filter { $0.hasPrefix("POST ") }.map { String($0.dropFirst(5)) }
        == CoachDashboard.formRoutes)
  }
}
