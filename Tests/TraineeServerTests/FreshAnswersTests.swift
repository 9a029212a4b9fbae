import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

private typealias F = StoreFixture

/// No read answers stale after a write
/// (docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md, "Throughput: kept
/// answers, group commit and paged history"): for every write, through the routes or an admin
/// command, every cached read of two server processes sharing one database file answers what a
/// server without a cache answers, also when the writes fall in one millisecond (the clock is
/// fixed) and after a restart.
@Suite struct FreshAnswersTests {
  /// Two processes' routes, each with its own store and cache, on one file; and routes without a
  /// cache, the reference.
  private struct Servers {
    let first: DatabaseTraineeStore
    let firstRouter: Router
    let second: DatabaseTraineeStore
    let secondRouter: Router
    let uncached: Router
    let alice: NewTrainee

    init(_ backend: StoreBackend, _ location: String) throws {
      // The reads name ids as each table's sequence gives them.
      first = try DatabaseTraineeStore(
        database: backend.open(location), now: { F.monday }, recordIDs: .databaseSequence)
      second = try DatabaseTraineeStore(
        database: backend.open(location), now: { F.monday }, recordIDs: .databaseSequence)
      firstRouter = TraineeAPIRoutes(store: first, now: { F.monday }).router()
      secondRouter = TraineeAPIRoutes(store: second, now: { F.monday }).router()
      uncached = TraineeAPIRoutes(store: first, now: { F.monday }, cache: nil).router()
      alice = try first.createTrainee(name: "Alice")
      try first.importPrograms(F.programs, for: alice.trainee.id)
      try first.importNutritionPlans(json: NutritionRoutesFixture.plansJSON, for: alice.trainee.id)
    }

    func send(
      _ router: Router, _ method: HTTPMethod, _ path: String, query: [String: String] = [:],
      body: String = ""
    ) -> HTTPResponse {
      router.respondConditionally(to: request(method, path, query: query, body: body))
    }

    /// The answer MHD's thread would send without a worker (`Router.respondFromKept`).
    func kept(_ router: Router, _ path: String, query: [String: String]) -> HTTPResponse? {
      router.respondFromKept(to: request(.get, path, query: query, body: ""))
    }

    private func request(
      _ method: HTTPMethod, _ path: String, query: [String: String], body: String
    ) -> HTTPRequest {
      HTTPRequest(
        method: method, path: path, query: query,
        headers: ["Authorization": "Bearer \(alice.token)", "X-Timezone": "UTC"],
        body: Data(body.utf8))
    }
  }

  /// Every read the routes keep answers of, with its query.
  private static let reads: [(path: String, query: [String: String])] = [
    ("/v1/trainee/workouts", [:]),
    ("/v1/trainee/workouts/history", [:]),
    ("/v1/trainee/workouts/history", ["limit": "1"]),
    ("/v1/trainee/workouts/history/1", [:]),
    ("/v1/trainee/notification-configs", [:]),
    ("/v1/trainee/nutrition/plans", [:]),
    ("/v1/trainee/nutrition/day", ["date": "2026-01-05"]),
    ("/v1/trainee/nutrition/menu", ["date": "2026-01-05"]),
    ("/v1/trainee/home", [:]),
  ]

  private static let log = """
    {"programId":"plan-1","dayId":"day-a","label":"Day A","durationSec":60,"completed":true,
    "entries":[{"exerciseId":"bench","name":"Bench","done":true,"sets":[{"setNumber":1,
    "reps":5,"targetReps":5,"weight":90,"done":true}]}]}
    """

