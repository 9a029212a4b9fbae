import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// The words between coach and trainee through the routes (docs/decisions/the-coachs-words.md),
/// on the attack matrix's world: a trainee linked to studios A and B, a log, a day and a video
/// tagged with each.
@Suite struct CoachWordsRoutesTests {
  typealias World = CoachVisibilityAttackTests.World

  private func openItems(_ world: World, _ studio: String) throws -> RosterOpenItemsDto {
    let roster = try world.fixture.read(
      CoachRosterDto.self,
      try world.fixture.send(
        world.fixture.endpoints.coachRoster, token: world.coaches[studio]!.tokens.accessToken))
    return try #require(roster.trainees.first { $0.traineeId == world.trainee }).openItems
  }

  private func detail(_ world: World, _ log: String) throws -> WorkoutLogDto {
    try world.fixture.read(
      WorkoutLogDto.self,
      try world.fixture.send(
        world.fixture.endpoints.getWorkoutLog, ["id": log],
        token: world.sessions["A"]!.tokens.accessToken))
  }

  private func coachWords(_ world: World) throws -> CoachWordsDto {
    try world.fixture.read(
      CoachWordsDto.self,
      try world.fixture.send(
        world.fixture.endpoints.getCoachWords, token: world.sessions["A"]!.tokens.accessToken))
  }

