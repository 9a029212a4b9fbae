import Foundation
import Testing
import TraineeAPI

/// Issue 33 item 7 through the real binary on SQLite (and PostgreSQL when
/// PERFORM_TEST_POSTGRESQL names a cluster): a trainee logs a workout with a note, the coach's
/// poll of `GET /v1/coach/events` shows it with the log's id, a poll with the cursor it got shows
/// nothing new, and the answer's `ETag` gives 304 until the trainee logs again
/// (docs/decisions/the-coachs-events.md).
@Suite struct CoachEventsFlowTests {
  typealias Flow = AccountsFlowTests

  @Test func aCoachsPollShowsATraineesLogOnceAndThenAnswers304() async throws {
    let directory = try ActivityCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let endpoints = TraineeEndpoints.table
    let events = endpoints.getCoachEvents.path.description
    for database in try Flow.databases(in: directory) {
      let studio = try #require(
        Flow.perform(["studio", "add", "Iron Temple"], database: database)["id"])
      _ = try Flow.perform(
        [
          "account", "add", "--role", "coach", "--name", "Carter", "--email",
          "carter@example.com", "--studio", studio,
        ], database: database, input: Flow.password + "\n")
      let server = try ServeChild(
        databaseArgument: database, demo: false, arguments: ["--data-dir", directory.path])
      defer { server.interrupt() }
      let coach = try await Flow.send(
        server, "POST", endpoints.signIn.path.description, token: nil,
        json: SignInRequestDto(
          email: "carter@example.com", password: Flow.password, device: "laptop"),
        as: SignedInDto.self
      ).tokens.accessToken
      let invite = try await Flow.send(
        server, "POST", endpoints.createInvite.path.description, token: coach,
        json: CreateInviteRequestDto(validForSeconds: nil), status: 201, as: NewInviteDto.self)
      let ada = try await Flow.send(
        server, "POST", endpoints.acceptInvite.path.description, token: nil,
        json: AcceptInviteRequestDto(
          code: invite.code, name: "Ada", email: "ada@example.com", password: Flow.password,
          device: "phone"),
        as: SignedInDto.self)
      let trainee = try #require(ada.account.traineeId)
      let payload = { (note: String) in
        LogWorkoutPayload(
          programId: nil, dayId: nil, label: "Legs", durationSec: 1800, completed: true,
          entries: [
            LogEntry(
              exerciseId: "squat", name: "Squat", done: true, tempo: nil,
              sets: [
                .strength(
                  StrengthLogSet(
                    setNumber: 1, reps: 5, targetReps: 5, weight: 100, rir: nil, rm: nil,
                    done: true))
              ])
          ], note: note)
      }
      let logged = try await Flow.send(
        server, "POST", endpoints.logWorkout.path.description, token: ada.tokens.accessToken,
        json: payload("knee felt fine"), status: 201, as: LoggedWorkoutDto.self)

      let first = try await server.exchange("GET", events, token: coach)
      #expect(first.status == 200, "\(database)")
      let page = try JSONDecoder().decode(StudioEventsDto.self, from: first.body)
      #expect(
        page.events.map { "\($0.kind) \($0.traineeId) \($0.workoutId ?? "-")" } == [
          "traineeJoined \(trainee) -", "workoutLogged \(trainee) \(logged.id)",
          "traineeWords \(trainee) \(logged.id)",
        ], "\(database)")
      #expect(!page.more)

      let next = "\(events)?after=\(page.nextCursor)"
      let second = try await server.exchange("GET", next, token: coach)
      #expect(second.status == 200, "\(database)")
      let nothing = try JSONDecoder().decode(StudioEventsDto.self, from: second.body)
      #expect(nothing.events.isEmpty)
      #expect(nothing.nextCursor == page.nextCursor)
      let tag = try #require(second.headers["Etag"] ?? second.headers["ETag"])
      let kept = try await server.exchange(
        "GET", next, token: coach, headers: ["If-None-Match": tag])
      #expect(kept.status == 304, "\(database)")
      #expect(kept.body.isEmpty)

      // The trainee logs again: the same tag is stale, and the poll shows the new log alone.
      let again = try await Flow.send(
        server, "POST", endpoints.logWorkout.path.description, token: ada.tokens.accessToken,
        json: payload("second"), status: 201, as: LoggedWorkoutDto.self)
      let changed = try await server.exchange(
        "GET", next, token: coach, headers: ["If-None-Match": tag])
      #expect(changed.status == 200, "\(database)")
      let later = try JSONDecoder().decode(StudioEventsDto.self, from: changed.body)
      #expect(later.events.map(\.workoutId) == [again.id, again.id])
      #expect(later.events.map(\.kind) == ["workoutLogged", "traineeWords"])
      // The trainee's own token is refused by role.
      let refused = try await server.exchange("GET", events, token: ada.tokens.accessToken)
      #expect(refused.status == 403)
    }
  }
}
