import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// The server's answer to every `GET` route for the demo trainee on a fixed clock, compared byte
/// for byte (status, headers and body) with `<name>.txt` in ``goldens``: the nutrition day, menu
/// and home of several dates, with and without meal logs and saved days, beside the workout,
/// food and health answers. A change of the server's inner types must leave every answer as it
/// was.
///
/// `PERFORM_UPDATE_GOLDEN=1` (`make golden`) writes the goldens instead: read the diff before
/// committing, a changed golden is a changed wire answer.
@Suite struct DemoAnswersGoldenTests {
  static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/demo-answers")

  static var updatingGoldenFiles: Bool {
    ProcessInfo.processInfo.environment["PERFORM_UPDATE_GOLDEN"] == "1"
  }

  /// One `GET` request, by golden name.
  struct Request: Sendable, CustomTestStringConvertible {
    var name: String
    var path: String
    var query: [String: String] = [:]
    var zone: String?
    var authorized = true

    var testDescription: String { name }
  }

  static let dates = ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-01-05"]

  static let requests: [Request] =
    [
      Request(name: "healthz", path: "/healthz", authorized: false),
      Request(name: "readyz", path: "/readyz", authorized: false),
      Request(name: "session", path: "/v1/trainee/session"),
      Request(name: "workouts", path: "/v1/trainee/workouts"),
      Request(name: "workouts-history", path: "/v1/trainee/workouts/history"),
      Request(name: "workouts-history-1", path: "/v1/trainee/workouts/history/1"),
      Request(name: "workouts-history-2", path: "/v1/trainee/workouts/history/2"),
      Request(name: "workouts-history-99", path: "/v1/trainee/workouts/history/99"),
      Request(name: "notification-configs", path: "/v1/trainee/notification-configs"),
      Request(name: "nutrition-plans", path: "/v1/trainee/nutrition/plans"),
      Request(name: "foods-search-oat", path: "/v1/foods/search", query: ["q": "oat"]),
      Request(
        name: "foods-search-rice-limit", path: "/v1/foods/search",
        query: ["q": "rice", "limit": "2"]),
      Request(name: "foods-barcode", path: "/v1/foods/barcode/2000000000015"),
      Request(name: "home", path: "/v1/trainee/home"),
      Request(name: "home-pago-pago", path: "/v1/trainee/home", zone: "Pacific/Pago_Pago"),
      Request(name: "home-tokyo", path: "/v1/trainee/home", zone: "Asia/Tokyo"),
      Request(
        name: "home-hint", path: "/v1/trainee/home",
        query: ["planId": "np_cut", "dayId": "nd_training"]),
      Request(
        name: "home-stale-hint", path: "/v1/trainee/home",
        query: ["planId": "np_gone", "dayId": "nd_gone"]),
      Request(
        name: "menu-2026-01-05-hint", path: "/v1/trainee/nutrition/menu",
        query: ["date": "2026-01-05", "planId": "np_cut", "dayId": "nd_training"]),
      Request(
        name: "menu-2026-01-05-stale-hint", path: "/v1/trainee/nutrition/menu",
        query: ["date": "2026-01-05", "planId": "np_gone", "dayId": "nd_gone"]),
    ]
    + dates.flatMap { date in
      [
        Request(name: "day-\(date)", path: "/v1/trainee/nutrition/day", query: ["date": date]),
        Request(name: "menu-\(date)", path: "/v1/trainee/nutrition/menu", query: ["date": date]),
      ]
    }

  @Test(arguments: StoreBackend.available, requests)
  func theAnswerIsTheGolden(_ backend: StoreBackend, _ request: Request) throws {
    let demo = try DemoServer(backend)
    let answer = demo.answer(request)
    let golden = Self.goldens.appendingPathComponent("\(request.name).txt")
    if Self.updatingGoldenFiles {
      try FileManager.default.createDirectory(
        at: Self.goldens, withIntermediateDirectories: true)
      try Data(answer.utf8).write(to: golden)
      return
    }
    let expected = try String(contentsOf: golden, encoding: .utf8)
    #expect(answer == expected)
  }

  @Test func everyGoldenIsAsked() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.goldens.path)
      .filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }
    #expect(Set(names) == Set(Self.requests.map(\.name)))
  }
}

/// The demo trainee on 2026-01-05 08:00 UTC with saved days and meal logs:
/// - today: ticked, swapped, resized and added foods, a meal replaced by a linked log, a
///   composed meal linked to another log, a third log by itself, a food keyed for no plan meal;
/// - yesterday: a meal eaten outside, a meal deleted, a replacement linked to a log without the
///   status (the log counts by itself), an entry keyed for another date;
/// - 2026-01-03: meal logs and no saved day; 2026-01-02: nothing.
struct DemoServer {
  let router: Router
  let token: String

