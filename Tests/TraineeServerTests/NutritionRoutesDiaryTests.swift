import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

struct NutritionRoutesDiaryTests {
  /// Alice's plan, a day with oats swapped to bread at 150 g, a custom meal linked to a log, and
  /// two logs of which one is linked.
  private func loggedDay(_ backend: StoreBackend) throws -> NutritionRoutesFixture {
    let api = try NutritionRoutesFixture(backend)
    try api.store.importNutritionPlans(
      json: NutritionRoutesFixture.plansJSON, for: api.alice.trainee.id)
    let linked = api.send(
      .post, "/v1/trainee/nutrition/logs",
      body: #"{"date":"2026-01-05","items":[{"name":"Photo meal","kcal":500,"protein":30}]}"#)
    #expect(linked.status == .created)
    let logId = try JSONDecoder().decode([String: String].self, from: linked.body)["id"] ?? ""
    let other = api.send(
      .post, "/v1/trainee/nutrition/logs",
      body: #"{"consumedAt":"2026-01-05T12:00:00Z","items":[{"name":"Apple","kcal":52}]}"#)
    #expect(other.status == .created)
    let data = """
      {"eaten":{"2026-0-5__it1":true,"2026-0-5__it2":true},"swaps":{"2026-0-5__it1":"o2"},
       "portions":{"2026-0-5__it1":{"foodId":"f_bread","qty":150}},
       "removed":{"2026-0-5__it2":true},
       "aiMeals":{"2026-0-5__m1":[{"id":"a1","name":"Banana","kcal":89},
                                 {"id":"a2","name":"Skipped","kcal":999,"eaten":false}]},
       "customMeals":{"2026-0-5__c1":{"id":"c1","label":"Photo","logId":"\(logId)",
         "items":[{"id":"p1","name":"Photo meal","kcal":500,"protein":30}]}}}
      """
    #expect(api.putDay("2026-01-05", data).status == .ok)
    return api
  }

  @Test(arguments: StoreBackend.available) func theMenuCountsALinkedLogOnce(
    _ backend: StoreBackend
  ) throws {
    let api = try loggedDay(backend)
    let menu = api.get("/v1/trainee/nutrition/menu", ["date": "2026-01-05"])
    #expect(menu.status == .ok)
    let body = try #require(menu.bodyJSON)
    #expect(body[member: "planId"] == .string("np1"))
    #expect(body[member: "dayId"] == .string("nd1"))
    // Bread 150 g (375) + banana 89 + custom meal 500 + unlinked apple 52; rice removed.
    #expect(body[member: "eaten"]?[member: "kcal"] == .number(1016))
    #expect(body[member: "eaten"]?[member: "protein"] == .number(48))
    let item = body[member: "meals"]?[element: 0]?[member: "items"]?[element: 0]
    #expect(item?[member: "optionId"] == .string("o2"))
    #expect(item?[member: "qty"] == .number(150))
    #expect(item?[member: "swapped"] == .bool(true))
    let counted = body[member: "logs"].map { logs in
      (0..<2).map { logs[element: $0]?[member: "counted"] }
    }
    #expect(counted == [.bool(false), .bool(true)])
  }

  /// Alice's plan, `data` (with `LOG` standing for the id of an 800 kcal "Pizza" meal log of 5
  /// January, posted first when `logged`) as the snapshot of 5 January, and that day's menu.
  private func menu(
    _ data: String, logged: Bool = true, hint: (planId: String, dayId: String)? = nil,
    backend: StoreBackend
  ) throws -> JSONValue {
    let api = try NutritionRoutesFixture(backend)
    try api.store.importNutritionPlans(
      json: NutritionRoutesFixture.plansJSON, for: api.alice.trainee.id)
    var logId = ""
    if logged {
      let log = api.send(
        .post, "/v1/trainee/nutrition/logs",
        body: #"{"date":"2026-01-05","items":[{"name":"Pizza","kcal":800,"protein":35}]}"#)
      #expect(log.status == .created)
      logId = try JSONDecoder().decode([String: String].self, from: log.body)["id"] ?? ""
    }
    let put = api.putDay("2026-01-05", data.replacingOccurrences(of: "LOG", with: logId))
    #expect(put.status == .ok, "\(put.bodyText)")
    var query = ["date": "2026-01-05"]
    if let hint {
      query["planId"] = hint.planId
      query["dayId"] = hint.dayId
    }
    let menu = api.get("/v1/trainee/nutrition/menu", query)
    #expect(menu.status == .ok)
    return try #require(menu.bodyJSON)
  }

  @Test(arguments: StoreBackend.available)
  func anEatenOutsideMealCountsEveryItemNotRemoved(_ backend: StoreBackend) throws {
    // Nothing ticked: lunch's rice counts through the status; breakfast's oats are removed.
    let body = try menu(
      """
      {"mealStatus":{"2026-0-5__m1":"EATEN_OUTSIDE","2026-0-5__m2":"EATEN_OUTSIDE"},
       "removed":{"2026-0-5__it1":true}}
      """, logged: false, backend: backend)
    #expect(body[member: "dayId"] == .string("nd1"))
    #expect(body[member: "eaten"]?[member: "kcal"] == .number(260))
    #expect(body[member: "eaten"]?[member: "carbs"] == .number(56))
    let lunch = body[member: "meals"]?[element: 1]
    #expect(lunch?[member: "status"] == .string("EATEN_OUTSIDE"))
    #expect(lunch?[member: "items"]?[element: 0]?[member: "eaten"] == .bool(true))
  }

  @Test(arguments: StoreBackend.available)
  func aReplacedMealCountsItsReplacementAndTheLinkedLogOnce(_ backend: StoreBackend) throws {
    // Oats are ticked, but the meal was replaced by the logged pizza: 800 once, no oats.
    let body = try menu(
      """
      {"eaten":{"2026-0-5__it1":true},"mealStatus":{"2026-0-5__m1":"REPLACED"},
       "replacement":{"2026-0-5__m1":{"id":"r1","name":"Pizza","kcal":800,"protein":35,
                                      "logId":"LOG"}}}
      """, backend: backend)
    #expect(body[member: "eaten"]?[member: "kcal"] == .number(800))
    #expect(body[member: "eaten"]?[member: "protein"] == .number(35))
    let breakfast = body[member: "meals"]?[element: 0]
    #expect(breakfast?[member: "replacement"]?[member: "kcal"] == .number(800))
    #expect(body[member: "logs"]?[element: 0]?[member: "counted"] == .bool(false))
  }

  @Test(arguments: StoreBackend.available)
  func aRemovedMealCountsNothing(_ backend: StoreBackend) throws {
    // Its ticked oats and its added banana are kept in the snapshot but not counted.
    let body = try menu(
      """
      {"eaten":{"2026-0-5__it1":true},"removedMeals":{"2026-0-5__m1":true},
       "aiMeals":{"2026-0-5__m1":[{"id":"a1","name":"Banana","kcal":89}]}}
      """, logged: false, backend: backend)
    #expect(body[member: "dayId"] == .string("nd1"))
    #expect(body[member: "meals"]?[element: 0]?[member: "removed"] == .bool(true))
    #expect(body[member: "otherFoods"] == .object([:]))
    #expect(body[member: "eaten"]?[member: "kcal"] == .number(0))
  }

  /// A snapshot entry that links the pizza log but is not counted on 5 January.
  static let uncountedLinks: [(String, String, String?)] = [
    (
      "the hinted rest day has no breakfast",
      #"""
      {"mealStatus":{"2026-0-5__m1":"REPLACED"},
       "replacement":{"2026-0-5__m1":{"id":"r1","name":"Pizza","kcal":800,"logId":"LOG"}}}
      """#, "nd2"
    ),
    (
      "no plan day has the replaced meal",
      #"""
      {"mealStatus":{"2026-0-5__m9":"REPLACED"},
       "replacement":{"2026-0-5__m9":{"id":"r1","name":"Pizza","kcal":800,"logId":"LOG"}}}
      """#, nil
    ),
    (
      "the replaced meal was deleted",
      #"""
      {"mealStatus":{"2026-0-5__m1":"REPLACED"},"removedMeals":{"2026-0-5__m1":true},
       "replacement":{"2026-0-5__m1":{"id":"r1","name":"Pizza","kcal":800,"logId":"LOG"}}}
      """#, nil
    ),
    (
      "the meal is not replaced",
      #"""
      {"replacement":{"2026-0-5__m1":{"id":"r1","name":"Pizza","kcal":800,"logId":"LOG"}}}
      """#, nil
    ),
    (
      "the custom meal is keyed for another date",
      #"""
      {"customMeals":{"2026-0-4__c1":{"id":"c1","label":"Pizza","logId":"LOG",
                                       "items":[{"id":"p1","name":"Pizza","kcal":800}]}}}
      """#, nil
    ),
  ]

  @Test(arguments: StoreBackend.available, uncountedLinks)
  func aLogLinkedFromAnEntryNotCountedCountsItself(
    _ backend: StoreBackend, _ testCase: (String, String, String?)
  ) throws {
    let (why, data, hintedDay) = testCase
    let body = try menu(data, hint: hintedDay.map { ("np1", $0) }, backend: backend)
    #expect(body[member: "dayId"] == .string(hintedDay ?? "nd1"), "\(why)")
    #expect(body[member: "logs"]?[element: 0]?[member: "counted"] == .bool(true), "\(why)")
    #expect(body[member: "eaten"]?[member: "kcal"] == .number(800), "\(why)")
    #expect(body[member: "eaten"]?[member: "protein"] == .number(35), "\(why)")
  }

  @Test(arguments: StoreBackend.available) func aPutWithoutPortionsKeepsTheStoredAmounts(
    _ backend: StoreBackend
  ) throws {
    // NB: a build that does not know about amounts sends no `portions`; the stored ones are kept
    // (added to the text sent), while `"portions":{}` or `null` still clears them.
    let api = try NutritionRoutesFixture(backend)
    try api.store.importNutritionPlans(
      json: NutritionRoutesFixture.plansJSON, for: api.alice.trainee.id)
    let bread = #""swaps":{"2026-0-5__it1":"o2"}"#
    let ticked = #""eaten":{"2026-0-5__it1":true}"#
    let amount = #""portions":{"2026-0-5__it1":{"foodId":"f_bread","qty":150}}"#
    let empty = #""portions":{}"#
    let null = #""portions":null"#
    let steps: [(sent: String, stored: String, kcal: Double)] = [
      ("{\(ticked),\(bread),\(amount)}", "{\(ticked),\(bread),\(amount)}", 375),
      // An older build ticks the item again: the amount survives, re-serialized after the rest.
      ("{ \(bread), \(ticked) }", "{\(bread),\(ticked),\(amount)}", 375),
      // `{}` clears the amounts; an empty map kept later is still no amount.
      ("{\(ticked),\(bread),\(empty)}", "{\(ticked),\(bread),\(empty)}", 250),
      ("{\(ticked),\(bread)}", "{\(ticked),\(bread),\(empty)}", 250),
      // `null` is an explicit value too: it clears, is stored as sent, and nothing is kept after.
      ("{\(ticked),\(bread),\(amount)}", "{\(ticked),\(bread),\(amount)}", 375),
      ("{\(ticked),\(bread),\(null)}", "{\(ticked),\(bread),\(null)}", 250),
      ("{\(ticked),\(bread)}", "{\(ticked),\(bread)}", 250),
    ]
    for (index, step) in steps.enumerated() {
      let put = api.putDay("2026-01-05", step.sent)
      #expect(put.status == .ok, "step \(index)")
      let document = #"{"data":\#(step.stored),"date":"2026-01-05"}"#
      #expect(put.bodyText == document, "step \(index)")
      let day = api.get("/v1/trainee/nutrition/day", ["date": "2026-01-05"])
      #expect(day.bodyText == document, "step \(index)")
      let menu = api.get("/v1/trainee/nutrition/menu", ["date": "2026-01-05"]).bodyJSON
      #expect(menu?[member: "eaten"]?[member: "kcal"] == .number(step.kcal), "step \(index)")
    }
  }

  @Test(arguments: StoreBackend.available)
  func aKeptPortionOfAFoodSwappedAwayFromDoesNotScaleTheNewOption(_ backend: StoreBackend) throws {
    let api = try NutritionRoutesFixture(backend)
    try api.store.importNutritionPlans(
      json: NutritionRoutesFixture.plansJSON, for: api.alice.trainee.id)
    let ticked = #""eaten":{"2026-0-5__it1":true}"#
    let amount = #""portions":{"2026-0-5__it1":{"foodId":"f_bread","qty":150}}"#
    let onBread = "{\(ticked),\"swaps\":{\"2026-0-5__it1\":\"o2\"}"
    #expect(api.putDay("2026-01-05", "\(onBread),\(amount)}").status == .ok)
    // An older build swaps the item to oats (80 g, 300 kcal) and cannot drop the amount.
    let onOats = "{\(ticked),\"swaps\":{\"2026-0-5__it1\":\"o1\"}}"
    let put = api.putDay("2026-01-05", onOats)
    #expect(put.bodyText.contains(amount), "\(put.bodyText)")
    let menu = try #require(api.get("/v1/trainee/nutrition/menu", ["date": "2026-01-05"]).bodyJSON)
    #expect(menu[member: "eaten"]?[member: "kcal"] == .number(300))
    let item = menu[member: "meals"]?[element: 0]?[member: "items"]?[element: 0]
    #expect(item?[member: "foodId"] == .string("f_oats"), "\(String(describing: item))")
    #expect(item?[member: "qty"] == .number(80))
    #expect(item?[member: "kcal"] == .number(300))
    // The amount belongs to the bread: back on it, it counts again.
    #expect(api.putDay("2026-01-05", "\(onBread)}").status == .ok)
    let back = api.get("/v1/trainee/nutrition/menu", ["date": "2026-01-05"]).bodyJSON
    #expect(back?[member: "eaten"]?[member: "kcal"] == .number(375))
  }

  @Test(arguments: StoreBackend.available)
  func homeAnswersTheHintedDayAndItsEatenSums(_ backend: StoreBackend) throws {
    let api = try loggedDay(backend)
    let home = api.get("/v1/trainee/home", ["planId": "np1", "dayId": "nd1"])
    let body = try #require(home.bodyJSON)
    #expect(body[member: "date"] == .string("2026-01-05"))
    #expect(body[member: "nutrition"]?[member: "targets"]?[member: "kcal"] == .number(2400))
    #expect(body[member: "nutrition"]?[member: "eaten"]?[member: "kcal"] == .number(1016))
    let rest = api.get("/v1/trainee/home", ["planId": "np1", "dayId": "nd2"])
    #expect(rest.bodyJSON?[member: "nutrition"]?[member: "dayId"] == .string("nd2"))
    #expect(rest.bodyJSON?[member: "nutrition"]?[member: "eaten"]?[member: "kcal"] == .number(641))
    let stale = api.get("/v1/trainee/home", ["planId": "gone", "dayId": "nd9"])
    #expect(stale.bodyJSON?[member: "nutrition"]?[member: "dayId"] == .string("nd1"))
    let half = api.get("/v1/trainee/home", ["planId": "np1"])
    #expect(half.status == .badRequest)
    #expect(half.apiError?.message.contains("dayId") == true)
    #expect(body[member: "nextWorkout"] == .null)
  }

  @Test(
    arguments: StoreBackend.available,
    [
      (nil, "2026-01-05"), ("UTC", "2026-01-05"), ("Europe/Berlin", "2026-01-06"),
      ("America/New_York", "2026-01-05"), ("Asia/Tokyo", "2026-01-06"),
    ] as [(String?, String)])
  func homeDateIsTodayInTheRequestsZone(
    _ backend: StoreBackend, _ testCase: (String?, String)
  ) throws {
    let (zone, date) = testCase
    let api = try NutritionRoutesFixture(backend)
    let home = api.get("/v1/trainee/home", zone: zone)
    #expect(home.status == .ok)
    #expect(home.bodyText == #"{"date":"\#(date)","nextWorkout":null,"nutrition":null}"#)
  }

  @Test(arguments: StoreBackend.available) func theNextWorkoutFollowsTheLastLoggedDay(
    _ backend: StoreBackend
  ) throws {
    let api = try NutritionRoutesFixture(backend)
    var programs = StoreFixture.programs
    programs.plans[0].days.append(ProgramDayDto(id: "day-b", label: "B", title: "Pull"))
    try api.store.importPrograms(programs, for: api.alice.trainee.id)
    let first = api.get("/v1/trainee/home").bodyJSON?[member: "nextWorkout"]
    #expect(first?[member: "dayId"] == .string("day-a"))
    #expect(first?[member: "title"] == .string("Push"))
    _ = try api.store.logWorkout(
      StoreFixture.benchDay, idempotencyKey: nil, for: api.alice.trainee.id)
    let next = api.get("/v1/trainee/home").bodyJSON?[member: "nextWorkout"]
    #expect(next?[member: "dayId"] == .string("day-b"))
  }

  @Test(
    arguments: StoreBackend.available,
    [
      (#"{"items":[]}"#, "items"), (#"{"date":"2026-01-05"}"#, "items"),
      (#"{"items":[{"name":"x","kcal":-1}]}"#, "items[0].kcal"),
      (#"{"items":[{"name":"x","kcal":"lots"}]}"#, "items[0].kcal"),
      (#"{"consumedAt":"yesterday","items":[{"name":"x"}]}"#, "consumedAt"),
      (#"{"consumedAt":"2026-01-07T08:00:00Z","items":[{"name":"x"}]}"#, "consumedAt"),
      (#"{"date":"2026-01-06","items":[{"name":"x"}]}"#, "date"),
    ])
  func aBadMealLogIs400NamingTheField(_ backend: StoreBackend, _ testCase: (String, String)) throws
  {
    let (body, field) = testCase
    let api = try NutritionRoutesFixture(backend)
    let answer = api.send(.post, "/v1/trainee/nutrition/logs", body: body)
    #expect(answer.status == .badRequest)
    #expect(answer.apiError?.message.contains(field) == true, "\(answer.bodyText)")
    #expect(
      try api.store.mealLogs(on: CalendarDate("2026-01-05")!, for: api.alice.trainee.id) == [])
  }

  @Test(arguments: StoreBackend.available) func aMealLogLandsOnTheDayOfItsZone(
    _ backend: StoreBackend
  ) throws {
    let api = try NutritionRoutesFixture(backend)
    let answer = api.send(
      .post, "/v1/trainee/nutrition/logs", body: #"{"items":[{"name":"Late snack","kcal":100}]}"#,
      zone: "Europe/Berlin")
    #expect(answer.status == .created)
    let logs = try api.store.mealLogs(on: CalendarDate("2026-01-06")!, for: api.alice.trainee.id)
    #expect(logs.map(\.itemsJSON) == [#"[{"name":"Late snack","kcal":100}]"#])
    #expect(answer.bodyText == #"{"id":"\#(logs[0].id)"}"#)
  }

  /// A meal log posted with its composed meal's item ids, and the day saved before the log's
  /// id was known (no `logId` yet): each read between the log's answer and the save that links
  /// it counts the meal once.
  @Test(arguments: StoreBackend.available) func aLoggedMealIsCountedOnceBeforeItsLinkIsSaved(
    _ backend: StoreBackend
  ) throws {
    let api = try NutritionRoutesFixture(backend)
    try api.store.importNutritionPlans(
      json: NutritionRoutesFixture.plansJSON, for: api.alice.trainee.id)
    let day = """
      {"customMeals":{"2026-0-5__c1":{"id":"c1","label":"Pizza","source":"log",
        "items":[{"id":"p1","name":"Pizza","kcal":800},{"id":"p2","name":"Cola","kcal":140}]}}}
      """
    #expect(api.putDay("2026-01-05", day).status == .ok)
    let log = api.send(
      .post, "/v1/trainee/nutrition/logs",
      body: #"{"date":"2026-01-05","items":[{"id":"p1","name":"Pizza","kcal":800},"#
        + #"{"id":"p2","name":"Cola","kcal":140}]}"#)
    #expect(log.status == .created)
    let home = api.get("/v1/trainee/home", [:]).bodyJSON
    let menu = api.get("/v1/trainee/nutrition/menu", ["date": "2026-01-05"]).bodyJSON
    #expect(menu?[member: "eaten"]?[member: "kcal"] == .number(940))
    #expect(menu?[member: "logs"]?[element: 0]?[member: "counted"] == .bool(false))
    #expect(home?[member: "date"] == .string("2026-01-05"))
    #expect(home?[member: "nutrition"]?[member: "eaten"]?[member: "kcal"] == .number(940))
  }

  /// A composed meal without `logId` holds a log only when it has every posted item by id.
  @Test(
    arguments: StoreBackend.available,
    [
      (#"[{"id":"p1","name":"Pizza","kcal":800},{"id":"p9","name":"Cola","kcal":140}]"#, 1880.0),
      (#"[{"name":"Pizza","kcal":800}]"#, 1740.0),
      (#"[{"id":"p1","name":"Pizza","kcal":800}]"#, 940.0),
    ])
  func aLogIsHeldOnlyWhenTheMealHoldsEveryItemById(
    _ backend: StoreBackend, _ testCase: (items: String, kcal: Double)
  ) throws {
    let (items, kcal) = testCase
    let api = try NutritionRoutesFixture(backend)
    let day = """
      {"customMeals":{"2026-0-5__c1":{"id":"c1","label":"Pizza",
        "items":[{"id":"p1","name":"Pizza","kcal":800},{"id":"p2","name":"Cola","kcal":140}]}}}
      """
    #expect(api.putDay("2026-01-05", day).status == .ok)
    let log = api.send(
      .post, "/v1/trainee/nutrition/logs", body: #"{"date":"2026-01-05","items":\#(items)}"#)
    #expect(log.status == .created)
    let menu = api.get("/v1/trainee/nutrition/menu", ["date": "2026-01-05"]).bodyJSON
    #expect(menu?[member: "eaten"]?[member: "kcal"] == .number(kcal), "\(items)")
  }

  /// Once the meal names another log by `logId`, holding a log's items no longer links it.
  @Test(arguments: StoreBackend.available) func aMealLinkedElsewhereDoesNotHideALogByItsItems(
    _ backend: StoreBackend
  ) throws {
    let api = try NutritionRoutesFixture(backend)
    #expect(
      api.putDay(
        "2026-01-05",
        #"{"customMeals":{"2026-0-5__c1":{"id":"c1","label":"Pizza","logId":"999","#
          + #""items":[{"id":"p1","name":"Pizza","kcal":800}]}}}"#
      ).status == .ok)
    let log = api.send(
      .post, "/v1/trainee/nutrition/logs",
      body: #"{"date":"2026-01-05","items":[{"id":"p1","name":"Pizza","kcal":800}]}"#)
    #expect(log.status == .created)
    let menu = api.get("/v1/trainee/nutrition/menu", ["date": "2026-01-05"]).bodyJSON
    #expect(menu?[member: "eaten"]?[member: "kcal"] == .number(1600))
  }
}
