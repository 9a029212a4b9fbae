import Foundation
import Testing
import TraineeAPI

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
}
