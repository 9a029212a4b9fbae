import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// Switching the studio a session uses (`PUT /v1/account/studio`) and leaving one, on both
/// backends (docs/decisions/accounts.md, "Switching studio").
@Suite struct AccountStudioSwitchTests {
  typealias Fixture = AccountRoutesFixture

  /// A trainee of two studios (Iron Temple by its coach's invite, then Second by the operator's),
  /// signed in on a phone, and a third studio the trainee never joined.
  struct TwoStudioTrainee {
    var admin: SignedInDto
    var first: StudioDto
    var second: StudioDto
    var third: StudioDto
    var phone: SignedInDto
  }

  static func twoStudioTrainee(_ fixture: Fixture) throws -> TwoStudioTrainee {
    let endpoints = fixture.endpoints
    let admin = try fixture.signedInOperator()
    let (first, coach) = try fixture.studioWithCoach(
      "Iron Temple", coachEmail: "carter@example.com", operator: admin)
    let phone = try fixture.read(
      SignedInDto.self, try fixture.accept(try fixture.invite(by: coach).code, email: "a@b.io"))
    var studios: [StudioDto] = []
    for name in ["Second", "Third"] {
      studios.append(
        try fixture.read(
          StudioDto.self,
          try fixture.send(
            endpoints.createStudio, token: admin.tokens.accessToken,
            json: CreateStudioRequestDto(name: name)),
          status: .created))
    }
    let invite = try fixture.read(
      NewInviteDto.self,
      try fixture.send(
        endpoints.createStudioInvite, ["studioId": studios[0].id],
        token: admin.tokens.accessToken, json: CreateInviteRequestDto(validForSeconds: nil)),
      status: .created)
    // Joined a minute later: a sign-in then uses Second (the studio joined last).
    fixture.clock.advance(seconds: 60)
    let joined = try fixture.send(
      endpoints.joinStudio, token: phone.tokens.accessToken,
      json: JoinStudioRequestDto(code: invite.code))
    #expect(joined.status == .ok)
    return TwoStudioTrainee(
      admin: admin, first: first, second: studios[0], third: studios[1], phone: phone)
  }

  /// The studio the session of `token` uses, as `GET /v1/account` says.
  static func currentStudio(_ fixture: Fixture, _ token: String) throws -> String? {
    try fixture.read(
      AccountDto.self, try fixture.send(fixture.endpoints.getAccount, token: token)
    ).currentStudioId
  }

  /// The audit log's `studio_switched` events, oldest first, as (studio, session).
  static func switches(_ fixture: Fixture) throws -> [(studio: String?, session: String?)] {
    try fixture.accounts.authEvents(of: nil, limit: 1000).reversed()
      .filter { $0.kind == .studioSwitched }
      .map { ($0.studio?.description, $0.session?.rawValue) }
  }

