import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// The account routes end to end on the router, on both backends: the operator makes a studio
/// and a coach, the coach an invite, a trainee joins by it and signs in on two devices, lists
/// them and ends one (docs/decisions/accounts.md, "The routes").
@Suite struct AccountRoutesTests {
  typealias Fixture = AccountRoutesFixture

  @Test(arguments: StoreBackend.available)
  func aTraineeByInviteSignsInTwiceListsBothAndEndsOne(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let endpoints = fixture.endpoints
    let (studio, coach) = try fixture.studioWithCoach(
      "Iron Temple", coachEmail: "carter@example.com", operator: try fixture.signedInOperator())
    let invite = try fixture.invite(by: coach)
    #expect(invite.studioId == studio.id)
    let deviceA = try fixture.read(
      SignedInDto.self, try fixture.accept(invite.code, email: "Ada@Example.com", device: "A"))
    #expect(deviceA.account.role == "trainee")
    #expect(deviceA.account.email == "ada@example.com")
    #expect(deviceA.account.currentStudioId == studio.id)
    #expect(deviceA.account.studios.map(\.studioName) == ["Iron Temple"])
    let deviceB = try fixture.signIn("ada@example.com", device: "B")
    let a = deviceA.tokens.accessToken
    let b = deviceB.tokens.accessToken

    let listed = try fixture.read(
      DeviceSessionsDto.self, try fixture.send(endpoints.listSessions, token: b))
    #expect(Set(listed.sessions.map(\.name)) == ["A", "B"])
    #expect(listed.sessions.filter(\.current).map(\.name) == ["B"])

    let ended = try fixture.send(
      endpoints.endSession, ["sessionId": deviceA.tokens.sessionId], token: b)
    #expect(ended.status == .noContent)
    let refused = try fixture.send(endpoints.getAccount, token: a)
    #expect(refused.status == .unauthorized)
    #expect(refused.errorBody?.code == "unauthorized")
    #expect(try fixture.send(endpoints.getSession, token: a).status == .unauthorized)
    #expect(try fixture.send(endpoints.getAccount, token: b).status == .ok)
    let trainee = try fixture.read(
      TraineeSessionDto.self, try fixture.send(endpoints.getSession, token: b))
    #expect(trainee.name == "Ada")
    #expect(try fixture.send(endpoints.getWorkouts, token: b).status == .ok)
  }

  @Test(arguments: StoreBackend.available)
  func aRoleOnAnotherRolesRouteIsForbidden(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let endpoints = fixture.endpoints
    let operatorSession = try fixture.signedInOperator()
    let (_, coach) = try fixture.studioWithCoach(
      "Iron Temple", coachEmail: "carter@example.com", operator: operatorSession)
    let trainee = try fixture.read(
      SignedInDto.self, try fixture.accept(try fixture.invite(by: coach).code, email: "a@b.io"))
    let asOperator = operatorSession.tokens.accessToken
    let asCoach = coach.tokens.accessToken
    let asTrainee = trainee.tokens.accessToken
    for token in [asOperator, asCoach] {
      for path in [endpoints.getWorkouts.path, endpoints.getHome.path, endpoints.getSession.path] {
        let answer = fixture.send(.get, path.description, token: token)
        #expect(answer.status == 403, "\(path)")
        #expect(answer.errorBody?.code == "forbidden")
      }
    }
    #expect(try fixture.send(endpoints.listInvites, token: asTrainee).status == 403)
    #expect(try fixture.send(endpoints.listInvites, token: asOperator).status == 403)
    #expect(try fixture.send(endpoints.listStudios, token: asTrainee).status == 403)
    #expect(try fixture.send(endpoints.listStudios, token: asCoach).status == 403)
    let join = try fixture.send(
      endpoints.joinStudio, token: asCoach, json: JoinStudioRequestDto(code: "pfi_x"))
    #expect(join.status == 403)
    for token in [asOperator, asCoach, asTrainee] {
      #expect(try fixture.send(endpoints.getAccount, token: token).status == .ok)
    }
  }

