import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

private typealias F = StoreFixture

struct WorkoutRoutesHistoryTests {
  @Test(arguments: StoreBackend.available) func historyListsNewestFirstWithoutEntries(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    let first = try api.log(F.benchDay, as: api.alice)
    let second = try api.log(
      F.workout([
        F.entry(
          "bike",
          [.cardio(.init(setNumber: 1, durationSec: 600, distanceKm: 5, rpe: "6", done: true))])
      ]),
      as: api.alice)
    let response = api.send(.get, "/v1/trainee/workouts/history", token: api.alice.token)
    #expect(response.status == .ok)
    let history = try JSONDecoder().decode(WorkoutHistoryDto.self, from: response.body)
    #expect(history.workouts.map(\.id) == [second.id, first.id])
    #expect(
      history.workouts[1]
        == WorkoutLogDto(
          id: first.id, workoutNumber: 1, loggedAt: "2026-01-05T08:00:00.000Z",
          programId: "plan-1", dayId: "day-a", label: "Day A", durationSec: 3600,
          completed: true, exerciseCount: 1, doneSetCount: 2, volumeKg: 1100, entries: nil))
    #expect(history.workouts[0].doneSetCount == 1)
    let bobs = api.send(.get, "/v1/trainee/workouts/history", token: api.bob.token)
    #expect(try JSONDecoder().decode(WorkoutHistoryDto.self, from: bobs.body).workouts.isEmpty)
  }

  @Test(arguments: StoreBackend.available) func oneLogComesWithItsEntries(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    let logged = try api.log(F.benchDay, as: api.alice)
    let response = api.send(
      .get, "/v1/trainee/workouts/history/\(logged.id)", token: api.alice.token)
    #expect(response.status == .ok)
    let log = try JSONDecoder().decode(WorkoutLogDto.self, from: response.body)
    #expect(log.entries == F.benchDay.entries)
    #expect(log.workoutNumber == 1)
  }

  @Test(
    arguments: StoreBackend.available, ["999", "abc", "0", "-1", "1.5", "99999999999999999999999"])
  func unknownOrMalformedLogIdsAreNotFound(_ backend: StoreBackend, id: String) throws {
    let api = try WorkoutAPIFixture(backend)
    _ = try api.log(F.benchDay, as: api.alice)
    for (method, path) in [
      (HTTPMethod.get, "/v1/trainee/workouts/history/\(id)"),
      (.delete, "/v1/trainee/workouts/log/\(id)"),
    ] {
      let response = api.send(method, path, token: api.alice.token)
      #expect(response.status == .notFound)
      #expect(response.errorBody?.code == "not_found")
    }
  }

  @Test(arguments: StoreBackend.available) func deletingALogRemovesItAndItsHistory(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    let logged = try api.log(F.benchDay, as: api.alice)
    let path = "/v1/trainee/workouts/log/\(logged.id)"
    #expect(api.send(.delete, path, token: api.alice.token).status == .noContent)
    #expect(api.send(.delete, path, token: api.alice.token).status == .notFound)
    #expect(try api.benchRow(as: api.alice).lastSets.isEmpty)
  }

  @Test(arguments: StoreBackend.available) func anotherTraineeCanNeitherReadNorDeleteALog(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    let logged = try api.log(F.benchDay, as: api.alice)
    let read = api.send(
      .get, "/v1/trainee/workouts/history/\(logged.id)", token: api.bob.token)
    #expect(read.status == .notFound)
    let delete = api.send(.delete, "/v1/trainee/workouts/log/\(logged.id)", token: api.bob.token)
    #expect(delete.status == .notFound)
    #expect(delete.errorBody?.code == "not_found")
    #expect(try api.store.workoutHistory(for: api.alice.trainee.id).count == 1)
  }

  @Test(arguments: StoreBackend.available) func aTechniqueVideoIsStoredAndItsFeedbackShownUntilSeen(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    let response = try api.send(
      .post, "/v1/trainee/technique-videos", token: api.alice.token,
      json: TechniqueVideoRequestDto(url: "https://videos.example/v/1.mp4", exerciseId: "bench"))
    #expect(response.status == .created)
    let video = try JSONDecoder().decode(TechniqueVideoDto.self, from: response.body)
    #expect(
      video
        == TechniqueVideoDto(
          id: video.id, url: "https://videos.example/v/1.mp4", exerciseId: "bench",
          submittedAt: "2026-01-05T08:00:00.000Z"))
    let id = try #require(TechniqueVideoID(video.id))
    #expect(try api.store.addCoachFeedback("Brace harder.", to: id, for: api.alice.trainee.id))
    #expect(
      try api.benchRow(as: api.alice).coachFeedback
        == CoachFeedbackDto(videoId: video.id, message: "Brace harder."))
    #expect(try api.benchRow(as: api.bob).coachFeedback == nil)

    let seenPath = "/v1/trainee/technique-videos/\(video.id)/feedback-seen"
    #expect(api.send(.post, seenPath, token: api.bob.token).status == .notFound)
    #expect(try api.benchRow(as: api.alice).coachFeedback != nil)
    #expect(api.send(.post, seenPath, token: api.alice.token).status == .noContent)
    #expect(try api.benchRow(as: api.alice).coachFeedback == nil)
    #expect(api.send(.post, seenPath, token: api.alice.token).status == .noContent)
  }

  @Test(
    arguments: StoreBackend.available,
    [
      (#"{"url":"ftp://videos.example/1.mp4"}"#, "url"),
      (#"{"url":"not a url"}"#, "url"),
      (#"{"url":"https://"}"#, "url"),
      (#"{"url":""}"#, "url"),
      (#"{"url":42}"#, "url"),
      (#"{}"#, "url"),
      (#"{"url":"https://v.example/1","exerciseId":7}"#, "exerciseId"),
      (#"{"url":"https://v.example/1","exerciseId":""}"#, "exerciseId"),
    ])
  func badVideosAreRefusedNamingTheField(
    _ backend: StoreBackend, _ testCase: (String, String)
  ) throws {
    let (body, field) = testCase
    let api = try WorkoutAPIFixture(backend)
    let response = api.send(
      .post, "/v1/trainee/technique-videos", token: api.alice.token, body: Data(body.utf8))
    #expect(response.status == .badRequest)
    #expect(response.errorBody?.message.contains(field) == true, "\(response.errorBody as Any)")
    #expect(try api.store.techniqueVideos(for: api.alice.trainee.id).isEmpty)
  }

  @Test(arguments: StoreBackend.available, ["abc", "0", "999"])
  func feedbackSeenOfAnUnknownVideoIsNotFound(_ backend: StoreBackend, id: String) throws {
    let api = try WorkoutAPIFixture(backend)
    let response = api.send(
      .post, "/v1/trainee/technique-videos/\(id)/feedback-seen", token: api.alice.token)
    #expect(response.status == .notFound)
    #expect(response.errorBody?.code == "not_found")
  }

  @Test(arguments: StoreBackend.available) func notificationConfigsHaveTheThreeKinds(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    let response = api.send(.get, "/v1/trainee/notification-configs", token: api.alice.token)
    #expect(response.status == .ok)
    let configs = try JSONDecoder().decode([NotificationConfigDto].self, from: response.body)
    #expect(configs.map(\.type) == ["REST_TIMER", "WORKOUT_IDLE", "WORKOUT_UNFINISHED"])
    #expect(configs.allSatisfy { $0.enabled == true })
  }

  @Test(arguments: StoreBackend.available) func theSessionNamesTheTokensTrainee(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    let response = api.send(.get, "/v1/trainee/session", token: api.bob.token)
    #expect(response.status == .ok)
    #expect(
      try JSONDecoder().decode(TraineeSessionDto.self, from: response.body)
        == TraineeSessionDto(id: api.bob.trainee.id.description, name: "Bob"))
  }

  static let routes: [(HTTPMethod, String)] = [
    (.get, "/v1/trainee/workouts"), (.post, "/v1/trainee/workouts/log"),
    (.get, "/v1/trainee/workouts/history"), (.get, "/v1/trainee/workouts/history/1"),
    (.delete, "/v1/trainee/workouts/log/1"), (.post, "/v1/trainee/workouts/substitutions"),
    (.post, "/v1/trainee/technique-videos"),
    (.post, "/v1/trainee/technique-videos/1/feedback-seen"),
    (.get, "/v1/trainee/notification-configs"), (.get, "/v1/trainee/session"),
  ]

  @Test(arguments: StoreBackend.available, routes)
  func everyRouteNeedsAValidToken(_ backend: StoreBackend, _ testCase: (HTTPMethod, String)) throws
  {
    let api = try WorkoutAPIFixture(backend)
    let logged = try api.log(F.benchDay, as: api.alice)
    // The paths name the log just stored.
    let (method, path) = (
      testCase.0, testCase.1.replacingOccurrences(of: "/1", with: "/" + logged.id)
    )
    for token in [nil, "wrong", ""] {
      let response = api.send(method, path, token: token, body: Data(F.benchDayJSON.utf8))
      #expect(response.status == .unauthorized)
      #expect(response.errorBody?.code == "unauthorized")
    }
    #expect(try api.store.workoutHistory(for: api.alice.trainee.id).count == 1)
  }

  @Test(arguments: StoreBackend.available) func aSwapOfOneTraineeNeverShowsForAnother(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    let body = SubstitutionRequestDto(
      programId: "plan-1", dayId: "day-a", rowId: "row-1", fromExerciseId: "bench",
      toExerciseId: "db-press")
    _ = try api.send(
      .post, "/v1/trainee/workouts/substitutions", token: api.bob.token, json: body)
    #expect(try api.benchRow(as: api.alice).exerciseId == "bench")
    #expect(try api.benchRow(as: api.bob).exerciseId == "db-press")
    #expect(try api.store.substitutions(for: api.alice.trainee.id).isEmpty)
  }
}

extension StoreFixture {
  /// `benchDay` as JSON text.
  static var benchDayJSON: String {
    String(decoding: try! JSONEncoder().encode(benchDay), as: UTF8.self)
  }
}
