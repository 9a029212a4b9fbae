import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// The attacks of issue 32 against the account routes, on both backends, with time on the
/// injected clock (docs/security.md, "Accounts").
@Suite struct AccountAttackTests {
  typealias Fixture = AccountRoutesFixture

  /// Two studios, each with a coach and an open invite, and a trainee of studio B.
  struct TwoStudios {
    var admin: SignedInDto
    var studioA: StudioDto
    var coachA: SignedInDto
    var studioB: StudioDto
    var coachB: SignedInDto
    var inviteB: NewInviteDto
    var traineeB: SignedInDto
  }

  static func twoStudios(_ fixture: Fixture) throws -> TwoStudios {
    let admin = try fixture.signedInOperator()
    let (studioA, coachA) = try fixture.studioWithCoach(
      "Studio A", coachEmail: "a@coach.io", operator: admin)
    let (studioB, coachB) = try fixture.studioWithCoach(
      "Studio B", coachEmail: "b@coach.io", operator: admin)
    let traineeB = try fixture.read(
      SignedInDto.self, try fixture.accept(try fixture.invite(by: coachB).code, email: "t@b.io"))
    return TwoStudios(
      admin: admin, studioA: studioA, coachA: coachA, studioB: studioB, coachB: coachB,
      inviteB: try fixture.invite(by: coachB), traineeB: traineeB)
  }

  /// What studio B has that a request could change or show: its invites, its coach's and its
  /// trainee's accounts, the studios.
  static func studioBState(_ fixture: Fixture, _ world: TwoStudios) throws -> String {
    let studio = StudioID(world.studioB.id)!
    let invites = try fixture.accounts.invites(of: studio)
    let coach = try fixture.accounts.account(id: AccountID(world.coachB.account.id)!)
    let trainee = try fixture.accounts.account(id: AccountID(world.traineeB.account.id)!)
    let store = fixture.base.trainees
    let page = IDPage(limit: 200)
    return "\(invites) \(String(describing: coach)) \(String(describing: trainee))"
      + " \(try fixture.accounts.studios())"
      + " \(try store.libraryExercises(in: studio, page: page, archived: true))"
      + " \(try store.coachPrograms(in: studio, page: page, archived: true))"
      + " \(try store.coachMealPlans(in: studio, page: page, archived: true))"
      + " \(String(describing: try store.nutritionPlans(for: TraineeID(world.traineeB.account.traineeId ?? "")!)))"
      + " \(String(describing: try store.programs(for: TraineeID(world.traineeB.account.traineeId ?? "")!)))"
      + " \(try store.studioNotificationConfigs(of: studio))"
      + " \(try store.notificationConfigs(for: TraineeID(world.traineeB.account.traineeId ?? "")!, using: studio))"
  }

  /// An exercise of studio B's library and a program of studio B built from it, by studio B's
  /// coach through the routes.
  static func libraryAndProgram(
    _ fixture: Fixture, _ world: TwoStudios
  ) throws -> (exercise: String, program: String) {
    let token = world.coachB.tokens.accessToken
    let exercise = try fixture.read(
      LibraryExerciseDto.self,
      try fixture.send(
        fixture.endpoints.createLibraryExercise, token: token,
        json: LibraryExerciseRequestDto(name: "B's squat", kind: .strength)),
      status: .created)
    let program = try fixture.read(
      CoachProgramDto.self,
      try fixture.send(
        fixture.endpoints.createCoachProgram, token: token,
        json: CoachProgramDocumentDto(
          name: "B's program",
          days: [
            CoachProgramDayDto(rows: [CoachProgramRowDto(exerciseId: exercise.id, sets: 2)])
          ])),
      status: .created)
    return (exercise.id, program.id)
  }

