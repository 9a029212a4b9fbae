import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import SQLStore
@testable import TraineeData

private typealias F = StoreFixture

/// The studio's events feed as the store keeps it, on both backends
/// (docs/decisions/the-coachs-events.md): each write appends its event in its own transaction,
/// the feed shows what the rule of the coach reads lets the studio see, and the cursor walks it
/// without a gap or a repeat.
@Suite struct StudioEventsStoreTests {
  /// A studio with a coach, a trainee who joined it by invite, and a second studio.
  struct World {
    let fixture: AccountFixture
    let studio: Studio
    let other: Studio
    let coach: Account
    let ada: Account
    var store: DatabaseTraineeStore { fixture.trainees }
    var trainee: TraineeID { ada.trainee! }

    init(_ backend: StoreBackend) throws {
      fixture = try AccountFixture(backend)
      let (studio, coach, invite) = try fixture.studioWithInvite()
      self.studio = studio
      self.coach = coach
      ada = try fixture.accounts.acceptInvite(
        code: invite.code, name: "Ada", email: "ada@example.com",
        password: AccountFixture.password, device: "phone", address: "192.0.2.1"
      ).account
      other = try fixture.accounts.createStudio(name: "Elsewhere")
    }

    /// Every event of `studio`'s feed the studio may see, read `limit` at a time from the start.
    func feed(of studio: StudioID? = nil, limit: Int = 100) throws -> [StudioEvent] {
      var cursor = StudioEventCursor.start
      var events: [StudioEvent] = []
      while true {
        let page = try #require(
          try store.studioEvents(
            of: studio ?? self.studio.id, after: cursor, limit: limit, trainee: nil))
        events += page.events
        #expect(page.next.number >= cursor.number)
        if !page.more { return events }
        cursor = page.next
      }
    }