  @Test(arguments: StoreBackend.available)
  func aLegacyTokenKeepsWorkingOnTheTraineeAndTheAccountRoutes(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let legacy = try fixture.base.trainees.createTrainee(name: "Lee")
    fixture.clock.advance(seconds: 400 * 86_400)
    #expect(try fixture.send(fixture.endpoints.getSession, token: legacy.token).status == .ok)
    let account = try fixture.read(
      AccountDto.self, try fixture.send(fixture.endpoints.getAccount, token: legacy.token))
    #expect(account.role == "trainee")
    #expect(account.email == nil)
    let sessions = try fixture.read(
      DeviceSessionsDto.self,
      try fixture.send(fixture.endpoints.listSessions, token: legacy.token))
    #expect(sessions.sessions.map(\.legacy) == [true])
    #expect(sessions.sessions.map(\.name) == ["legacy"])
  }

  @Test(arguments: StoreBackend.available)
  func aPasswordChangeEndsEveryOtherSession(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let endpoints = fixture.endpoints
    let first = try fixture.signedInOperator()
    let second = try fixture.signIn("olga@example.com", device: "phone")
    let wrong = try fixture.send(
      endpoints.changePassword, token: second.tokens.accessToken,
      json: ChangePasswordRequestDto(
        currentPassword: "not the password", newPassword: "a new long password"))
    #expect(wrong.status == .unauthorized)
    #expect(wrong.errorBody?.code == "invalid_credentials")
    let changed = try fixture.send(
      endpoints.changePassword, token: second.tokens.accessToken,
      json: ChangePasswordRequestDto(
        currentPassword: Fixture.password, newPassword: "a new long password"))
    #expect(changed.status == .noContent)
    #expect(try fixture.send(endpoints.getAccount, token: first.tokens.accessToken).status == 401)
    #expect(try fixture.send(endpoints.getAccount, token: second.tokens.accessToken).status == 200)
    let short = try fixture.send(
      endpoints.changePassword, token: second.tokens.accessToken,
      json: ChangePasswordRequestDto(currentPassword: "a new long password", newPassword: "short"))
    #expect(short.status == .badRequest)
    #expect(short.errorBody?.message.contains("password") == true)
  }

