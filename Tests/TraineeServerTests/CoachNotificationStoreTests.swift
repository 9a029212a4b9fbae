import Foundation
import SQLStore
import Testing
import TraineeAPI

@testable import Accounts
@testable import TraineeData

/// The notification texts in the store, on both backends (docs/decisions/the-coachs-words.md,
/// "Notification texts"), on the attack matrix's world: a trainee linked to studios A and B,
/// another trainee of A, and studio C with none.
@Suite struct CoachNotificationStoreTests {
  typealias World = CoachVisibilityAttackTests.World

  private func answerVersion(_ store: DatabaseTraineeStore, _ trainee: TraineeID) throws -> Int64 {
    try store.read { db in
      try db.row(
        "SELECT answer_version FROM trainees WHERE id = ?", [trainee.value], { try $0.int64(0) })
    } ?? -1
  }

  /// A studio's write raises the answer version of every trainee linked to it, and of nobody
  /// else: not another studio's trainee, not one whose link ended.
  @Test(arguments: StoreBackend.available)
  func aStudiosWriteRaisesTheAnswerVersionsOfItsTraineesOnly(_ backend: StoreBackend) throws {
    let world = try World(backend)
    let store = world.fixture.base.trainees
    let trainee = TraineeID(world.trainee)!
    let other = TraineeID(world.other.trainee)!
    let studio = { (name: String) in StudioID(world.studios[name]!.id)! }
    let off = NotificationConfigRequestDto(enabled: false)
    func versions() throws -> [Int64] {
      [try answerVersion(store, trainee), try answerVersion(store, other)]
    }
    var before = try versions()
    _ = try store.setStudioNotificationConfig(.workoutIdle, off, of: studio("A"))
    #expect(try versions() == before.map { $0 + 1 })
    before = try versions()
    _ = try store.setStudioNotificationConfig(.workoutIdle, off, of: studio("B"))
    #expect(try versions() == [before[0] + 1, before[1]])
    before = try versions()
    _ = try store.setStudioNotificationConfig(.workoutIdle, off, of: studio("C"))
    #expect(try versions() == before)
    #expect(
      try world.fixture.accounts.endMembership(
        studio: studio("B"), account: AccountID(world.sessions["A"]!.account.id)!))
    before = try versions()
    _ = try store.setStudioNotificationConfig(.restTimer, off, of: studio("B"))
    #expect(try versions() == before)
    #expect(
      try store.studioNotificationConfigs(of: studio("B")).map(\.type)
        == ["REST_TIMER", "WORKOUT_IDLE"])
  }

  /// An override needs a live link: none is `nil` and nothing is written; a removal says whether
  /// there was one.
  @Test(arguments: StoreBackend.available)
  func anOverrideNeedsALiveLinkAndIsTheStudiosOwn(_ backend: StoreBackend) throws {
    let world = try World(backend)
    let store = world.fixture.base.trainees
    let trainee = TraineeID(world.trainee)!
    let studio = { (name: String) in StudioID(world.studios[name]!.id)! }
    let text = NotificationConfigRequestDto(enabled: true, bodyTemplate: "Go")
    #expect(
      try store.setNotificationOverride(.restTimer, text, of: trainee, in: studio("C")) == nil)
    #expect(try store.notificationOverrides(of: trainee, in: studio("C")) == nil)
    #expect(try store.removeNotificationOverride(.restTimer, of: trainee, in: studio("C")) == nil)
    let set = try store.setNotificationOverride(.restTimer, text, of: trainee, in: studio("A"))
    #expect(set == NotificationConfigDto(type: "REST_TIMER", enabled: true, bodyTemplate: "Go"))
    #expect(try store.notificationOverrides(of: trainee, in: studio("A")) == [set!])
    #expect(try store.notificationOverrides(of: trainee, in: studio("B")) == [])
    #expect(try store.notificationConfigs(for: trainee, using: studio("A")).first == set)
    #expect(
      try store.notificationConfigs(for: trainee, using: studio("B")).first
        == NotificationConfigDto(type: "REST_TIMER", enabled: true))
    #expect(try store.notificationConfigs(for: trainee, using: nil).first?.bodyTemplate == nil)
    #expect(try store.removeNotificationOverride(.restTimer, of: trainee, in: studio("A")) == true)
    #expect(try store.removeNotificationOverride(.restTimer, of: trainee, in: studio("A")) == false)
  }
}
