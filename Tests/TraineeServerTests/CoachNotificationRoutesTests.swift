import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// The coach's notification texts through the routes (docs/decisions/the-coachs-words.md,
/// "Notification texts"), on the attack matrix's world: a trainee linked to studios A and B with
/// a session using each, and another trainee of A.
@Suite struct CoachNotificationRoutesTests {
  typealias World = CoachVisibilityAttackTests.World

  private func configs(_ world: World, _ token: String) throws -> [NotificationConfigDto] {
    try world.fixture.read(
      [NotificationConfigDto].self,
      try world.fixture.send(world.fixture.endpoints.getNotificationConfigs, token: token))
  }

  private func tag(_ world: World, _ token: String) throws -> String? {
    try world.fixture.send(world.fixture.endpoints.getNotificationConfigs, token: token)
      .headers["ETag"]
  }

  private static let own = NotificationConfigDto(
    type: "REST_TIMER", enabled: true, titleTemplate: "My own", bodyTemplate: "Mine")
  private static let idle = NotificationConfigDto(type: "WORKOUT_IDLE", enabled: true)
  private static let unfinished = NotificationConfigDto(type: "WORKOUT_UNFINISHED", enabled: true)

  @Test(arguments: StoreBackend.available)
  func theTraineeGetsTheOverrideElseTheStudiosElseTheirOwn(_ backend: StoreBackend) throws {
    let world = try World(backend)
    let fixture = world.fixture
    let endpoints = fixture.endpoints
    let coachA = world.coaches["A"]!.tokens.accessToken
    let inA = world.sessions["A"]!.tokens.accessToken
    let inB = world.sessions["B"]!.tokens.accessToken
    let other = try fixture.signIn("uma@x.io", device: "phone").tokens.accessToken
    try fixture.base.trainees.saveNotificationConfig(Self.own, for: TraineeID(world.trainee)!)
    // Before any coach writes: the trainee's own, in either studio; kept (each read below is
    // kept first, so a write that raised no answer version would show the old answer).
    #expect(try configs(world, inA) == [Self.own, Self.idle, Self.unfinished])
    #expect(try configs(world, inB) == [Self.own, Self.idle, Self.unfinished])
    #expect(try configs(world, other).map(\.titleTemplate) == [nil, nil, nil])
    let keptTag = try tag(world, inA)
    // The studio's text beats the trainee's own, for every trainee of the studio using it.
    let studioText = NotificationConfigRequestDto(
      enabled: true, titleTemplate: "Rest over", bodyTemplate: "Next: {{ exercise }}")
    let set = try fixture.read(
      NotificationConfigDto.self,
      try fixture.send(
        endpoints.setStudioNotificationConfig, ["type": "REST_TIMER"], token: coachA,
        json: studioText))
    let studios = NotificationConfigDto(
      type: "REST_TIMER", enabled: true, titleTemplate: "Rest over",
      bodyTemplate: "Next: {{ exercise }}")
    #expect(set == studios)
    #expect(try configs(world, inA) == [studios, Self.idle, Self.unfinished])
    #expect(try tag(world, inA) != keptTag)
    #expect(try configs(world, other).first == studios)
    // Studio B set nothing: the session using B still gets the trainee's own.
    #expect(try configs(world, inB) == [Self.own, Self.idle, Self.unfinished])
    #expect(
      try fixture.read(
        [NotificationConfigDto].self,
        try fixture.send(endpoints.getStudioNotificationConfigs, token: coachA)) == [studios])
    // An override beats the studio's, for that trainee only and in that studio only.
    let overridden = try fixture.read(
      NotificationConfigDto.self,
      try fixture.send(
        endpoints.setNotificationOverride, ["traineeId": world.trainee, "type": "REST_TIMER"],
        token: coachA, json: NotificationConfigRequestDto(enabled: false)))
    #expect(overridden == NotificationConfigDto(type: "REST_TIMER", enabled: false))
    #expect(try configs(world, inA) == [overridden, Self.idle, Self.unfinished])
    #expect(try configs(world, other).first == studios)
    #expect(try configs(world, inB).first == Self.own)
    #expect(
      try fixture.read(
        [NotificationConfigDto].self,
        try fixture.send(
          endpoints.getNotificationOverrides, ["traineeId": world.trainee], token: coachA))
        == [overridden])
    // Removing the override falls back to the studio's; removing it again changes nothing.
    for _ in 0..<2 {
      #expect(
        try fixture.send(
          endpoints.removeNotificationOverride, ["traineeId": world.trainee, "type": "REST_TIMER"],
          token: coachA
        ).status == .noContent)
      #expect(try configs(world, inA) == [studios, Self.idle, Self.unfinished])
    }
    // A studio's switch turns a reminder off.
    _ = try fixture.send(
      endpoints.setStudioNotificationConfig, ["type": "WORKOUT_IDLE"], token: coachA,
      json: NotificationConfigRequestDto(enabled: false))
    #expect(
      try configs(world, other)[1] == NotificationConfigDto(type: "WORKOUT_IDLE", enabled: false))
  }

  /// A bad template is 400 naming its field, and nothing changes; an unknown type is 404.
  @Test(arguments: StoreBackend.available)
  func aBadConfigIsRefusedNamingTheFieldAndChangesNothing(_ backend: StoreBackend) throws {
    let world = try World(backend)
    let fixture = world.fixture
    let endpoints = fixture.endpoints
    let coachA = world.coaches["A"]!.tokens.accessToken
    let inA = world.sessions["A"]!.tokens.accessToken
    let before = try configs(world, inA)
    let cases: [(type: String, body: String, field: String)] = [
      ("REST_TIMER", #"{"enabled":true,"titleTemplate":"  "}"#, "titleTemplate"),
      (
        "REST_TIMER", #"{"enabled":true,"titleTemplate":"\#(String(repeating: "a", count: 101))"}"#,
        "titleTemplate"
      ),
      (
        "REST_TIMER", #"{"enabled":true,"bodyTemplate":"\#(String(repeating: "a", count: 501))"}"#,
        "bodyTemplate"
      ),
      ("REST_TIMER", #"{"enabled":true,"bodyTemplate":"Go\u001b[2J"}"#, "bodyTemplate"),
      ("REST_TIMER", #"{"enabled":true,"bodyTemplate":"Go\nnow"}"#, "bodyTemplate"),
      ("REST_TIMER", #"{"enabled":true,"bodyTemplate":"Next: {{ exercize }}"}"#, "bodyTemplate"),
      ("REST_TIMER", #"{"enabled":true,"titleTemplate":"Next: {{ exercise"}"#, "titleTemplate"),
      ("WORKOUT_IDLE", #"{"enabled":true,"bodyTemplate":"{{ exercise }} waits"}"#, "bodyTemplate"),
      ("WORKOUT_UNFINISHED", #"{"enabled":true,"titleTemplate":"{{exercise}}"}"#, "titleTemplate"),
      ("REST_TIMER", #"{"titleTemplate":"Go"}"#, "enabled"),
    ]
    for (type, body, field) in cases {
      for (endpoint, path) in [
        (endpoints.setStudioNotificationConfig, ["type": type]),
        (endpoints.setNotificationOverride, ["traineeId": world.trainee, "type": type]),
      ] {
        var request = HTTPRequest(
          method: .put, path: endpoint.path.filled(path)!, body: Data(body.utf8))
        request.headers["Authorization"] = "Bearer \(coachA)"
        let answer = fixture.router.admit(&request) ?? fixture.router.respond(to: request)
        #expect(answer.status == .badRequest, "\(body)")
        #expect(answer.errorBody?.code == "invalid_body", "\(body)")
        #expect(
          answer.errorBody?.message.contains(field) == true,
          "\(body): \(answer.errorBody?.message ?? "")")
      }
    }
    #expect(try configs(world, inA) == before)
    #expect(
      try fixture.base.trainees.studioNotificationConfigs(of: StudioID(world.studios["A"]!.id)!)
        .isEmpty)
    // The app fills `{{exercise}}` with or without spaces: both are kept.
    let spaced = NotificationConfigRequestDto(
      enabled: true, titleTemplate: "{{exercise}} done?", bodyTemplate: "Next: {{  exercise }}")
    #expect(
      try fixture.send(
        endpoints.setStudioNotificationConfig, ["type": "REST_TIMER"], token: coachA, json: spaced
      ).status == .ok)
    // A type the app does not know is 404, for the studio and for a trainee it sees.
    for (endpoint, path) in [
      (endpoints.setStudioNotificationConfig, ["type": "REST"]),
      (endpoints.setNotificationOverride, ["traineeId": world.trainee, "type": "rest_timer"]),
    ] {
      let answer = try fixture.send(endpoint, path, token: coachA, json: spaced)
      #expect(answer.status == .notFound)
      #expect(answer.errorBody?.message == "No notification type has id \"\(path["type"]!)\".")
    }
    // For a trainee the studio cannot see, a bad type is the trainee's 404.
    let coachC = world.coaches["C"]!.tokens.accessToken
    let unseen = try fixture.send(
      endpoints.removeNotificationOverride, ["traineeId": world.trainee, "type": "REST"],
      token: coachC)
    #expect(unseen.status == .notFound)
    #expect(unseen.errorBody?.message.hasPrefix("No trainee has id") == true)
  }
}
