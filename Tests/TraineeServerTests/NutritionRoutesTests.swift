import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

struct NutritionRoutesTests {
  @Test(arguments: StoreBackend.available) func aPutDayIsReadBackByteForByte(
    _ backend: StoreBackend
  ) throws {
    let api = try NutritionRoutesFixture(backend)
    let data = """
      { "eaten" : {"2026-0-5__it1":true}, "portions": {},
        "customMeals": {"2026-0-5__c1": {"id": "c1", "label": 7, "items": [], "x": 1.50}},
        "later": [1.50, 2e3, "\\u00e9"] }
      """
    let put = api.putDay("2026-01-05", data)
    #expect(put.status == .ok)
    let got = api.get("/v1/trainee/nutrition/day", ["date": "2026-01-05"])
    #expect(got.status == .ok)
    #expect(got.headers["Content-Type"] == "application/json")
    #expect(got.bodyText == "{\"data\":\(data),\"date\":\"2026-01-05\"}")
    #expect(put.body == got.body)
  }

  @Test(arguments: StoreBackend.available) func aDayNeverSavedIsNull(_ backend: StoreBackend) throws
  {
    let api = try NutritionRoutesFixture(backend)
    let got = api.get("/v1/trainee/nutrition/day", ["date": "2026-01-04"])
    #expect(got.bodyText == #"{"data":null,"date":"2026-01-04"}"#)
  }

