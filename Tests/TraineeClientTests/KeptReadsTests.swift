import DurableFiles
import Foundation
import PerformTestSupport
import Synchronization
import Testing

@testable import TraineeAPI
@testable import TraineeClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Reads that fall back to the last good answer: what is kept, what is sent, when the copy is
/// used.
struct KeptReadsTests {
  /// A scratch data directory, a wall clock the test moves, and what was reported.
  final class Device: Sendable {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-kept-reads-\(UUID().uuidString)")
    let clock = WallClock(Date(timeIntervalSince1970: 1_764_583_920))
    let reported = Mutex<[String]>([])

    var copies: AnswerCopies { AnswerCopies(directory: directory) }

    func reads(_ server: ScriptedHTTPServer) -> KeptReads {
      KeptReads(
        client: server.client(), copies: copies, now: clock.reader,
        report: { problem in self.reported.withLock { $0.append(problem) } })
    }

    func advance(_ seconds: TimeInterval) { clock.advance(by: seconds) }
    var now: Date { clock.now }
    func remove() { try? FileManager.default.removeItem(at: directory) }
  }

  static let historyBody = #"{"workouts":[]}"#

  @Test func anAnswerIsKeptWithItsETagAndA304ConfirmsTheCopy() async throws {
    let device = Device()
    defer { device.remove() }
    let server = ScriptedHTTPServer(playing: [
      .init(status: 200, headers: ["ETag": #""h1""#], body: Self.historyBody),
      .init(status: 304, headers: ["ETag": #""h1""#]),
    ])
    let reads = device.reads(server)
    let first = try await reads.read(.workoutHistory)
    #expect(first == KeptAnswer(value: WorkoutHistoryDto(workouts: []), fetchedAt: device.now))

    device.advance(120)
    let second = try await reads.read(.workoutHistory)

    #expect(second == KeptAnswer(value: WorkoutHistoryDto(workouts: []), fetchedAt: device.now))
    let sent = server.requests
    #expect(sent.map { $0.value(forHTTPHeaderField: "If-None-Match") } == [nil, #""h1""#])
    #expect(reads.copy(of: .workoutHistory)?.fetchedAt == device.now)
  }

  @Test func lastModifiedIsSentBackAsIfModifiedSince() async throws {
    let device = Device()
    defer { device.remove() }
    let date = "Mon, 01 Dec 2025 10:12:00 GMT"
    let server = ScriptedHTTPServer(playing: [
      .init(status: 200, headers: ["Last-Modified": date], body: Self.historyBody),
      .init(status: 200, body: Self.historyBody),
    ])
    let reads = device.reads(server)
    _ = try await reads.read(.workoutHistory)
    _ = try await reads.read(.workoutHistory)
    let sent = server.requests
    #expect(sent.map { $0.value(forHTTPHeaderField: "If-Modified-Since") } == [nil, date])
  }

  @Test func withNoNetworkTheCopyIsAnsweredWithItsTimeAndWhy() async throws {
    let device = Device()
    defer { device.remove() }
    let server = ScriptedHTTPServer(playing: [.init(status: 200, body: Self.historyBody), nil])
    let reads = device.reads(server)
    let fetched = device.now
    _ = try await reads.read(.workoutHistory)
    device.advance(3_600)

    let offline = try await reads.read(.workoutHistory)

    #expect(
      offline
        == KeptAnswer(
          value: WorkoutHistoryDto(workouts: []), fetchedAt: fetched, failure: .offline))
    #expect(offline.isFromCopy)
  }

  @Test func aRefusedTokenOrAServerFaultAlsoFallsBackToTheCopy() async throws {
    let device = Device()
    defer { device.remove() }
    let server = ScriptedHTTPServer(playing: [
      .init(status: 200, body: Self.historyBody), .init(status: 401, body: "{}"),
      .init(status: 503, body: "{}"),
    ])
    let reads = device.reads(server)
    _ = try await reads.read(.workoutHistory)
    #expect(try await reads.read(.workoutHistory).failure == .http(status: 401, error: nil))
    #expect(try await reads.read(.workoutHistory).failure == .http(status: 503, error: nil))
  }

  @Test func withNoNetworkAndNoCopyTheFailureIsThrown() async throws {
    let device = Device()
    defer { device.remove() }
    let reads = device.reads(ScriptedHTTPServer(playing: [nil]))
    await #expect(throws: TraineeAPIError.offline) { try await reads.read(.workoutHistory) }
  }

  @Test func anAnswerThatDoesNotDecodeNeverReplacesTheCopy() async throws {
    let device = Device()
    defer { device.remove() }
    let server = ScriptedHTTPServer(playing: [
      .init(status: 200, body: Self.historyBody), .init(status: 200, body: #"{"workouts":7}"#),
    ])
    let reads = device.reads(server)
    _ = try await reads.read(.workoutHistory)
    let second = try await reads.read(.workoutHistory)
    guard case .decoding = second.failure else {
      Issue.record("expected the copy with a decoding failure, got \(second)")
      return
    }
    #expect(reads.copy(of: .workoutHistory)?.value == WorkoutHistoryDto(workouts: []))
  }

  @Test func aCorruptCopyIsReportedAndNeverAnswered() async throws {
    let device = Device()
    defer { device.remove() }
    try FileManager.default.createDirectory(at: device.directory, withIntermediateDirectories: true)
    try Data("{\"bytes\":3,\"fetchedAt\":0}\n[1]".utf8).write(
      to: device.copies.url(of: "workout-history"))
    let reads = device.reads(ScriptedHTTPServer(playing: [nil]))

    await #expect(throws: TraineeAPIError.offline) { try await reads.read(.workoutHistory) }
    let reported = device.reported.withLock { $0 }
    #expect(reported.count == 1)
    #expect(reported.first?.contains("workout-history could not be read") == true)
  }

  @Test func copiesOfDaysBeforeADateAreRemovedAndTheOthersKept() throws {
    let device = Device()
    defer { device.remove() }
    let copies = device.copies
    let keys = [
      "home", "nutrition-day-2025-10-31", "nutrition-day-2025-11-01", "nutrition-menu-2025-10-02",
      "nutrition-menu-2025-10-02.np.d1", "nutrition-menu-2025-11-20", "nutrition-plans", "workouts",
    ]
    for key in keys {
      try copies.save(AnswerCopy(body: Data("{}".utf8), fetchedAt: device.now), for: key)
    }
    device.reads(ScriptedHTTPServer(playing: [])).removeDayCopies(before: "2025-11-01")
    #expect(
      copies.keys() == [
        "home", "nutrition-day-2025-11-01", "nutrition-menu-2025-11-20", "nutrition-plans",
        "workouts",
      ])
  }

  @Test func eachAccountHasItsOwnCopiesNamedWithoutItsToken() {
    let data = URL(fileURLWithPath: "/data")
    let first = KeptReads.copiesDirectory(in: data, token: "t0k3n")
    #expect(first == KeptReads.copiesDirectory(in: data, token: "t0k3n"))
    #expect(first != KeptReads.copiesDirectory(in: data, token: "another"))
    #expect(first.deletingLastPathComponent().path == "/data/last-good-answers")
    #expect(first.lastPathComponent.count == 16 && !first.path.contains("t0k3n"))
  }

  @Test func eachMenuDateAndPlanDayHasItsOwnCopy() {
    #expect(KeptRead.nutritionMenu(date: "2025-12-01").key == "nutrition-menu-2025-12-01")
    #expect(
      KeptRead.nutritionMenu(date: "2025-12-01", hint: PlanDayHint(planId: "np", dayId: "d 1"))
        .key == "nutrition-menu-2025-12-01.np.d_1")
    #expect(KeptRead.notificationConfigs.staleAfter == 600)
  }
}

/// Kept reads against the real server on loopback.
struct KeptReadsLiveTests {
  @Test func theServerConfirmsAnUnchangedCopyWith304AndTheCopyIsAnsweredAsFresh() async throws {
    let server = try DemoTraineeServer()
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-kept-live-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let copies = AnswerCopies(directory: directory)
    let reads = KeptReads(
      client: server.client(), copies: copies, now: { server.now }, report: { _ in })
    let first = try await reads.read(.workouts)
    // The server's tag is kept with the copy, and sent back next time.
    #expect(try copiesValidator(copies).etag != nil)

    server.now += 60
    let second = try await reads.read(.workouts)
    #expect(second.failure == nil)
    #expect(second.value == first.value)
    #expect(second.fetchedAt == server.now)

    server.stop()
    let offline = try await reads.read(.workouts)
    #expect(offline.failure == .offline)
    #expect(offline.fetchedAt == second.fetchedAt)
    #expect(offline.value == first.value)
  }

  private func copiesValidator(_ copies: AnswerCopies) throws -> AnswerValidator {
    guard
      case .kept(let copy, _) = copies.load(
        "workouts", now: Date(), decode: { try JSONDecoder().decode(JSONValue.self, from: $0) })
    else { throw CancellationError() }
    return copy.validator
  }
}