  /// Every coach and operator route, sent by studio A's coach with every id of studio B (its
  /// id, its invite's, its coach's and trainee's accounts), and a body of the right shape: none
  /// that names an id answers 2xx, none shows anything of studio B, and studio B is as it was.
  @Test(arguments: StoreBackend.available)
  func aCoachOfOneStudioReachesNothingOfAnother(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let world = try Self.twoStudios(fixture)
    let logB = try fixture.logWorkout(token: world.traineeB.tokens.accessToken, key: "b")
    let (exerciseB, programB) = try Self.libraryAndProgram(fixture, world)
    // Assigned, so that ending an assignment of studio B's is something to refuse.
    _ = try fixture.read(
      ProgramAssignmentsDto.self,
      try fixture.send(
        fixture.endpoints.assignCoachProgram, ["programId": programB],
        token: world.coachB.tokens.accessToken,
        json: AssignProgramRequestDto(
          traineeIds: [world.traineeB.account.traineeId ?? ""], mode: .linked)))
    let mealPlanB = try CoachMealPlanRouteTests.mealPlan(fixture, world)
    let before = try Self.studioBState(fixture, world)
    let ids = [
      "studioId": [world.studioB.id], "inviteId": [world.inviteB.id],
      "accountId": [world.coachB.account.id, world.traineeB.account.id],
      "traineeId": [world.traineeB.account.traineeId ?? ""], "workoutId": [logB],
      "exerciseId": [exerciseB], "programId": [programB], "mealPlanId": [mealPlanB],
      "type": ["REST_TIMER"],
    ]
    let programBody = CoachProgramDocumentDto(
      name: "Mine now",
      days: [CoachProgramDayDto(rows: [CoachProgramRowDto(exerciseId: exerciseB, sets: 1)])])
    let bodies: [String: any Encodable] = [
      "/v1/coach/invites": CreateInviteRequestDto(validForSeconds: 60),
      "/v1/operator/studios": CreateStudioRequestDto(name: "Mine now"),
      "/v1/operator/studios/{studioId}/invites": CreateInviteRequestDto(validForSeconds: 60),
      "/v1/operator/accounts": CreateAccountRequestDto(
        role: "coach", name: "Mole", email: "mole@a.io", password: Fixture.password,
        studioId: world.studioB.id),
      "/v1/coach/exercises": LibraryExerciseRequestDto(
        name: "Mine now", kind: .strength, substitutes: [exerciseB]),
      "/v1/coach/exercises/{exerciseId}": LibraryExerciseRequestDto(
        name: "Mine now", kind: .strength),
      "/v1/coach/programs": programBody,
      "/v1/coach/programs/{programId}": programBody,
      "/v1/coach/programs/{programId}/copy": CopyProgramRequestDto(name: "Mine now"),
      "/v1/coach/programs/{programId}/assignments": AssignProgramRequestDto(
        traineeIds: [world.traineeB.account.traineeId ?? ""], mode: .linked),
      "/v1/coach/meal-plans": CoachMealPlanStoreTests.document(name: "Mine now"),
      "/v1/coach/meal-plans/{mealPlanId}": CoachMealPlanStoreTests.document(name: "Mine now"),
      "/v1/coach/meal-plans/{mealPlanId}/copy": CopyProgramRequestDto(name: "Mine now"),
      "/v1/coach/meal-plans/{mealPlanId}/assignments": AssignMealPlanRequestDto(
        traineeIds: [world.traineeB.account.traineeId ?? ""], mode: .linked),
      "/v1/coach/trainees/{traineeId}/workouts/{workoutId}/review": WorkoutReviewRequestDto(
        verdict: .needsWork, comment: "Mine now"),
      "/v1/coach/trainees/{traineeId}/technique-videos/{videoId}/feedback":
        VideoFeedbackRequestDto(message: "Mine now"),
      "/v1/coach/trainees/{traineeId}/notes": CoachNotesRequestDto(text: "Mine now"),
      "/v1/coach/trainees/{traineeId}/nutrition-tolerance": NutritionToleranceDto(
        kcalWithinPercent: 50, proteinAtLeastPercent: 10),
      "/v1/coach/notification-configs/{type}": NotificationConfigRequestDto(
        enabled: false, titleTemplate: "Mine now"),
      "/v1/coach/trainees/{traineeId}/notification-configs/{type}": NotificationConfigRequestDto(
        enabled: false, titleTemplate: "Mine now"),
    ]
    let routes = TraineeEndpoints.table.all.filter {
      $0.path.description.hasPrefix("/v1/coach/") || $0.path.description.hasPrefix("/v1/operator/")
    }
    #expect(routes.count == 48)
    var sent = 0
    for entry in routes {
      let names = entry.path.parameterNames
      let choices = names.map { ids[$0] ?? [] }
      for combination in Self.combinations(choices) {
        let path = entry.path.filled(Dictionary(uniqueKeysWithValues: zip(names, combination)))!
        let body = try bodies[entry.path.description].map { try JSONEncoder().encode($0) }
        // An id of studio B in the query: the audit log's account, the events feed's trainee.
        let queried: [String: String] = [
          "getAuditLog": "accountId", "getCoachEvents": "traineeId",
        ]
        let queryIds = [
          "accountId": world.coachB.account.id,
          "traineeId": world.traineeB.account.traineeId ?? "",
        ]
        for query in queried[entry.name].map({ ["", $0] }) ?? [""] {
          var request = HTTPRequest(
            method: HTTPMethod(rawValue: entry.method.rawValue), path: path, body: body ?? Data())
          if !query.isEmpty { request.query = [query: queryIds[query] ?? ""] }
          request.headers["Authorization"] = "Bearer \(world.coachA.tokens.accessToken)"
          let answer = fixture.router.admit(&request) ?? fixture.router.respond(to: request)
          sent += 1
          // NB: a coach's own routes without an id act on the coach's own studio and may
          // succeed there; every route naming an id of studio B must not.
          // A notification type is no id of a studio: the studio's config of a type is the
          // coach's own studio's.
          let idNames = names.filter { $0 != "type" }
          #expect(
            (idNames.isEmpty && query.isEmpty) || !(200..<300).contains(answer.status.code),
            "\(entry.name) \(path) \(query)")
          let text = String(decoding: answer.body, as: UTF8.self)
          for secret in [
            world.studioB.id, world.inviteB.id, "Studio B", "b@coach.io", exerciseB, programB,
            mealPlanB, "B's squat", "B's program", "B's meal plan",
          ] {
            #expect(!text.contains("\"\(secret)\""), "\(entry.name) shows \(secret)")
          }
        }
      }
    }
    #expect(sent >= 13)
    let own = try fixture.read(
      InvitesDto.self,
      try fixture.send(fixture.endpoints.listInvites, token: world.coachA.tokens.accessToken))
    #expect(!own.invites.contains { $0.id == world.inviteB.id })
    #expect(try Self.studioBState(fixture, world) == before)
  }

  /// Every combination of one choice from each list.
  static func combinations(_ lists: [[String]]) -> [[String]] {
    lists.reduce([[]]) { partial, choices in
      partial.flatMap { prefix in choices.map { prefix + [$0] } }
    }
  }

  @Test(arguments: StoreBackend.available)
  func anInviteIsUsedOnce(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let world = try Self.twoStudios(fixture)
    #expect(try fixture.accept(world.inviteB.code, email: "first@x.io").status == .ok)
    let second = try fixture.accept(world.inviteB.code, email: "second@x.io")
    #expect(second.status == .notFound)
    #expect(second.errorBody?.code == "invite_not_usable")
    let joined = try fixture.send(
      fixture.endpoints.joinStudio, token: world.traineeB.tokens.accessToken,
      json: JoinStudioRequestDto(code: world.inviteB.code))
    #expect(joined.errorBody?.code == "invite_not_usable")
  }

  /// docs/decisions/accounts.md, "Accepting an invite with an email that has an account": a bad
  /// code answers the same whether or not the email has an account; only a usable code learns
  /// it, the code stays usable, and each such try counts against the address.
  @Test(arguments: StoreBackend.available)
  func anEmailThatHasAnAccountIsToldOnlyToAHolderOfAUsableCode(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let world = try Self.twoStudios(fixture)
    let badCode = "pfi_" + String(repeating: "0", count: 32)
    let taken = try fixture.accept(badCode, email: "t@b.io", address: "198.51.100.1")
    let fresh = try fixture.accept(badCode, email: "nobody@x.io", address: "198.51.100.2")
    #expect(taken == fresh)
    #expect(taken.errorBody?.code == "invite_not_usable")
    let told = try fixture.accept(world.inviteB.code, email: "t@b.io", address: "198.51.100.3")
    #expect(told.status == .conflict)
    #expect(told.errorBody?.code == "email_taken")
    // Counted: the address's free failures (10) are spent by trying more emails, then it waits.
    var answers: [Int] = []
    for index in 0..<10 {
      let email = index == 0 ? "t@b.io" : "b@coach.io"
      answers.append(
        try fixture.accept(world.inviteB.code, email: email, address: "198.51.100.3").status.code)
    }
    #expect(answers == Array(repeating: 409, count: 9) + [409])
    let waiting = try fixture.accept(world.inviteB.code, email: "new@x.io", address: "198.51.100.3")
    #expect(waiting.status.code == 429)
    #expect(waiting.headers["Retry-After"] == "1")
    // The code was never spent: someone else may still use it.
    #expect(try fixture.accept(world.inviteB.code, email: "new@x.io").status == .ok)
  }

  @Test(arguments: StoreBackend.available)
  func anExpiredAccessTokenIsTokenExpiredAndARefreshGoesOn(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let world = try Self.twoStudios(fixture)
    let trainee = world.traineeB
    fixture.clock.advance(seconds: 10 * 60)
    for path in [fixture.endpoints.getSession.path, fixture.endpoints.getAccount.path] {
      let answer = fixture.send(.get, path.description, token: trainee.tokens.accessToken)
      #expect(answer.status == .unauthorized)
      #expect(answer.errorBody?.code == "token_expired")
      #expect(answer.headers["WWW-Authenticate"] == #"Bearer realm="perform""#)
    }
    let tokens = try fixture.read(
      SessionTokensDto.self,
      try fixture.send(
        fixture.endpoints.refreshSession, token: nil,
        json: RefreshRequestDto(refreshToken: trainee.tokens.refreshToken)))
    #expect(tokens.sessionId == trainee.tokens.sessionId)
    #expect(try fixture.send(fixture.endpoints.getSession, token: tokens.accessToken).status == .ok)
  }

  @Test(arguments: StoreBackend.available)
  func aReusedRefreshTokenEndsTheSession(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let world = try Self.twoStudios(fixture)
    let stolen = world.traineeB.tokens.refreshToken
    let refresh = { (token: String) throws -> HTTPResponse in
      try fixture.send(
        fixture.endpoints.refreshSession, token: nil, json: RefreshRequestDto(refreshToken: token))
    }
    let thief = try fixture.read(SessionTokensDto.self, try refresh(stolen))
    let reused = try refresh(stolen)
    #expect(reused.status == .unauthorized)
    #expect(reused.errorBody?.code == "refresh_refused")
    let unknown = try refresh("pfr_" + String(repeating: "1", count: 64))
    #expect(reused.body == unknown.body)
    #expect(try fixture.send(fixture.endpoints.getSession, token: thief.accessToken).status == 401)
    #expect(try refresh(thief.refreshToken).errorBody?.code == "refresh_refused")
    let events = try fixture.accounts.authEvents(of: nil, limit: 10).map(\.kind)
    #expect(events.contains(.refreshTokenReused))
  }

  @Test(arguments: StoreBackend.available)
  func aSuspendedAccountIsRefusedAtItsNextRequest(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let world = try Self.twoStudios(fixture)
    let admin = world.admin.tokens.accessToken
    let trainee = world.traineeB.tokens.accessToken
    #expect(try fixture.send(fixture.endpoints.getSession, token: trainee).status == .ok)
    #expect(
      try fixture.send(
        fixture.endpoints.suspendAccount, ["accountId": world.traineeB.account.id], token: admin
      ).status == .noContent)
    let refused = try fixture.send(fixture.endpoints.getSession, token: trainee)
    let unknown = try fixture.send(fixture.endpoints.getSession, token: "pfa_unknown")
    #expect(refused.status == .unauthorized)
    #expect(refused == unknown)
    #expect(try fixture.send(fixture.endpoints.getAccount, token: trainee).status == 401)
    let refresh = try fixture.send(
      fixture.endpoints.refreshSession, token: nil,
      json: RefreshRequestDto(refreshToken: world.traineeB.tokens.refreshToken))
    #expect(refresh.status == .unauthorized)
    #expect(
      try fixture.send(
        fixture.endpoints.reinstateAccount, ["accountId": world.traineeB.account.id],
        token: admin
      ).status == .noContent)
    #expect(try fixture.send(fixture.endpoints.getSession, token: trainee).status == .ok)
    let nobody = try fixture.send(
      fixture.endpoints.suspendAccount, ["accountId": "12345"], token: admin)
    #expect(nobody.status == .notFound)
  }

  /// Wrong passwords on one login, each from another address: the first six answer 401, then
  /// every attempt inside the wait is 429 with the wait in `Retry-After`, doubling from 1 s to
  /// the 30-minute lockout; the clock moves by each wait.
  @Test(arguments: StoreBackend.available)
  func bruteForceOnSignInWaitsLongerEachTimeUpToTheLockout(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    _ = try fixture.signedInOperator()
    var statuses: [Int] = []
    var waits: [String] = []
    for index in 0..<31 {
      let answer = try fixture.send(
        fixture.endpoints.signIn, token: nil,
        json: SignInRequestDto(email: "olga@example.com", password: "guess \(index)", device: "x"),
        address: "203.0.113.\(index)")
      statuses.append(answer.status.code)
      if answer.status.code == 429 {
        #expect(answer.errorBody?.code == "too_many_attempts")
        let seconds = try #require(answer.headers["Retry-After"])
        waits.append(seconds)
        fixture.clock.advance(seconds: Double(seconds)!)
      }
    }
    #expect(Array(statuses.prefix(6)) == Array(repeating: 401, count: 6))
    #expect(
      waits == ["1", "2", "4", "8", "16", "32", "64", "128", "256", "512", "1024", "1800", "1800"])
    // The lockout holds for the right password too, until its wait is over.
    let wrong = try fixture.send(
      fixture.endpoints.signIn, token: nil,
      json: SignInRequestDto(email: "olga@example.com", password: "one more", device: "x"))
    #expect(wrong.status.code == 401)
    let locked = try fixture.send(
      fixture.endpoints.signIn, token: nil,
      json: SignInRequestDto(email: "olga@example.com", password: Fixture.password, device: "x"))
    #expect(locked.status.code == 429)
    fixture.clock.advance(seconds: Double(locked.headers["Retry-After"]!)!)
    #expect(try fixture.signIn("olga@example.com", device: "x").account.name == "Olga")
  }

  /// An unknown email and a wrong password: the same status, code, message and headers, and the
  /// same Argon2id work (one check of a hash at the policy's cost), counted.
  @Test(arguments: StoreBackend.available)
  func anUnknownEmailAnswersAsAWrongPasswordAfterTheSameArgon2Work(
    _ backend: StoreBackend
  ) throws {
    let fixture = try Fixture(backend)
    _ = try fixture.signedInOperator()
    let cost = "$argon2id$v=19$m=64,t=1,p=1"
    let signIn = { (email: String) throws -> (HTTPResponse, [String]) in
      fixture.checks.reset()
      let answer = try fixture.send(
        fixture.endpoints.signIn, token: nil,
        json: SignInRequestDto(email: email, password: "not the password", device: "x"))
      return (answer, fixture.checks.all)
    }
    let (wrongPassword, wrongChecks) = try signIn("olga@example.com")
    let (unknownEmail, unknownChecks) = try signIn("nobody@example.com")
    #expect(wrongPassword == unknownEmail)
    #expect(wrongPassword.status == .unauthorized)
    #expect(wrongPassword.errorBody?.code == "invalid_credentials")
    #expect(wrongChecks == [cost])
    #expect(unknownChecks == [cost])
  }
}
