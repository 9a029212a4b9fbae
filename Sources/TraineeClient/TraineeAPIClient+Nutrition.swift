import Foundation
import TraineeAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage",
// nutrition, foods and home. Dates are `YYYY-MM-DD` strings here: this module sits below
// NutritionLog, whose `CalendarDay` the HTTP day transport converts.

extension TraineeAPIClient {
  /// `GET /v1/trainee/nutrition/plans`: the coach's meal plans.
  public func nutritionPlans() async throws(TraineeAPIError) -> NutritionPlansDto {
    try await call(endpoints.getNutritionPlans)
  }

  /// `GET /v1/trainee/nutrition/day?date=`: the saved snapshot of `date` (`YYYY-MM-DD`),
  /// read as `Snapshot`.
  public func nutritionDay<Snapshot: Decodable & Sendable>(
    date: String, as snapshot: Snapshot.Type = JSONValue.self
  ) async throws(TraineeAPIError) -> NutritionDayDto<Snapshot> {
    try await call(endpoints.getNutritionDay.reading(Snapshot.self), query: Self.dateQuery(date))
  }

  /// `PUT /v1/trainee/nutrition/day` with `{ date, data }`: replaces the server's snapshot of
  /// `date`; answers the day as stored. A date after the trainee's today is refused (400).
  @discardableResult
  public func saveNutritionDay<Snapshot: Codable & Sendable>(
    date: String, data: Snapshot
  ) async throws(TraineeAPIError) -> NutritionDayDto<Snapshot> {
    try await call(
      endpoints.putNutritionDay.writing(Snapshot.self),
      body: NutritionDayRequestDto(date: date, data: data))
  }

  /// `GET /v1/trainee/nutrition/menu?date=[&planId=&dayId=]`: the diary of `date`.
  public func nutritionMenu(
    date: String, hint: PlanDayHint? = nil
  ) async throws(TraineeAPIError) -> NutritionMenuDto {
    try await call(endpoints.getNutritionMenu, query: Self.dateQuery(date, hint: hint))
  }

  /// `POST /v1/trainee/nutrition/logs`: logs a meal; answers its id. With `idempotencyKey`, a
  /// retry of the same log answers the same id and stores nothing.
  public func logMeal(
    _ log: MealLogRequestDto, idempotencyKey: String? = nil
  ) async throws(TraineeAPIError) -> LoggedMealDto {
    try await call(
      endpoints.logMeal, body: log,
      headers: idempotencyKey.map { ["Idempotency-Key": $0] } ?? [:])
  }

  /// `GET /v1/foods/search?q=[&limit=]`: catalog foods whose name has every word of `query`.
  public func searchFoods(
    _ query: String, limit: Int? = nil
  ) async throws(TraineeAPIError) -> FoodSearchDto {
    var items = [URLQueryItem(name: "q", value: query)]
    if let limit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
    return try await call(endpoints.searchFoods, query: items)
  }

  /// `GET /v1/foods/barcode/{code}`: the catalog food with that barcode (404 when none).
  public func food(barcode: String) async throws(TraineeAPIError) -> FoodDto {
    try await call(endpoints.foodByBarcode, path: ["code": barcode])
  }

  /// `GET /v1/trainee/home[?planId=&dayId=]`: today in the client's zone, the next workout and
  /// today's nutrition targets and eaten sums, for the hinted plan day when given.
  public func home(hint: PlanDayHint? = nil) async throws(TraineeAPIError) -> HomeDto {
    try await call(endpoints.getHome, query: hint?.queryItems ?? [])
  }

  /// The query `date=` of a day's reads, then the plan day `hint`'s `planId=&dayId=`.
  static func dateQuery(_ date: String, hint: PlanDayHint? = nil) -> [URLQueryItem] {
    [URLQueryItem(name: "date", value: date)] + (hint?.queryItems ?? [])
  }
}
