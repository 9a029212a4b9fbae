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
/// The cases are generated over the studios, the switches, the link's state, the records'
/// tags and every coach read (`CoachRead.all`), and each answer is compared with the rule
/// computed here.
@Suite struct CoachVisibilityAttackTests {
  typealias Fixture = AccountRoutesFixture

  /// Three studios with a coach each; a trainee linked to A and B (never to C) with a session
  /// using each, and of each kind of record (a log, a nutrition day, a technique video) one
  /// tagged A, one tagged B and one tagged with the default studio.
  struct World {
    let fixture: Fixture
    let studios: [String: StudioDto]
    let coaches: [String: SignedInDto]
    let sessions: [String: SignedInDto]
    let trainee: String
    /// Each log's id, by the studio it is tagged with (`default` for the default studio).
    let logs: [String: String]
    /// Every record's key (`kind:id`, the kinds of `CoachRead`), by the studio it is tagged
    /// with.
    let records: [String: Set<String>]
    let other: (trainee: String, log: String, records: Set<String>)

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
      var records: [String: Set<String>] = [:]
      for (tag, log) in logs { records[tag, default: []].insert("log:\(log)") }
      let store = fixture.base.trainees
      for (day, tag) in ["A", "B", "default"].enumerated() {
        let studio = tag == "default" ? nil : StudioID(studios[tag]!.id)!
        let date = CalendarDate(year: 2026, month: 1, day: 1 + day)!
        try store.saveNutritionDay(
          date, json: #"{"eaten":{},"n":\#(day)}"#, keepingStoredPortions: false, studio: studio,
          for: TraineeID(trainee)!)
        let video = try store.addTechniqueVideo(
          url: "https://v.example/\(tag)", exerciseId: nil, studio: studio,
          for: TraineeID(trainee)!)
        records[tag, default: []].formUnion(["day:\(date)", "video:\(video.id)"])
      }
      let otherStudio = StudioID(studios["A"]!.id)!
      let otherTrainee = TraineeID(other.account.traineeId!)!
      try store.saveNutritionDay(
        CalendarDate(year: 2026, month: 1, day: 4)!, json: "{}", keepingStoredPortions: false,
        studio: otherStudio, for: otherTrainee)
      let otherVideo = try store.addTechniqueVideo(
        url: "https://v.example/u", exerciseId: nil, studio: otherStudio, for: otherTrainee)
      self.fixture = fixture
      self.studios = studios
      self.coaches = coaches
      sessions = ["A": inA, "B": inB]
      self.trainee = trainee
      self.logs = logs
      self.records = records
      self.other = (
        other.account.traineeId!, otherLog,
        ["log:\(otherLog)", "day:2026-01-04", "video:\(otherVideo.id)"]
      )
    }

    /// The log keys a read of one record asks for: the trainee's and the other trainee's.
    var probed: [String] { records.values.flatMap { $0 }.sorted() + ["log:\(other.log)"] }

    /// What the rule says coach `studio` sees of the trainee's records of `kind`: `nil` for
    /// 404.
    func expected(
      _ studio: String, linked: Set<String>, sharing: Set<String>, kind: String
    ) -> Set<String>? {
      guard linked.contains(studio) else { return nil }
      return Set(
        records.filter { $0.key == studio || sharing.contains(studio) }.values.joined()
          .filter { $0.hasPrefix("\(kind):") })
    }

