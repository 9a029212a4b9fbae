import Foundation
import LockedValue
import Testing
import TraineeAPI

@testable import Accounts
@testable import SQLStore
@testable import TraineeData

/// The feed's order on PostgreSQL with several processes writing (docs/decisions/the-coachs-
/// events.md, "Order and cursor"): a studio's numbers are taken in the order the writes commit,
/// so a poll never passes a number whose write is still to commit, and a client polling with the
/// last cursor it got misses no event and sees none twice. (The time limit only ends a hang.)
@Suite(.timeLimit(.minutes(2))) struct StudioEventsOrderTests {
  /// A studio on a new PostgreSQL schema with `trainees` trainees who joined it by invite, and
  /// `processes` stores on it, each with connections of its own as a server process has.
  struct Cluster {
    let url: String
    let fixture: AccountFixture
    let studio: StudioID
    let trainees: [TraineeID]
    let stores: [DatabaseTraineeStore]

    init(trainees count: Int, processes: Int) throws {
      let url = try StoreBackend.newPostgreSQLSchema()
      let fixture = try AccountFixture(database: PostgreSQLDatabase(url: url))
      self.url = url
      self.fixture = fixture
      let (studio, coach, _) = try fixture.studioWithInvite()
      self.studio = studio.id
      trainees = try (0..<count).map { n in
        let invite = try fixture.accounts.createInvite(
          studio: studio.id, by: coach.id, validFor: nil)
        return try fixture.accounts.acceptInvite(
          code: invite.code, name: "T\(n)", email: "t\(n)@example.com",
          password: AccountFixture.password, device: "phone", address: "192.0.2.1"
        ).account.trainee!
      }
      stores = try (0..<processes).map { _ in
        try DatabaseTraineeStore(database: PostgreSQLDatabase(url: url))
      }
    }
  }

  static let enabled = Testing.ConditionTrait.enabled(
    if: StoreBackend.postgreSQLURL != nil,
    "PERFORM_TEST_POSTGRESQL is not set (make test starts a PostgreSQL for this test)")

  /// Another process's write holds number 3 uncommitted: the store's write of another trainee
  /// waits for it rather than take 4 and commit first, and a poll meanwhile reads only what is
  /// committed before 3. After the commit the poll from its cursor reads 3, then 4.
  @Test(Self.enabled)
  func aWriteWaitsForTheNumberBeforeItsToCommit() async throws {
    let cluster = try Cluster(trainees: 2, processes: 1)
    let store = cluster.stores[0]
    let studio = cluster.studio
    let other = try PostgreSQLConnection(url: cluster.url, location: "other process")
    let observer = try PostgreSQLConnection(url: cluster.url, location: "observer")
    let otherProcess = try #require(try other.row("SELECT pg_backend_pid()") { try $0.int(0) })
    try other.execute("BEGIN")
    try StudioEventLog.append(
      .workoutLogged, to: studio, trainee: cluster.trainees[0], subject: 99, at: 1, other)

    let finished = Locked(false)
    let write = Task {
      await withCheckedContinuation { continuation in
        Thread {
          let answer = Result {
            try store.addTechniqueVideo(
              url: "https://v.example/1", exerciseId: nil, studio: studio,
              for: cluster.trainees[1])
          }
          finished.withLock { $0 = true }
          continuation.resume(returning: answer)
        }.start()
      }
    }
    var waits = false
    while !waits && !finished.withLock({ $0 }) {
      waits =
        try observer.row(
          "SELECT count(*) FROM pg_stat_activity WHERE ? = ANY(pg_blocking_pids(pid))",
          [DatabaseValue(otherProcess)]
        ) { try $0.int(0) } == 1
      await Task.yield()
    }
    #expect(waits, "the write did not wait for the other process's uncommitted event")
    let during = try #require(
      try store.studioEvents(of: studio, after: .start, limit: 50, trainee: nil))
    #expect(during.events.map(\.kind) == [.traineeJoined, .traineeJoined])
    #expect(during.next == StudioEventCursor(number: 2))
    try other.execute("COMMIT")
    let video = try await write.value.get()
    let after = try #require(
      try store.studioEvents(of: studio, after: during.next, limit: 50, trainee: nil))
    #expect(after.events.map(\.number) == [3, 4])
    #expect(after.events.map(\.subject) == [99, video.id.rawValue])
  }

  /// Three processes append from eight threads while a poller follows the feed with the cursor
  /// it got: it reads every event exactly once, in the order of the numbers, with none skipped.
  @Test(Self.enabled)
  func aPollerMissesNothingAndSeesNothingTwiceUnderConcurrentWriters() throws {
    let cluster = try Cluster(trainees: 8, processes: 3)
    let studio = cluster.studio
    let writers = 8
    let perWriter = 15
    let written = Locked<[Int64]>([])
    let writing = Locked(writers)
    let polled = Locked<[StudioEvent]>([])
    let failures = Locked<[String]>([])
    let poller = cluster.stores[2]
    DispatchQueue.concurrentPerform(iterations: writers + 1) { thread in
      guard thread < writers else {
        // The poller: from the start, with each answer's cursor, until the writers are done
        // and a poll after that finds nothing more.
        var cursor = StudioEventCursor.start
        var lastRound = false
        while true {
          let done = writing.withLock { $0 == 0 }
          do {
            let page = try poller.studioEvents(of: studio, after: cursor, limit: 7, trainee: nil)!
            polled.withLock { $0 += page.events }
            cursor = page.next
            if page.more { continue }
          } catch {
            failures.withLock { $0.append("poll: \(error)") }
            return
          }
          if lastRound { return }
          lastRound = done
        }
      }
      let store = cluster.stores[thread % 2]
      for n in 0..<perWriter {
        do {
          let video = try store.addTechniqueVideo(
            url: "https://v.example/\(thread)/\(n)", exerciseId: nil, studio: studio,
            for: cluster.trainees[thread])
          written.withLock { $0.append(video.id.rawValue) }
        } catch {
          failures.withLock { $0.append("write: \(error)") }
        }
      }
      writing.withLock { $0 -= 1 }
    }
    #expect(failures.withLock { $0 }.isEmpty)
    let events = polled.withLock { $0 }
    let joins = cluster.trainees.count
    #expect(events.map(\.number) == Array(1...Int64(joins + writers * perWriter)))
    #expect(
      Set(events.compactMap { $0.kind == .techniqueVideoSent ? $0.subject : nil })
        == Set(written.withLock { $0 }))
  }
}
