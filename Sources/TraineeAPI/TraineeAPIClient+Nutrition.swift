import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage",
// nutrition, foods and home. Dates are `YYYY-MM-DD` strings here: this module sits below
// NutritionLog, whose `CalendarDay` the HTTP day transport converts.

extension TraineeAPIClient {
  /// `GET /v1/trainee/nutrition/plans`: the coach's meal plans.
  public func nutritionPlans() async throws(TraineeAPIError) -> NutritionPlansDto {
    try await send(request(.get, "/v1/trainee/nutrition/plans"), as: NutritionPlansDto.self)
  }

  /// `GET /v1/trainee/nutrition/day?date=`: the saved snapshot of `date` (`YYYY-MM-DD`),
  /// read as `Snapshot`.
  public func nutritionDay<Snapshot: Decodable & Sendable>(
    date: String, as snapshot: Snapshot.Type = JSONValue.self
  ) async throws(TraineeAPIError) -> NutritionDayDto<Snapshot> {
    let request = try request(
      .get, "/v1/trainee/nutrition/day", query: [URLQueryItem(name: "date", value: date)])
    return try await send(request, as: NutritionDayDto<Snapshot>.self)
  }

  /// `PUT /v1/trainee/nutrition/day` with `{ date, data }`: replaces the server's snapshot of
  /// `date`; answers the day as stored. A date after the trainee's today is refused (400).
  @discardableResult
  public func saveNutritionDay<Snapshot: Codable & Sendable>(
    date: String, data: Snapshot
  ) async throws(TraineeAPIError) -> NutritionDayDto<Snapshot> {
    let request = try request(
      .put, "/v1/trainee/nutrition/day",
      body: body(NutritionDayRequestDto(date: date, data: data)))
    return try await send(request, as: NutritionDayDto<Snapshot>.self)
  }

  /// `GET /v1/trainee/nutrition/menu?date=[&planId=&dayId=]`: the diary of `date`.
  public func nutritionMenu(
    date: String, hint: PlanDayHint? = nil
  ) async throws(TraineeAPIError) -> NutritionMenuDto {
    let query = [URLQueryItem(name: "date", value: date)] + (hint?.queryItems ?? [])
    let request = try request(.get, "/v1/trainee/nutrition/menu", query: query)
    return try await send(request, as: NutritionMenuDto.self)
  }

  /// `POST /v1/trainee/nutrition/logs`: logs a meal; answers its id. With `idempotencyKey`, a
  /// retry of the same log answers the same id and stores nothing.
  public func logMeal(
    _ log: MealLogRequestDto, idempotencyKey: String? = nil
  ) async throws(TraineeAPIError) -> LoggedMealDto {
    var request = try request(.post, "/v1/trainee/nutrition/logs", body: body(log))
    if let idempotencyKey {
      request.setValue(idempotencyKey, forHTTPHeaderField: "Idempotency-Key")
    }
    return try await send(request, as: LoggedMealDto.self)
  }

  /// `GET /v1/foods/search?q=[&limit=]`: catalog foods whose name has every word of `query`.
  public func searchFoods(
    _ query: String, limit: Int? = nil
  ) async throws(TraineeAPIError) -> FoodSearchDto {
    var items = [URLQueryItem(name: "q", value: query)]
    if let limit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
    return try await send(request(.get, "/v1/foods/search", query: items), as: FoodSearchDto.self)
  }

  /// `GET /v1/foods/barcode/:code`: the catalog food with that barcode (404 when none).
  public func food(barcode: String) async throws(TraineeAPIError) -> FoodDto {
    let path = "/v1/foods/barcode/\(pathSegment(barcode))"
    return try await send(request(.get, path), as: FoodDto.self)
  }

  /// `GET /v1/trainee/home[?planId=&dayId=]`: today in the client's zone, the next workout and
  /// today's nutrition targets and eaten sums, for the hinted plan day when given.
  public func home(hint: PlanDayHint? = nil) async throws(TraineeAPIError) -> HomeDto {
    let request = try request(.get, "/v1/trainee/home", query: hint?.queryItems ?? [])
    return try await send(request, as: HomeDto.self)
  }
}
