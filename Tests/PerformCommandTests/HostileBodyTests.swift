import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Bodies that are not strict RFC 8259 JSON, sent to the real `perform serve`: each is a 400
/// `invalid_body` naming the byte, and nothing is stored. Before, Foundation's lenient decoder
/// let them through: SQLite's `json_valid` then refused the stored text (500), or the body was
/// stored as sent (a trailing comma, a duplicated `kcal`, `1E400`).
@Suite(.serialized, .timeLimit(.minutes(5))) struct HostileBodyTests {
  static let day = #"{"date":"2026-01-05","data":{"eaten":{"2026-0-5__it1":true}"#
  static let food = #"{"name":"Toast","kcal":200,"protein":6,"carbs":30,"fat":5"#
  static let log =
    #"{"programId":"plan_strength","dayId":"day_legs","durationSec":60,"completed":true,"#
    + #""entries":[{"exerciseId":"ex_squat","name":"Back squat","done":true,"tempo":null,"#
    + #""sets":[{"setNumber":1,"reps":5,"targetReps":5,"weight":90,"rir":null,"rm":null,"#
    + #""done":true}]}]"#

  static let cases: [(method: String, path: String, body: String, byte: Int)] = [
    // A member the server does not read, with a leading zero: was 500.
    ("PUT", "/v1/trainee/nutrition/day", day + #","note":01}}"#, 67),
    // A raw control character inside the stored day: was 500.
    ("PUT", "/v1/trainee/nutrition/day", day + ",\"note\":\"a\u{01}b\"}}", 69),
    // A trailing comma in a meal log's items: was 500.
    ("POST", "/v1/trainee/nutrition/logs", #"{"date":"2026-01-05","items":["# + food + "},]}", 89),
    // `kcal` twice: was stored with both values.
    (
      "POST", "/v1/trainee/nutrition/logs",
      #"{"date":"2026-01-05","items":["# + food + #","kcal":900}]}"#, 88
    ),
    // A number no double holds: was stored, and the menu lost the log's items.
    (
      "POST", "/v1/trainee/nutrition/logs",
      #"{"date":"2026-01-05","items":["# + food + #","fiber":1E400}]}"#, 96
    ),
    // A trailing comma in a workout log: was 201.
    ("POST", "/v1/trainee/workouts/log", log + ",}", 259),
  ]

  @Test func strictJSONIsRequiredOfEveryBodyAndNothingIsStored() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try ServeChild(
      database: directory.appendingPathComponent("perform.sqlite"), demo: true)
    defer { server.interrupt() }
    let token = try #require(server.token)

    for (method, path, body, byte) in Self.cases {
      let answer = try await server.request(method, path, token: token, body: Data(body.utf8))
      let error = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
      let detail = error?["error"] as? [String: Any]
      #expect(answer.status == 400, "\(method) \(path) \(body)")
      #expect(detail?["code"] as? String == "invalid_body")
      let message = detail?["message"] as? String ?? ""
      #expect(message.hasPrefix("Body is not valid JSON at byte \(byte):"), "\(message)")
    }

    let day = try await server.request(
      "GET", "/v1/trainee/nutrition/day?date=2026-01-05", token: token)
    let dayAnswer = try JSONSerialization.jsonObject(with: day.body) as? [String: Any]
    #expect(day.status == 200)
    #expect(dayAnswer?["data"] is NSNull, "\(dayAnswer as Any)")
    let menu = try await server.request(
      "GET", "/v1/trainee/nutrition/menu?date=2026-01-05", token: token)
    let menuAnswer = try JSONSerialization.jsonObject(with: menu.body) as? [String: Any]
    #expect((menuAnswer?["logs"] as? [Any])?.isEmpty == true, "\(menuAnswer as Any)")
    let history = try await server.request("GET", "/v1/trainee/workouts/history", token: token)
    let workouts = try JSONSerialization.jsonObject(with: history.body) as? [String: Any]
    #expect((workouts?["workouts"] as? [Any])?.count == 2)
  }
}
