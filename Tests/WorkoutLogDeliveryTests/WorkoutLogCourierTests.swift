import DurableFiles
import Foundation
import PerformTestSupport
import Testing
import TraineeAPI
import TraineeClient
import WorkoutLogDelivery
import WorkoutSession

/// The courier on the manual clock, a scripted server and a real data directory: the outbox
/// written before the first post, the same key on every attempt and after a relaunch, the waits
/// on the injected clock, a refused log kept and set aside.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct WorkoutLogCourierTests {
  let directory: URL
  let clock = ManualClock()
  let wall = WallClock(Sample.now)

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-courier-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  var outbox: WorkoutLogOutbox { WorkoutLogOutbox(dataDirectory: directory) }

  func courier(_ transport: ScriptedLogTransport, key: String = "key-1") -> WorkoutLogCourier {
    WorkoutLogCourier(
      outbox: outbox, transport: transport, clock: clock, now: wall.reader, newKey: { key })
  }

  func finish(_ courier: WorkoutLogCourier) throws {
    try courier.finish(
      payload: Sample.log.payload, title: Sample.log.title, stats: Sample.log.stats,
      finishedAt: Sample.log.finishedAt)
  }

  /// The log as the courier makes it: the sample's under `key`.
  func log(_ key: String = "key-1") -> PendingWorkoutLog {
    var log = Sample.log
    log.idempotencyKey = key
    return log
  }

  @Test func aFinishedLogIsWrittenThenSentAndTheOutboxEmptiedOnceAccepted() async throws {
    let transport = ScriptedLogTransport()
    transport.hold()
    let courier = courier(transport)
    var accepted: [LoggedWorkoutDto] = []
    courier.onAccepted = { accepted.append($1) }
    try finish(courier)
    #expect(courier.delivery.state == .sending(log(), attempt: 1))
    // On disk before the server has answered.
    #expect(outbox.load(now: wall.now).log == log())
    #expect(await until { transport.heldCount == 1 })
    transport.release()
    #expect(await until { courier.delivery.unsentLog == nil })
    #expect(
      courier.delivery.state == .accepted(log(), LoggedWorkoutDto(id: "log_1", workoutNumber: 1)))
    #expect(accepted.map(\.id) == ["log_1"])
    #expect(outbox.load(now: wall.now).log == nil)
    #expect(clock.sleeperCount == 0)
  }

  /// Offline, then a 5xx, then accepted: each retry waits on the clock (2 s, then 4 s) and
  /// carries the one key.
  @Test func offlineAndServerFaultsAreRetriedOnTheClockWithTheSameKey() async throws {
    let transport = ScriptedLogTransport(failing: [.offline, .http(status: 503, error: nil)])
    let courier = courier(transport)
    try finish(courier)
    #expect(await clock.untilSleepers(1))
    #expect(courier.delivery.state == Sample.waiting(1, .offline, in: 2).with(key: "key-1"))
    #expect(clock.sleeperDeadlines == [.seconds(2)])
    wall.now += 2
    await clock.advance(by: .seconds(2))
    #expect(await clock.untilSleepers(1))
    #expect(clock.sleeperDeadlines == [.seconds(6)])
    wall.now += 4
    await clock.advance(by: .seconds(4))
    #expect(await until { courier.delivery.unsentLog == nil })
    #expect(transport.keysSent == ["key-1", "key-1", "key-1"])
    #expect(clock.sleeperCount == 0)
  }

  /// Killed while the post was on its way: the next launch sends the outbox's log with its key;
  /// an answer reaching the closed courier changes nothing.
  @Test func aRelaunchWhileSendingSendsTheSameKeyAgain() async throws {
    let transport = ScriptedLogTransport()
    transport.hold()
    let first = courier(transport, key: "key-1")
    try finish(first)
    #expect(await until { transport.heldCount == 1 })
    first.close()

    let next = courier(transport, key: "key-2")
    #expect(next.launch() == nil)
    #expect(next.delivery.state == .sending(log("key-1"), attempt: 1))
    #expect(await until { transport.heldCount == 2 })
    transport.release()
    #expect(await until { next.delivery.unsentLog == nil })
    #expect(transport.keysSent == ["key-1", "key-1"])
    #expect(first.delivery.state == .sending(log("key-1"), attempt: 1))
    #expect(outbox.load(now: wall.now).log == nil)
  }

  /// A relaunch while a retry waited sends at once, with the key, from attempt 1.
  @Test func aRelaunchWhileWaitingSendsAtOnce() async throws {
    let transport = ScriptedLogTransport(failing: [.offline])
    let first = courier(transport)
    try finish(first)
    #expect(await clock.untilSleepers(1))
    first.close()
    #expect(clock.sleeperCount == 0)
    let next = courier(transport, key: "key-2")
    _ = next.launch()
    #expect(await until { next.delivery.unsentLog == nil })
    #expect(transport.keysSent == ["key-1", "key-1"])
  }

  @Test(arguments: [400, 409, 422])
  func aRefusedLogIsKeptWithItsKeyAndSentAgainOnlyWhenAsked(status: Int) async throws {
    let refusal = TraineeAPIError.http(status: status, error: nil)
    let transport = ScriptedLogTransport(failing: [refusal])
    let courier = courier(transport)
    try finish(courier)
    #expect(await until { courier.delivery.isRefused })
    #expect(courier.delivery.state == .refused(log(), attempt: 1, failure: refusal))
    #expect(clock.sleeperCount == 0)
    #expect(outbox.load(now: wall.now).log == log())
    courier.retryNow()
    #expect(await until { courier.delivery.unsentLog == nil })
    #expect(transport.keysSent == ["key-1", "key-1"])
  }

  @Test func aRefusedLogSetAsideIsKeptInItsFolderAndTheOutboxEmptied() async throws {
    let transport = ScriptedLogTransport(failing: [.http(status: 400, error: nil)])
    let courier = courier(transport)
    try finish(courier)
    #expect(await until { courier.delivery.isRefused })
    let kept = try #require(try courier.setAsideRefusedLog())
    #expect(kept.deletingLastPathComponent().lastPathComponent == "refused-workout-logs")
    #expect(
      try JSONDecoder().decode(PendingWorkoutLog.self, from: Data(contentsOf: kept)) == log())
    #expect(courier.delivery.state == .idle)
    #expect(outbox.load(now: wall.now).log == nil)
    // Nothing refused now: nothing to set aside.
    #expect(try courier.setAsideRefusedLog() == nil)
  }

  /// The copy cannot be written (a file stands where its folder goes): the error is thrown and
  /// the refused log stays, in the outbox and in the state.
  @Test func aSetAsideThatCannotBeWrittenChangesNothing() async throws {
    let transport = ScriptedLogTransport(failing: [.http(status: 400, error: nil)])
    let courier = courier(transport)
    try finish(courier)
    #expect(await until { courier.delivery.isRefused })
    try Data("x".utf8).write(to: outbox.refusedDirectory)
    #expect(throws: FileError.self) { try courier.setAsideRefusedLog() }
    #expect(courier.delivery.isRefused)
    #expect(outbox.load(now: wall.now).log == log())
  }

  /// The outbox cannot be written (a file stands where the data directory goes): nothing is
  /// sent and the trainee can finish again.
  @Test func aLogThatCannotBeWrittenIsNotSent() throws {
    let blocked = directory.appendingPathComponent("blocked")
    try Data("x".utf8).write(to: blocked)
    let transport = ScriptedLogTransport()
    let courier = WorkoutLogCourier(
      outbox: WorkoutLogOutbox(dataDirectory: blocked.appendingPathComponent("data")),
      transport: transport, clock: clock, now: wall.reader, newKey: { "key-1" })
    #expect(throws: FileError.self) { try finish(courier) }
    #expect(courier.delivery.state == .idle)
    #expect(transport.keysSent.isEmpty)
  }

  /// The outbox as the terminal app wrote it before the delivery moved to the engine: read as
  /// it is, so a log left unsent by the older app is sent by this one with its key.
  @Test func anOutboxWrittenByTheEarlierAppIsRead() throws {
    let written = #"""
      {"finishedAt":789300000,"idempotencyKey":"0a8f3c1e-5b7d-4e2a-9c6f-1d2e3f4a5b6c",\#
      "payload":{"completed":true,"dayId":"d1","durationSec":1800,"entries":[],"label":"A",\#
      "programId":"p1"},"stats":{"completedExercises":0,"completedSets":1,"totalExercises":2,\#
      "totalSets":4,"volumeKg":300},"title":"Push"}
      """#
    try Data(written.utf8).write(to: outbox.url)
    let loaded = outbox.load(now: wall.now)
    #expect(loaded.problem == nil)
    #expect(loaded.log == log("0a8f3c1e-5b7d-4e2a-9c6f-1d2e3f4a5b6c"))
  }
}

extension WorkoutLogDeliveryState {
  /// The state with its log under `key`.
  func with(key: String) -> WorkoutLogDeliveryState {
    switch self {
    case .waiting(var log, let attempt, let failure, let retryAt):
      log.idempotencyKey = key
      return .waiting(log, attempt: attempt, failure: failure, retryAt: retryAt)
    default: return self
    }
  }
}
