import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What a hostile or careless client sends, against the real `perform serve`.
@Suite(.serialized, .timeLimit(.minutes(5))) struct ServeHostileInputTests {
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

  /// Bodies that are not strict RFC 8259 JSON: each is a 400 `invalid_body` naming the byte,
  /// and nothing is stored. Before, Foundation's lenient decoder let them through: SQLite's
  /// `json_valid` then refused the stored text (500), or the body was stored as sent (a trailing
  /// comma, a duplicated `kcal`, `1E400`).
  @Test func strictJSONIsRequiredOfEveryBodyAndNothingIsStored() async throws {
    let (server, directory) = try Self.demoServer()
    defer { try? FileManager.default.removeItem(at: directory) }
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

  /// A deleted log's `Idempotency-Key` with another workout: was 201 with the deleted log's id,
  /// and the workout was never stored. Now 422, while the same workout is told it was deleted.
  @Test func anotherWorkoutUnderADeletedLogsKeyIsRefusedNotAcknowledged() async throws {
    let (server, directory) = try Self.demoServer()
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    let token = try #require(server.token)
    let key = ["Idempotency-Key": "finish-7"]
    let first = Data((Self.log + "}").utf8)
    let other = Data(
      (Self.log.replacingOccurrences(of: #""reps":5"#, with: #""reps":8"#) + "}").utf8)

    let posted = try await server.request(
      "POST", "/v1/trainee/workouts/log", token: token, body: first, headers: key)
    #expect(posted.status == 201)
    let answer = try JSONSerialization.jsonObject(with: posted.body) as? [String: Any]
    let id = try #require(answer?["id"] as? String)
    let deleted = try await server.request(
      "DELETE", "/v1/trainee/workouts/log/\(id)", token: token)
    #expect(deleted.status == 204)

    let reused = try await server.request(
      "POST", "/v1/trainee/workouts/log", token: token, body: other, headers: key)
    #expect(reused.status == 422)
    let error = try JSONSerialization.jsonObject(with: reused.body) as? [String: Any]
    #expect((error?["error"] as? [String: Any])?["code"] as? String == "idempotency_key_reused")
    let retry = try await server.request(
      "POST", "/v1/trainee/workouts/log", token: token, body: first, headers: key)
    #expect(retry.status == 201)
    let retried = try JSONSerialization.jsonObject(with: retry.body) as? [String: Any]
    #expect(retried?["id"] as? String == id)
    #expect(retried?["deleted"] as? Bool == true)
    let history = try await server.request("GET", "/v1/trainee/workouts/history", token: token)
    let workouts = try JSONSerialization.jsonObject(with: history.body) as? [String: Any]
    #expect((workouts?["workouts"] as? [Any])?.count == 2)
  }

  /// The request line and headers as sent: an encoded NUL or slash is refused or routed as
  /// sent, never cut short or decoded before routing; an id has one spelling. Before: `%00` cut
  /// the path (`/session%00x` answered 200), `%2F` was decoded before routing, `/history/01`
  /// was log 1, and `Idempotency-Key: a\0b` was read as `a`. `{log}` is the demo trainee's
  /// oldest log's id, so that the other spellings name a log that exists.
  @Test(arguments: [
    ("/v1/trainee/session%00x", 400, "invalid_path"),
    ("/v1/trainee/session%zz", 400, "invalid_path"),
    ("/v1/trainee%2Fsession", 404, "not_found"),
    ("/v1/trainee/workouts/history/0{log}", 404, "not_found"),
    ("/v1/trainee/workouts/history/+{log}", 404, "not_found"),
    ("/v1/trainee/nutrition/day?date=2026-01-05%00x", 400, "invalid_query"),
    ("/v1/trainee/nutrition/day?date=%FF", 400, "invalid_query"),
  ])
  func theRequestTargetIsReadAsSent(target: String, status: Int, code: String) async throws {
    let (server, directory) = try Self.demoServer()
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    let token = try #require(server.token)
    let oldest = try #require(try await server.logIDs(token: token).last)
    #expect(
      try RawHTTP.send(
        RawHTTP.get("/v1/trainee/workouts/history/\(oldest)", token: token), port: server.port
      ).status == 200)
    let target = target.replacingOccurrences(of: "{log}", with: oldest)
    let reply = try RawHTTP.send(RawHTTP.get(target, token: token), port: server.port)
    #expect(reply.status == status, "\(target): \(reply.body)")
    #expect(reply.body.contains("\"code\":\"\(code)\""), "\(target): \(reply.body)")
    // The canonical spelling still reaches the log.
    let first = try RawHTTP.send(
      RawHTTP.get("/v1/trainee/workouts/history", token: token), port: server.port)
    #expect(first.status == 200)
  }

  /// A header value that is not UTF-8 is refused, not read with replacement characters. (A NUL
  /// in a header cannot be seen: libmicrohttpd 0.9.75 ends the value there before any callback;
  /// docs/decisions/the-server-under-hostile-input.md, "Request targets and headers".)
  @Test func aHeaderThatIsNotUTF8IsRefused() async throws {
    let (server, directory) = try Self.demoServer()
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    let token = try #require(server.token)
    let header = Array("X-Request-Note: a".utf8) + [0xFF, 0xFE] + Array("b\r\n".utf8)
    let reply = try RawHTTP.send(
      RawHTTP.get("/v1/trainee/session", token: token, extraHeader: header), port: server.port)
    #expect(reply.status == 400, "\(reply.body)")
    #expect(reply.body.contains("\"code\":\"invalid_header\""), "\(reply.body)")
  }

  /// Hundreds of query arguments: MHD used to wait without answering until its 60 s timeout,
  /// then the server closed the connection without an answer. Up to the limit they are read;
  /// past it (2.7 KB for 400), a 414 with the JSON error body, counted in the metrics.
  @Test func tooManyQueryArgumentsAreAnswered414AndCounted() async throws {
    let (server, directory) = try Self.demoServer(arguments: ["--metrics-port", "0"])
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    let token = try #require(server.token)
    func query(_ count: Int) -> String {
      (0..<count).map { "a\($0)=1" }.joined(separator: "&")
    }
    let many = try RawHTTP.send(
      RawHTTP.get("/v1/trainee/workouts?" + query(100), token: token), port: server.port)
    #expect(many.status == 200)
    let counts = [101, 400, 456, 2000]
    for count in counts {
      let reply = try RawHTTP.send(
        RawHTTP.get("/v1/trainee/workouts?" + query(count), token: token), port: server.port,
        timeout: 30)
      #expect(reply.status == 414, "\(count): \(reply.head)\(reply.body)")
      #expect(
        reply.body.contains("\"code\":\"too_many_query_arguments\""), "\(count): \(reply.body)")
      #expect(reply.head.contains("Content-Type: application/json"), "\(reply.head)")
    }
    // A target longer than MHD's 32 KiB pool holds is MHD's own 414, with its HTML body
    // (docs/decisions/the-server-under-hostile-input.md "Request targets and headers": not counted,
    // a known limit).
    let long = try RawHTTP.send(
      RawHTTP.get("/v1/trainee/workouts?" + query(6000), token: token), port: server.port)
    #expect(long.status == 414)
    // The server goes on answering.
    let after = try RawHTTP.send(
      RawHTTP.get("/v1/trainee/session", token: token), port: server.port)
    #expect(after.status == 200)
    // A request's line is counted once it is over: read until the refusals are there.
    let metrics = try #require(server.metricsURL)
    let line = #"perform_http_requests_total{route="-",method="GET",status="414"} "#
    var text = ""
    for _ in 0..<500 where !text.contains(line + "\(counts.count)") {
      let (data, _) = try await URLSession.shared.data(from: metrics)
      text = String(decoding: data, as: UTF8.self)
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(text.contains(line + "\(counts.count)\n"), "\(text)")
  }

  /// Times beyond reason: were stored and echoed mangled (`4170145-09-04T...`, `100000-01-01`,
  /// 2026-02-30 as March 2). Each is a 400 naming `consumedAt`, and nothing is stored.
  @Test func aMealLogsTimeMustBeAnRFC3339InstantFrom1970To9999() async throws {
    let (server, directory) = try Self.demoServer()
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    let token = try #require(server.token)
    for consumedAt in [
      "+4170145-09-04T00:00:00Z", "99999-12-31T00:00:00Z", "1969-12-31T12:00:00Z",
      "2026-01-05T12:00:00+19:00", "2026-02-30T12:00:00Z",
      "2026-01-05T12:00:00.12345678901234567890Z", "2026-01-05 12:00",
    ] {
      let body = #"{"consumedAt":"\#(consumedAt)","items":["# + Self.food + "}]}"
      let answer = try await server.request(
        "POST", "/v1/trainee/nutrition/logs", token: token, body: Data(body.utf8))
      #expect(answer.status == 400, "\(consumedAt)")
      let text = String(decoding: answer.body, as: UTF8.self)
      #expect(text.contains("consumedAt"), "\(consumedAt): \(text)")
    }
    let menu = try await server.request(
      "GET", "/v1/trainee/nutrition/menu?date=2026-01-05", token: token)
    let answer = try JSONSerialization.jsonObject(with: menu.body) as? [String: Any]
    #expect((answer?["logs"] as? [Any])?.isEmpty == true)
    let good = #"{"consumedAt":"2026-01-05T12:30:00.5+01:00","items":["# + Self.food + "}]}"
    let stored = try await server.request(
      "POST", "/v1/trainee/nutrition/logs", token: token, body: Data(good.utf8))
    #expect(stored.status == 201)
  }

  /// A 401 says how to authenticate (RFC 9110 requires `WWW-Authenticate` on it); it had none.
  @Test(arguments: [nil, "not-a-token"])
  func aRefusedTokenIsAnsweredWithTheBearerChallenge(token: String?) async throws {
    let (server, directory) = try Self.demoServer()
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    let extra = token.map { Array("Authorization: Bearer \($0)\r\n".utf8) } ?? []
    let request =
      Array("GET /v1/trainee/session HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8) + extra
      + Array("Connection: close\r\n\r\n".utf8)
    let reply = try RawHTTP.send(request, port: server.port)
    #expect(reply.status == 401)
    #expect(
      reply.head.contains("\r\nWWW-Authenticate: Bearer realm=\"perform\"\r\n"), "\(reply.head)")
  }

  /// A body is read only for a request the token admits. Before, the whole body was read (and
  /// `100 Continue` sent) before the token was looked at.
  @Test func noTokenNoBodyAndNo100Continue() async throws {
    let (server, directory) = try Self.demoServer()
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    let head =
      "POST /v1/trainee/workouts/log HTTP/1.1\r\nHost: 127.0.0.1\r\n"
      + "Authorization: Bearer not-a-token\r\nContent-Type: application/json\r\n"
      + "Content-Length: 1000000\r\nExpect: 100-continue\r\n\r\n"
    let socket = try RawHTTP.connectSocket(port: server.port)
    defer { close(socket) }
    RawHTTP.write(Array(head.utf8), to: socket)
    let first = RawHTTP.readSome(socket)
    #expect(first.hasPrefix("HTTP/1.1 401 "), "\(first)")
    #expect(!first.contains("100 Continue"))
  }

  /// Stalled uploads without a valid token hold no memory: 100 connections each half-way
  /// through a 1 MiB body. Before, each body was buffered as it came (about 50 MB in all here).
  @Test func stalledUnauthenticatedUploadsHoldNoMemory() async throws {
    let (server, directory) = try Self.demoServer()
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    let pid = server.process.processIdentifier
    let before = try #require(RawHTTP.residentKiB(of: pid))
    let head =
      "PUT /v1/trainee/nutrition/day HTTP/1.1\r\nHost: 127.0.0.1\r\n"
      + "Content-Type: application/json\r\nContent-Length: 1048576\r\n\r\n"
    let half = [UInt8](repeating: UInt8(ascii: " "), count: 512 * 1024)
    var sockets: [Int32] = []
    defer { sockets.forEach { close($0) } }
    for _ in 0..<100 {
      let socket = try RawHTTP.connectSocket(port: server.port)
      sockets.append(socket)
      RawHTTP.write(Array(head.utf8), to: socket)
    }
    for socket in sockets { RawHTTP.write(half, to: socket) }
    // Every one was refused from its headers.
    for socket in sockets {
      let answer = RawHTTP.readSome(socket)
      #expect(answer.hasPrefix("HTTP/1.1 401 "), "\(answer.prefix(80))")
    }
    let during = try #require(RawHTTP.residentKiB(of: pid))
    #expect(during - before < 20 * 1024, "RSS grew from \(before) KiB to \(during) KiB")
  }

  /// What one trainee stores is bounded, with an answer naming the limit, and nothing stored:
  /// before, a 1 MiB day, 1 MiB meal logs without end and days dated centuries back were kept,
  /// and one trainee's reads grew slow for the workers everyone shares.
  @Test func whatOneTraineeStoresIsBounded() async throws {
    let (server, directory) = try Self.demoServer()
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    let token = try #require(server.token)
    func send(_ method: String, _ path: String, _ body: String) async throws -> (Int, String) {
      let answer = try await server.request(method, path, token: token, body: Data(body.utf8))
      return (answer.status, String(decoding: answer.body, as: UTF8.self))
    }
    let padding = String(repeating: "x", count: 300 * 1024)
    let bigDay = #"{"date":"2026-01-05","data":{"eaten":{},"note":""# + padding + #""}}"#
    let (dayStatus, dayText) = try await send("PUT", "/v1/trainee/nutrition/day", bigDay)
    #expect(dayStatus == 413 && dayText.contains("too_large"), "\(dayText.prefix(200))")

    let bigItems =
      #"{"date":"2026-01-05","items":[{"name":""# + String(repeating: "y", count: 70 * 1024)
      + #"","kcal":1,"protein":0,"carbs":0,"fat":0}]}"#
    let (itemsStatus, _) = try await send("POST", "/v1/trainee/nutrition/logs", bigItems)
    #expect(itemsStatus == 413)

    let old = #"{"date":"2024-01-01","data":{"eaten":{}}}"#
    let (oldStatus, oldText) = try await send("PUT", "/v1/trainee/nutrition/day", old)
    #expect(oldStatus == 422 && oldText.contains("date_out_of_range"), "\(oldText)")

    let meal = #"{"date":"2026-11-20","items":["# + Self.food + "}]}"
    for _ in 0..<50 {
      let (status, _) = try await send("POST", "/v1/trainee/nutrition/logs", meal)
      #expect(status == 201)
    }
    let (fullStatus, fullText) = try await send("POST", "/v1/trainee/nutrition/logs", meal)
    #expect(fullStatus == 422 && fullText.contains("limit_reached"), "\(fullText)")

    let sets = (1...50).map {
      #"{"setNumber":\#($0),"reps":5,"targetReps":5,"weight":90,"rir":null,"rm":null,"done":true}"#
    }.joined(separator: ",")
    let entries = (0..<100).map {
      #"{"exerciseId":"ex_\#($0)","name":"Back squat","done":true,"tempo":null,"sets":["#
        + sets + "]}"
    }.joined(separator: ",")
    let bigLog = #"{"completed":true,"entries":["# + entries + "]}"
    let (logStatus, logText) = try await send("POST", "/v1/trainee/workouts/log", bigLog)
    #expect(logStatus == 413 && logText.contains("too_large"), "\(logText.prefix(200))")

    let day = try await server.request(
      "GET", "/v1/trainee/nutrition/day?date=2026-01-05", token: token)
    #expect(String(decoding: day.body, as: UTF8.self).contains(#""data":null"#))
    let history = try await server.request("GET", "/v1/trainee/workouts/history", token: token)
    let workouts = try JSONSerialization.jsonObject(with: history.body) as? [String: Any]
    #expect((workouts?["workouts"] as? [Any])?.count == 2)
  }

  /// A client address holds at most its share of requests in flight, even with a valid token;
  /// behind a trusted proxy the share is per `X-Forwarded-For` client. Before, every connection
  /// was read and answered.
  @Test func aClientAddressHoldsAtMostItsShareOfRequests() async throws {
    let (server, directory) = try Self.demoServer(arguments: [
      "--max-requests-per-address", "2", "--trusted-proxy", "127.0.0.1",
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    let token = try #require(server.token)
    func stalledUpload(from client: String) throws -> Int32 {
      let socket = try RawHTTP.connectSocket(port: server.port)
      let head =
        "PUT /v1/trainee/nutrition/day HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + "Authorization: Bearer \(token)\r\nX-Forwarded-For: \(client)\r\n"
        + "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
      RawHTTP.write(Array(head.utf8), to: socket)
      return socket
    }
    func get(from client: String) throws -> RawHTTP.Reply {
      let extra = Array("X-Forwarded-For: \(client)\r\n".utf8)
      return try RawHTTP.send(
        RawHTTP.get("/v1/trainee/session", token: token, extraHeader: extra), port: server.port)
    }
    // Two stalled uploads hold the client's share. A GET sent before the server counted both
    // takes a place itself and one upload is refused instead: then the round is tried again.
    var third: RawHTTP.Reply?
    var held: [Int32] = []
    defer { held.forEach { close($0) } }
    for _ in 0..<10 where third == nil {
      held.forEach { close($0) }
      held = try [stalledUpload(from: "198.51.100.1"), stalledUpload(from: "198.51.100.1")]
      try await Task.sleep(for: .milliseconds(200))
      let reply = try get(from: "198.51.100.1")
      if reply.status == 503 {
        third = reply
      } else {
        let refused = held.map { RawHTTP.readWaiting($0) }.contains { $0.contains(" 503 ") }
        #expect(refused, "a third request was answered while two were held: \(reply.status ?? 0)")
        try await Task.sleep(for: .milliseconds(200))
      }
    }
    let refusal = try #require(third)
    #expect(refusal.head.contains("\r\nRetry-After: 1\r\n"), "\(refusal.head)")
    #expect(refusal.body.contains(#""code":"busy""#))
    // Another client behind the same proxy has its own share.
    #expect(try get(from: "198.51.100.2").status == 200)
  }

  /// Memory held for bodies in flight comes back once their connections close. Before, glibc
  /// kept the freed body buffers on its heap: 200 uploads left the server near 300 MB.
  @Test func memoryHeldForBodiesComesBackAfterTheyClose() async throws {
    let (server, directory) = try Self.demoServer(arguments: ["--max-requests-per-address", "64"])
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    let token = try #require(server.token)
    let pid = server.process.processIdentifier
    let size = 1 << 20
    let head =
      "PUT /v1/trainee/nutrition/day HTTP/1.1\r\nHost: 127.0.0.1\r\n"
      + "Authorization: Bearer \(token)\r\nContent-Type: application/json\r\n"
      + "Content-Length: \(size)\r\n\r\n"
    let almostAll = [UInt8](repeating: UInt8(ascii: " "), count: size - 1)
    /// Holds 40 bodies of 1 MiB but one byte, waits until the server's RSS has grown by 36 MiB
    /// (or 10 s), closes them, and waits until it is back within 10 MiB of `baseline` (or
    /// 30 s: on a loaded machine the server may take seconds to see every close). Returns the
    /// RSS held and the RSS after.
    func round(from baseline: Int) async throws -> (held: Int, after: Int) {
      var sockets: [Int32] = []
      for _ in 0..<40 {
        let socket = try RawHTTP.connectSocket(port: server.port)
        sockets.append(socket)
        RawHTTP.write(Array(head.utf8) + almostAll, to: socket)
      }
      // Stalled, not cut off mid-read: wait until the server has read (nearly) every body.
      var held = try #require(RawHTTP.residentKiB(of: pid))
      for _ in 0..<200 where held - baseline < 36 * 1024 {
        try await Task.sleep(for: .milliseconds(50))
        held = try #require(RawHTTP.residentKiB(of: pid))
      }
      sockets.forEach { close($0) }
      var after = held
      for _ in 0..<600 where after - baseline >= 10 * 1024 {
        try await Task.sleep(for: .milliseconds(50))
        after = try #require(RawHTTP.residentKiB(of: pid))
      }
      return (held, after)
    }
    // The first round also warms the server up (worker threads, caches): its settled RSS is
    // the baseline the later rounds must come back to.
    let start = try #require(RawHTTP.residentKiB(of: pid))
    _ = try await round(from: start)
    try await Task.sleep(for: .milliseconds(500))
    let baseline = try #require(RawHTTP.residentKiB(of: pid))
    for _ in 0..<2 {
      let (held, after) = try await round(from: baseline)
      #expect(held - baseline >= 36 * 1024, "RSS \(baseline) KiB, then \(held) KiB held")
      #expect(
        after - baseline < 10 * 1024,
        "RSS \(baseline) KiB, \(held) KiB held, \(after) KiB after")
    }
  }

  /// `perform serve --demo` on a database of its own, and the directory to remove after.
  private static func demoServer(arguments: [String] = []) throws -> (ServeChild, URL) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let server = try ServeChild(
      database: directory.appendingPathComponent("perform.sqlite"), demo: true,
      arguments: arguments)
    return (server, directory)
  }
}