  @Test(arguments: StoreBackend.available)
  func signingOutAndEndingAllSessionsRefuseTheirTokens(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let endpoints = fixture.endpoints
    let one = try fixture.signedInOperator()
    let two = try fixture.signIn("olga@example.com", device: "phone")
    let three = try fixture.signIn("olga@example.com", device: "tablet")
    #expect(try fixture.send(endpoints.signOut, token: one.tokens.accessToken).status == 204)
    #expect(try fixture.send(endpoints.getAccount, token: one.tokens.accessToken).status == 401)
    #expect(try fixture.send(endpoints.getAccount, token: two.tokens.accessToken).status == 200)
    #expect(try fixture.send(endpoints.endAllSessions, token: two.tokens.accessToken).status == 204)
    for session in [two, three] {
      #expect(
        try fixture.send(endpoints.getAccount, token: session.tokens.accessToken).status == 401)
      let refresh = try fixture.send(
        endpoints.refreshSession, token: nil,
        json: RefreshRequestDto(refreshToken: session.tokens.refreshToken))
      #expect(refresh.errorBody?.code == "refresh_refused")
    }
  }

  @Test(arguments: StoreBackend.available)
  func theCoachListsAndRevokesTheStudiosInvites(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let endpoints = fixture.endpoints
    let (_, coach) = try fixture.studioWithCoach(
      "Iron Temple", coachEmail: "carter@example.com", operator: try fixture.signedInOperator())
    let token = coach.tokens.accessToken
    let used = try fixture.invite(by: coach)
    let revoked = try fixture.invite(by: coach)
    let open = try fixture.invite(by: coach)
    let short = try fixture.read(
      NewInviteDto.self,
      try fixture.send(
        endpoints.createInvite, token: token, json: CreateInviteRequestDto(validForSeconds: 60)),
      status: .created)
    _ = try fixture.read(SignedInDto.self, try fixture.accept(used.code, email: "ada@x.io"))
    #expect(
      try fixture.send(endpoints.revokeInvite, ["inviteId": revoked.id], token: token).status
        == 204)
    #expect(
      try fixture.send(endpoints.revokeInvite, ["inviteId": revoked.id], token: token).status
        == 404)
    fixture.clock.advance(seconds: 61)
    let listed = try fixture.read(
      InvitesDto.self, try fixture.send(endpoints.listInvites, token: token))
    let states = Dictionary(uniqueKeysWithValues: listed.invites.map { ($0.id, $0.state) })
    #expect(
      states == [used.id: "used", revoked.id: "revoked", open.id: "open", short.id: "expired"])
    let tooLong = try fixture.send(
      endpoints.createInvite, token: token,
      json: CreateInviteRequestDto(validForSeconds: 31 * 86_400))
    #expect(tooLong.status == .badRequest)
    #expect(tooLong.errorBody?.message.contains("validForSeconds") == true)
  }

  @Test(arguments: StoreBackend.available)
  func theOperatorsRoutesRefuseBadInputNamingTheFieldAndChangeNothing(
    _ backend: StoreBackend
  ) throws {
    let fixture = try Fixture(backend)
    let endpoints = fixture.endpoints
    let token = try fixture.signedInOperator().tokens.accessToken
    let cases: [(CreateAccountRequestDto, String)] = [
      (
        .init(
          role: "trainee", name: "T", email: "t@x.io", password: Fixture.password, studioId: nil),
        "role"
      ),
      (
        .init(role: "coach", name: "C", email: "c@x.io", password: Fixture.password, studioId: nil),
        "studioId"
      ),
      (
        .init(
          role: "operator", name: "O", email: "o@x.io", password: Fixture.password, studioId: "1"),
        "studioId"
      ),
      (
        .init(
          role: "operator", name: "O", email: "not an email", password: Fixture.password,
          studioId: nil), "email"
      ),
      (
        .init(
          role: "operator", name: "", email: "o@x.io", password: Fixture.password, studioId: nil),
        "name"
      ),
    ]
    for (body, field) in cases {
      let answer = try fixture.send(endpoints.createAccount, token: token, json: body)
      #expect(answer.status == .badRequest, "\(field)")
      #expect(
        answer.errorBody?.message.contains(field) == true, "\(answer.errorBody?.message ?? "")")
    }
    let noStudio = try fixture.send(
      endpoints.createAccount, token: token,
      json: CreateAccountRequestDto(
        role: "coach", name: "C", email: "c@x.io", password: Fixture.password, studioId: "77"))
    #expect(noStudio.status == .notFound)
    let taken = try fixture.send(
      endpoints.createAccount, token: token,
      json: CreateAccountRequestDto(
        role: "operator", name: "O", email: "olga@example.com", password: Fixture.password,
        studioId: nil))
    #expect(taken.status == .conflict)
    #expect(taken.errorBody?.code == "email_taken")
    let badLimit = try fixture.send(endpoints.getAuditLog, query: "limit=0", token: token)
    #expect(badLimit.errorBody?.code == "invalid_query")
    #expect(try fixture.accounts.studios().isEmpty)
    let events = try fixture.read(
      AuthEventsDto.self, try fixture.send(endpoints.getAuditLog, query: "limit=5", token: token))
    #expect(events.events.map(\.event).contains("sign_in"))
    #expect(events.events.count <= 5)
    #expect(events.events.first?.address == "192.0.2.10")
  }

  @Test func theRoutesWithoutATokenReadTheirBodiesFromTheUnauthenticatedBudget() throws {
    let router = try EndpointRoutesTests.router()
    let endpoints = TraineeEndpoints.table
    let beforeToken = [
      endpoints.signIn.path, endpoints.refreshSession.path, endpoints.acceptInvite.path,
    ]
    for entry in endpoints.all where entry.path.description.hasPrefix("/v1/") {
      let acceptance = router.bodyAcceptance(of: EndpointRoutesTests.request(entry))
      if beforeToken.contains(entry.path) {
        #expect(acceptance == .beforeAdmission, "\(entry.name)")
      } else {
        #expect(acceptance != .beforeAdmission, "\(entry.name)")
      }
    }
  }
}
