import Foundation
import TraineeAPI

// NB: docs/specs/nutrition-day.md, "Server sync": `GET /v1/trainee/nutrition/day?date=YYYY-MM-DD`
// answers `{ date, data: snapshot|null, swapOptions? }`; `PUT /v1/trainee/nutrition/day` takes
// `{ date, data }`. The sync engine talks to the server only through this protocol, so tests
// hand it a fake and the app an HTTP adapter at the edge.

/// The two calls of the nutrition day API, as the sync engine needs them.
public protocol NutritionDayTransport: Sendable {
  /// `GET /v1/trainee/nutrition/day` for `date`: what the server holds for that day.
  func getDay(date: CalendarDay) async throws(NutritionDayTransportError) -> NutritionDayResponse
  /// `PUT /v1/trainee/nutrition/day` with `{ date, data: snapshot }`: replaces the server's day.
  func putDay(
    date: CalendarDay, snapshot: NutritionDaySnapshot)
    async throws(NutritionDayTransportError)
}

/// The answer of `GET /v1/trainee/nutrition/day`.
public struct NutritionDayResponse: Codable, Equatable, Sendable {
  /// The day asked for.
  public var date: CalendarDay
  /// The day's saved snapshot; `nil` when the server has nothing for it.
  public var data: NutritionDaySnapshot?
  /// Render data of swaps the plan payload only previews, by item id. Kept locally, never sent.
  public var swapOptions: [String: NutritionOptionDto]?

  public init(
    date: CalendarDay, data: NutritionDaySnapshot?,
    swapOptions: [String: NutritionOptionDto]? = nil
  ) {
    self.date = date
    self.data = data
    self.swapOptions = swapOptions
  }
}

/// Why a call of the nutrition day API failed. Every one is retried; `offline` is also retried
/// as soon as the network is reachable again.
public enum NutritionDayTransportError: Error, Equatable, Sendable {
  /// No answer: no network, the server unreachable, or the connection lost.
  case offline
  /// The server answered with an HTTP error status.
  case http(status: Int)
  /// The server answered 2xx with a body that is not a day response; `problem` says where.
  case malformedResponse(problem: String)

  /// Whether the failure was the network's rather than the server's.
  public var isOffline: Bool { self == .offline }
}
