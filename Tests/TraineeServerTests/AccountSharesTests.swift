import Dispatch
import Foundation
import LockedValue
import Testing

@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeServer

/// docs/security.md, "Workers shared by account": the workers are shared among accounts, found
/// once by the route's admission, however a client spells its token; requests no admission
/// authenticated share one line of their own.
@Suite(.timeLimit(.minutes(2))) struct AccountSharesTests {
  /// Spellings of `Bearer <token>` that the server accepts.
  static func spellings(of token: String) -> [String] {
    [
      "Bearer \(token)", "bearer \(token)", "BEARER \(token)", "Bearer  \(token)",
      "  bEaReR \t\(token) ", "Bearer \(token)\t",
    ]
  }

  private static func routes() throws -> (Router, alice: NewTrainee, bob: NewTrainee) {
    let store = try DatabaseTraineeStore(database: SQLiteDatabase.inMemory(), now: { Date() })
    let alice = try store.createTrainee(name: "Alice")
    let bob = try store.createTrainee(name: "Bob")
    return (TraineeAPIRoutes(store: store, now: { Date() }).router(), alice, bob)
  }

  private static func head(
    _ method: HTTPMethod, _ path: String, authorization: String?, body: Bool = false
  ) -> HTTPRequest {
    var fields: [HTTPHeaderField] = []
    if let authorization {
      fields.append(HTTPHeaderField(name: "Authorization", value: authorization))
    }
    if body { fields.append(HTTPHeaderField(name: "Content-Length", value: "2")) }
    return HTTPRequest(method: method, path: path, headers: HTTPHeaders(fields))
  }

  @Test(arguments: [
    (HTTPMethod.get, "/v1/trainee/session", false),
    (.get, "/v1/trainee/workouts/history", false),
    (.put, "/v1/trainee/nutrition/day", true),
    (.post, "/v1/trainee/workouts/log", true),
    (.get, "/v1/foods/search", false),
  ])
  func everySpellingOfATokenIsOneAccount(method: HTTPMethod, path: String, body: Bool) throws {
    let (router, alice, bob) = try Self.routes()
    var accounts: Set<String?> = []
    for spelling in Self.spellings(of: alice.token) {
      var head = Self.head(method, path, authorization: spelling, body: body)
      #expect(router.admit(&head) == nil)
      accounts.insert(head.account)
    }
    #expect(accounts == [alice.trainee.id.description])
    var other = Self.head(method, path, authorization: "Bearer \(bob.token)", body: body)
    #expect(router.admit(&other) == nil)
    #expect(other.account == bob.trainee.id.description)
  }

  /// A token that names no one is refused from the headers, on every route that needs one, so
  /// it never reaches a worker under a line of its own.
  @Test(arguments: ["/v1/trainee/session", "/v1/trainee/nutrition/day", "/v1/foods/search"])
  func anUnknownTokenIsRefusedBeforeAWorker(path: String) throws {
    let (router, _, _) = try Self.routes()
    var head = Self.head(.get, path, authorization: "Bearer junk-1")
    #expect(router.admit(&head)?.status == .unauthorized)
  }

  @Test func theHealthRoutesActForNoAccount() throws {
    let (router, alice, _) = try Self.routes()
    for path in ["/readyz", "/healthz"] {
      var head = Self.head(.get, path, authorization: "Bearer \(alice.token)")
      #expect(router.admit(&head) == nil)
      #expect(head.account == nil)
    }
  }

  @Test func aRequestWaitsInItsAccountsLineOrTheOneOfTheUnauthenticated() {
    var alice = HTTPRequest(method: .get, path: "/", headers: ["Authorization": "Bearer a"])
    alice.account = "7"
    let junk = HTTPRequest(method: .get, path: "/", headers: ["Authorization": "Bearer junk"])
    let none = HTTPRequest(method: .get, path: "/readyz")
    #expect(RequestScheduler.line(of: alice) == "account 7")
    #expect(RequestScheduler.line(of: junk) == RequestScheduler.unauthenticatedLine)
    #expect(RequestScheduler.line(of: none) == RequestScheduler.unauthenticatedLine)
    var named = none
    named.account = ""
    #expect(RequestScheduler.line(of: named) != RequestScheduler.unauthenticatedLine)
  }

  /// A server whose `admit` names the account as the trainee API's does (the token, however
  /// spelled), and whose handler holds every request of `held` accounts (or, with `nil` in it,
  /// unauthenticated ones) until `release` is signalled, counting those it holds.
  private static func server(
    holding held: Set<String?>, release: DispatchSemaphore, holding count: Locked<Int>
  ) -> MicroHTTPDServer {
    MicroHTTPDServer(
      configuration: .init(
        port: 0, threadCount: 2, workerCount: 8, workersPerClient: 2, queuedPerClient: 10,
        maxRequestsPerAddress: 100),
      admit: { head in
        if head.path != "/readyz", let field = head.headers["Authorization"] {
          let parts = field.split(whereSeparator: { $0 == " " || $0 == "\t" })
          if parts.count == 2, parts[0].lowercased() == "bearer", parts[1].hasPrefix("t-") {
            head.account = String(parts[1])
          }
        }
        return nil
      },
      handler: { request in
        if held.contains(request.account) {
          count.withLock { $0 += 1 }
          release.wait()
        }
        return .json(.ok, ["path": request.path])
      })
  }

  /// Waits until the server's workers run `running` requests and `waiting` wait for one.
  private static func waitForWorkers(
    _ server: MicroHTTPDServer, running: Int, waiting: Int
  ) async throws {
    for _ in 0..<3000
    where server.workersBusy != running || server.requestsWaitingForAWorker != waiting {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(server.workersBusy == running)
    #expect(server.requestsWaitingForAWorker == waiting)
  }

  @Test func anAccountUnderManySpellingsHoldsOneShare() async throws {
    let release = DispatchSemaphore(value: 0)
    let held = Locked(0)
    let server = Self.server(holding: ["t-heavy"], release: release, holding: held)
    let port = try server.start()
    defer { server.stop() }
    let spellings = Self.spellings(of: "t-heavy")
    let heavy = spellings.map { spelling in
      Task {
        try await LoopbackClient(port: port).answer(
          "GET", "/heavy", headers: ["Authorization": spelling]
        ).status
      }
    }
    try await Self.waitForWorkers(server, running: 2, waiting: spellings.count - 2)
    #expect(held.withLock { $0 } == 2)
    let light = try await LoopbackClient(port: port).answer(
      "GET", "/light", headers: ["Authorization": "Bearer t-light"])
    #expect(light.status == 200)
    #expect(held.withLock { $0 } == 2)
    for _ in spellings { release.signal() }
    for request in heavy { #expect(try await request.value == 200) }
  }

  @Test func unauthenticatedRequestsShareOneLineWhateverTheySend() async throws {
    let release = DispatchSemaphore(value: 0)
    let held = Locked(0)
    let server = Self.server(holding: [nil], release: release, holding: held)
    let port = try server.start()
    defer { server.stop() }
    let fields = ["Bearer junk-1", "Bearer junk-2", "Basic eA==", "", "Bearer t"]
    let flood = fields.enumerated().map { index, field in
      Task {
        try await LoopbackClient(port: port).answer(
          "GET", "/readyz?\(index)", headers: field.isEmpty ? [:] : ["Authorization": field]
        ).status
      }
    }
    try await Self.waitForWorkers(server, running: 2, waiting: fields.count - 2)
    #expect(held.withLock { $0 } == 2)
    let light = try await LoopbackClient(port: port).answer(
      "GET", "/light", headers: ["Authorization": "Bearer t-light"])
    #expect(light.status == 200)
    for _ in fields { release.signal() }
    for request in flood { #expect(try await request.value == 200) }
  }
}
