import Foundation
import Testing
import TraineeAPI
import TraineeClient

// NB: docs/decisions/the-apps-files-and-the-api-client.md, "The session file" and "Sign-out
// without loss", through the real binary against `perform serve`: `perform login` keeps a 0600
// session that the commands then use; `perform logout` without a terminal refuses while a write
// is unsent, and with `--discard-unsent` ends the server's session and clears the account's
// files; offline it still signs out here and says the server's session stays.

/// `perform login` and `perform logout` against a real server.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct SignInCommandTests {
  static let password = "correct horse battery"

  /// A server with a trainee account (ada@example.com) made by invite, as AccountsFlowTests does;
  /// `extra` are more arguments of `perform serve`; `database` is a SQLite path or a PostgreSQL
  /// URL (`perform.sqlite` in `directory` without one).
  static func serverWithTrainee(
    in directory: URL, database: String? = nil, arguments extra: [String] = []
  ) async throws -> ServeChild {
    let database = database ?? directory.appendingPathComponent("perform.sqlite").path
    let studio = try #require(
      AccountsFlowTests.perform(["studio", "add", "Iron Temple"], database: database)["id"])
    _ = try AccountsFlowTests.perform(
      [
        "account", "add", "--role", "coach", "--name", "Carter", "--email",
        "carter@example.com", "--studio", studio,
      ], database: database, input: password + "\n")
    let server = try ServeChild(
      databaseArgument: database, demo: false, arguments: ["--data-dir", directory.path] + extra)
    let endpoints = TraineeEndpoints.table
    let coach = try await AccountsFlowTests.send(
      server, "POST", endpoints.signIn.path.description, token: nil,
      json: SignInRequestDto(email: "carter@example.com", password: password, device: "laptop"),
      as: SignedInDto.self)
    let invite = try await AccountsFlowTests.send(
      server, "POST", endpoints.createInvite.path.description, token: coach.tokens.accessToken,
      json: CreateInviteRequestDto(validForSeconds: nil), status: 201, as: NewInviteDto.self)
    _ = try await AccountsFlowTests.send(
      server, "POST", endpoints.acceptInvite.path.description, token: nil,
      json: AcceptInviteRequestDto(
        code: invite.code, name: "Ada", email: "ada@example.com", password: password,
        device: "phone"),
      as: SignedInDto.self)
    return server
  }

  /// `perform login` for Ada into `data`, the password on standard input.
  static func login(_ server: ServeChild, data: URL) throws -> PerformBinary.Output {
    try PerformBinary.run(
      [
        "login", "--server", "http://127.0.0.1:\(server.port)", "--email", "ada@example.com",
        "--device", "terminal", "--data-dir", data.path,
      ], input: Data((password + "\n").utf8))
  }

  @Test func loginKeepsAPrivateSessionAndLogoutSendsOrDiscardsNothingUnasked() async throws {
    let directory = try ActivityCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try await Self.serverWithTrainee(in: directory)
    defer { server.interrupt() }
    let data = directory.appendingPathComponent("app")

    let signedIn = try Self.login(server, data: data)
    #expect(signedIn.status == 0, "\(signedIn.stderr)")
    #expect(
      String(decoding: signedIn.stdout, as: UTF8.self).contains("Signed in as ada@example.com"))
    let file = data.appendingPathComponent("session.json")
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions]
    #expect((mode as? Int) == 0o600)
    let kept = try JSONDecoder().decode(KeptSession.self, from: Data(contentsOf: file))
    #expect(kept.email == "ada@example.com")
    #expect(!String(decoding: try Data(contentsOf: file), as: UTF8.self).contains(Self.password))

    // A command without --server uses the session's server and account.
    let export = directory.appendingPathComponent("history.json")
    let exported = try PerformBinary.run(
      ["history", "export", "--json", export.path, "--data-dir", data.path])
    #expect(exported.status == 0, "\(exported.stderr)")

    // An unsent meal log: without a terminal, logout refuses and removes nothing.
    let pending = data.appendingPathComponent("pending-meal-logs.json")
    try Data(#"[{"key":"k1","mealId":"m1","request":{"items":[]}}]"#.utf8).write(to: pending)
    let refused = try PerformBinary.run(["logout", "--data-dir", data.path], input: Data())
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("1 meal log not yet sent"), "\(refused.stderr)")
    #expect(refused.stderr.contains("--discard-unsent"))
    #expect(FileManager.default.fileExists(atPath: file.path))
    #expect(FileManager.default.fileExists(atPath: pending.path))
    let stillIn = try await server.request(
      "GET", TraineeEndpoints.table.getSession.path.description, token: kept.accessToken)
    #expect(stillIn.status == 200)

    // Asked to discard: the server's session ends and the account's files go.
    let out = try PerformBinary.run(
      ["logout", "--discard-unsent", "--data-dir", data.path], input: Data())
    #expect(out.status == 0, "\(out.stderr)")
    #expect(String(decoding: out.stdout, as: UTF8.self).contains("is ended"))
    #expect(!FileManager.default.fileExists(atPath: file.path))
    #expect(!FileManager.default.fileExists(atPath: pending.path))
    let ended = try await server.request(
      "GET", TraineeEndpoints.table.getSession.path.description, token: kept.accessToken)
    #expect(ended.status == 401)
  }

  @Test func offlineLogoutSignsOutHereAndSaysTheServersSessionStays() async throws {
    let directory = try ActivityCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try await Self.serverWithTrainee(in: directory)
    let data = directory.appendingPathComponent("app")
    #expect(try Self.login(server, data: data).status == 0)
    #expect(server.interrupt())

    let out = try PerformBinary.run(["logout", "--data-dir", data.path], input: Data())
    #expect(out.status == 0, "\(out.stderr)")
    let said = String(decoding: out.stdout, as: UTF8.self)
    #expect(said.contains("stays until it expires or is ended from another device"), "\(said)")
    #expect(
      !FileManager.default.fileExists(atPath: data.appendingPathComponent("session.json").path))
  }

  @Test func aSecondAccountOrAnotherServerIsRefusedUntilLogout() async throws {
    let directory = try ActivityCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try await Self.serverWithTrainee(in: directory)
    defer { server.interrupt() }
    let data = directory.appendingPathComponent("app")
    #expect(try Self.login(server, data: data).status == 0)
    let other = try PerformBinary.run(
      ["app", "--server", "http://127.0.0.1:1", "--data-dir", data.path], input: Data())
    #expect(other.status == 2)
    #expect(other.stderr.contains("perform logout first"), "\(other.stderr)")
    // The same account again (after a refused session, say) replaces the session.
    let again = try Self.login(server, data: data)
    #expect(again.status == 0, "\(again.stderr)")
  }

  /// `perform login` and the app with `--server` refuse a first sign-in in the same words while
  /// the app's own trainee has a write not yet sent; nothing is kept and no server is asked.
  @Test func aFirstSignInIsRefusedInOneWayWhileTheAppsTraineeHasUnsentWrites() throws {
    let directory = try ActivityCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = directory.appendingPathComponent("app")
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    let pending = data.appendingPathComponent("pending-meal-logs.json")
    try Data(#"[{"key":"k1","mealId":"m1","request":{"items":[]}}]"#.utf8).write(to: pending)
    let server = "http://127.0.0.1:1"
    let login = try PerformBinary.run(
      ["login", "--server", server, "--email", "ada@example.com", "--data-dir", data.path],
      input: Data((Self.password + "\n").utf8))
    let app = try PerformBinary.run(
      ["app", "--server", server, "--data-dir", data.path], input: Data())
    for refused in [login, app] {
      #expect(refused.status == 2)
      #expect(refused.stderr.contains("  - 1 meal log not yet sent\n"), "\(refused.stderr)")
      #expect(
        refused.stderr.contains(
          "start perform without --server to send them first; signing in here would send them"
            + " to the account signed in"), "\(refused.stderr)")
    }
    #expect(
      !FileManager.default.fileExists(atPath: data.appendingPathComponent("session.json").path))
    #expect(FileManager.default.fileExists(atPath: pending.path))
  }
}
