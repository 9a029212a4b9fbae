import Foundation
import LockedValue
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeServer

private typealias F = StoreFixture

/// A kept answer is sent from MHD's thread, without the hand-off to a worker, only while it is
/// current (docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput:
/// kept answers, group commit and paged history", "a kept answer is sent from MHD's thread").
@Suite struct AnswerAtOnceTests {
  private func get(
    _ path: String, _ token: String, headers: HTTPHeaders = [:]
  ) -> HTTPRequest {
    var headers = headers
    headers["Authorization"] = "Bearer \(token)"
    headers["X-Timezone"] = "UTC"
    return HTTPRequest(method: .get, path: path, headers: headers)
  }

  @Test(arguments: StoreBackend.available)
  func aKeptAnswerIsGivenOnlyWhileItIsCurrent(_ backend: StoreBackend) throws {
    let api = try WorkoutAPIFixture(backend)
    let token = api.alice.token
    let request = get("/v1/trainee/workouts", token)
    #expect(api.router.respondFromKept(to: request) == nil)
    let built = api.router.respondConditionally(to: request)
    #expect(built.status == .ok)
    #expect(api.router.respondFromKept(to: request) == built)
    // Another trainee's answer is not this one's.
    #expect(api.router.respondFromKept(to: get("/v1/trainee/workouts", api.bob.token)) == nil)
    // A conditional GET is answered as the worker would: 304 with the tag.
    let tag = try #require(built.headers["ETag"])
    let conditional = get("/v1/trainee/workouts", token, headers: ["If-None-Match": tag])
    #expect(api.router.respondFromKept(to: conditional)?.status == .notModified)
    #expect(
      api.router.respondFromKept(to: conditional)
        == api.router.respondConditionally(to: conditional))
    // A write makes it stale: the worker builds it again.
    _ = try api.log(F.benchDay, as: api.alice)
    #expect(api.router.respondFromKept(to: request) == nil)
    #expect(api.router.respondConditionally(to: request) != built)
  }

  @Test(arguments: StoreBackend.available)
  func whatIsNotAKeptReadIsLeftToTheWorker(_ backend: StoreBackend) throws {
    let api = try WorkoutAPIFixture(backend)
    _ = api.router.respondConditionally(to: get("/v1/trainee/workouts", api.alice.token))
    #expect(api.router.respondFromKept(to: get("/v1/trainee/workouts", "not-a-token")) == nil)
    #expect(
      api.router.respondFromKept(to: get("/v1/trainee/workouts/sets", api.alice.token)) == nil)
    #expect(api.router.respondFromKept(to: get("/nowhere", api.alice.token)) == nil)
    var post = get("/v1/trainee/workouts/log", api.alice.token)
    post.method = .post
    #expect(api.router.respondFromKept(to: post) == nil)
  }

  /// `/session` is kept like the other reads: once built, it is answered at once, as its handler
  /// answers, until a write for the trainee.
  @Test(arguments: StoreBackend.available)
  func theSessionIsAnsweredAtOnceOnceKept(_ backend: StoreBackend) throws {
    let api = try WorkoutAPIFixture(backend)
    let request = get("/v1/trainee/session", api.alice.token)
    #expect(api.router.respondFromKept(to: request) == nil)
    let built = api.router.respondConditionally(to: request)
    #expect(built.status == .ok)
    let atOnce = try #require(api.router.respondFromKept(to: request))
    #expect(atOnce == built)
    #expect(api.router.respondFromKept(to: get("/v1/trainee/session", "not-a-token")) == nil)
    _ = try api.store.replaceToken(of: api.alice.trainee.id)
    #expect(api.router.respondFromKept(to: request) == nil)
  }

  /// `/healthz` reads nothing: it is answered at once even where the store's reads are round
  /// trips (PostgreSQL), where kept answers that check the store are not.
  @Test(arguments: StoreBackend.available)
  func healthIsAnsweredAtOnceWhateverTheStore(_ backend: StoreBackend) throws {
    let api = try WorkoutAPIFixture(backend)
    let health = HTTPRequest(method: .get, path: "/healthz")
    for storeIsLocal in [true, false] {
      let atOnce = try #require(api.router.respondFromKept(to: health, storeIsLocal: storeIsLocal))
      #expect(atOnce == api.router.respondConditionally(to: health))
    }
    let request = get("/v1/trainee/workouts", api.alice.token)
    _ = api.router.respondConditionally(to: request)
    #expect(api.router.respondFromKept(to: request, storeIsLocal: true)?.status == .ok)
    #expect(api.router.respondFromKept(to: request, storeIsLocal: false) == nil)
    #expect(api.router.respondFromKept(to: HTTPRequest(method: .get, path: "/readyz")) == nil)
  }

  /// A "ready" from the database is sent again from MHD's thread for a second, so a flood of
  /// `/readyz` does not hand each one to a worker (docs/security.md, "A flood of /readyz"); a
  /// "not ready" is never kept, and a clock set back makes the kept one stale.
  @Test func aReadyIsKeptForASecondAndANotReadyNever() throws {
    let database = try StoreBackend.sqlite.makeDatabase()
    let store = try DatabaseTraineeStore(database: database, now: { F.monday })
    let clock = Locked(F.monday)
    let router = TraineeAPIRoutes(store: store, now: { clock.withLock { $0 } }).router()
    let readyz = HTTPRequest(method: .get, path: "/readyz")
    #expect(router.respondFromKept(to: readyz, storeIsLocal: false) == nil)
    #expect(router.respondConditionally(to: readyz).status == .ok)
    let kept = try #require(router.respondFromKept(to: readyz, storeIsLocal: false))
    #expect(kept.status == .ok)
    clock.withLock { $0 = F.monday.addingTimeInterval(0.999) }
    #expect(router.respondFromKept(to: readyz, storeIsLocal: false)?.status == .ok)
    clock.withLock { $0 = F.monday.addingTimeInterval(1) }
    #expect(router.respondFromKept(to: readyz, storeIsLocal: false) == nil)
    clock.withLock { $0 = F.monday.addingTimeInterval(-1) }
    #expect(router.respondFromKept(to: readyz, storeIsLocal: false) == nil)

    clock.withLock { $0 = F.monday }
    #expect(router.respondConditionally(to: readyz).status == .ok)
    database.close()
    #expect(router.respondConditionally(to: readyz).status == .serviceUnavailable)
    #expect(router.respondFromKept(to: readyz, storeIsLocal: false) == nil)
  }

  @Test func theServerSendsAnAnswerGivenAtOnceAndHandsTheRestToAWorker() async throws {
    let server = MicroHTTPDServer(
      configuration: .init(host: "127.0.0.1", port: 0, threadCount: 1),
      answerAtOnce: { request in
        request.path == "/kept" ? .json(.ok, ["from": "MHD's thread"]) : nil
      },
      handler: { _ in .json(.ok, ["from": "a worker"]) })
    let port = try server.start()
    defer { server.stop() }
    let client = LoopbackClient(port: port)
    let kept = try await client.answer("GET", "/kept")
    #expect(
      try JSONDecoder().decode([String: String].self, from: kept.body) == ["from": "MHD's thread"])
    let other = try await client.answer("GET", "/other")
    #expect(
      try JSONDecoder().decode([String: String].self, from: other.body) == ["from": "a worker"])
  }
}