  @Test(arguments: StoreBackend.available)
  func aSessionSwitchesToAStudioOfTheAccountAndOnlyThatSessionChanges(
    _ backend: StoreBackend
  ) throws {
    let fixture = try Fixture(backend)
    let world = try Self.twoStudioTrainee(fixture)
    let phone = world.phone.tokens.accessToken
    let laptop = try fixture.signIn("a@b.io", device: "laptop").tokens.accessToken
    // A sign-in uses the studio joined last.
    #expect(try Self.currentStudio(fixture, laptop) == world.second.id)
    #expect(try Self.currentStudio(fixture, phone) == world.first.id)

    let answer = try fixture.send(
      fixture.endpoints.switchStudio, token: phone,
      json: SwitchStudioRequestDto(studioId: world.second.id))
    let account = try fixture.read(AccountDto.self, answer)
    #expect(account.currentStudioId == world.second.id)
    #expect(Set(account.studios.map(\.studioId)) == [world.first.id, world.second.id])
    #expect(try Self.currentStudio(fixture, phone) == world.second.id)

    let back = try fixture.send(
      fixture.endpoints.switchStudio, token: laptop,
      json: SwitchStudioRequestDto(studioId: world.first.id))
    #expect(try fixture.read(AccountDto.self, back).currentStudioId == world.first.id)
    #expect(try Self.currentStudio(fixture, laptop) == world.first.id)
    #expect(try Self.currentStudio(fixture, phone) == world.second.id)

    // Audited once per change, naming the session and the studio; a switch to the studio
    // already used changes nothing and writes nothing.
    let again = try fixture.send(
      fixture.endpoints.switchStudio, token: laptop,
      json: SwitchStudioRequestDto(studioId: world.first.id))
    #expect(again.status == .ok)
    let audited = try Self.switches(fixture)
    #expect(audited.map(\.studio) == [world.second.id, world.first.id])
    #expect(
      audited.map(\.session) == [world.phone.tokens.sessionId, try sessionID(fixture, laptop)])
  }

  private func sessionID(_ fixture: Fixture, _ token: String) throws -> String? {
    let listed = try fixture.read(
      DeviceSessionsDto.self, try fixture.send(fixture.endpoints.listSessions, token: token))
    return listed.sessions.first(where: \.current)?.id
  }

  @Test(arguments: StoreBackend.available)
  func aStudioNotJoinedLeftOrUnknownIsTheSameNotFoundAndChangesNothing(
    _ backend: StoreBackend
  ) throws {
    let fixture = try Fixture(backend)
    let world = try Self.twoStudioTrainee(fixture)
    let phone = world.phone.tokens.accessToken
    let left = try fixture.send(
      fixture.endpoints.leaveStudio, ["studioId": world.second.id], token: phone)
    #expect(left.status == .noContent)
    let eventsBefore = try fixture.accounts.authEvents(of: nil, limit: 1000)
    // Never joined, left, and no studio at all: one answer, the id echoed and nothing else.
    var messages: [String] = []
    for id in [world.third.id, world.second.id, "999999999"] {
      let refused = try fixture.send(
        fixture.endpoints.switchStudio, token: phone, json: SwitchStudioRequestDto(studioId: id))
      #expect(refused.status == .notFound)
      #expect(refused.errorBody?.code == "not_found")
      messages.append(refused.errorBody?.message.replacingOccurrences(of: id, with: "ID") ?? "")
    }
    #expect(Set(messages).count == 1)
    #expect(try Self.currentStudio(fixture, phone) == world.first.id)
    #expect(try fixture.accounts.authEvents(of: nil, limit: 1000) == eventsBefore)
    // The operator has no studio to use; a coach only their own.
    let refused = try fixture.send(
      fixture.endpoints.switchStudio, token: world.admin.tokens.accessToken,
      json: SwitchStudioRequestDto(studioId: world.first.id))
    #expect(refused.status == .notFound)
    let coach = try fixture.signIn("carter@example.com", device: "tablet").tokens.accessToken
    #expect(
      try fixture.send(
        fixture.endpoints.switchStudio, token: coach,
        json: SwitchStudioRequestDto(studioId: world.first.id)
      ).status == .ok)
    #expect(
      try fixture.send(
        fixture.endpoints.switchStudio, token: coach,
        json: SwitchStudioRequestDto(studioId: world.second.id)
      ).status == .notFound)
  }

  @Test(arguments: StoreBackend.available)
  func badBodiesNameTheFieldAndChangeNothing(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let world = try Self.twoStudioTrainee(fixture)
    let phone = world.phone.tokens.accessToken
    let path = fixture.endpoints.switchStudio.path.description
    for body in [#"{"studioId":"abc"}"#, #"{"studioId":"01"}"#, #"{"studioId":""}"#, "{}"] {
      let refused = fixture.send(.put, path, token: phone, body: Data(body.utf8))
      #expect(refused.status == .badRequest, "\(body)")
      #expect(refused.errorBody?.code == "invalid_body", "\(body)")
      #expect(refused.errorBody?.message.contains("studioId") == true, "\(body)")
    }
    #expect(try Self.currentStudio(fixture, phone) == world.first.id)
    #expect(try Self.switches(fixture).isEmpty)
    let anonymous = try fixture.send(
      fixture.endpoints.switchStudio, token: nil,
      json: SwitchStudioRequestDto(studioId: world.first.id))
    #expect(anonymous.status == .unauthorized)
  }

  @Test(arguments: StoreBackend.available)
  func leavingAStudioMovesItsSessionsToTheStudioJoinedLastOrToNone(
    _ backend: StoreBackend
  ) throws {
    let fixture = try Fixture(backend)
    let world = try Self.twoStudioTrainee(fixture)
    let phone = world.phone.tokens.accessToken
    let laptop = try fixture.signIn("a@b.io", device: "laptop").tokens.accessToken
    #expect(try Self.currentStudio(fixture, laptop) == world.second.id)

    // The laptop used Second: leaving it moves the laptop to Iron Temple; the phone stays.
    let left = try fixture.send(
      fixture.endpoints.leaveStudio, ["studioId": world.second.id], token: phone)
    #expect(left.status == .noContent)
    #expect(try Self.currentStudio(fixture, laptop) == world.first.id)
    #expect(try Self.currentStudio(fixture, phone) == world.first.id)
    #expect(try Self.switches(fixture).map(\.studio) == [world.first.id])
    #expect(try Self.switches(fixture).map(\.session) == [try sessionID(fixture, laptop)])

    // Leaving the last studio leaves both sessions using none; both go on working.
    let last = try fixture.send(
      fixture.endpoints.leaveStudio, ["studioId": world.first.id], token: laptop)
    #expect(last.status == .noContent)
    #expect(try Self.currentStudio(fixture, laptop) == nil)
    #expect(try Self.currentStudio(fixture, phone) == nil)
    #expect(try fixture.send(fixture.endpoints.getSession, token: phone).status == .ok)
    let sessions = try fixture.accounts.sessions(of: AccountID(world.phone.account.id)!)
    #expect(sessions.map(\.studio) == [nil, nil])
    #expect(try Self.switches(fixture).map(\.studio) == [world.first.id, nil, nil])
  }
}