    /// The kinds and subjects of `events`.
    func told(_ events: [StudioEvent]) -> [String] {
      events.map { "\($0.kind?.rawValue ?? "?") \($0.subject.map(String.init) ?? "-")" }
    }
  }

  @Test(arguments: StoreBackend.available)
  func eachWriteAppendsItsEventInTheOrderTheWritesCommitted(_ backend: StoreBackend) throws {
    let world = try World(backend)
    let store = world.store
    var payload = F.benchDay
    payload.note = "felt heavy"
    let log = try store.logWorkout(
      payload, idempotencyKey: "k", loggedAt: nil, studio: world.studio.id, timeZone: nil,
      for: world.trainee)
    // A retry of the same post stores nothing and appends nothing.
    _ = try store.logWorkout(
      payload, idempotencyKey: "k", loggedAt: nil, studio: world.studio.id, timeZone: nil,
      for: world.trainee)
    let video = try store.addTechniqueVideo(
      url: "https://v.example/1", exerciseId: "bench", studio: world.studio.id,
      for: world.trainee)
    #expect(
      try store.reviewWorkout(
        log.id, of: world.trainee, by: world.studio.id,
        WorkoutReviewRequestDto(verdict: .reviewed, comment: "good")) != nil)
    #expect(
      try store.giveVideoFeedback("elbows in", to: video.id, of: world.trainee, by: world.studio.id)
        == true)
    #expect(try store.deleteWorkoutLog(log.id, for: world.trainee))
    let events = try world.feed()
    #expect(
      world.told(events) == [
        "traineeJoined -", "workoutLogged \(log.id)", "traineeWords \(log.id)",
        "techniqueVideoSent \(video.id)", "workoutReviewed \(log.id)",
        "videoFeedbackGiven \(video.id)", "workoutDeleted \(log.id)",
      ])
    #expect(events.map(\.number) == Array(1...7))
    #expect(events.allSatisfy { $0.trainee == world.trainee })
    #expect(try store.studioEventHead(of: world.studio.id) == 7)
    // A log without the trainee's words tells of the log alone.
    let plain = try store.logWorkout(
      F.benchDay, idempotencyKey: nil, loggedAt: nil, studio: world.studio.id, timeZone: nil,
      for: world.trainee)
    #expect(
      world.told(try world.feed()).suffix(2) == [
        "workoutDeleted \(log.id)", "workoutLogged \(plain.id)",
      ])
    // The other studio's feed holds none of it.
    #expect(try world.feed(of: world.other.id).isEmpty)
    #expect(try store.studioEventHead(of: world.other.id) == 0)
  }

  @Test(arguments: StoreBackend.available)
  func aWriteThatFailsAppendsNothing(_ backend: StoreBackend) throws {
    let world = try World(backend)
    struct Refused: Error {}
    #expect(throws: Refused.self) {
      try world.store.write(nil) { db in
        try StudioEventLog.append(
          .traineeJoined, to: world.studio.id, trainee: world.trainee, at: 1, db)
        throw Refused()
      }
    }
    // A review the rule refuses (another studio's coach) appends nothing either.
    let log = try world.store.logWorkout(
      F.benchDay, idempotencyKey: nil, loggedAt: nil, studio: world.studio.id, timeZone: nil,
      for: world.trainee)
    #expect(
      try world.store.reviewWorkout(
        log.id, of: world.trainee, by: world.other.id,
        WorkoutReviewRequestDto(verdict: .reviewed, comment: nil)) == nil)
    #expect(try world.store.studioEventHead(of: world.studio.id) == 2)
    #expect(world.told(try world.feed()) == ["traineeJoined -", "workoutLogged \(log.id)"])
  }

  @Test(arguments: StoreBackend.available)
  func theCursorWalksTheFeedWithoutAGapOrARepeat(_ backend: StoreBackend) throws {
    let world = try World(backend)
    for n in 0..<6 {
      _ = try world.store.addTechniqueVideo(
        url: "https://v.example/\(n)", exerciseId: nil, studio: world.studio.id,
        for: world.trainee)
    }
    let whole = try world.feed()
    #expect(whole.map(\.number) == Array(1...7))
    for limit in [1, 2, 3, 7, 50] {
      #expect(try world.feed(limit: limit) == whole, "limit \(limit)")
    }
    // A poll at the end reads nothing and keeps its cursor.
    let end = try #require(
      try world.store.studioEvents(
        of: world.studio.id, after: StudioEventCursor(number: 7), limit: 10, trainee: nil))
    #expect(end == StudioEventPage(events: [], next: StudioEventCursor(number: 7), more: false))
    // One trainee's feed is a key range of the same numbers.
    let ada = try #require(
      try world.store.studioEvents(
        of: world.studio.id, after: .start, limit: 3, trainee: world.trainee))
    #expect(ada.events == Array(whole.prefix(3)))
    #expect(ada.next == StudioEventCursor(number: 3))
    #expect(ada.more)
  }

  /// The rule of the coach reads: a record tagged with another studio shows only while the
  /// trainee shares, an ended link hides every record's event, an event about the link always
  /// shows, and a studio the trainee never joined has nothing.
  @Test(arguments: StoreBackend.available)
  func theFeedShowsWhatTheRuleOfTheCoachReadsShows(_ backend: StoreBackend) throws {
    let world = try World(backend)
    let accounts = world.fixture.accounts
    // A record tagged with the default studio (a write without a session's studio).
    let untagged = try world.store.logWorkout(F.benchDay, idempotencyKey: nil, for: world.trainee)
    let tagged = try world.store.logWorkout(
      F.benchDay, idempotencyKey: nil, loggedAt: nil, studio: world.studio.id, timeZone: nil,
      for: world.trainee)
    #expect(
      world.told(try world.feed()) == ["traineeJoined -", "workoutLogged \(tagged.id)"])
    #expect(
      try accounts.setSharesEarlierRecords(true, studio: world.studio.id, account: world.ada.id)
        != nil)
    // Turning the switch on again tells of no change.
    _ = try accounts.setSharesEarlierRecords(true, studio: world.studio.id, account: world.ada.id)
    #expect(
      world.told(try world.feed()) == [
        "traineeJoined -", "workoutLogged \(untagged.id)", "workoutLogged \(tagged.id)",
        "sharingStarted -",
      ])
    _ = try accounts.setSharesEarlierRecords(false, studio: world.studio.id, account: world.ada.id)
    #expect(
      world.told(try world.feed()) == [
        "traineeJoined -", "workoutLogged \(tagged.id)", "sharingStarted -", "sharingStopped -",
      ])
    #expect(try accounts.endMembership(studio: world.studio.id, account: world.ada.id))
    #expect(
      world.told(try world.feed()) == [
        "traineeJoined -", "sharingStarted -", "sharingStopped -", "traineeLeft -",
      ])
    // After the link ended, a feed of the trainee is refused as every coach read is.
    #expect(
      try world.store.studioEvents(
        of: world.studio.id, after: .start, limit: 10, trainee: world.trainee) == nil)
    // A write after the link ended is not the studio's.
    _ = try world.store.logWorkout(F.benchDay, idempotencyKey: nil, for: world.trainee)
    #expect(try world.store.studioEventHead(of: world.studio.id) == 6)
    #expect(try world.feed(of: world.other.id).isEmpty)
  }

  /// A deleted account's events leave every feed, and the heads are raised so that no kept
  /// answer still shows them; nothing of the account is left in any feed.
  @Test(arguments: StoreBackend.available)
  func aDeletedAccountsEventsLeaveTheFeed(_ backend: StoreBackend) throws {
    let world = try World(backend)
    _ = try world.store.logWorkout(
      F.benchDay, idempotencyKey: nil, loggedAt: nil, studio: world.studio.id, timeZone: nil,
      for: world.trainee)
    #expect(try world.store.studioEventHead(of: world.studio.id) == 2)
    #expect(try world.fixture.accounts.deleteAccount(world.ada.id, address: nil) != nil)
    #expect(try world.store.studioEventHead(of: world.studio.id) == 3)
    #expect(try world.feed().isEmpty)
  }
}