  /// Every kind of write, by name; each changes something at least one read shows, except a
  /// technique video (no read shows one until the coach answers).
  private static let writes: [(String, @Sendable (Servers) throws -> Void)] = [
    (
      "log a workout",
      { s in
        try expectStatus(s.send(s.firstRouter, .post, "/v1/trainee/workouts/log", body: log), 201)
      }
    ),
    (
      "delete a log",
      { s in try expectStatus(s.send(s.firstRouter, .delete, "/v1/trainee/workouts/log/1"), 204) }
    ),
    (
      "swap an exercise",
      { s in
        try expectStatus(
          s.send(
            s.firstRouter, .post, "/v1/trainee/workouts/substitutions",
            body: """
              {"programId":"plan-1","dayId":"day-a","rowId":"row-1","fromExerciseId":"bench",
              "toExerciseId":"db-press"}
              """), 204)
      }
    ),
    (
      "send a technique video",
      { s in
        try expectStatus(
          s.send(
            s.firstRouter, .post, "/v1/trainee/technique-videos",
            body: """
              {"url":"https://video.example/1.mp4","exerciseId":"bench"}
              """), 201)
      }
    ),
    (
      "the coach answers a video again (admin, another process)",
      { s in
        let answered = try s.second.addCoachFeedback(
          "Elbows in", to: TechniqueVideoID(rawValue: 1), for: s.alice.trainee.id)
        if !answered { throw UnexpectedAnswer(response: HTTPResponse(status: .notFound)) }
      }
    ),
    (
      "see the coach's answer (given when the test began)",
      { s in
        try expectStatus(
          s.send(s.firstRouter, .post, "/v1/trainee/technique-videos/1/feedback-seen"), 204)
      }
    ),
    (
      "save a nutrition day",
      { s in
        try expectStatus(
          s.send(
            s.firstRouter, .put, "/v1/trainee/nutrition/day",
            body: """
              {"date":"2026-01-05","data":{"eaten":{"2026-0-5__it1":true}}}
              """), 200)
      }
    ),
    (
      "log a meal",
      { s in
        try expectStatus(
          s.send(
            s.firstRouter, .post, "/v1/trainee/nutrition/logs",
            body: """
              {"date":"2026-01-05","items":[{"name":"Apple","kcal":78,"protein":0.4,"carbs":20,"fat":0.3}]}
              """), 201)
      }
    ),
    (
      "import programs (admin)",
      { s in
        var programs = F.programs
        programs.plans[0].days[0].title = "Push, renamed"
        try s.second.importPrograms(programs, for: s.alice.trainee.id)
      }
    ),
    (
      "import nutrition plans (admin)",
      { s in
        try s.second.importNutritionPlans(
          json: NutritionRoutesFixture.plansJSON.replacingOccurrences(of: "Cut", with: "Bulk"),
          for: s.alice.trainee.id)
      }
    ),
    (
      "save a notification config",
      { s in
        try s.second.saveNotificationConfig(
          NotificationConfigDto(type: "REST_TIMER", enabled: false), for: s.alice.trainee.id)
      }
    ),
  ]