    /// Checks every coach's view by every coach read against the rule.
    func checkEveryCoach(linked: Set<String>, sharing: Set<String>) throws {
      for read in CoachRead.all {
        for studio in ["A", "B", "C"] {
          let seen = try read.sees(
            fixture, trainee, probed, coaches[studio]!.tokens.accessToken)
          let label =
            "\(read): coach \(studio), linked \(linked.sorted()), sharing \(sharing.sorted())"
          if let expected = expected(studio, linked: linked, sharing: sharing, kind: read.kind) {
            #expect(seen.status == .ok, "\(label)")
            #expect(seen.records == expected, "\(label)")
            #expect(seen.records.isDisjoint(with: other.records), "\(label)")
          } else {
            #expect(seen.status == .notFound, "\(label)")
          }
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

  /// Every coach read of the endpoint table is in the matrix's list, so none goes unchecked.
  @Test func everyCoachReadOfTheTableIsInTheMatrix() {
    let table = TraineeEndpoints.table.all.filter {
      $0.path.description.hasPrefix("/v1/coach/trainees/")
        || $0.path.description == "/v1/coach/events"
    }
    #expect(Set(table.map(\.name)) == Set(CoachRead.all.map(\.name)))
  }

  @Test(arguments: StoreBackend.available)
  func aCoachCannotProbeIdsAndOtherRolesAreRefused(_ backend: StoreBackend) throws {
    let world = try World(backend)
    let fixture = world.fixture
    let coachB = world.coaches["B"]!.tokens.accessToken
    let asOperator = try fixture.signIn("olga@example.com", device: "desk").tokens.accessToken
    for read in CoachRead.all {
      // Another studio's trainee, an unknown id and malformed ones: the same 404.
      for id in [world.other.trainee, "999999999", "abc", "01", "-1", ""] {
        let answer = try read.request(fixture, id, coachB)
        #expect(answer.status == .notFound, "\(read) \(id)")
        #expect(answer.errorBody?.code == "not_found", "\(read) \(id)")
      }
      // A trainee's token (of either session) and the operator's: the role is refused.
      for token in world.sessions.values.map(\.tokens.accessToken) {
        for id in [world.trainee, world.other.trainee] {
          let answer = try read.request(fixture, id, token)
          #expect(answer.status == 403, "\(read)")
          #expect(answer.errorBody?.code == "forbidden", "\(read)")
        }
      }
      #expect(try read.request(fixture, world.trainee, asOperator).status == 403, "\(read)")
      #expect(try read.request(fixture, world.trainee, nil).status == .unauthorized, "\(read)")
    }
    // One workout: another trainee's log, an unknown id and malformed ones are 404 for a coach
    // who sees the trainee; a malformed one of an unseen trainee is the trainee's 404.
    let coachA = world.coaches["A"]!.tokens.accessToken
    for (trainee, id) in [
      (world.trainee, world.other.log), (world.trainee, "999999999"), (world.trainee, "abc"),
      (world.other.trainee, "abc"),
    ] {
      let answer = try fixture.send(
        fixture.endpoints.getTraineeWorkoutForCoach, ["traineeId": trainee, "workoutId": id],
        token: coachB)
      #expect(answer.status == .notFound, "\(id)")
      #expect(answer.errorBody?.code == "not_found", "\(id)")
    }
    #expect(
      try fixture.send(
        fixture.endpoints.getTraineeWorkoutForCoach,
        ["traineeId": world.trainee, "workoutId": world.logs["A"]!], token: coachA
      ).status == .ok)
  }

  /// A bad page or range is 400 naming the query's field, before anything is read.
  @Test(arguments: StoreBackend.available)
  func badQueriesOfTheCoachReadsAreRefusedNamingTheField(_ backend: StoreBackend) throws {
    let world = try World(backend)
    let fixture = world.fixture
    let endpoints = fixture.endpoints
    let coachA = world.coaches["A"]!.tokens.accessToken
    let cases: [(name: String, query: String, code: String, field: String)] = [
      ("getTraineeWorkoutsForCoach", "limit=0", "invalid_query", "limit"),
      ("getTraineeTechniqueVideosForCoach", "limit=101", "invalid_query", "limit"),
      ("getTraineeTechniqueVideosForCoach", "cursor=x", "invalid_query", "cursor"),
      ("getTraineeTechniqueVideosForCoach", "cursor=01", "invalid_query", "cursor"),
      ("getTraineeProgressForCoach", "from=2026-01-01T00:00:00Z", "invalid_query", "exercise"),
      ("getTraineeProgressForCoach", "exercise=bench&from=yesterday", "invalid_query", "from"),
      (
        "getTraineeProgressForCoach", "exercise=bench&to=2026-13-01T00:00:00Z", "invalid_query",
        "to"
      ),
      (
        "getTraineeProgressForCoach",
        "exercise=bench&from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z", "invalid_query",
        "to must be after from"
      ),
      (
        "getTraineeProgressForCoach",
        "exercise=bench&from=2025-01-01T00:00:00Z&to=2026-02-01T00:00:00Z", "invalid_query",
        "366 days"
      ),
      ("getCoachEvents", "limit=0", "invalid_query", "limit"),
      ("getCoachEvents", "limit=101", "invalid_query", "limit"),
      ("getCoachEvents", "limit=x", "invalid_query", "limit"),
      ("getCoachEvents", "after=x", "invalid_query", "after"),
      ("getCoachEvents", "after=e01", "invalid_query", "after"),
      ("getCoachEvents", "after=7", "invalid_query", "after"),
      ("getCoachEvents", "after=e-1", "invalid_query", "after"),
      ("getTraineeNutritionDaysForCoach", "to=2026-01-02", "invalid_date", "from"),
      ("getTraineeNutritionDaysForCoach", "from=2026-01-02", "invalid_date", "to"),
      (
        "getTraineeNutritionDaysForCoach", "from=2026-1-2&to=2026-01-02",
        "invalid_date", "from"
      ),
      (
        "getTraineeNutritionDaysForCoach", "from=2026-01-03&to=2026-01-02",
        "invalid_query", "before from"
      ),
      (
        "getTraineeNutritionDaysForCoach", "from=2026-01-01&to=2026-02-01",
        "invalid_query", "31 days"
      ),
    ]
    for (name, query, code, field) in cases {
      let endpoint = try #require(TraineeEndpoints.table.all.first { $0.name == name })
      var request = HTTPRequest(
        method: HTTPMethod(rawValue: endpoint.method.rawValue),
        path: endpoint.path.filled(["traineeId": world.trainee]) ?? "")
      request.query = Dictionary(
        uniqueKeysWithValues: query.split(separator: "&").map {
          let pair = $0.split(separator: "=", maxSplits: 1)
          return (String(pair[0]), String(pair[1]))
        })
      request.headers["Authorization"] = "Bearer \(coachA)"
      request.clientAddress = "192.0.2.10"
      let answer = fixture.router.admit(&request) ?? fixture.router.respond(to: request)
      #expect(answer.status == .badRequest, "\(endpoint.name) \(query)")
      #expect(answer.errorBody?.code == code, "\(endpoint.name) \(query)")
      #expect(answer.errorBody?.message.contains(field) == true, "\(endpoint.name) \(query)")
    }
    // The longest range, 31 days, is answered.
    let longest = try fixture.send(
      endpoints.getTraineeNutritionDaysForCoach, ["traineeId": world.trainee],
      query: "from=2026-01-01&to=2026-01-31", token: coachA)
    #expect(try fixture.read(NutritionDaysDto.self, longest).days.map(\.date) == ["2026-01-01"])
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
