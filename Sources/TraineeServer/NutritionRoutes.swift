import Foods
import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage"
// (nutrition, foods, home) and "Bad input and isolation": every route acts for the trainee its
// token names (401 without one) and reads that trainee's rows only. The food catalog is the same
// for every trainee but is still behind the token, like the rest of the API the app calls.

extension TraineeAPIRoutes {
  /// The nutrition, food and home endpoints (docs/decisions/the-server-http-routes-and-storage.md,
  /// "The server: HTTP, routes and storage", second and third paragraphs).
  func registerNutritionRoutes(on router: inout Router) {
    router.addCached(
      endpoints.getNutritionPlans, store: store, cache: cache, key: { _ in "plans" }
    ) { _, trainee in
      try nutritionPlansAnswer(for: trainee.id)
    }
    router.addCached(
      endpoints.getNutritionDay, store: store, cache: cache,
      key: { request in answerKey("day", try queryDate(request).description) }
    ) { request, trainee in
      try nutritionDayAnswer(request, for: trainee.id)
    }
    router.add(endpoints.putNutritionDay, store: store) { request, trainee in
      try saveNutritionDay(request, for: trainee.id)
    }
    router.addCached(
      endpoints.getNutritionMenu, store: store, cache: cache,
      key: { request in
        let hint = try planDayHint(request)
        return answerKey(
          "menu", try queryDate(request).description, hint?.planId ?? "", hint?.dayId ?? "")
      }
    ) { request, trainee in
      try menuAnswer(request, for: trainee.id)
    }
    router.add(endpoints.logMeal, store: store) { request, trainee in
      try logMeal(request, for: trainee.id)
    }
    // NB: home answers "today" in the request's zone: the day is part of the key, so an answer
    // kept yesterday is not today's.
    router.addCached(
      endpoints.getHome, store: store, cache: cache,
      key: { request in
        let hint = try planDayHint(request)
        let today = CalendarDate.of(self.now(), in: try requestTimeZone(request))
        return answerKey("home", today.description, hint?.planId ?? "", hint?.dayId ?? "")
      }
    ) { request, trainee in
      try homeAnswer(request, for: trainee.id)
    }
    router.add(endpoints.searchFoods, store: store) { request, _ in
      try FoodCatalog.shared.searchAnswer(request)
    }
    router.add(endpoints.foodByBarcode, store: store) { request, _ in
      try FoodCatalog.shared.barcodeAnswer(request)
    }
  }

  /// `GET /v1/trainee/nutrition/plans`: the plans as imported, `{ "plans": [] }` without any.
  func nutritionPlansAnswer(for trainee: TraineeID) throws -> HTTPResponse {
    guard let json = try store.nutritionPlans(for: trainee) else {
      return .json(.ok, NutritionPlansDto(plans: []))
    }
    return HTTPResponse(
      status: .ok, headers: ["Content-Type": "application/json"], body: Data(json.utf8))
  }

  // NB: stored data that this build cannot read is the server's fault, answered 500 (and
  // logged), never read as empty: an empty plan or day would be a silently different answer
  // (sums of 0, a meal's items gone).

  /// The trainee's plans; throws `storageFailed` when the stored plans cannot be read.
  func readablePlans(for trainee: TraineeID) throws -> [NutritionPlanDto] {
    guard let json = try store.nutritionPlans(for: trainee) else { return [] }
    return try decodeStored(NutritionPlansDto.self, json, "the stored nutrition plans").plans
  }

  /// The trainee's snapshot of `date`; `nil` when none was saved; throws `storageFailed` when the
  /// stored one cannot be read.
  func readableDay(_ date: CalendarDate, for trainee: TraineeID) throws -> NutritionDaySnapshot? {
    guard let json = try store.nutritionDay(date, for: trainee) else { return nil }
    return try decodeStored(NutritionDaySnapshot.self, json, "the stored day \(date)")
  }

  /// The diary of `date` read against the hinted or inferred plan day: the one reading the app
  /// shows too (TraineeAPI, NutritionMenuDto+Diary.swift), and the totals kept on write
  /// (NutritionAdherence, KeptDayTotals.swift).
  func diary(
    _ date: CalendarDate, hint: PlanDayHint?, for trainee: TraineeID
  ) throws -> NutritionMenuDto {
    try NutritionMenuDto.stored(
      date, hint: hint, plans: try readablePlans(for: trainee),
      snapshot: try readableDay(date, for: trainee),
      logs: try store.mealLogs(on: date, for: trainee)
    ).diary
  }

  /// `GET /v1/trainee/nutrition/menu?date=[&planId=&dayId=]`: the diary of that date.
  func menuAnswer(_ request: HTTPRequest, for trainee: TraineeID) throws -> HTTPResponse {
    let date = try queryDate(request)
    return .json(.ok, try diary(date, hint: try planDayHint(request), for: trainee))
  }
}

/// The longest plan or day id a query hint may carry.
let maximumHintLength = 200

/// The `planId`/`dayId` query hint: both or neither; one alone is 400 `invalid_query`.
func planDayHint(_ request: HTTPRequest) throws(HTTPError) -> PlanDayHint? {
  let planId = request.query["planId"].flatMap { $0.isEmpty ? nil : $0 }
  let dayId = request.query["dayId"].flatMap { $0.isEmpty ? nil : $0 }
  switch (planId, dayId) {
  case (nil, nil):
    return nil
  case (let planId?, let dayId?)
  where planId.count <= maximumHintLength && dayId.count <= maximumHintLength:
    return PlanDayHint(planId: planId, dayId: dayId)
  case (nil, _), (_, nil):
    throw HTTPError(
      .badRequest, code: "invalid_query",
      message: "\(planId == nil ? "planId" : "dayId") is missing; send planId and dayId together.")
  default:
    throw HTTPError(
      .badRequest, code: "invalid_query",
      message: "planId and dayId must be at most \(maximumHintLength) characters.")
  }
}