  @Test(arguments: StoreBackend.available, writes.indices)
  func everyCachedReadIsFreshAfterAWrite(_ backend: StoreBackend, write index: Int) throws {
    let (name, write) = Self.writes[index]
    try withTemporaryDirectory { directory in
      let location = try backend.makeSharedLocation(in: directory)
      let servers = try Servers(backend, location)
      try expectStatus(
        servers.send(servers.firstRouter, .post, "/v1/trainee/workouts/log", body: Self.log), 201)
      let video = try servers.first.addTechniqueVideo(
        url: "https://v.example/1", exerciseId: "bench", for: servers.alice.trainee.id)
      _ = try servers.first.addCoachFeedback("Slower", to: video.id, for: servers.alice.trainee.id)
      // Both processes keep every answer, then one write happens.
      for router in [servers.firstRouter, servers.secondRouter] {
        for read in Self.reads {
          let built = servers.send(router, .get, read.path, query: read.query)
          #expect(servers.kept(router, read.path, query: read.query) == built)
        }
      }
      let before = Self.reads.map { servers.send(servers.uncached, .get, $0.path, query: $0.query) }
      try write(servers)
      let after = Self.reads.map { servers.send(servers.uncached, .get, $0.path, query: $0.query) }
      if !name.hasPrefix("send a technique video") {
        #expect(before != after, "\(name) changes no read: the test would prove nothing")
      }
      for (router, process) in [(servers.firstRouter, "writer"), (servers.secondRouter, "other")] {
        for (read, expected) in zip(Self.reads, after) {
          // Asked first: what MHD's thread would send before any worker built the answer again.
          let kept = servers.kept(router, read.path, query: read.query)
          #expect(
            kept == nil || kept == expected,
            "\(name): the kept \(read.path) \(read.query) of the \(process) process is stale")
          let answer = servers.send(router, .get, read.path, query: read.query)
          #expect(
            answer == expected,
            "\(name): \(read.path) \(read.query) of the \(process) process is stale")
        }
      }
      // A restarted process, with an empty cache, answers the same.
      let restarted = try DatabaseTraineeStore(database: backend.open(location), now: { F.monday })
      let router = TraineeAPIRoutes(store: restarted, now: { F.monday }).router()
      for (read, expected) in zip(Self.reads, after) {
        #expect(servers.send(router, .get, read.path, query: read.query) == expected)
      }
    }
  }

  @Test(arguments: StoreBackend.available) func twoWritesInOneMillisecondEachMakeTheKeptAnswerStale(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    for weight in [100.0, 102.5, 105] {
      _ = try api.log(F.workout([F.entry("bench", [F.strength(1, weight, 3)])]), as: api.alice)
      let best = try api.benchRow(as: api.alice).best
      #expect(best == BestDto(weight: weight, reps: 3))
    }
  }

  @Test(arguments: StoreBackend.available)
  func aReadThatAnnouncesABodyIsRefusedFromItsHeadersWithoutAValidToken(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    for announced: HTTPHeaders in [["Content-Length": "10"], ["Transfer-Encoding": "chunked"]] {
      var headers = announced
      headers["Authorization"] = "Bearer not-a-token"
      let head = HTTPRequest(method: .get, path: "/v1/trainee/workouts", headers: headers)
      #expect(api.router.admit(head)?.status == .unauthorized)
    }
    // A read without a body is refused from its headers too: its admission names the account
    // whose line it waits in (docs/security.md, "Workers shared by account").
    let bodiless = HTTPRequest(
      method: .get, path: "/v1/trainee/workouts", headers: ["Authorization": "Bearer not-a-token"])
    #expect(api.router.admit(bodiless)?.status == .unauthorized)
    #expect(api.router.respond(to: bodiless).status == .unauthorized)
  }

  /// A write's token is looked up once, when its headers are admitted: the handler acts for the
  /// trainee admitted. Without an admission (`Router.respond` alone) the handler looks it up.
  @Test(arguments: StoreBackend.available)
  func aWriteIsAuthenticatedOnceFromItsHeadersAndTheHandlerActsForThatTrainee(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    var head = HTTPRequest(
      method: .post, path: "/v1/trainee/workouts/log",
      headers: ["Authorization": "Bearer \(api.alice.token)"])
    #expect(api.router.admit(&head) == nil)
    #expect(head.admittedTrainee == api.alice.trainee)
    // The token is replaced while the body is on its way: the request was admitted as Alice's.
    _ = try api.store.replaceToken(of: api.alice.trainee.id)
    head.body = try JSONEncoder().encode(F.benchDay)
    #expect(api.router.respond(to: head).status == .created)
    #expect(try api.store.workoutHistory(for: api.alice.trainee.id).count == 1)
    #expect(try api.store.workoutHistory(for: api.bob.trainee.id).isEmpty)
    // The same request never admitted is looked up by the handler, and the old token is gone.
    head.admittedTrainee = nil
    #expect(api.router.respond(to: head).status == .unauthorized)
    var refused = HTTPRequest(
      method: .post, path: "/v1/trainee/workouts/log",
      headers: ["Authorization": "Bearer \(api.alice.token)"])
    #expect(api.router.admit(&refused)?.status == .unauthorized)
    #expect(refused.admittedTrainee == nil)
  }

  @Test(arguments: StoreBackend.available) func aWriteOfOneTraineeLeavesAnothersKeptAnswers(
    _ backend: StoreBackend
  ) throws {
    let cache = AnswerCache()
    let store = try F.makeStore(backend)
    let router = TraineeAPIRoutes(store: store, now: { F.monday }, cache: cache).router()
    let alice = try store.createTrainee(name: "Alice")
    let bob = try store.createTrainee(name: "Bob")
    func read(_ trainee: NewTrainee) -> HTTPResponse {
      router.respond(
        to: HTTPRequest(
          method: .get, path: "/v1/trainee/workouts",
          headers: ["Authorization": "Bearer \(trainee.token)"]))
    }
    _ = read(alice)
    _ = read(bob)
    try store.importPrograms(F.programs, for: alice.trainee.id)
    let hits = cache.statistics.hits
    _ = read(bob)
    #expect(cache.statistics.hits == hits + 1)
    #expect(
      try JSONDecoder().decode(TrainingProgramsDto.self, from: read(alice).body).plans.count == 1)
  }
}

/// Fails with the answer when its status is not `status`.
private func expectStatus(_ response: HTTPResponse, _ status: Int) throws {
  guard response.status.code == status else { throw UnexpectedAnswer(response: response) }
}