  @Test(arguments: StoreBackend.available)
  func aReviewWithSetCommentsReachesTheTraineeAndLeavesTheOpenItems(
    _ backend: StoreBackend
  ) throws {
    let world = try World(backend)
    let fixture = world.fixture
    let coachA = world.coaches["A"]!.tokens.accessToken
    let log = world.logs["A"]!
    #expect(try openItems(world, "A").workoutsAwaitingReview == 1)
    #expect(try openItems(world, "B").workoutsAwaitingReview == 1)
    let body = WorkoutReviewRequestDto(
      verdict: .needsWork, comment: "Slow the descent",
      setComments: [SetCommentDto(entryIndex: 0, setNumber: 2, comment: "Elbows in")])
    let given = try fixture.read(
      WorkoutReviewDto.self,
      try fixture.send(
        fixture.endpoints.reviewWorkout, ["traineeId": world.trainee, "workoutId": log],
        token: coachA, json: body))
    #expect(given.verdict == .needsWork)
    #expect(given.setComments == body.setComments)
    #expect(given.seen == false)
    // Kept on write: A's open item is gone at once, B's (another log) stays.
    #expect(try openItems(world, "A").workoutsAwaitingReview == 0)
    #expect(try openItems(world, "B").workoutsAwaitingReview == 1)
    // The trainee sees it in "From your coach" and in the workout's detail, until marked seen.
    let words = try coachWords(world)
    #expect(words.reviews.map(\.workoutId) == [log])
    #expect(words.reviews.first?.review == given)
    #expect(try detail(world, log).review == given)
    // The coach reads the same review beside the log.
    let coachRead = try fixture.read(
      WorkoutLogDto.self,
      try fixture.send(
        fixture.endpoints.getTraineeWorkoutForCoach,
        ["traineeId": world.trainee, "workoutId": log], token: coachA))
    #expect(coachRead.review == given)
    let token = world.sessions["A"]!.tokens.accessToken
    for _ in 0..<2 {
      #expect(
        try fixture.send(fixture.endpoints.markReviewSeen, ["id": log], token: token).status
          == .noContent)
    }
    #expect(try coachWords(world).reviews.isEmpty)
    #expect(try detail(world, log).review?.seen == true)
    // A workout without a review has nothing to mark.
    let unreviewed = try fixture.send(
      fixture.endpoints.markReviewSeen, ["id": world.logs["B"]!], token: token)
    #expect(unreviewed.status == .notFound)
    // A second review replaces the first and is new again.
    _ = try fixture.send(
      fixture.endpoints.reviewWorkout, ["traineeId": world.trainee, "workoutId": log],
      token: coachA, json: WorkoutReviewRequestDto(verdict: .reviewed, comment: nil))
    let again = try coachWords(world).reviews
    #expect(again.map(\.review.verdict) == [.reviewed])
    #expect(again.first?.review.setComments == [])
  }

  @Test(arguments: StoreBackend.available)
  func aBadReviewIsRefusedNamingTheFieldAndChangesNothing(_ backend: StoreBackend) throws {
    let world = try World(backend)
    let fixture = world.fixture
    let coachA = world.coaches["A"]!.tokens.accessToken
    let path = ["traineeId": world.trainee, "workoutId": world.logs["A"]!]
    let comment = { (text: String) in SetCommentDto(entryIndex: 0, setNumber: 1, comment: text) }
    let cases: [(WorkoutReviewRequestDto, String)] = [
      (WorkoutReviewRequestDto(verdict: .reviewed, comment: ""), "comment"),
      (WorkoutReviewRequestDto(verdict: .reviewed, comment: "a\u{1B}[2J"), "comment"),
      (
        WorkoutReviewRequestDto(verdict: .reviewed, comment: String(repeating: "a", count: 2001)),
        "comment"
      ),
      (
        WorkoutReviewRequestDto(
          verdict: .reviewed, comment: nil,
          setComments: [SetCommentDto(entryIndex: 0, setNumber: 3, comment: "x")]),
        "setComments[0]"
      ),
      (
        WorkoutReviewRequestDto(
          verdict: .reviewed, comment: nil,
          setComments: [SetCommentDto(entryIndex: 1, setNumber: 1, comment: "x")]),
        "setComments[0]"
      ),
      (
        WorkoutReviewRequestDto(
          verdict: .reviewed, comment: nil, setComments: [comment("x"), comment("y")]),
        "setComments[1]"
      ),
      (
        WorkoutReviewRequestDto(verdict: .reviewed, comment: nil, setComments: [comment("")]),
        "setComments[0].comment"
      ),
    ]
    for (body, field) in cases {
      let answer = try fixture.send(
        fixture.endpoints.reviewWorkout, path, token: coachA, json: body)
      #expect(answer.status == .badRequest, "\(field)")
      #expect(answer.errorBody?.code == "invalid_body", "\(field)")
      #expect(answer.errorBody?.message.contains("\(field) ") == true, "\(field)")
    }
    let verdict = fixture.send(
      .put, "/v1/coach/trainees/\(world.trainee)/workouts/\(world.logs["A"]!)/review",
      token: coachA, body: Data(#"{"verdict":"great"}"#.utf8))
    #expect(verdict.status == .badRequest)
    #expect(verdict.errorBody?.message.contains("verdict") == true)
    #expect(try openItems(world, "A").workoutsAwaitingReview == 1)
    #expect(try coachWords(world).reviews.isEmpty)
  }

  @Test(arguments: StoreBackend.available)
  func videoFeedbackReachesTheTraineeAndLeavesTheOpenItems(_ backend: StoreBackend) throws {
    let world = try World(backend)
    let fixture = world.fixture
    let coachA = world.coaches["A"]!.tokens.accessToken
    let video = try #require(
      world.records["A"]!.first { $0.hasPrefix("video:") }.map { String($0.dropFirst(6)) })
    #expect(try openItems(world, "A").videosAwaitingFeedback == 1)
    let empty = try fixture.send(
      fixture.endpoints.giveVideoFeedback, ["traineeId": world.trainee, "videoId": video],
      token: coachA, json: VideoFeedbackRequestDto(message: ""))
    #expect(empty.status == .badRequest)
    #expect(empty.errorBody?.message.contains("message") == true)
    #expect(try openItems(world, "A").videosAwaitingFeedback == 1)
    let given = try fixture.send(
      fixture.endpoints.giveVideoFeedback, ["traineeId": world.trainee, "videoId": video],
      token: coachA, json: VideoFeedbackRequestDto(message: "Hips lower"))
    #expect(given.status == .noContent)
    #expect(try openItems(world, "A").videosAwaitingFeedback == 0)
    #expect(
      try coachWords(world).videoFeedback == [
        VideoFeedbackNoticeDto(videoId: video, exerciseId: nil, message: "Hips lower")
      ])
    #expect(
      try fixture.send(
        fixture.endpoints.markFeedbackSeen, ["videoId": video],
        token: world.sessions["A"]!.tokens.accessToken
      ).status == .noContent)
    #expect(try coachWords(world).videoFeedback.isEmpty)
  }

  /// The private notes: each studio its own, and no trainee endpoint nor the export holds them.
  @Test(arguments: StoreBackend.available)
  func privateNotesReachNoTraineeEndpointNorTheExport(_ backend: StoreBackend) throws {
    let world = try World(backend)
    let fixture = world.fixture
    let secret = "Private: talk about sleep, line one\nline two"
    let written = try fixture.read(
      CoachNotesDto.self,
      try fixture.send(
        fixture.endpoints.writeCoachNotes, ["traineeId": world.trainee],
        token: world.coaches["A"]!.tokens.accessToken, json: CoachNotesRequestDto(text: secret)))
    #expect(written.text == secret)
    let inB = try fixture.read(
      CoachNotesDto.self,
      try fixture.send(
        fixture.endpoints.getCoachNotes, ["traineeId": world.trainee],
        token: world.coaches["B"]!.tokens.accessToken))
    #expect(inB == CoachNotesDto(text: "", writtenAt: nil))
    let bad = try fixture.send(
      fixture.endpoints.writeCoachNotes, ["traineeId": world.trainee],
      token: world.coaches["A"]!.tokens.accessToken, json: CoachNotesRequestDto(text: "a\u{7}"))
    #expect(bad.status == .badRequest)
    #expect(bad.errorBody?.message.contains("text") == true)
    // Every GET a trainee can call, with the path's ids filled with the trainee's records.
    let token = world.sessions["A"]!.tokens.accessToken
    let ids = [
      "id": world.logs["A"]!, "videoId": "1", "code": "4001", "studioId": world.studios["A"]!.id,
      "sessionId": "1",
    ]
    var asked = 0
    for endpoint in TraineeEndpoints.table.all
    where endpoint.method == .get && !endpoint.path.description.hasPrefix("/v1/coach/")
      && !endpoint.path.description.hasPrefix("/v1/operator/")
    {
      var request = HTTPRequest(
        method: .get, path: endpoint.path.filled(ids) ?? endpoint.path.description)
      request.query = ["date": "2026-01-01", "q": "a"]
      request.headers["Authorization"] = "Bearer \(token)"
      request.clientAddress = "192.0.2.10"
      let answer = fixture.router.admit(&request) ?? fixture.router.respond(to: request)
      #expect(!String(decoding: answer.body, as: UTF8.self).contains("talk about sleep"))
      asked += 1
    }
    #expect(asked > 10)
    var bytes: [UInt8] = []
    let account = try #require(AccountID(world.sessions["A"]!.account.id))
    #expect(try fixture.accounts.exportAccount(account) { bytes += $0 })
    #expect(!String(decoding: bytes, as: UTF8.self).contains("talk about sleep"))
  }

  @Test(arguments: StoreBackend.available)
  func theTraineesWordsReachTheHistoryAndTheCoach(_ backend: StoreBackend) throws {
    let world = try World(backend)
    let fixture = world.fixture
    let token = world.sessions["A"]!.tokens.accessToken
    var payload = StoreFixture.benchDay
    payload.note = "Slept badly"
    payload.entries[0].substitutionReason = "machine taken"
    if case .strength(var set) = payload.entries[0].sets[0] {
      set.note = "Left knee"
      payload.entries[0].sets[0] = .strength(set)
    }
    let log = try fixture.logWorkout(token: token, key: "words", payload)
    let mine = try detail(world, log)
    #expect(mine.note == "Slept badly")
    #expect(mine.entries == payload.entries)
    let coachRead = try fixture.read(
      WorkoutLogDto.self,
      try fixture.send(
        fixture.endpoints.getTraineeWorkoutForCoach,
        ["traineeId": world.trainee, "workoutId": log],
        token: world.coaches["A"]!.tokens.accessToken))
    #expect(coachRead.note == "Slept badly")
    #expect(coachRead.entries == payload.entries)
    // Too long, or a control character: 400 naming the field, nothing stored.
    var cases: [(LogWorkoutPayload, String)] = []
    var long = StoreFixture.benchDay
    long.note = String(repeating: "n", count: 501)
    cases.append((long, "note"))
    var reason = StoreFixture.benchDay
    reason.entries[0].substitutionReason = "knee\n"
    cases.append((reason, "entries[0].substitutionReason"))
    var setNote = StoreFixture.benchDay
    if case .strength(var set) = setNote.entries[0].sets[1] {
      set.note = "a\u{1B}]0;x"
      setNote.entries[0].sets[1] = .strength(set)
    }
    cases.append((setNote, "entries[0].sets[1].note"))
    for (index, (body, field)) in cases.enumerated() {
      var request = HTTPRequest(
        method: .post, path: fixture.endpoints.logWorkout.path.description,
        body: try JSONEncoder().encode(body))
      request.headers["Authorization"] = "Bearer \(token)"
      request.headers["Idempotency-Key"] = "bad-\(index)"
      request.clientAddress = "192.0.2.10"
      let answer = fixture.router.admit(&request) ?? fixture.router.respond(to: request)
      #expect(answer.status == .badRequest, "\(field)")
      #expect(answer.errorBody?.message.contains("\(field) ") == true, "\(field)")
    }
    #expect(
      try fixture.coachSees(world.trainee, token: world.coaches["A"]!.tokens.accessToken)
        .logs.count == 2)
  }
}
