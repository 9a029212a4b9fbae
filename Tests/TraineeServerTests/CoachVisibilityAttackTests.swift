import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// The visibility rule under attack, on both backends: a coach of studio S sees a trainee's
/// record only while the trainee's link to S lasts, and only if the record is tagged S or the
/// trainee shares earlier records with S (docs/decisions/accounts.md, "What a coach sees").
/// The cases are generated over the studios, the switches, the link's state and the records'
/// tags, and each answer is compared with the rule computed here.
@Suite struct CoachVisibilityAttackTests {
  typealias Fixture = AccountRoutesFixture

  /// Three studios with a coach each; a trainee linked to A and B (never to C) with a session
  /// using each, and a log tagged A, one tagged B and one tagged with the default studio.
  struct World {
    let fixture: Fixture
    let studios: [String: StudioDto]
    let coaches: [String: SignedInDto]
    let sessions: [String: SignedInDto]
    let trainee: String
    /// Each log's id, by the studio it is tagged with (`default` for the default studio).
    let logs: [String: String]
    let other: (trainee: String, log: String)

    init(_ backend: StoreBackend) throws {
      let fixture = try Fixture(backend)
      let admin = try fixture.signedInOperator()
      var studios: [String: StudioDto] = [:]
      var coaches: [String: SignedInDto] = [:]
      for name in ["A", "B", "C"] {
        let made = try fixture.studioWithCoach(
          name, coachEmail: "\(name.lowercased())@coach.io", operator: admin)
        studios[name] = made.studio
        coaches[name] = made.coach
      }
      let inA = try fixture.read(
        SignedInDto.self,
        try fixture.accept(try fixture.invite(by: coaches["A"]!).code, email: "ada@x.io"))
      fixture.clock.advance(seconds: 1)
      let joined = try fixture.send(
        fixture.endpoints.joinStudio, token: inA.tokens.accessToken,
        json: JoinStudioRequestDto(code: try fixture.invite(by: coaches["B"]!).code))
      guard joined.status == .ok else { throw UnexpectedAnswer(response: joined) }
      let inB = try fixture.signIn("ada@x.io", device: "tablet")
      let trainee = inA.account.traineeId!
      var logs: [String: String] = [:]
      logs["A"] = try fixture.logWorkout(token: inA.tokens.accessToken, key: "a")
      fixture.clock.advance(seconds: 1)
      logs["B"] = try fixture.logWorkout(token: inB.tokens.accessToken, key: "b")
      fixture.clock.advance(seconds: 1)
      logs["default"] =
        try fixture.base.trainees.logWorkout(
          StoreFixture.benchDay, idempotencyKey: nil, for: TraineeID(trainee)!
        ).id.description
      let other = try fixture.read(
        SignedInDto.self,
        try fixture.accept(try fixture.invite(by: coaches["A"]!).code, email: "uma@x.io"))
      let otherLog = try fixture.logWorkout(token: other.tokens.accessToken, key: "u")
      self.fixture = fixture
      self.studios = studios
      self.coaches = coaches
      sessions = ["A": inA, "B": inB]
      self.trainee = trainee
      self.logs = logs
      self.other = (other.account.traineeId!, otherLog)
    }

    /// What the rule says coach `studio` sees of the trainee: `nil` for 404.
    func expected(
      _ studio: String, linked: Set<String>, sharing: Set<String>
    ) -> Set<String>? {
      guard linked.contains(studio) else { return nil }
      return Set(logs.filter { $0.key == studio || sharing.contains(studio) }.values)
    }

    /// Checks every coach's view against the rule.
    func checkEveryCoach(linked: Set<String>, sharing: Set<String>) throws {
      for studio in ["A", "B", "C"] {
        let seen = try fixture.coachSees(trainee, token: coaches[studio]!.tokens.accessToken)
        let label = "coach \(studio), linked \(linked.sorted()), sharing \(sharing.sorted())"
        if let expected = expected(studio, linked: linked, sharing: sharing) {
          #expect(seen.status == .ok, "\(label)")
          #expect(seen.logs == expected, "\(label)")
          #expect(!seen.logs.contains(other.log), "\(label)")
        } else {
          #expect(seen.status == .notFound, "\(label)")
        }
      }
    }
  }

