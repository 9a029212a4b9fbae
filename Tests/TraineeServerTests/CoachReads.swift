import Foundation
import TraineeAPI

@testable import HTTPServer
@testable import TraineeServer

/// One coach read of a trainee's records, as `CoachVisibilityAttackTests`' matrix runs it
/// (docs/decisions/accounts.md, "What a coach sees"). A coach read added to the endpoint
/// table must be added to ``all``: a test checks the list against the table, and every test of
/// the matrix loops over the list.
struct CoachRead: CustomStringConvertible, Sendable {
  typealias Fixture = AccountRoutesFixture

  /// The endpoint's name in the table.
  let name: String
  /// The kind of record it shows: the prefix of the record keys of `World.records`.
  let kind: String
  /// A request for `trainee` with good paging, so that its refusal can only be the trainee's
  /// (or the role's) own.
  let request: @Sendable (Fixture, _ trainee: String, _ token: String?) throws -> HTTPResponse
  /// The status of the read for `trainee` and the keys (`kind:id`) of every record it shows,
  /// every page followed.
  let sees:
    @Sendable (Fixture, _ trainee: String, _ probed: [String], _ token: String) throws -> (
      status: HTTPStatus, records: Set<String>
    )

  var description: String { name }

  static let all: [CoachRead] = [
    workoutPages, workoutDetail, nutritionDays, techniqueVideos,
    reviewWorkout, giveVideoFeedback, getCoachNotes, writeCoachNotes,
    getNutritionTolerance, setNutritionTolerance, records, progress,
    getNotificationOverrides, setNotificationOverride, removeNotificationOverride,
    eventsOfLogs, eventsOfVideos,
  ]

  /// The studio's events feed of one trainee (`traineeId` in the query), every page followed:
  /// the workouts logged that it tells of.
  static let eventsOfLogs = events(kind: "log", telling: "workoutLogged", by: \.workoutId)
  /// The same feed: the technique videos sent that it tells of.
  static let eventsOfVideos = events(
    kind: "video", telling: "techniqueVideoSent", by: \.videoId)

  /// A read of the events feed of one trainee showing the subjects of the events of `telling`.
  static func events(
    kind: String, telling: String, by subject: KeyPath<StudioEventDto, String?> & Sendable
  ) -> CoachRead {
    CoachRead(
      name: "getCoachEvents", kind: kind,
      request: { fixture, trainee, token in
        try fixture.send(
          fixture.endpoints.getCoachEvents, query: "traineeId=\(trainee)", token: token)
      },
      sees: { fixture, trainee, _, token in
        var seen: Set<String> = []
        var cursor: String?
        repeat {
          let answer = try fixture.send(
            fixture.endpoints.getCoachEvents,
            query: "traineeId=\(trainee)&limit=2" + (cursor.map { "&after=\($0)" } ?? ""),
            token: token)
          guard answer.status == .ok else {
            if seen.isEmpty && cursor == nil { return (answer.status, []) }
            throw UnexpectedAnswer(response: answer)
          }
          let page = try fixture.read(StudioEventsDto.self, answer)
          for event in page.events where event.kind == telling {
            guard event.traineeId == trainee, let id = event[keyPath: subject] else {
              throw UnexpectedAnswer(response: answer)
            }
            seen.insert("\(kind):\(id)")
          }
          cursor = page.more ? page.nextCursor : nil
        } while cursor != nil
        return (.ok, seen)
      })
  }

  static let workoutPages = CoachRead(
    name: "getTraineeWorkoutsForCoach", kind: "log",
    request: { fixture, trainee, token in
      try fixture.send(
        fixture.endpoints.getTraineeWorkoutsForCoach, ["traineeId": trainee], token: token)
    },
    sees: { fixture, trainee, _, token in
      let seen = try fixture.coachSees(trainee, token: token)
      return (seen.status, Set(seen.logs.map { "log:\($0)" }))
    })

  /// Every log id of the world asked one by one: a 200 shows the log, anything else must be 404.
  static let workoutDetail = CoachRead(
    name: "getTraineeWorkoutForCoach", kind: "log",
    request: { fixture, trainee, token in
      try fixture.send(
        fixture.endpoints.getTraineeWorkoutForCoach, ["traineeId": trainee, "workoutId": "1"],
        token: token)
    },
    sees: { fixture, trainee, probed, token in
      var seen: Set<String> = []
      for key in probed where key.hasPrefix("log:") {
        let id = String(key.dropFirst(4))
        let answer = try fixture.send(
          fixture.endpoints.getTraineeWorkoutForCoach, ["traineeId": trainee, "workoutId": id],
          token: token)
        guard answer.status == .ok else {
          guard answer.status == .notFound, answer.errorBody?.code == "not_found" else {
            throw UnexpectedAnswer(response: answer)
          }
          continue
        }
        let log = try fixture.read(WorkoutLogDto.self, answer)
        guard log.id == id, log.entries?.isEmpty == false else {
          throw UnexpectedAnswer(response: answer)
        }
        seen.insert(key)
      }
      return (seen.isEmpty ? .notFound : .ok, seen)
    })

  static let nutritionDays = CoachRead(
    name: "getTraineeNutritionDaysForCoach", kind: "day",
    request: nutritionDaysRequest,
    sees: { fixture, trainee, _, token in
      let answer = try nutritionDaysRequest(fixture, trainee, token)
      guard answer.status == .ok else { return (answer.status, []) }
      let days = try fixture.read(NutritionDaysDto.self, answer).days
      // Each day's only write was its save, under its own tag: the studio that sees the day
      // sees the plan against eaten kept with it.
      guard days.allSatisfy({ $0.data != nil && $0.planAgainstEaten != nil }) else {
        throw UnexpectedAnswer(response: answer)
      }
      return (.ok, Set(days.map { "day:\($0.date)" }))
    })

  /// The days of a range holding every day of `CoachVisibilityAttackTests.World`.
  @Sendable static func nutritionDaysRequest(
    _ fixture: Fixture, _ trainee: String, _ token: String?
  ) throws -> HTTPResponse {
    try fixture.send(
      fixture.endpoints.getTraineeNutritionDaysForCoach, ["traineeId": trainee],
      query: "from=2025-12-20&to=2026-01-10", token: token)
  }

  static let techniqueVideos = CoachRead(
    name: "getTraineeTechniqueVideosForCoach", kind: "video",
    request: { fixture, trainee, token in
      try fixture.send(
        fixture.endpoints.getTraineeTechniqueVideosForCoach, ["traineeId": trainee],
        token: token)
    },
    sees: { fixture, trainee, _, token in
      var seen: Set<String> = []
      var cursor: String?
      repeat {
        let answer = try fixture.send(
          fixture.endpoints.getTraineeTechniqueVideosForCoach, ["traineeId": trainee],
          query: "limit=1" + (cursor.map { "&cursor=\($0)" } ?? ""), token: token)
        guard answer.status == .ok else {
          if seen.isEmpty && cursor == nil { return (answer.status, []) }
          throw UnexpectedAnswer(response: answer)
        }
        let page = try fixture.read(TechniqueVideosDto.self, answer)
        seen.formUnion(page.videos.map { "video:\($0.id)" })
        cursor = page.nextCursor
      } while cursor != nil
      return (.ok, seen)
    })
}
