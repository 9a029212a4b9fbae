import Foundation

extension ServeChild {
  /// The ids of the trainee's logged workouts, newest first, from `GET /workouts/history`: ids
  /// are random (docs/security.md, "What ids may reveal"), so a test that names a log asks for it.
  func logIDs(token: String) async throws -> [String] {
    let history = try await request("GET", "/v1/trainee/workouts/history", token: token)
    let object = try JSONSerialization.jsonObject(with: history.body) as? [String: Any]
    let workouts = object?["workouts"] as? [[String: Any]] ?? []
    return workouts.compactMap { $0["id"] as? String }
  }
}
