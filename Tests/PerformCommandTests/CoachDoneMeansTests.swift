import Foundation
import Testing
import TraineeAPI
import TraineeClient

// NB: issue 33's "Done means", through the real binary on SQLite (and PostgreSQL when
// PERFORM_TEST_POSTGRESQL names a cluster): docs/decisions/the-coachs-words.md, "The Done-means
// check". The coach works by HTTP alone; the trainee works in the real app in tmux, signed in
// with `perform login`. Every wait is on an event (a screen's text, an HTTP answer).

/// A coach builds a program from the library and assigns it; the trainee's app shows it at its
/// next refresh, the trainee does the workout and writes a note; the coach reads it prescribed
/// beside performed with the note, reviews it with a comment, and the trainee's app shows it.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct CoachDoneMeansTests {
  typealias Flow = AccountsFlowTests
  let size = TmuxSession.Size(columns: 110, rows: 50)
  let note = "Knee felt fine at 60"
  let comment = "Good depth, add 2.5 kg next time"

  @Test func aProgramBuiltByTheCoachIsDoneInTheAppReviewedAndTheCommentShown() async throws {
    let directory = try ActivityCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for (index, database) in try Flow.databases(in: directory).enumerated() {
      let server = try await SignInCommandTests.serverWithTrainee(
        in: directory, database: database, arguments: ["--data-dir", directory.path])
      defer { server.interrupt() }
      try await doneMeans(on: server, data: directory.appendingPathComponent("app-\(index)"))
    }
  }

  /// The whole flow against `server`, the app keeping its files in `data`.
  private func doneMeans(on server: ServeChild, data: URL) async throws {
    let endpoints = TraineeEndpoints.table
    let signIn = { (email: String) in
      try await Flow.send(
        server, "POST", endpoints.signIn.path.description, token: nil,
        json: SignInRequestDto(email: email, password: Flow.password, device: "laptop"),
        as: SignedInDto.self)
    }
    let coach = try await signIn("carter@example.com").tokens.accessToken
    let trainee = try #require(try await signIn("ada@example.com").account.traineeId)

    // The trainee's app is open before the program exists: Today has no workout yet.
    let login = try SignInCommandTests.login(server, data: data)
    #expect(login.status == 0, "\(login.stderr)")
    let app = try TmuxSession([PerformBinary.url.path, "--data-dir", data.path], size: size)
    defer { app.close() }
    try await app.waitFor("No workout planned.", timeout: .seconds(60))

    // The coach, by API alone: an exercise in the library, a program of it, assigned linked.
    let squat = try await Flow.send(
      server, "POST", endpoints.createLibraryExercise.path.description, token: coach,
      json: LibraryExerciseRequestDto(name: "Back squat", equipment: "Barbell", kind: .strength),
      status: 201, as: LibraryExerciseDto.self)
    let program = try await Flow.send(
      server, "POST", endpoints.createCoachProgram.path.description, token: coach,
      json: CoachProgramDocumentDto(
        name: "Legs",
        days: [
          CoachProgramDayDto(
            title: "Day A",
            rows: [CoachProgramRowDto(exerciseId: squat.id, sets: 3, reps: "5", rir: 2)])
        ]),
      status: 201, as: CoachProgramDto.self)
    _ = try await Flow.send(
      server, "POST",
      try #require(endpoints.assignCoachProgram.path.filled(["programId": program.id])),
      token: coach,
      json: AssignProgramRequestDto(
        traineeIds: [trainee], mode: .linked, schedule: AssignmentScheduleDto(perWeek: 2)),
      as: ProgramAssignmentsDto.self)

    // The trainee's refresh: `r` on Today reads home again, as a trainee would press it (the
    // app's own background read of the program comes only after 5 minutes: README, "Offline").
    try app.send(keys: "r")
    let today = try await app.waitFor("Next workout:", timeout: .seconds(60))
    #expect(today.contains("Day A"), "\(today)")

    // The workout: started from Today, one set typed and checked, the workout's note, finished.
    try app.send(keys: "n")
    try await app.waitFor("Back squat", timeout: .seconds(30))
    try app.send(keys: "60", .enter, "5", .enter, " ")
    try await app.waitFor("1/3 sets")
    // The next set, its prescribed reps filled in, checked as it is (no weight typed).
    try app.send(keys: " ")
    try await app.waitFor("2/3 sets")
    try app.send(keys: "N")
    try await app.waitFor("Note on the workout for your coach:")
    try app.send(keys: .text(note), .enter)
    try await app.waitFor("✎ Note on the workout: \(note)")
    try app.send(keys: "F")
    try await app.waitFor("Finish the workout?")
    try app.send(keys: "y")
    // The complete screen is drawn once the server has accepted the log. The trainee closes
    // the app there, before the coach reviews: Today is not drawn in between, so nothing of the
    // coach's words is shown (and marked seen) before the trainee opens the app again.
    try await app.waitFor("Workout complete!", timeout: .seconds(60))
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))

    // The coach finds the workout and reads it prescribed beside performed, with the note.
    let listed = try await Flow.send(
      server, "GET",
      try #require(endpoints.getTraineeWorkoutsForCoach.path.filled(["traineeId": trainee])),
      token: coach, as: WorkoutHistoryDto.self)
    let logged = try #require(listed.workouts.first)
    #expect(listed.workouts.count == 1)
    let path = ["traineeId": trainee, "workoutId": logged.id]
    let read = try await Flow.send(
      server, "GET", try #require(endpoints.getTraineeWorkoutForCoach.path.filled(path)),
      token: coach, as: WorkoutLogDto.self)
    #expect(read.note == note)
    #expect(read.programVersion == 1)
    let beside = try #require(read.prescribedBesidePerformed)
    #expect(beside.prescription == .kept)
    let row = try #require(beside.exercises.first)
    #expect(row.prescribedExerciseId == squat.id)
    #expect(row.prescribedName == "Back squat")
    #expect(row.sets.count == 3)
    let first = try #require(row.sets.first)
    #expect(first.target?["reps"] == "5")
    #expect(first.target?["rir"] == "2")
    #expect(first.comparison?["reps"] == .within)
    guard case .strength(let performed) = first.performed else {
      Issue.record("set 1 performed: \(String(describing: first.performed))")
      return
    }
    #expect(performed.done && performed.weight == 60 && performed.reps == 5)
    #expect(row.sets.map { $0.target?["reps"] } == ["5", "5", "5"])

    // The coach reviews it with a comment and a comment on the set done.
    _ = try await Flow.send(
      server, "PUT", try #require(endpoints.reviewWorkout.path.filled(path)), token: coach,
      json: WorkoutReviewRequestDto(
        verdict: .reviewed, comment: comment,
        setComments: [SetCommentDto(entryIndex: 0, setNumber: 1, comment: "Bar speed was good")]),
      as: WorkoutReviewDto.self)

    // The trainee opens the app again: it opens on Today, whose one read at launch shows the
    // review under "From your coach".
    try app.respawn([PerformBinary.url.path, "--data-dir", data.path])
    let shown = try await app.waitFor(comment, timeout: .seconds(60))
    #expect(shown.contains("From your coach"), "\(shown)")
    #expect(shown.contains(comment), "\(shown)")
    #expect(shown.contains("1 comment on a set"), "\(shown)")

    // The workout in the history (the Workouts tab's second line, after Day A) shows the review
    // and the set's comment.
    try await app.openWorkoutsTab()
    try await app.waitFor("#1")
    try app.send(keys: "j", .enter)
    let detail = try await app.waitFor("Your coach: reviewed", timeout: .seconds(60))
    #expect(detail.contains(comment), "\(detail)")
    #expect(detail.contains("Coach on set 1: Bar speed was good"), "\(detail)")
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))
  }
}
