import Foundation
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// A router over an in-memory store with two trainees, at a fixed instant.
struct NutritionRoutesFixture {
  /// 2026-01-05 23:30 UTC: still Monday in UTC and New York, already Tuesday in Berlin.
  static let lateMonday = Date(timeIntervalSince1970: 1_767_655_800)

  let store: DatabaseTraineeStore
  let router: Router
  let alice: NewTrainee
  let bob: NewTrainee

  init(_ backend: StoreBackend, now: Date = lateMonday) throws {
    store = try StoreFixture.makeStore(backend)
    router = TraineeAPIRoutes(store: store, now: { now }).router()
    alice = try store.createTrainee(name: "Alice")
    bob = try store.createTrainee(name: "Bob")
  }

  /// The answer to one request, as `token` (Alice's by default) from `zone`.
  func send(
    _ method: HTTPMethod, _ path: String, query: [String: String] = [:], body: String? = nil,
    token: String? = nil, zone: String? = nil, authorized: Bool = true,
    headers extra: [String: String] = [:]
  ) -> HTTPResponse {
    var headers: HTTPHeaders = [:]
    for (name, value) in extra { headers[name] = value }
    if authorized { headers["Authorization"] = "Bearer \(token ?? alice.token)" }
    if let zone { headers["X-Timezone"] = zone }
    return router.respond(
      to: HTTPRequest(
        method: method, path: path, query: query, headers: headers,
        body: Data((body ?? "").utf8)))
  }

  /// `GET` of a path with its query.
  func get(
    _ path: String, _ query: [String: String] = [:], token: String? = nil, zone: String? = nil
  ) -> HTTPResponse {
    send(.get, path, query: query, token: token, zone: zone)
  }

  /// `PUT /v1/trainee/nutrition/day` of `data` text for `date`.
  func putDay(
    _ date: String, _ data: String, token: String? = nil, zone: String? = nil
  ) -> HTTPResponse {
    send(
      .put, "/v1/trainee/nutrition/day", body: "{\"date\":\"\(date)\",\"data\":\(data)}",
      token: token, zone: zone)
  }

  /// The coach's plan of docs/behaviour.md, "The nutrition day", with a second option and a second
  /// meal.
  static let plansJSON = """
    { "plans": [ { "id": "np1", "name": "Cut", "days": [
      { "id": "nd1", "label": "Training day",
        "targets": { "kcal": 2400, "protein": 180, "carbs": 250, "fat": 70 },
        "meals": [
          { "id": "m1", "name": "Breakfast", "time": "08:00", "items": [
            { "id": "it1", "options": [
              { "id": "o1", "name": "Oats", "foodId": "f_oats", "qty": 80, "unit": "g",
                "kcal": 300, "protein": 10, "carbs": 54, "fat": 6 },
              { "id": "o2", "name": "Bread", "foodId": "f_bread", "qty": 100, "unit": "g",
                "kcal": 250, "protein": 12, "carbs": 43, "fat": 3 } ] } ] },
          { "id": "m2", "name": "Lunch", "items": [
            { "id": "it2", "options": [
              { "id": "o3", "name": "Rice", "foodId": "f_rice", "qty": 200, "unit": "g",
                "kcal": 260, "protein": 5, "carbs": 56, "fat": 1 } ] } ] } ] },
      { "id": "nd2", "label": "Rest day", "targets": { "kcal": 2000 }, "meals": [] } ] } ] }
    """
}

extension HTTPResponse {
  /// The body as text.
  var bodyText: String { String(decoding: body, as: UTF8.self) }

  /// The error body, `nil` when the body is not one.
  var apiError: APIErrorBody.Detail? {
    (try? JSONDecoder().decode(APIErrorBody.self, from: body))?.error
  }

  /// The body as any JSON.
  var bodyJSON: JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: body) }
}

extension JSONValue {
  /// The member `key` of an object, `nil` otherwise.
  subscript(member key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members[key]
  }

  /// The element at `index` of an array, `nil` otherwise.
  subscript(element index: Int) -> JSONValue? {
    guard case .array(let values) = self, values.indices.contains(index) else { return nil }
    return values[index]
  }
}
