import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// `GET /v1/coach/trainees` (docs/decisions/the-coachs-roster.md, "The answer";
/// docs/security.md, "The coach's roster"), on both backends.
@Suite struct CoachRosterRouteTests {
  typealias Fixture = AccountRoutesFixture

  static func roster(
    _ fixture: Fixture, _ token: String, query: String = ""
  ) throws -> CoachRosterDto {
    try fixture.read(
      CoachRosterDto.self,
      try fixture.send(fixture.endpoints.coachRoster, query: query, token: token))
  }

  /// A trainee's token and an operator's are refused; a coach of another studio sees none of
  /// ours; a trainee whose link ended leaves the roster; a coach whose link ended is refused.
  @Test(arguments: StoreBackend.available)
  func onlyTheStudiosCoachSeesItsLiveTrainees(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let world = try AccountAttackTests.twoStudios(fixture)
    let endpoint = fixture.endpoints.coachRoster
    for token in [world.traineeB.tokens.accessToken, world.admin.tokens.accessToken] {
      let refused = try fixture.send(endpoint, token: token)
      #expect(refused.status.code == 403)
      #expect(refused.errorBody?.code == "forbidden")
    }
    #expect(try fixture.send(endpoint, token: nil).status == .unauthorized)
    let ours = try Self.roster(fixture, world.coachB.tokens.accessToken)
    #expect(ours.trainees.map(\.accountId) == [world.traineeB.account.id])
    #expect(ours.total == 1)
    let theirs = fixture.send(
      .get, "/v1/coach/trainees", token: world.coachA.tokens.accessToken)
    #expect(theirs.status == .ok)
    let text = String(decoding: theirs.body, as: UTF8.self)
    #expect(try fixture.read(CoachRosterDto.self, theirs).total == 0)
    for secret in [world.traineeB.account.id, world.studioB.id, "Ada"] {
      #expect(!text.contains(secret), "coach A sees \(secret)")
    }
    let traineeB = try #require(AccountID(world.traineeB.account.id))
    #expect(
      try fixture.accounts.endMembership(studio: StudioID(world.studioB.id)!, account: traineeB))
    #expect(try Self.roster(fixture, world.coachB.tokens.accessToken).total == 0)
    let coachB = try #require(AccountID(world.coachB.account.id))
    #expect(
      try fixture.accounts.endMembership(studio: StudioID(world.studioB.id)!, account: coachB))
    #expect(
      try fixture.send(endpoint, token: world.coachB.tokens.accessToken).status.code == 403)
  }

  @Test(arguments: [
    ("sort=newest", "sort"), ("limit=0", "limit"), ("limit=201", "limit"),
    ("limit=1x", "limit"), ("offset=-1", "offset"), ("offset=1000001", "offset"),
    ("quietDays=0", "quietDays"), ("quietDays=366", "quietDays"), ("limit=+5", "limit"),
  ])
  func aBadQueryIsRefusedNamingItsParameter(_ query: String, _ name: String) throws {
    let fixture = try Fixture(.sqlite)
    let world = try AccountAttackTests.twoStudios(fixture)
    let answer = try fixture.send(
      fixture.endpoints.coachRoster, query: query, token: world.coachB.tokens.accessToken)
    #expect(answer.status == .badRequest)
    #expect(answer.errorBody?.code == "invalid_query")
    #expect(answer.errorBody?.message.hasPrefix("Query \(name) ") == true)
  }

  /// Pages of the sorted roster partition it; `nextOffset` leads from one to the next.
  @Test(arguments: StoreBackend.available)
  func pagesFollowTheOrder(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let world = try AccountAttackTests.twoStudios(fixture)
    for email in ["c@b.io", "d@b.io", "e@b.io"] {
      _ = try fixture.accept(try fixture.invite(by: world.coachB).code, email: email)
    }
    let token = world.coachB.tokens.accessToken
    let whole = try Self.roster(fixture, token, query: "sort=name")
    #expect(whole.total == 4)
    #expect(whole.nextOffset == nil)
    let ids = whole.trainees.map { Int64($0.traineeId)! }
    #expect(ids == ids.sorted())  // one name for all: then by trainee id
    let first = try Self.roster(fixture, token, query: "sort=name&limit=3")
    #expect(first.nextOffset == 3)
    let second = try Self.roster(fixture, token, query: "sort=name&limit=3&offset=3")
    #expect(second.nextOffset == nil)
    #expect(first.trainees + second.trainees == whole.trainees)
    let beyond = try Self.roster(fixture, token, query: "offset=10")
    #expect(beyond.trainees.isEmpty)
    #expect(beyond.total == 4)
  }

  /// `lastWorkout` puts those who never trained first, then the longest without a workout;
  /// `attention` those with the most reasons.
  @Test(arguments: StoreBackend.available)
  func theSortsOrderByWhatTheyName(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let world = try AccountAttackTests.twoStudios(fixture)
    let newer = try fixture.read(
      SignedInDto.self,
      try fixture.accept(try fixture.invite(by: world.coachB).code, email: "n@b.io"))
    let traineeB = try #require(world.traineeB.account.traineeId.flatMap { TraineeID($0) })
    let traineeN = try #require(newer.account.traineeId.flatMap { TraineeID($0) })
    let store = fixture.base.trainees
    let studioB = try #require(StudioID(world.studioB.id))
    _ = try store.logWorkout(
      StoreFixture.benchDay, idempotencyKey: nil,
      loggedAt: fixture.clock.now.addingTimeInterval(-3 * 86_400), studio: studioB,
      for: traineeB)
    _ = try store.logWorkout(
      StoreFixture.benchDay, idempotencyKey: nil, loggedAt: fixture.clock.now, studio: studioB,
      for: traineeN)
    let token = world.coachB.tokens.accessToken
    let byLast = try Self.roster(fixture, token, query: "sort=lastWorkout")
    #expect(byLast.trainees.map(\.traineeId) == [traineeB.description, traineeN.description])
    _ = try store.addTechniqueVideo(
      url: "https://example.com/v", exerciseId: nil, studio: studioB, for: traineeN)
    fixture.clock.advance(seconds: 3 * 86_400)
    let later = try fixture.signIn("b@coach.io", device: "coach's phone").tokens.accessToken
    let byAttention = try Self.roster(fixture, later)
    #expect(byAttention.trainees.first?.traineeId == traineeN.description)
    #expect(byAttention.trainees.first?.attentionReasons == ["video_waiting"])
    #expect(byAttention.trainees.first?.needsAttention == true)
    #expect(byAttention.trainees.first?.openItems.videosAwaitingFeedback == 1)
    #expect(byAttention.trainees.last?.needsAttention == false)
  }
}
