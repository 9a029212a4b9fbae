import Foundation
import Testing
import TraineeAPI
import TraineeClient

// NB: docs/decisions/the-apps-files-and-the-api-client.md, "The sign-in screen", through the real
// binary in tmux at 80x24: the app with a server and no session asks for the email and the
// password (drawn as dots), says a wrong one on its error line, signs in as `perform login` does
// and goes on to the app; Esc leaves without keeping anything; the screen speaks German too.

/// The terminal app's sign-in screen against a real server.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct SignInScreenTests {
  let size = TmuxSession.Size(columns: 80, rows: 24)

  @Test func aWrongPasswordIsSaidThenTheRightOneOpensTheApp() async throws {
    let directory = try ActivityCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try await SignInCommandTests.serverWithTrainee(in: directory)
    defer { server.interrupt() }
    let data = directory.appendingPathComponent("app")
    let url = "http://127.0.0.1:\(server.port)"
    let app = try TmuxSession(
      [PerformBinary.url.path, "--server", url, "--data-dir", data.path], size: size)
    defer { app.close() }
    let shown = try await app.waitFor("Sign in to \(url)")
    // Tab and q are the fields' here: the tab bar's hint about them is not shown.
    #expect(!shown.contains("q quit"))
    try app.send(keys: "ada@example.com", .enter, "not the password", .enter)
    let refused = try await app.waitFor("The email or the password is wrong.")
    #expect(!refused.contains("not the password"))
    #expect(
      !FileManager.default.fileExists(atPath: data.appendingPathComponent("session.json").path))

    try app.send(keys: .text(SignInCommandTests.password))
    let typed = try await app.waitFor(
      String(repeating: "•", count: SignInCommandTests.password.count))
    #expect(!typed.contains(SignInCommandTests.password))
    try app.send(keys: .enter)
    try await app.waitFor("1 Today", timeout: .seconds(30))
    let kept = try JSONDecoder().decode(
      KeptSession.self, from: Data(contentsOf: data.appendingPathComponent("session.json")))
    #expect(kept.email == "ada@example.com")
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))
  }

  @Test func escLeavesInGermanKeepingNothing() async throws {
    let directory = try ActivityCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try await SignInCommandTests.serverWithTrainee(in: directory)
    defer { server.interrupt() }
    let data = directory.appendingPathComponent("app")
    let url = "http://127.0.0.1:\(server.port)"
    let app = try TmuxSession(
      [PerformBinary.url.path, "--server", url, "--data-dir", data.path], size: size,
      environment: ["LANG": "de_DE.UTF-8"])
    defer { app.close() }
    try await app.waitFor("Bei \(url) anmelden")
    try app.send(keys: .enter)
    try await app.waitFor("Passwort")
    try app.send(keys: .enter)
    try await app.waitFor("Bitte E-Mail und Passwort eingeben.")
    try app.send(keys: .escape)
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(1))
    #expect(
      !FileManager.default.fileExists(atPath: data.appendingPathComponent("session.json").path))
  }

  @Test func aRefusedSessionOffersTheScreenOnceAndSigningInAgainGoesOn() async throws {
    let directory = try ActivityCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try await SignInCommandTests.serverWithTrainee(in: directory)
    defer { server.interrupt() }
    let data = directory.appendingPathComponent("app")
    #expect(try SignInCommandTests.login(server, data: data).status == 0)
    let file = data.appendingPathComponent("session.json")
    let kept = try JSONDecoder().decode(KeptSession.self, from: Data(contentsOf: file))
    let app = try TmuxSession([PerformBinary.url.path, "--data-dir", data.path], size: size)
    defer { app.close() }
    try await app.waitFor("1 Today")

    // Another of Ada's devices ends this one's session; the app's next request is refused.
    let other = try await AccountsFlowTests.send(
      server, "POST", TraineeEndpoints.table.signIn.path.description, token: nil,
      json: SignInRequestDto(
        email: "ada@example.com", password: SignInCommandTests.password, device: "phone 2"),
      as: SignedInDto.self)
    let ended = try await server.request(
      "DELETE", "/v1/account/sessions/\(kept.sessionId)", token: other.tokens.accessToken)
    #expect(ended.status == 204)
    try app.send(keys: "2")
    let offered = try await app.waitFor("The server no longer takes this device's session")
    #expect(offered.contains("ada@example.com"))

    // Signed in again from the screen: a new session, kept, and the app goes on.
    // The screen closes only once the new session is kept (its notice gives way to "Signing
    // in…" before that).
    try app.send(keys: .text(SignInCommandTests.password), .enter)
    try await app.waitUntilGone("Sign in to", timeout: .seconds(30))
    let renewed = try JSONDecoder().decode(KeptSession.self, from: Data(contentsOf: file))
    #expect(renewed.sessionId != kept.sessionId)
    try await app.waitUntilGone("Signed in? Sign in again", timeout: .seconds(30))
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))
  }
}
