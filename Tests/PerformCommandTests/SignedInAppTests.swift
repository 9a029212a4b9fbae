import Foundation
import Testing
import TraineeAPI
import TraineeClient

// NB: issue 32's "the app signs in, works offline past an access token's expiry, and signs out
// without losing anything it had not sent", through the real binary: docs/decisions/
// the-apps-files-and-the-api-client.md, "Refresh" and "Sign-out without loss". The access
// token's expiry is a real clock's (`perform serve --access-token-seconds 30`): the test waits
// until the session file's `accessExpiresAt` has passed, the one wait on time it has.

/// A trainee made by invite, signed in with `perform login`, using the app across a server that
/// goes away past the access token's expiry, then signing out.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct SignedInAppTests {
  let size = TmuxSession.Size(columns: 110, rows: 50)

  /// The session kept in `data`.
  private func kept(in data: URL) throws -> KeptSession {
    let file = data.appendingPathComponent("session.json")
    return try JSONDecoder().decode(KeptSession.self, from: Data(contentsOf: file))
  }

  /// Ada's logged workouts on `server`, read through a sign-in of its own.
  private func history(_ server: ServeChild) async throws -> [[String: Any]] {
    let signedIn = try await AccountsFlowTests.send(
      server, "POST", TraineeEndpoints.table.signIn.path.description, token: nil,
      json: SignInRequestDto(
        email: "ada@example.com", password: SignInCommandTests.password, device: "checker"),
      as: SignedInDto.self)
    let answer = try await server.request(
      "GET", "/v1/trainee/workouts/history", token: signedIn.tokens.accessToken)
    let body = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
    return body?["workouts"] as? [[String: Any]] ?? []
  }

  /// Polls `condition` every 100 ms until it holds or `seconds` pass; answers whether it held.
  private func eventually(
    _ seconds: Double = 90, _ condition: () async throws -> Bool
  ) async throws -> Bool {
    let deadline = Date() + seconds
    while Date() < deadline {
      if try await condition() { return true }
      try await Task.sleep(for: .milliseconds(100))
    }
    return try await condition()
  }

  @Test func theAppWorksOfflinePastTheTokensExpiryAndSignsOutLosingNothing() async throws {
    let directory = try ActivityCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let short = ["--access-token-seconds", "30"]
    let first = try await SignInCommandTests.serverWithTrainee(in: directory, arguments: short)
    let port = first.port

    // The invited trainee's id (AccountDto.traineeId) gets a program from the operator.
    let probe = try await AccountsFlowTests.send(
      first, "POST", TraineeEndpoints.table.signIn.path.description, token: nil,
      json: SignInRequestDto(
        email: "ada@example.com", password: SignInCommandTests.password, device: "probe"),
      as: SignedInDto.self)
    let trainee = try #require(probe.account.traineeId)
    let instant = ISO8601DateFormatter()
    instant.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let expiry = try #require(instant.date(from: probe.tokens.accessExpiresAt))
    let expiresIn = expiry.timeIntervalSince(Date())
    #expect(expiresIn <= 30 && expiresIn > 0)
    let database = directory.appendingPathComponent("perform.sqlite").path
    _ = try AccountsFlowTests.perform(
      [
        "program", "import",
        PerformBinary.packageRoot.appendingPathComponent("examples/demo-program.json").path,
        "--trainee", trainee,
      ], database: database)

    // Signed in with perform login; the app uses the session.
    let data = directory.appendingPathComponent("app")
    let login = try SignInCommandTests.login(first, data: data)
    #expect(login.status == 0, "\(login.stderr)")
    let app = try TmuxSession([PerformBinary.url.path, "--data-dir", data.path], size: size)
    defer { app.close() }
    try await app.openWorkoutsTab()
    try await app.waitFor("Next workout: Day 1 Push", timeout: .seconds(30))

    // The server goes away; the access token's expiry passes on the real clock.
    #expect(first.interrupt())
    let before = try kept(in: data)
    let wait = before.accessExpiresAt.timeIntervalSince(Date()) + 1
    if wait > 0 { try await Task.sleep(for: .seconds(wait)) }
    #expect(try kept(in: data).accessExpiresAt < Date())

    // A workout is done and finished offline: its log is kept to send.
    try app.send(keys: "n")
    try await app.waitFor("Push — Chest and triceps")
    try app.send(keys: "60", .enter, "5", .enter, " ")
    try await app.waitFor("1/14 sets")
    try app.send(keys: "F")
    try await app.waitFor("Finish the workout?")
    try app.send(keys: "y")
    try await app.waitFor("Finishing: the log is kept, not sent yet: the server cannot be reached")

    // The server is back on the same port: the app renews its session and the log arrives once.
    let second = try ServeChild(
      databaseArgument: database, demo: false, port: port,
      arguments: ["--data-dir", directory.path] + short)
    defer { second.interrupt() }
    #expect(try await eventually { try kept(in: data).refreshToken != before.refreshToken })
    #expect(try await eventually { try await history(second).count == 1 })
    try app.send(keys: "3")
    try await app.waitFor("Workout complete!", timeout: .seconds(30))
    let logged = try await history(second)
    #expect(logged.count == 1)
    #expect(logged.first?["dayId"] as? String == "day_push")
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))

    // Nothing is left unsent: perform logout warns of nothing and signs out.
    let out = try PerformBinary.run(["logout", "--data-dir", data.path], input: Data())
    #expect(out.status == 0, "\(out.stderr)")
    #expect(!out.stderr.contains("Not yet sent"), "\(out.stderr)")
    #expect(String(decoding: out.stdout, as: UTF8.self).contains("is ended"))
    #expect(
      !FileManager.default.fileExists(atPath: data.appendingPathComponent("session.json").path))
    #expect(try await history(second).count == 1)
  }

  @Test(arguments: ["29", "86401", "ten"])
  func anAccessTokenLifeOutOfItsBoundsIsRefused(_ seconds: String) throws {
    let checked = try PerformBinary.run(
      ["serve", "--check-config", "--access-token-seconds", seconds, "--database", ":memory:"])
    #expect(checked.status == 2)
    #expect(
      checked.stderr.contains("--access-token-seconds \"\(seconds)\" is not a number from 30"),
      "\(checked.stderr)")
  }

  @Test func theAccessTokenLifeIsSaidByCheckConfig() throws {
    let checked = try PerformBinary.run(
      ["serve", "--check-config", "--access-token-seconds", "30", "--database", ":memory:"])
    #expect(checked.status == 0, "\(checked.stderr)")
    #expect(String(decoding: checked.stdout, as: UTF8.self).contains("access token life: 30 s"))
  }
}
