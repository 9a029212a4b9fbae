import Foundation
import TraineeAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension TraineeAPIClient {
  /// `GET /v1/trainee/workouts/sets`: one page of the trainee's done sets, oldest first, of one
  /// exercise when `exerciseId` is given; `after` is the previous page's `next`; `limit` is at
  /// most 500 (the server's default 100 when `nil`).
  public func loggedSets(
    exerciseId: String? = nil, after: String? = nil, limit: Int? = nil
  ) async throws(TraineeAPIError) -> LoggedSetPageDto {
    var items: [URLQueryItem] = []
    if let exerciseId { items.append(URLQueryItem(name: "exerciseId", value: exerciseId)) }
    if let after { items.append(URLQueryItem(name: "after", value: after)) }
    if let limit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
    return try await call(endpoints.getLoggedSets, query: items)
  }
}