  init(_ backend: StoreBackend) throws {
    let now = StoreFixture.monday
    // NB: docs/decisions/the-server-under-hostile-input.md, "Authentication answers and ids",
    // "Record ids tell one trainee nothing about another": the goldens name ids as each table's
    // sequence gave them, so that they stay byte for byte what they were.
    let store = try StoreFixture.makeStore(backend, recordIDs: .databaseSequence)
    token = try DemoTrainee.ensure(in: store, now: now).token
    router = TraineeAPIRoutes(store: store, now: { now }).router()
    try post(
      #"{"date":"2026-01-05","items":[{"name":"Poke bowl","kcal":612.4,"protein":31.1,"#
        + #""carbs":80.2,"fat":18.3}]}"#)
    try post(
      #"{"date":"2026-01-05","items":[{"name":"Pizza slice","kcal":285.5,"protein":12.2,"#
        + #""carbs":35.7,"fat":10.1},{"name":"Cola","kcal":139,"carbs":35}]}"#)
    try post(
      #"{"date":"2026-01-05","items":[{"name":"Apple","kcal":52.1,"protein":0.3,"carbs":13.8,"#
        + #""fat":0.2,"qty":100,"unit":"g","foodId":"f_apple"}]}"#)
    try post(
      #"{"consumedAt":"2026-01-04T12:15:00Z","items":[{"name":"Kebab","kcal":700,"#
        + #""protein":35,"carbs":60,"fat":30}]}"#)
    try post(
      #"{"date":"2026-01-03","items":[{"name":"Banana","kcal":89.3,"protein":1.1,"#
        + #""carbs":22.8,"fat":0.3}]}"#)
    try post(
      #"{"date":"2026-01-03","items":[{"name":"Almonds","kcal":0.1,"protein":0.2,"#
        + #""carbs":0.1,"fat":0.2}]}"#)
    try put(
      "2026-01-05",
      """
      {"eaten":{"2026-0-5__it_oats":true,"2026-0-5__it_skyr":true,"2026-0-5__it_chicken":true,
        "2026-0-5__it_rice":true,"2026-0-4__it_salmon":true},
       "swaps":{"2026-0-5__it_chicken":"o_tofu","2026-0-5__it_oats":"o_gone"},
       "removed":{"2026-0-5__it_skyr":false},
       "aiMeals":{"2026-0-5__m_breakfast":[{"id":"a1","name":"Honey","kcal":64.3,"protein":0.1,
         "carbs":17.3,"fat":0,"eaten":true},{"id":"a2","name":"Jam","kcal":0.1,"carbs":0.2,
         "eaten":false}],
         "2026-0-5__m_snack":[{"id":"a3","name":"Walnuts","kcal":0.2,"protein":0.1,"fat":0.7}]},
       "mealStatus":{"2026-0-5__m_dinner":"REPLACED"},
       "replacement":{"2026-0-5__m_dinner":{"id":"r1","name":"Pizza night","kcal":424.5,
         "protein":12.2,"carbs":70.7,"fat":10.1,"source":"log","logId":"2"}},
       "removedMeals":{},
       "customMeals":{"2026-0-5__c1":{"id":"c1","label":"Poke","source":"photo","logId":"1",
         "items":[{"id":"p1","name":"Poke bowl","kcal":612.4,"protein":31.1,"carbs":80.2,
         "fat":18.3},{"id":"p2","name":"Soy sauce","kcal":8.3,"eaten":false}]}},
       "portions":{"2026-0-5__it_rice":{"foodId":"f_rice","qty":180},
         "2026-0-5__it_chicken":{"foodId":"f_chicken","qty":200}}}
      """)
    try put(
      "2026-01-04",
      """
      {"eaten":{"2026-0-4__it_oats":true,"2026-0-4__it_salmon":true},
       "mealStatus":{"2026-0-4__m_lunch":"EATEN_OUTSIDE","2026-0-4__m_dinner":"PLANNED"},
       "replacement":{"2026-0-4__m_dinner":{"id":"r2","name":"Kebab","kcal":700,"logId":"4"}},
       "removedMeals":{"2026-0-4__m_breakfast":true},
       "customMeals":{"2026-0-3__c9":{"id":"c9","label":"Other day","logId":"5","items":[]}},
       "portions":{"2026-0-4__it_rice":{"foodId":"f_rice","qty":0}}}
      """)
    try put(
      "2026-01-01",
      """
      {"mealStatus":{"2026-0-1__m_lunch":"REPLACED"},
       "replacement":{"2026-0-1__m_lunch":{"id":"r3","name":"Skipped","kcal":500,"eaten":false}},
       "customMeals":{"2026-0-1__c2":{"id":"c2","label":"Brunch","items":[{"id":"e1",
         "name":"Eggs","kcal":155.5,"protein":12.6,"carbs":1.1,"fat":10.6,"qty":2,"unit":"pcs"}]}}}
      """)
  }

  private func send(_ method: HTTPMethod, _ path: String, body: String) throws {
    let response = router.respond(
      to: HTTPRequest(
        method: method, path: path, query: [:],
        headers: ["Authorization": "Bearer \(token)"], body: Data(body.utf8)))
    guard (200..<300).contains(response.status.code) else {
      throw DemoServerSetupError(
        request: "\(method) \(path)", answer: String(decoding: response.body, as: UTF8.self))
    }
  }

  private func post(_ body: String) throws {
    try send(.post, "/v1/trainee/nutrition/logs", body: body)
  }

  private func put(_ date: String, _ data: String) throws {
    try send(.put, "/v1/trainee/nutrition/day", body: "{\"date\":\"\(date)\",\"data\":\(data)}")
  }

  /// `request`'s answer as the golden holds it: the request line, the status, each header in
  /// the order sent, a blank line and the body.
  func answer(_ request: DemoAnswersGoldenTests.Request) -> String {
    var headers: HTTPHeaders = [:]
    if request.authorized { headers["Authorization"] = "Bearer \(token)" }
    if let zone = request.zone { headers["X-Timezone"] = zone }
    let response = router.respond(
      to: HTTPRequest(
        method: .get, path: request.path, query: request.query, headers: headers, body: Data()))
    let query = request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    var text = "GET \(request.path)\(query.isEmpty ? "" : "?" + query.joined(separator: "&"))"
    if let zone = request.zone { text += " (X-Timezone: \(zone))" }
    text += "\n\(response.status.code)\n"
    for field in response.headers { text += "\(field.name): \(field.value)\n" }
    return text + "\n" + String(decoding: response.body, as: UTF8.self) + "\n"
  }
}

/// A setup request the server refused.
struct DemoServerSetupError: Error {
  var request: String
  var answer: String
}