  @Test(
    arguments: StoreBackend.available,
    [
      (nil, "2026-01-06", HTTPStatus.badRequest),
      ("UTC", "2026-01-06", .badRequest),
      ("America/New_York", "2026-01-06", .badRequest),
      ("Europe/Berlin", "2026-01-06", .ok),
      ("Europe/Berlin", "2026-01-07", .badRequest),
      ("Pacific/Kiritimati", "2026-01-06", .ok),
    ] as [(String?, String, HTTPStatus)])
  func aFutureDayIsRefusedInTheRequestsZone(
    _ backend: StoreBackend, _ testCase: (String?, String, HTTPStatus)
  )
    throws
  {
    let (zone, date, status) = testCase
    let api = try NutritionRoutesFixture(backend)
    let put = api.putDay(date, #"{"portions":{}}"#, zone: zone)
    #expect(put.status == status)
    if status == .badRequest { #expect(put.apiError?.code == "future_date") }
    let stored = try api.store.nutritionDay(
      try #require(CalendarDate(date)), for: api.alice.trainee.id)
    #expect((stored != nil) == (status == .ok))
  }

  @Test(
    arguments: StoreBackend.available,
    [
      ("2026-13-01", "{}", "invalid_date", "date"),
      ("2026-02-29", "{}", "invalid_date", "date"),
      ("5.1.2026", "{}", "invalid_date", "date"),
      ("2026-01-05", #"{"eaten":{"k":"yes"}}"#, "invalid_body", "data.eaten.k"),
      ("2026-01-05", #"{"eaten":[]}"#, "invalid_body", "data.eaten"),
      ("2026-01-05", #"{"mealStatus":{"k":"SKIPPED"}}"#, "invalid_body", "data.mealStatus.k"),
      ("2026-01-05", #"{"portions":{"k":{"foodId":"f"}}}"#, "invalid_body", "data.portions.k.qty"),
      ("2026-01-05", #"{"aiMeals":{"k":[{"name":"x"}]}}"#, "invalid_body", "data.aiMeals.k[0].id"),
      // An amount whose sums overflow made the diary of the date answer 500 (OpenAPI run).
      (
        "2026-01-05", #"{"aiMeals":{"k":[{"id":"a","kcal":1e308}]}}"#, "invalid_body",
        "data.aiMeals.k[0].kcal"
      ),
      ("2026-01-05", "null", "invalid_body", "data"),
      ("2026-01-05", "[1]", "invalid_body", "data"),
    ])
  func aBadDayBodyIs400NamingTheField(
    _ backend: StoreBackend, _ testCase: (String, String, String, String)
  )
    throws
  {
    let (date, data, code, field) = testCase
    let api = try NutritionRoutesFixture(backend)
    let put = api.putDay(date, data)
    #expect(put.status == .badRequest)
    #expect(put.apiError?.code == code)
    #expect(put.apiError?.message.contains(field) == true, "\(put.bodyText)")
  }

  @Test(
    arguments: StoreBackend.available,
    [
      ("{", "invalid_body"), (#"{"date":5,"data":{}}"#, "invalid_body"),
      (#"{"data":{}}"#, "invalid_date"), ("[]", "invalid_body"),
      (#"{"date":"2026-01-05","data":{},"data":"x"}"#, "invalid_body"),
      (#"{"date":"2026-01-05","data":"x","data":{}}"#, "invalid_body"),
    ])
  func aMalformedBodyIs400(_ backend: StoreBackend, _ testCase: (String, String)) throws {
    let (body, code) = testCase
    let api = try NutritionRoutesFixture(backend)
    let put = api.send(.put, "/v1/trainee/nutrition/day", body: body)
    #expect(put.status == .badRequest)
    #expect(put.apiError?.code == code)
  }

  @Test(
    arguments: StoreBackend.available,
    [
      ([:], "invalid_date", nil as String?), (["date": "2026-1-5"], "invalid_date", nil),
      (["date": "2026-01-05"], "invalid_timezone", "Mars/Olympus"),
    ] as [([String: String], String, String?)])
  func aBadDateOrZoneIs400(
    _ backend: StoreBackend, _ testCase: ([String: String], String, String?)
  ) throws {
    let (query, code, zone) = testCase
    let api = try NutritionRoutesFixture(backend)
    for path in ["/v1/trainee/nutrition/day", "/v1/trainee/nutrition/menu"] {
      let answer = api.get(path, query, zone: zone)
      if zone == nil {
        #expect(answer.status == .badRequest)
        #expect(answer.apiError?.code == code)
      }
    }
    let put = api.putDay("2026-01-05", "{}", zone: zone)
    if let zone {
      #expect(put.apiError?.code == code)
      #expect(put.apiError?.message.contains(zone) == true)
      #expect(api.get("/v1/trainee/home", zone: zone).apiError?.code == code)
    }
  }

  @Test(arguments: StoreBackend.available) func oneTraineeNeverSeesAnothersNutrition(
    _ backend: StoreBackend
  ) throws {
    let api = try NutritionRoutesFixture(backend)
    try api.store.importNutritionPlans(
      json: NutritionRoutesFixture.plansJSON, for: api.alice.trainee.id)
    #expect(api.putDay("2026-01-05", #"{"eaten":{"2026-0-5__it1":true}}"#).status == .ok)
    let log = api.send(
      .post, "/v1/trainee/nutrition/logs",
      body: #"{"date":"2026-01-05","items":[{"name":"Apple","kcal":52}]}"#)
    #expect(log.status == .created)
    let bob = api.bob.token
    #expect(api.get("/v1/trainee/nutrition/plans", token: bob).bodyText == #"{"plans":[]}"#)
    #expect(
      api.get("/v1/trainee/nutrition/day", ["date": "2026-01-05"], token: bob).bodyText
        == #"{"data":null,"date":"2026-01-05"}"#)
    let menu = api.get("/v1/trainee/nutrition/menu", ["date": "2026-01-05"], token: bob)
    #expect(menu.bodyJSON?[member: "logs"] == .array([]))
    #expect(menu.bodyJSON?[member: "planId"] == .null)
    let home = api.get("/v1/trainee/home", token: bob)
    #expect(home.bodyJSON?[member: "nutrition"] == .null)
    #expect(api.putDay("2026-01-05", #"{"portions":{}}"#, token: bob).status == .ok)
    #expect(
      try api.store.nutritionDay(CalendarDate("2026-01-05")!, for: api.alice.trainee.id)
        == #"{"eaten":{"2026-0-5__it1":true}}"#)
  }

  @Test(
    arguments: StoreBackend.available,
    [
      (HTTPMethod.get, "/v1/trainee/nutrition/plans"), (.get, "/v1/trainee/nutrition/day"),
      (.put, "/v1/trainee/nutrition/day"), (.get, "/v1/trainee/nutrition/menu"),
      (.post, "/v1/trainee/nutrition/logs"), (.get, "/v1/trainee/home"),
      (.get, "/v1/foods/search"), (.get, "/v1/foods/barcode/2000000000015"),
    ])
  func everyRouteNeedsAToken(_ backend: StoreBackend, _ testCase: (HTTPMethod, String)) throws {
    let (method, path) = testCase
    let api = try NutritionRoutesFixture(backend)
    for answer in [
      api.send(method, path, query: ["date": "2026-01-05"], authorized: false),
      api.send(method, path, query: ["date": "2026-01-05"], token: "not-a-token"),
    ] {
      #expect(answer.status == .unauthorized)
      #expect(answer.apiError?.code == "unauthorized")
    }
  }

  @Test(arguments: StoreBackend.available) func thePlansAreAnsweredAsImported(
    _ backend: StoreBackend
  ) throws {
    let api = try NutritionRoutesFixture(backend)
    #expect(api.get("/v1/trainee/nutrition/plans").bodyText == #"{"plans":[]}"#)
    try api.store.importNutritionPlans(
      json: NutritionRoutesFixture.plansJSON, for: api.alice.trainee.id)
    let plans = api.get("/v1/trainee/nutrition/plans")
    #expect(plans.bodyText == NutritionRoutesFixture.plansJSON)
    let decoded = try JSONDecoder().decode(NutritionPlansDto.self, from: plans.body)
    #expect(decoded.plans[0].days.map(\.id) == ["nd1", "nd2"])
  }
}

/// What the server refused before the diary's types moved to TraineeAPI, it still refuses: the
/// app reads the same documents without these checks (TraineeAPITests, CheckedInputTests).
struct NutritionCheckedInputTests {
  @Test(
    arguments: StoreBackend.available,
    [
      (#"{"replacement":{"k":{"id":"r","kcal":1000001}}}"#, "data.replacement.k.kcal"),
      (#"{"customMeals":{"k":{"id":"c","items":[{"id":"i","fat":-2e6}]}}}"#, "fat"),
      (#"{"replacement":{"k":{"id":"r","eaten":"yes"}}}"#, "data.replacement.k.eaten"),
      (#"{"aiMeals":{"k":[{"id":"a","source":true}]}}"#, "data.aiMeals.k[0].source"),
      (#"{"aiMeals":{"k":[{"id":"a","logId":{}}]}}"#, "data.aiMeals.k[0].logId"),
    ])
  func aDayTheServerNeverTookIsStill400(
    _ backend: StoreBackend, _ testCase: (String, String)
  ) throws {
    let (data, field) = testCase
    let api = try NutritionRoutesFixture(backend)
    let put = api.putDay("2026-01-05", data)
    #expect(put.status == .badRequest)
    #expect(put.apiError?.code == "invalid_body")
    #expect(put.apiError?.message.contains(field) == true, "\(put.bodyText)")
    #expect(api.get("/v1/trainee/nutrition/day", ["date": "2026-01-05"]).bodyText.contains("null"))
  }

  @Test(arguments: StoreBackend.available) func aMealLogAmountOverTheBoundIs400(
    _ backend: StoreBackend
  ) throws {
    let api = try NutritionRoutesFixture(backend)
    let post = api.send(
      .post, "/v1/trainee/nutrition/logs",
      body: #"{"date":"2026-01-05","items":[{"name":"x","kcal":1000001}]}"#)
    #expect(post.status == .badRequest)
    #expect(post.apiError?.message.contains("items[0].kcal") == true, "\(post.bodyText)")
  }
}
