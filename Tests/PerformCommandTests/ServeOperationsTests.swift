import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// What an operator sees of `perform serve`: health checks, request ids, the access log.
@Suite(.serialized, .timeLimit(.minutes(5))) struct ServeOperationsTests {
  private static func server(_ arguments: [String] = []) throws -> (ServeChild, URL) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-ops-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let server = try ServeChild(
      database: directory.appendingPathComponent("perform.sqlite"), demo: true,
      arguments: arguments)
    return (server, directory)
  }

  @Test func healthAndReadinessNeedNoTokenAndNoShareOfTheLimits() async throws {
    let (server, directory) = try Self.server(["--max-requests-per-address", "1"])
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    let token = try #require(server.token)
    let health = try await server.request("GET", "/healthz", token: nil)
    #expect(health.status == 200)
    #expect(String(decoding: health.body, as: UTF8.self) == #"{"status":"ok"}"#)
    let ready = try await server.request("GET", "/readyz", token: nil)
    #expect(ready.status == 200)
    #expect(String(decoding: ready.body, as: UTF8.self) == #"{"status":"ready"}"#)

    // One stalled upload holds this address's only place: trainee routes are refused, the
    // health checks still answer.
    let upload = try RawHTTP.connectSocket(port: server.port)
    defer { close(upload) }
    RawHTTP.write(
      Array(
        ("PUT /v1/trainee/nutrition/day HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer \(token)\r\n"
          + "Content-Type: application/json\r\nContent-Length: 100\r\n"
          + "Expect: 100-continue\r\n\r\n").utf8), to: upload)
    // `100 Continue`: the upload was admitted, and holds the address's place.
    #expect(RawHTTP.readSome(upload).hasPrefix("HTTP/1.1 100 Continue"))
    let refused = try RawHTTP.send(
      RawHTTP.get("/v1/trainee/session", token: token), port: server.port)
    #expect(refused.status == 503)
    for path in ["/healthz", "/readyz"] {
      let reply = try RawHTTP.send(
        Array("GET \(path) HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n".utf8),
        port: server.port)
      #expect(reply.status == 200, "\(path): \(reply.body)")
    }
  }

  @Test func everyAnswerCarriesItsOwnRequestId() async throws {
    let (server, directory) = try Self.server()
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    let token = try #require(server.token)
    var ids: Set<String> = []
    for (path, bearer) in [
      ("/v1/trainee/session", token), ("/v1/trainee/session", "wrong"), ("/nowhere", token),
    ] {
      let reply = try RawHTTP.send(RawHTTP.get(path, token: bearer), port: server.port)
      let id = try #require(
        reply.head.split(separator: "\r\n").first { $0.hasPrefix("X-Request-Id: ") }?
          .dropFirst("X-Request-Id: ".count))
      #expect(id.count == 16 && id.allSatisfy(\.isHexDigit), "\(id)")
      ids.insert(String(id))
    }
    #expect(ids.count == 3)
  }

  @Test func theAccessLogHasALineForEveryRequestAndNoSecrets() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-ops-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let log = directory.appendingPathComponent("access.log")
    let logged = try ServeChild(
      database: directory.appendingPathComponent("perform.sqlite"), demo: true,
      arguments: ["--access-log", log.path])
    let token = try #require(logged.token)
    let oldest = try #require(try await logged.logIDs(token: token).last)
    let history = try RawHTTP.send(
      RawHTTP.get("/v1/trainee/workouts/history/\(oldest)", token: token), port: logged.port)
    #expect(history.status == 200)
    let unauthorized = try RawHTTP.send(
      RawHTTP.get("/v1/trainee/nutrition/day?date=2026-01-05", token: "wrong"),
      port: logged.port)
    #expect(unauthorized.status == 401)
    #expect(logged.interrupt())

    let text = try String(contentsOf: log, encoding: .utf8)
    let all = text.split(separator: "\n").map { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
    }
    // One line is the look-up of the log's id; the two others are the requests checked.
    let lookUp = "/v1/trainee/workouts/history"
    #expect(all.filter { $0["route"] as? String == lookUp }.count == 1, "\(text)")
    let lines = all.filter { $0["route"] as? String != lookUp }
    #expect(lines.count == 2, "\(text)")
    #expect(
      lines.map { $0["route"] as? String } == [
        "/v1/trainee/workouts/history/:id", "/v1/trainee/nutrition/day",
      ])
    #expect(lines.map { $0["status"] as? Int } == [200, 401])
    #expect(lines.map { $0["method"] as? String } == ["GET", "GET"])
    #expect(lines.allSatisfy { ($0["durationMs"] as? Double).map { $0 >= 0 } == true })
    #expect(lines[0]["bytesOut"] as? Int == history.body.utf8.count)
    let requestId = history.head.split(separator: "\r\n")
      .first { $0.hasPrefix("X-Request-Id: ") }?.dropFirst("X-Request-Id: ".count)
    #expect(lines[0]["id"] as? String == requestId.map(String.init))
    // Never the token, the query or the trainee's name.
    #expect(!text.contains(token) && !text.contains("wrong") && !text.contains("2026-01-05"))
    #expect(!text.contains("Demo trainee"))
  }

  @Test func aLogThatCannotBeWrittenDropsLinesNotRequests() async throws {
    let (server, directory) = try Self.server(["--access-log", "/dev/full"])
    defer { try? FileManager.default.removeItem(at: directory) }
    let token = try #require(server.token)
    for _ in 0..<50 {
      let reply = try RawHTTP.send(
        RawHTTP.get("/v1/trainee/session", token: token), port: server.port)
      #expect(reply.status == 200)
    }
    #expect(server.interrupt(), "perform serve must stop while its log cannot be written")
  }

  @Test func optionsComeFromTheEnvironmentAndTheCommandLineWins() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-ops-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let fromEnvironment = directory.appendingPathComponent("env.log")
    let server = try ServeChild(
      database: directory.appendingPathComponent("perform.sqlite"), demo: false,
      environment: [
        "PERFORM_ACCESS_LOG": fromEnvironment.path, "PERFORM_DEMO": "yes",
        "PERFORM_MAX_REQUESTS_PER_ADDRESS": "7",
      ])
    let token = try #require(server.token, "PERFORM_DEMO=yes creates the demo trainee")
    #expect(
      try RawHTTP.send(RawHTTP.get("/v1/trainee/session", token: token), port: server.port)
        .status == 200)
    #expect(server.interrupt())
    let logged = try String(contentsOf: fromEnvironment, encoding: .utf8)
    #expect(logged.split(separator: "\n").count == 1, "\(logged)")

    // `--port 0` on ServeChild's command line beat a PERFORM_PORT that could not be used.
    let check = try PerformBinary.run(
      ["serve", "--check-config", "--database", directory.appendingPathComponent("p").path],
      environment: ["PERFORM_PORT": "8123", "PERFORM_ACCESS_LOG": "off"])
    let printed = String(decoding: check.stdout, as: UTF8.self)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(printed.contains("listen: 127.0.0.1:8123\n") && printed.contains("access log: off\n"))
    #expect(printed.hasSuffix("configuration ok\n"))
    let overridden = try PerformBinary.run(
      [
        "serve", "--check-config", "--port", "8124", "--database",
        directory.appendingPathComponent("p").path,
      ],
      environment: ["PERFORM_PORT": "8123"])
    #expect(String(decoding: overridden.stdout, as: UTF8.self).contains("listen: 127.0.0.1:8124\n"))
    // Checking created nothing.
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("p").path))
  }

  @Test(arguments: [
    (["PERFORM_PORT": "99999"], "--port (from PERFORM_PORT) \"99999\" is not a port number"),
    (["PERFORM_DEMO": "maybe"], "PERFORM_DEMO \"maybe\" is not 1, true, yes, 0, false or no"),
    (
      ["PERFORM_ACCESS_LOG": "/no/such/dir/a.log"],
      "--access-log /no/such/dir/a.log: cannot be written"
    ),
    (
      ["PERFORM_MAX_BODY_MIB_IN_FLIGHT": "0"],
      "--max-body-mib-in-flight (from PERFORM_MAX_BODY_MIB_IN_FLIGHT)"
    ),
  ])
  func checkConfigNamesWhatIsWrongAndWhereItCameFrom(
    environment: [String: String], message: String
  ) throws {
    let output = try PerformBinary.run(
      ["serve", "--check-config", "--database", "/tmp/perform-check-\(UUID().uuidString).sqlite"],
      environment: environment)
    #expect(output.status == 2)
    #expect(output.stdout.isEmpty)
    #expect(output.stderr.contains(message), "\(output.stderr)")
  }

  /// SIGTERM: a request begun (its headers in, its body still coming) ends and is stored; no new
  /// connection is taken; the server exits 0.
  @Test func sigtermLetsARequestBegunEndAndTakesNoNewOne() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-ops-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("perform.sqlite")
    let server = try ServeChild(database: database, demo: true)
    let token = try #require(server.token)
    let body = Array(#"{"date":"2026-11-30","data":{"eaten":{"2026-10-30__it_oats":true}}}"#.utf8)
    let upload = try RawHTTP.connectSocket(port: server.port)
    defer { close(upload) }
    RawHTTP.write(
      Array(
        ("PUT /v1/trainee/nutrition/day HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer \(token)\r\n"
          + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n"
          + "Expect: 100-continue\r\nConnection: close\r\n\r\n").utf8), to: upload)
    // `100 Continue` says the headers are in and admitted: the request has begun.
    #expect(RawHTTP.readSome(upload).hasPrefix("HTTP/1.1 100 Continue"))
    kill(server.process.processIdentifier, SIGTERM)

    // No new connection is taken once the server stops listening.
    var refused = false
    for _ in 0..<500 where !refused {
      do {
        let probe = try RawHTTP.connectSocket(port: server.port, timeout: 2)
        close(probe)
        try await Task.sleep(for: .milliseconds(10))
      } catch {
        refused = true
      }
    }
    #expect(refused, "the server still took connections after SIGTERM")

    RawHTTP.write(body, to: upload)
    let answer = RawHTTP.readSome(upload)
    #expect(answer.hasPrefix("HTTP/1.1 200 "), "\(answer)")
    var waited = 0
    while server.process.isRunning && waited < 2000 {
      try await Task.sleep(for: .milliseconds(10))
      waited += 1
    }
    #expect(!server.process.isRunning)
    #expect(server.process.terminationStatus == 0)

    // What it acknowledged is there after a restart.
    let again = try ServeChild(database: database, demo: true)
    defer { again.interrupt() }
    let day = try await again.request(
      "GET", "/v1/trainee/nutrition/day?date=2026-11-30", token: again.token)
    #expect(String(decoding: day.body, as: UTF8.self).contains("it_oats"))
  }

  /// SIGHUP after a rotation moved the access log away: the next lines go to a new file.
  @Test func sighupReopensTheAccessLog() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-ops-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let log = directory.appendingPathComponent("access.log")
    let rotated = directory.appendingPathComponent("access.log.1")
    let server = try ServeChild(
      database: directory.appendingPathComponent("perform.sqlite"), demo: true,
      arguments: ["--access-log", log.path])
    defer { server.interrupt() }
    let token = try #require(server.token)
    func get() throws {
      _ = try RawHTTP.send(RawHTTP.get("/v1/trainee/session", token: token), port: server.port)
    }
    try get()
    var lines = 0
    for _ in 0..<500 where lines == 0 {
      try await Task.sleep(for: .milliseconds(10))
      lines = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").count
    }
    #expect(lines == 1)
    try FileManager.default.moveItem(at: log, to: rotated)
    kill(server.process.processIdentifier, SIGHUP)
    var reopened = false
    for _ in 0..<500 where !reopened {
      try get()
      try await Task.sleep(for: .milliseconds(10))
      reopened =
        FileManager.default.fileExists(atPath: log.path)
        && !((try? String(contentsOf: log, encoding: .utf8)) ?? "").isEmpty
    }
    #expect(reopened)
    #expect(server.process.isRunning, "SIGHUP must not stop the server")
    #expect(try String(contentsOf: rotated, encoding: .utf8).split(separator: "\n").count >= 1)
  }

  /// Prometheus metrics on a port of their own, never on the public API.
  @Test func metricsCountRequestsByRouteOnTheirOwnPort() async throws {
    let (server, directory) = try Self.server(["--metrics-port", "0"])
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    let token = try #require(server.token)
    let metricsURL = try #require(server.metricsURL)
    #expect(metricsURL.host == "127.0.0.1")
    let oldest = try #require(try await server.logIDs(token: token).last)
    for _ in 0..<3 {
      _ = try RawHTTP.send(
        RawHTTP.get("/v1/trainee/workouts/history/\(oldest)", token: token), port: server.port)
    }
    _ = try RawHTTP.send(RawHTTP.get("/v1/trainee/session", token: "wrong"), port: server.port)
    let onPublicPort = try RawHTTP.send(RawHTTP.get("/metrics", token: token), port: server.port)
    #expect(onPublicPort.status == 404)

    // A request's line is counted once it is over: read until the four are there.
    var text = ""
    for _ in 0..<500
    where !text.contains(#"route="/v1/trainee/session",method="GET",status="401"} 1"#) {
      let (data, _) = try await URLSession.shared.data(from: metricsURL)
      text = String(decoding: data, as: UTF8.self)
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(
      text.contains(
        #"perform_http_requests_total{route="/v1/trainee/workouts/history/:id",method="GET",status="200"} 3"#
      ),
      "\(text)")
    #expect(
      text.contains(
        #"perform_http_requests_total{route="/v1/trainee/session",method="GET",status="401"} 1"#))
    #expect(
      text.contains(
        #"perform_http_request_duration_seconds_count{route="/v1/trainee/workouts/history/:id"} 3"#)
    )
    #expect(text.contains(#"le="+Inf"} 3"#))
    #expect(text.contains("# TYPE perform_http_request_duration_seconds histogram"))
    #expect(text.contains("\nprocess_resident_memory_bytes "))
    #expect(text.contains("\nperform_http_requests_in_flight "))
    // Patterns, never ids or tokens.
    #expect(!text.contains(oldest) && !text.contains(token))
  }

  /// The database's time per transaction, the writes one commit carried and the answer cache's
  /// hits and misses are in the metrics too.
  @Test func metricsShowDatabaseTimeTransactionsAndTheAnswerCache() async throws {
    let (server, directory) = try Self.server(["--metrics-port", "0"])
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    let token = try #require(server.token)
    let metricsURL = try #require(server.metricsURL)
    // Built once, then answered from the cache.
    for _ in 0..<2 {
      let answer = try await server.request("GET", "/v1/trainee/workouts", token: token)
      #expect(answer.status == 200)
    }
    let log = Data(
      """
      { "programId": "plan_strength", "dayId": "day_legs", "label": "Day 3", "durationSec": 60,
        "completed": true, "entries": [ { "exerciseId": "ex_squat", "name": "Back squat",
        "done": true, "tempo": null, "sets": [ { "setNumber": 1, "reps": 5, "targetReps": 5,
        "weight": 90, "rir": null, "rm": null, "done": true } ] } ] }
      """.utf8)
    let posted = try await server.request(
      "POST", "/v1/trainee/workouts/log", token: token, body: log)
    #expect(posted.status == 201)
    // A body refused (not JSON), and a connection held open while the metrics are read.
    let refused = try await server.request(
      "POST", "/v1/trainee/workouts/log", token: token, body: Data("{nope".utf8))
    #expect(refused.status == 400)
    let held = try RawHTTP.connectSocket(port: server.port)
    defer { close(held) }

    // A request is counted once it is over: read until the refused body is there.
    var data = Data()
    for _ in 0..<500 {
      (data, _) = try await URLSession.shared.data(from: metricsURL)
      if String(decoding: data, as: UTF8.self).contains("perform_http_bodies_refused_total 1") {
        break
      }
      try await Task.sleep(for: .milliseconds(10))
    }
    let values = Dictionary(
      String(decoding: data, as: UTF8.self).split(separator: "\n")
        .filter { !$0.hasPrefix("#") }
        .compactMap { line -> (String, Double)? in
          guard let space = line.lastIndex(of: " "), let value = Double(line[space...].dropFirst())
          else { return nil }
          return (String(line[..<space]), value)
        },
      uniquingKeysWith: { first, _ in first })
    #expect(values["perform_answer_cache_misses_total", default: 0] >= 1)
    #expect(values["perform_answer_cache_hits_total", default: 0] >= 1)
    #expect(values[#"perform_database_seconds_count{kind="read"}"#, default: 0] >= 1)
    #expect(values[#"perform_database_seconds_count{kind="write"}"#, default: 0] >= 1)
    #expect(values["perform_database_transaction_writes_count", default: 0] >= 1)
    #expect(values["perform_database_transaction_rows_sum", default: 0] >= 1)
    #expect(values["perform_database_failed_writes_total"] == 0)
    // The server syncs SQLite's WAL off the writer: every acknowledged write had a sync.
    #expect(values["perform_database_wal_syncs_total", default: 0] >= 1)
    #expect(values["perform_database_wal_sync_failed"] == 0)
    #expect(values["perform_http_bodies_refused_total"] == 1)
    #expect(values["perform_http_connections_open", default: 0] >= 1)
  }

  /// The server listens before its database is opened and migrated: alive, not ready, until
  /// the database answers. Here another process holds the database locked meanwhile.
  @Test func readinessSaysNotReadyWhileTheDatabaseIsBeingOpened() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-ops-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("perform.sqlite")
    let locker = Process()
    locker.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    locker.arguments = [
      "python3", "-c",
      "import sqlite3,sys; c=sqlite3.connect(sys.argv[1], isolation_level=None);"
        + " c.execute('BEGIN EXCLUSIVE'); print('locked', flush=True); sys.stdin.read()",
      database.path,
    ]
    let lockerIn = Pipe()
    let lockerOut = Pipe()
    locker.standardInput = lockerIn
    locker.standardOutput = lockerOut
    try ChildStart.run(locker)
    #expect(
      String(decoding: lockerOut.fileHandleForReading.availableData, as: UTF8.self)
        .hasPrefix("locked"))

    let port = try RawHTTP.freePort()
    let server = Process()
    server.executableURL = PerformBinary.url
    server.arguments = [
      "serve", "--port", String(port), "--database", database.path, "--access-log", "off",
    ]
    server.standardOutput = FileHandle.nullDevice
    server.standardError = FileHandle.nullDevice
    try ChildStart.run(server)
    defer {
      if server.isRunning { kill(server.processIdentifier, SIGKILL) }
      server.waitUntilExit()
    }
    func status(_ path: String) -> Int? {
      (try? RawHTTP.send(
        Array("GET \(path) HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n".utf8),
        port: port, timeout: 5))?.status
    }
    var alive = false
    for _ in 0..<500 where !alive {
      alive = status("/healthz") == 200
      if !alive { try await Task.sleep(for: .milliseconds(10)) }
    }
    #expect(alive)
    #expect(status("/readyz") == 503)
    #expect(status("/v1/trainee/session") == 503)

    try lockerIn.fileHandleForWriting.close()
    locker.waitUntilExit()
    var ready = false
    for _ in 0..<1000 where !ready {
      ready = status("/readyz") == 200
      if !ready { try await Task.sleep(for: .milliseconds(10)) }
    }
    #expect(ready)
    kill(server.processIdentifier, SIGTERM)
  }
}
