import Dispatch
import Foundation
import SQLStore
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// One trainee (or a client with no token) against another, through the real `perform serve`
/// (docs/security.md, "Neighbours"). The server's writer is held by a write transaction of the
/// test's own on the database file, so the attacker's writes hold their workers for as long as
/// the test needs; every wait is for a count the server shows on `/metrics`, never for time.
@Suite(.serialized, .timeLimit(.minutes(5))) struct ServeNeighbourTests {
  /// The server's workers (`MicroHTTPDServer.Configuration.workerCount`'s default).
  static let workers = max(64, 16 * ProcessInfo.processInfo.activeProcessorCount)

  /// An attacker holding workers under as many spellings of its one token as the server has
  /// workers, and two more, takes one account's share: the neighbour's read is answered while
  /// every write of the attacker's still waits for the writer. Before, each spelling was a client
  /// of its own and took a worker: the neighbour's request waited behind them.
  @Test func spellingsOfOneTokenHoldOneAccountsShare() async throws {
    // NB: every connection comes from 127.0.0.1: neither its requests nor its connections may
    // meet the per-address limits, which are not what this test is about.
    let fixture = try Fixture(arguments: [
      "--max-requests-per-address", "100000", "--max-connections-per-address", "100000",
    ])
    defer { fixture.stop() }
    let attacker = try fixture.addTrainee("Attacker")
    let neighbour = try fixture.addTrainee("Neighbour")
    let server = try fixture.start()
    let writer = try WriterHold(database: fixture.database)
    defer { writer.release() }

    let count = Self.workers + 2
    let sockets = try (0..<count).map { index in
      let socket = try RawHTTP.connectSocket(port: server.port)
      RawHTTP.write(
        Self.request(
          "POST", "/v1/trainee/nutrition/logs", authorization: Self.spelling(attacker, index),
          body: Self.mealLog(Fixture.daysAgo(1 + index % 30))), to: socket)
      return socket
    }
    defer { for socket in sockets { close(socket) } }
    // Every attacker request holds a worker or waits for one, under any keying.
    try await fixture.waitFor { $0.workersBusy + $0.waitingForAWorker == count }
    let waitingBefore = try await fixture.metrics().waitingForAWorker

    let light = try RawHTTP.connectSocket(port: server.port)
    defer { close(light) }
    RawHTTP.write(
      Self.request("GET", "/v1/trainee/session", authorization: "Bearer \(neighbour)"), to: light)
    var lightReply = ""
    var lightWaited = false
    for _ in 0..<6000 {
      lightReply += RawHTTP.readWaiting(light)
      if lightReply.contains("\r\n\r\n") { break }
      // The neighbour's request waits for a worker: the attack works.
      if try await fixture.metrics().waitingForAWorker > waitingBefore {
        lightWaited = true
        break
      }
      try await Task.sleep(for: .milliseconds(5))
    }
    var replies = sockets.map { RawHTTP.readWaiting($0) }
    // NB: an attacker write that waited out the writer's busy timeout (five seconds, on a
    // machine loaded enough) is answered 503; no attacker write was stored before the
    // neighbour's answer.
    let attackerServed = replies.filter { Self.status($0) == 201 }.count
    writer.release()

    #expect(!lightWaited)
    #expect(lightReply.hasPrefix("HTTP/1.1 200"))
    #expect(attackerServed == 0)
    for index in sockets.indices where !replies[index].contains("\r\n\r\n") {
      replies[index] += RawHTTP.readSome(sockets[index])
    }
    let statuses = replies.map(Self.status)
    #expect(statuses.allSatisfy { $0 == 201 || $0 == 503 }, "\(statuses)")
    #expect(statuses.contains(201))
  }

  /// An attacker reading a dozen large answers of its own, more than the whole cache holds,
  /// pushes out only its own: the neighbour's kept answer is found again. Before, the cache was
  /// one list for everyone and the neighbour's answer, the least recently used, went first.
  @Test func oneTraineesReadsLeaveAnothersKeptAnswers() async throws {
    let fixture = try Fixture(arguments: ["--answer-cache-mib", "1"])
    defer { fixture.stop() }
    let attacker = try fixture.addTrainee("Attacker")
    let neighbour = try fixture.addTrainee("Neighbour")
    let server = try fixture.start()
    let dates = (2...13).map { Fixture.daysAgo($0) }
    for date in dates {
      let put = try await server.request(
        "PUT", "/v1/trainee/nutrition/day", token: attacker, body: Self.largeDay(date))
      #expect(put.status == 200, "\(String(decoding: put.body, as: UTF8.self))")
    }
    #expect(try await server.request("GET", "/v1/trainee/session", token: neighbour).status == 200)
    for date in dates {
      let day = try await server.request(
        "GET", "/v1/trainee/nutrition/day?date=\(date)", token: attacker)
      #expect(day.status == 200 && day.body.count > 100_000)
    }
    let hitsBefore = try await fixture.metrics().value("perform_answer_cache_hits_total")
    #expect(try await server.request("GET", "/v1/trainee/session", token: neighbour).status == 200)
    let hitsAfter = try await fixture.metrics().value("perform_answer_cache_hits_total")
    #expect(hitsAfter == hitsBefore + 1)
  }

  /// An attacker's write that fails having changed nothing (an `Idempotency-Key` used before
  /// for another workout: 422) fails alone: the neighbour's write in the same transaction is not
  /// run a second time. Before, the whole batch was rolled back and run again, and the next 16
  /// batches ran each write in a savepoint.
  @Test func aFailingWriteDoesNotRunItsNeighboursAgain() async throws {
    let fixture = try Fixture(arguments: [])
    defer { fixture.stop() }
    let attacker = try fixture.addTrainee("Attacker")
    let neighbour = try fixture.addTrainee("Neighbour")
    let server = try fixture.start()
    let first = try await server.request(
      "POST", "/v1/trainee/workouts/log", token: attacker, body: Self.log(seconds: 60),
      headers: ["Idempotency-Key": "reused"])
    #expect(first.status == 201)
    let writer = try WriterHold(database: fixture.database)
    defer { writer.release() }

    // The first write leads a batch of its own and waits for the writer; the next two wait
    // for that batch and then run together in one transaction.
    let leader = try Self.send(
      port: server.port, "PUT", "/v1/trainee/nutrition/day", token: neighbour,
      body: Self.day(Fixture.yesterday, portion: 1))
    try await fixture.waitFor { $0.workersBusy == 1 }
    let together = [
      try Self.send(
        port: server.port, "PUT", "/v1/trainee/nutrition/day", token: neighbour,
        body: Self.day(Fixture.daysAgo(2), portion: 2)),
      try Self.send(
        port: server.port, "POST", "/v1/trainee/workouts/log", token: attacker,
        body: Self.log(seconds: 61), headers: ["Idempotency-Key": "reused"]),
    ]
    try await fixture.waitFor { $0.workersBusy == 3 }
    writer.release()
    let statuses = ([leader] + together).map { socket in
      defer { close(socket) }
      return Self.status(RawHTTP.readSome(socket))
    }
    #expect(statuses == [200, 200, 422])
    let metrics = try await fixture.metrics()
    #expect(metrics.value("perform_database_failed_writes_total") >= 1)
    #expect(metrics.value("perform_database_batches_run_again_total") == 0)
  }

  /// Writes that all fail having changed nothing commit nothing, and take no WAL sync of their
  /// own: refused writes back to back do not keep the disk busy for everyone's. Before, each such
  /// batch cost an fdatasync, and the neighbour's next batch waited for it.
  @Test func refusedWritesTakeNoSyncOfTheirOwn() async throws {
    let fixture = try Fixture(arguments: [])
    defer { fixture.stop() }
    let attacker = try fixture.addTrainee("Attacker")
    let neighbour = try fixture.addTrainee("Neighbour")
    let server = try fixture.start()
    let first = try await server.request(
      "POST", "/v1/trainee/workouts/log", token: attacker, body: Self.log(seconds: 60),
      headers: ["Idempotency-Key": "reused"])
    #expect(first.status == 201)
    let writer = try WriterHold(database: fixture.database)
    defer { writer.release() }
    let syncsBefore = try await fixture.metrics().value("perform_database_wal_syncs_total")
    #expect(syncsBefore >= 0)
    // The neighbour's write leads a batch of its own; two refused writes (the attacker's share
    // of the workers) wait for it and then run together.
    let leader = try Self.send(
      port: server.port, "PUT", "/v1/trainee/nutrition/day", token: neighbour,
      body: Self.day(Fixture.yesterday, portion: 1))
    try await fixture.waitFor { $0.workersBusy == 1 }
    let refused = try (0..<2).map { index in
      try Self.send(
        port: server.port, "POST", "/v1/trainee/workouts/log", token: attacker,
        body: Self.log(seconds: 61 + index), headers: ["Idempotency-Key": "reused"])
    }
    try await fixture.waitFor { $0.workersBusy == 3 }
    writer.release()
    let statuses = ([leader] + refused).map { socket in
      defer { close(socket) }
      return Self.status(RawHTTP.readSome(socket))
    }
    #expect(statuses == [200, 422, 422])
    let metrics = try await fixture.metrics()
    #expect(metrics.value("perform_database_failed_writes_total") == 2)
    #expect(metrics.value("perform_database_wal_syncs_total") == syncsBefore + 1)
  }

  // MARK: - Helpers

  /// A connected socket with `method target` written to it, `Bearer token`.
  static func send(
    port: Int, _ method: String, _ target: String, token: String, body: Data,
    headers: [String: String] = [:]
  ) throws -> Int32 {
    let socket = try RawHTTP.connectSocket(port: port)
    RawHTTP.write(
      request(method, target, authorization: "Bearer \(token)", body: body, headers: headers),
      to: socket)
    return socket
  }

  /// A day snapshot of about 110 KB.
  static func largeDay(_ date: String) -> Data {
    let food =
      #"{"id":"ai","name":""# + String(repeating: "A", count: 200)
      + #"","kcal":78,"protein":0.4,"carbs":20.6,"fat":0.3}"#
    let foods = Array(repeating: food, count: 400).joined(separator: ",")
    return Data(
      (#"{"date":"\#(date)","data":{"aiMeals":{"\#(Fixture.dayKey(date))m_lunch":["#
        + foods + "]}}}").utf8)
  }

  /// A small day snapshot.
  static func day(_ date: String, portion: Int) -> Data {
    Data(
      (#"{"date":"\#(date)","data":{"eaten":{"\#(Fixture.dayKey(date))it_oats":true},"#
        + #""mbp":\#(portion)}}"#).utf8)
  }

  /// A small workout log lasting `seconds`.
  static func log(seconds: Int) -> Data {
    Data(
      (#"{"programId":"plan_strength","dayId":"day_legs","durationSec":\#(seconds),"#
        + #""completed":true,"entries":[{"exerciseId":"ex_squat","name":"Back squat","#
        + #""done":true,"tempo":null,"sets":[{"setNumber":1,"reps":5,"targetReps":5,"#
        + #""weight":90,"rir":null,"rm":null,"done":true}]}]}"#).utf8)
  }

  /// A meal log of one food on `date` (a date keeps at most 50).
  static func mealLog(_ date: String) -> Data {
    Data(
      (#"{"date":"\#(date)","items":[{"name":"Toast","foodId":"f_1","qty":100,"unit":"g","#
        + #""kcal":200,"protein":6,"carbs":30,"fat":5}]}"#).utf8)
  }

  /// The `index`th spelling of `Bearer <token>` the server accepts: the scheme in every mix of
  /// capitals, then one more space before the token for every 64.
  static func spelling(_ token: String, _ index: Int) -> String {
    let scheme = "bearer".enumerated().map { bit, letter in
      index >> bit & 1 == 1 ? letter.uppercased() : String(letter)
    }.joined()
    return scheme + String(repeating: " ", count: index / 64 + 1) + token
  }

  /// A request with `Connection: close`, written byte for byte.
  static func request(
    _ method: String, _ target: String, authorization: String?, body: Data? = nil,
    headers: [String: String] = [:]
  ) -> [UInt8] {
    var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    if let authorization { head += "Authorization: \(authorization)\r\n" }
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if let body {
      head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n"
    }
    return Array((head + "\r\n").utf8) + Array(body ?? Data())
  }

  /// The status code of a reply's status line, or 0.
  static func status(_ reply: String) -> Int {
    reply.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
  }
}

/// A database, its trainees and a `perform serve` on it with `/metrics`.
final class Fixture: @unchecked Sendable {
  // NB: @unchecked: `server` is set once by `start()` before any concurrent use.
  let directory: URL
  let database: URL
  let arguments: [String]
  private(set) var server: ServeChild?

  /// Yesterday in UTC (`YYYY-MM-DD`), a date every dated write takes.
  static var yesterday: String { daysAgo(1) }

  /// The date `days` days before today in UTC (`YYYY-MM-DD`).
  static func daysAgo(_ days: Int) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(from: Date() - Double(days) * 86_400)
  }

  /// The prefix of a day snapshot's keys for `date` (`2026-0-5__`: the month from 0).
  static func dayKey(_ date: String) -> String {
    let parts = date.split(separator: "-").map { Int($0) ?? 0 }
    return "\(parts[0])-\(parts[1] - 1)-\(parts[2])__"
  }

  init(arguments: [String]) throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-neighbour-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    database = directory.appendingPathComponent("perform.sqlite")
    self.arguments = arguments
  }

  /// `perform trainee add NAME`; the new trainee's token.
  func addTrainee(_ name: String) throws -> String {
    let output = try PerformBinary.run(["trainee", "add", name, "--database", database.path])
    let text = String(decoding: output.stdout, as: UTF8.self)
    guard output.status == 0,
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("token: ") })
    else { throw ChildFailure("trainee add failed: \(text) \(output.stderr)") }
    return String(line.dropFirst("token: ".count))
  }

  /// Starts the server with the fixture's arguments and `/metrics` on a port of its own.
  func start() throws -> ServeChild {
    let server = try ServeChild(
      database: database, demo: false, arguments: arguments + ["--metrics-port", "0"])
    self.server = server
    return server
  }

  func stop() {
    server?.interrupt()
    try? FileManager.default.removeItem(at: directory)
  }

  /// What the tests read of `/metrics`.
  struct Metrics {
    var text: String
    var workersBusy: Int { Int(value("perform_http_workers_busy")) }
    var waitingForAWorker: Int { Int(value("perform_http_requests_waiting_for_a_worker")) }

    /// The value of the sample named exactly `name` (no labels), or -1.
    func value(_ name: String) -> Double {
      for line in text.split(separator: "\n") where line.hasPrefix(name + " ") {
        return Double(line.dropFirst(name.count + 1)) ?? -1
      }
      return -1
    }
  }

  func metrics() async throws -> Metrics {
    let url = try #require(server?.metricsURL)
    let (data, _) = try await URLSession.shared.data(from: url)
    return Metrics(text: String(decoding: data, as: UTF8.self))
  }

  /// Waits until `condition` holds of `/metrics` (at most a minute, then fails).
  func waitFor(_ condition: (Metrics) -> Bool) async throws {
    var last = Metrics(text: "")
    for _ in 0..<6000 {
      last = try await metrics()
      if condition(last) { return }
      try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("the server never showed what was waited for:\n\(last.text)")
    throw ChildFailure("waited a minute")
  }
}

/// A write transaction of the test's own on a database file: the server's writer waits for it
/// (its busy timeout is five seconds) until `release()`.
final class WriterHold: @unchecked Sendable {
  // NB: @unchecked: the semaphores are thread-safe; `released` is touched under `lock`.
  private let begun = DispatchSemaphore(value: 0)
  private let done = DispatchSemaphore(value: 0)
  private let ended = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var released = false

  init(database: URL) throws {
    let opened = try SQLiteDatabase(path: database.path, options: .init(readers: 0))
    let thread = Thread { [begun, done, ended] in
      _ = try? opened.committedWriteTransaction(.readCommitted) { _ in
        begun.signal()
        done.wait()
      }
      ended.signal()
    }
    thread.start()
    begun.wait()
  }

  /// Ends the transaction (it writes nothing); once.
  func release() {
    lock.lock()
    defer { lock.unlock() }
    guard !released else { return }
    released = true
    done.signal()
    ended.wait()
  }
}