  @Test(arguments: StoreBackend.available)
  func everyCoachSeesWhatTheRuleSaysOverTheMatrix(_ backend: StoreBackend) throws {
    let world = try World(backend)
    let fixture = world.fixture
    let token = world.sessions["A"]!.tokens.accessToken
    let switches: [Set<String>] = [[], ["A"], ["B"], ["A", "B"]]
    for sharing in switches {
      for studio in ["A", "B"] {
        let answer = try fixture.share(
          sharing.contains(studio), with: world.studios[studio]!.id, token: token)
        let link = try fixture.read(StudioMembershipDto.self, answer)
        #expect(link.sharesEarlierRecords == sharing.contains(studio))
      }
      try world.checkEveryCoach(linked: ["A", "B"], sharing: sharing)
    }
    // The trainee ends the link to B (sharing with B on): B's coach sees nothing from then on,
    // and the switch of an ended link cannot be turned.
    #expect(
      try fixture.send(
        fixture.endpoints.leaveStudio, ["studioId": world.studios["B"]!.id], token: token
      ).status == .noContent)
    for sharing in switches {
      let answer = try fixture.share(
        sharing.contains("A"), with: world.studios["A"]!.id, token: token)
      #expect(answer.status == .ok)
      try world.checkEveryCoach(linked: ["A"], sharing: sharing.union(["B"]))
    }
    let ended = try fixture.share(true, with: world.studios["B"]!.id, token: token)
    #expect(ended.status == .notFound)
    #expect(ended.errorBody?.code == "not_found")
  }

  /// The export holds every record's tag and every link's switch (docs/decisions/accounts.md,
  /// "What a coach sees").
  @Test(arguments: StoreBackend.available)
  func theExportHoldsTheTagsAndTheSwitches(_ backend: StoreBackend) throws {
    let world = try World(backend)
    let fixture = world.fixture
    let token = world.sessions["A"]!.tokens.accessToken
    #expect(try fixture.share(true, with: world.studios["B"]!.id, token: token).status == .ok)
    var bytes: [UInt8] = []
    let account = try #require(AccountID(world.sessions["A"]!.account.id))
    #expect(try fixture.accounts.exportAccount(account) { bytes += $0 })
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    let links = try #require(document["studios"] as? [[String: Any]])
    let switches = Dictionary(
      uniqueKeysWithValues: links.map {
        ($0["studioId"] as? String ?? "", $0["sharesEarlierRecords"] as? Bool)
      })
    #expect(switches == [world.studios["A"]!.id: false, world.studios["B"]!.id: true])
    let trainee = try #require(document["trainee"] as? [String: Any])
    let records = try #require(trainee["records"] as? [String: Any])
    let logs = try #require(records["workoutLogs"] as? [[String: Any]])
    let tags = Dictionary(
      uniqueKeysWithValues: logs.map { ($0["id"] as? String ?? "", $0["studioId"] as? String) })
    let defaultStudio = try fixture.accounts.defaultStudio().id.description
    #expect(
      tags == [
        world.logs["A"]!: world.studios["A"]!.id, world.logs["B"]!: world.studios["B"]!.id,
        world.logs["default"]!: defaultStudio,
      ])
  }

  @Test(arguments: StoreBackend.available)
  func aCoachCannotProbeIdsAndOtherRolesAreRefused(_ backend: StoreBackend) throws {
    let world = try World(backend)
    let fixture = world.fixture
    let endpoints = fixture.endpoints
    // Another studio's trainee, an unknown id and malformed ones: the same 404.
    let coachB = world.coaches["B"]!.tokens.accessToken
    for id in [world.other.trainee, "999999999", "abc", "01", "-1", ""] {
      let answer = try fixture.send(
        endpoints.getTraineeWorkoutsForCoach, ["traineeId": id], token: coachB)
      #expect(answer.status == .notFound, "\(id)")
      #expect(answer.errorBody?.code == "not_found", "\(id)")
    }
    // A trainee's token (of either session) and the operator's: the role is refused.
    for token in world.sessions.values.map(\.tokens.accessToken) {
      for id in [world.trainee, world.other.trainee] {
        let answer = try fixture.send(
          endpoints.getTraineeWorkoutsForCoach, ["traineeId": id], token: token)
        #expect(answer.status == 403)
        #expect(answer.errorBody?.code == "forbidden")
      }
    }
    let asOperator = try fixture.signIn("olga@example.com", device: "desk").tokens.accessToken
    #expect(
      try fixture.send(
        endpoints.getTraineeWorkoutsForCoach, ["traineeId": world.trainee], token: asOperator
      ).status == 403)
    #expect(
      try fixture.send(
        endpoints.getTraineeWorkoutsForCoach, ["traineeId": world.trainee],
        token: nil
      ).status == .unauthorized)
    // A bad page is 400 before anything is read.
    let badPage = try fixture.send(
      endpoints.getTraineeWorkoutsForCoach, ["traineeId": world.trainee], query: "limit=0",
      token: world.coaches["A"]!.tokens.accessToken)
    #expect(badPage.status == .badRequest)
    #expect(badPage.errorBody?.code == "invalid_query")
  }

  @Test(arguments: StoreBackend.available)
  func theSwitchRefusesBadInputOtherRolesAndOtherStudiosAndResetsOnAJoinAgain(
    _ backend: StoreBackend
  ) throws {
    let world = try World(backend)
    let fixture = world.fixture
    let endpoints = fixture.endpoints
    let token = world.sessions["A"]!.tokens.accessToken
    let b = world.studios["B"]!.id
    #expect(try fixture.share(true, with: b, token: token).status == .ok)
    for body in [#"{}"#, #"{"shareEarlierRecords":"yes"}"#, #"{"shareEarlierRecords":null}"#] {
      let answer = fixture.send(
        .put, "/v1/account/studios/\(b)/sharing", token: token, body: Data(body.utf8))
      #expect(answer.status == .badRequest, "\(body)")
      #expect(answer.errorBody?.message.contains("shareEarlierRecords") == true, "\(body)")
    }
    #expect(
      try fixture.coachSees(world.trainee, token: world.coaches["B"]!.tokens.accessToken)
        .logs == Set(world.logs.values))
    for studio in [world.studios["C"]!.id, "999999999", "abc"] {
      let answer = try fixture.share(true, with: studio, token: token)
      #expect(answer.status == .notFound, "\(studio)")
    }
    // A coach's token is refused by role, and turns nothing of the coach's own link.
    let coach = world.coaches["B"]!.tokens.accessToken
    let asCoach = try fixture.share(true, with: b, token: coach)
    #expect(asCoach.status == 403)
    // Leaving and joining again opens a new link with the switch off.
    #expect(
      try fixture.send(endpoints.leaveStudio, ["studioId": b], token: token).status == .noContent)
    let again = try fixture.read(
      StudioMembershipDto.self,
      try fixture.send(
        endpoints.joinStudio, token: token,
        json: JoinStudioRequestDto(code: try fixture.invite(by: world.coaches["B"]!).code)))
    #expect(again.sharesEarlierRecords == false)
    #expect(
      try fixture.coachSees(world.trainee, token: coach).logs == [world.logs["B"]!])
  }
}
