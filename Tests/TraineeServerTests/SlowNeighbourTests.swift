import Dispatch
import Foundation
import Synchronization
import Testing

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One trainee's slow requests cannot hold another's: handlers run on workers shared fairly,
/// off libmicrohttpd's event threads. Structural, not timed: the heavy client's requests are
/// held until the light one has been answered; a server that ran handlers on its event threads
/// (as before, one per core) never answers the light one, and the test fails on its time limit.
/// Each server's admission names the account as the trainee API's does (here the token itself),
/// so that the requests wait in their accounts' lines.
@Suite(.timeLimit(.minutes(2))) struct SlowNeighbourTests {
  /// Names the request's account after its `Authorization`, as an authenticating admission would.
  private static let admitAccount: @Sendable (inout HTTPRequest) -> HTTPResponse? = { head in
    head.account = head.headers["Authorization"]
    return nil
  }

  /// A handler that holds every request of "Bearer heavy" until `release` is signalled.
  private static func handler(
    holding release: DispatchSemaphore
  ) -> @Sendable (HTTPRequest) -> HTTPResponse {
    { request in
      if request.headers["Authorization"] == "Bearer heavy" { release.wait() }
      return .json(.ok, ["path": request.path])
    }
  }

  @Test func aLightTraineeIsAnsweredWhileAHeavyOnesRequestsAreHeld() async throws {
    let release = DispatchSemaphore(value: 0)
    let server = MicroHTTPDServer(
      configuration: .init(
        port: 0, threadCount: 1, workerCount: 6, workersPerClient: 3, queuedPerClient: 10),
      admit: Self.admitAccount, handler: Self.handler(holding: release))
    let port = try server.start()
    defer { server.stop() }
    let heavyClient = LoopbackClient(port: port)
    let heavy = (0..<5).map { index in
      Task {
        try await heavyClient.answer(
          "GET", "/heavy/\(index)", headers: ["Authorization": "Bearer heavy"]
        ).status
      }
    }
    // Three heavy requests hold their workers and two wait behind them; the light trainee's
    // request is answered all the same, on a worker the heavy one cannot take.
    let light = try await LoopbackClient(port: port).answer(
      "GET", "/light", headers: ["Authorization": "Bearer light"])
    #expect(light.status == 200)
    for _ in 0..<5 { release.signal() }
    for request in heavy { #expect(try await request.value == 200) }
  }

  @Test func aClientWithTooManyRequestsWaitingGets503WithRetryAfter() async throws {
    let release = DispatchSemaphore(value: 0)
    let server = MicroHTTPDServer(
      configuration: .init(
        port: 0, threadCount: 1, workerCount: 2, workersPerClient: 1, queuedPerClient: 2),
      admit: Self.admitAccount, handler: Self.handler(holding: release))
    let port = try server.start()
    defer { server.stop() }
    // Four at once: one runs and two wait (all held), so the first answer is the fourth's 503.
    try await withThrowingTaskGroup(of: (Answer, String?).self) { group in
      for index in 0..<4 {
        group.addTask {
          let (answer, response) = try await LoopbackClient(port: port).send(
            "GET", "/\(index)", headers: ["Authorization": "Bearer heavy"])
          return (answer, response.value(forHTTPHeaderField: "Retry-After"))
        }
      }
      let (first, retryAfter) = try #require(try await group.next())
      #expect(first.status == 503)
      #expect(first.error?.error.code == "busy")
      #expect(retryAfter == "1")
      for _ in 0..<3 { release.signal() }
      var rest: [Int] = []
      for try await (answer, _) in group { rest.append(answer.status) }
      #expect(rest == [200, 200, 200])
    }
  }

  /// The heavy client's handlers keep the CPU busy (they spin until released) rather than
  /// waiting: handlers on Dispatch's global queue got about one thread per core, so two spinning
  /// handlers on two cores left no thread for the light one. The workers are threads of the
  /// server's own: the light request runs beside them.
  @Test func aLightTraineeIsAnsweredWhileAHeavyOneKeepsTheCoresBusy() async throws {
    let released = Atomic<Bool>(false)
    let spinning = Atomic<Int>(0)
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let server = MicroHTTPDServer(
      configuration: .init(
        port: 0, threadCount: 1, workerCount: cores + 2, workersPerClient: cores,
        queuedPerClient: 10),
      admit: Self.admitAccount,
      handler: { request in
        if request.headers["Authorization"] == "Bearer heavy" {
          spinning.add(1, ordering: .relaxed)
          while !released.load(ordering: .acquiring) {}
        }
        return .json(.ok, ["path": request.path])
      })
    let port = try server.start()
    defer { server.stop() }
    let heavyClient = LoopbackClient(port: port)
    let heavy = (0..<cores).map { index in
      Task {
        try await heavyClient.answer(
          "GET", "/heavy/\(index)", headers: ["Authorization": "Bearer heavy"]
        ).status
      }
    }
    // Every heavy handler is on a core before the light request is sent.
    for _ in 0..<6000 where spinning.load(ordering: .relaxed) < cores {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(spinning.load(ordering: .relaxed) == cores)
    let light = try await LoopbackClient(port: port).answer(
      "GET", "/light", headers: ["Authorization": "Bearer light"])
    #expect(light.status == 200)
    released.store(true, ordering: .releasing)
    for request in heavy { #expect(try await request.value == 200) }
  }
}
