import Foundation
import Testing
import TraineeAPI

// NB: docs/decisions/the-apps-files-and-the-api-client.md, "Sign-out and studio switch in the
// app", through the real binary in tmux at 80x24 against `perform serve`: the settings tab's
// sign-out lists a meal log not yet sent and sends it before the session ends and the account's
// files go; its studio switch (in German) clears the account's copies, keeps the session, and
// starts the app again on the studio chosen.

/// Signing out and switching studio from the app's settings tab.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct SettingsAccountAppTests {
  let size = TmuxSession.Size(columns: 80, rows: 24)

  /// The session kept in `data`.
  private func kept(in data: URL) throws -> KeptSession {
    try JSONDecoder().decode(
      KeptSession.self, from: Data(contentsOf: data.appendingPathComponent("session.json")))
  }

  /// Ada signed in through the API, on a device of the test's own.
  private func signIn(_ server: ServeChild, device: String) async throws -> SignedInDto {
    try await AccountsFlowTests.send(
      server, "POST", TraineeEndpoints.table.signIn.path.description, token: nil,
      json: SignInRequestDto(
        email: "ada@example.com", password: SignInCommandTests.password, device: device),
      as: SignedInDto.self)
  }

  @Test func signingOutSendsTheMealLogNotYetSentThenEndsTheSessionAndClears() async throws {
    let directory = try ActivityCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = try await SignInCommandTests.serverWithTrainee(in: directory)
    let data = directory.appendingPathComponent("app")
    let login = try SignInCommandTests.login(first, data: data)
    #expect(login.status == 0, "\(login.stderr)")
    let session = try kept(in: data)

    // The server goes away; a meal log waits on this device.
    #expect(first.interrupt())
    let pending = data.appendingPathComponent("pending-meal-logs.json")
    try Data(
      #"""
      [{"key":"k-sign-out","mealId":"m1","request":{"items":[{"name":"Porridge",
      "macros":{"kcal":300,"protein":10,"carbs":50,"fat":6}}],
      "description":"Porridge before signing out"}}]
      """#.utf8
    ).write(to: pending)
    let app = try TmuxSession([PerformBinary.url.path, "--data-dir", data.path], size: size)
    defer { app.close() }
    try await app.waitFor("1 Today")
    try app.send(keys: "5")
    try await app.waitFor("ada@example.com")
    try app.send(keys: "jjjj", .enter)
    let listed = try await app.waitFor("Not yet sent from this device:")
    #expect(listed.contains("- 1 meal log"), "\(listed)")
    #expect(listed.contains("Enter sends them first"), "\(listed)")
    // Esc stays: nothing is sent or removed.
    try app.send(keys: .escape)
    try await app.waitUntilGone("Not yet sent from this device:")
    #expect(FileManager.default.fileExists(atPath: pending.path))

    // The server is back on the same port; Enter sends the log, then signs out.
    let database = directory.appendingPathComponent("perform.sqlite").path
    let second = try ServeChild(
      databaseArgument: database, demo: false, port: first.port,
      arguments: ["--data-dir", directory.path])
    defer { second.interrupt() }
    // The app's own outbox may send the log first, now that the server is back: then there is
    // nothing left to list and the row asks yes or no.
    try app.send(keys: .enter)
    let asked = try await app.waitForScreen("the sign-out's question", timeout: .seconds(10)) {
      $0.contains("Not yet sent from this device:") || $0.contains("Sign out of ada@example.com?")
    }
    try app.send(keys: asked.contains("Not yet sent") ? .enter : "y")
    #expect(try await app.waitForExit(timeout: .seconds(60)) == .exited(0))
    let said = try app.capture()
    #expect(said.contains("is ended"), "\(said)")
    #expect(said.contains("Signed out of ada@example.com"), "\(said)")
    #expect(!FileManager.default.fileExists(atPath: pending.path))
    #expect(
      !FileManager.default.fileExists(atPath: data.appendingPathComponent("session.json").path))
    let ended = try await second.request(
      "GET", TraineeEndpoints.table.getSession.path.description, token: session.accessToken)
    #expect(ended.status == 401)
    // The meal log reached the server, once.
    let checker = try await signIn(second, device: "checker")
    let export = try await second.request(
      "GET", TraineeEndpoints.table.exportAccount.path.description,
      token: checker.tokens.accessToken)
    let document = String(decoding: export.body, as: UTF8.self)
    #expect(document.components(separatedBy: "Porridge before signing out").count == 2)
  }

  @Test func aSwitchInGermanClearsTheCopiesKeepsTheSessionAndStartsAgain() async throws {
    let directory = try ActivityCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try await SignInCommandTests.serverWithTrainee(in: directory)
    defer { server.interrupt() }
    let database = directory.appendingPathComponent("perform.sqlite").path

    // A second studio, which Ada joins by the operator's invite; a sign-in then uses it.
    let secondID = try #require(
      AccountsFlowTests.perform(["studio", "add", "Zweitstudio"], database: database)["id"])
    let code = try #require(
      AccountsFlowTests.perform(["invite", "create", "--studio", secondID], database: database)[
        "code"])
    let probe = try await signIn(server, device: "probe")
    _ = try await AccountsFlowTests.send(
      server, "POST", TraineeEndpoints.table.joinStudio.path.description,
      token: probe.tokens.accessToken, json: JoinStudioRequestDto(code: code),
      as: StudioMembershipDto.self)
    let data = directory.appendingPathComponent("app")
    #expect(try SignInCommandTests.login(server, data: data).status == 0)
    let before = try kept(in: data)
    let account = try await AccountsFlowTests.send(
      server, "GET", TraineeEndpoints.table.getAccount.path.description,
      token: before.accessToken, as: AccountDto.self)
    #expect(account.currentStudioId == secondID)
    let ironTemple = try #require(account.studios.first { $0.studioName == "Iron Temple" })

    // A copy the account keeps on this device, which the switch must remove.
    let copies = KeptReads.copiesDirectory(in: data, account: before.accountId)
    try FileManager.default.createDirectory(at: copies, withIntermediateDirectories: true)
    let marker = copies.appendingPathComponent("marker-of-the-old-studio")
    try Data("x".utf8).write(to: marker)

    let app = try TmuxSession(
      [PerformBinary.url.path, "--data-dir", data.path], size: size,
      environment: ["LANG": "de_DE.UTF-8"])
    defer { app.close() }
    try await app.waitFor("1 Heute")
    try app.send(keys: "5")
    try await app.waitFor("Studio wechseln")
    try app.send(keys: "jjjjj", .enter)
    let choosing = try await app.waitFor("Das Studio dieses Geräts:")
    #expect(choosing.contains("Zweitstudio  (aktiv)"), "\(choosing)")
    #expect(choosing.contains("▸ Iron Temple"), "\(choosing)")
    try app.send(keys: .enter)
    try await app.waitFor("Zu Iron Temple wechseln?")
    try app.send(keys: "j")
    try await app.waitFor("Jetzt mit Iron Temple", timeout: .seconds(30))

    let after = try kept(in: data)
    #expect(after.sessionId == before.sessionId)
    #expect(!FileManager.default.fileExists(atPath: marker.path))
    let switched = try await AccountsFlowTests.send(
      server, "GET", TraineeEndpoints.table.getAccount.path.description,
      token: after.accessToken, as: AccountDto.self)
    #expect(switched.currentStudioId == ironTemple.studioId)
    // The app goes on, on the same session, with the switch row showing the new studio.
    try app.send(keys: "5")
    try await app.waitFor("Iron Temple")
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))
  }
}
