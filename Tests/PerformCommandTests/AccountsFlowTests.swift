import Foundation
import Testing
import TraineeAPI

/// Issue 32's "Done means", through the real binary on SQLite (and PostgreSQL when
/// PERFORM_TEST_POSTGRESQL names a cluster): the operator makes a studio and a coach on the
/// command line; the coach signs in and makes an invite through the API; a trainee accepts it on
/// device A, signs in on device B, sees both, ends A; A is refused at its next request while B
/// goes on, on its trainee routes too.
@Suite struct AccountsFlowTests {
  static let password = "correct horse battery"

  /// The databases to run on: a SQLite file, and a fresh PostgreSQL schema when a cluster is
  /// named.
  static func databases(in directory: URL) throws -> [String] {
    var databases = [directory.appendingPathComponent("perform.sqlite").path]
    if let base = ProcessInfo.processInfo.environment["PERFORM_TEST_POSTGRESQL"] {
      let schema = "acc_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
      try TwoServersTests.Pair.psql(base, "CREATE SCHEMA \(schema)")
      databases.append(base + "&options=-csearch_path%3D\(schema)")
    }
    return databases
  }

  /// `perform` with `arguments` and `--database`; throws unless it exits 0; its output lines.
  static func perform(
    _ arguments: [String], database: String, input: String? = nil
  ) throws -> [String: String] {
    let output = try PerformBinary.run(
      arguments + ["--database", database], input: input.map { Data($0.utf8) })
    guard output.status == 0 else {
      throw ChildFailure("perform \(arguments) exited \(output.status): \(output.stderr)")
    }
    var fields: [String: String] = [:]
    for line in String(decoding: output.stdout, as: UTF8.self).split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2 {
        fields[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces)
      }
    }
    return fields
  }

  /// A request's answer decoded as `type`; throws unless its status is `status`.
  static func send<Value: Decodable>(
    _ server: ServeChild, _ method: String, _ path: String, token: String?,
    json: (any Encodable)? = nil, status: Int = 200, as type: Value.Type
  ) async throws -> Value {
    let body = try json.map { try JSONEncoder().encode($0) }
    let answer = try await server.request(method, path, token: token, body: body)
    guard answer.status == status else {
      throw ChildFailure(
        "\(method) \(path): \(answer.status) \(String(decoding: answer.body, as: UTF8.self))")
    }
    return try JSONDecoder().decode(type, from: answer.body)
  }

  @Test func aTraineeByInviteSignsInOnTwoDevicesAndEndsOne() async throws {
    let directory = try ActivityCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let endpoints = TraineeEndpoints.table
    for database in try Self.databases(in: directory) {
      let studio = try #require(
        Self.perform(["studio", "add", "Iron Temple"], database: database)["id"])
      _ = try Self.perform(
        [
          "account", "add", "--role", "coach", "--name", "Carter", "--email",
          "carter@example.com", "--studio", studio,
        ], database: database, input: Self.password + "\n")
      let server = try ServeChild(
        databaseArgument: database, demo: false, arguments: ["--data-dir", directory.path])
      defer { server.interrupt() }
      let coach = try await Self.send(
        server, "POST", endpoints.signIn.path.description, token: nil,
        json: SignInRequestDto(
          email: "carter@example.com", password: Self.password, device: "laptop"),
        as: SignedInDto.self)
      let invite = try await Self.send(
        server, "POST", endpoints.createInvite.path.description,
        token: coach.tokens.accessToken, json: CreateInviteRequestDto(validForSeconds: nil),
        status: 201, as: NewInviteDto.self)
      let deviceA = try await Self.send(
        server, "POST", endpoints.acceptInvite.path.description, token: nil,
        json: AcceptInviteRequestDto(
          code: invite.code, name: "Ada", email: "ada@example.com", password: Self.password,
          device: "A"),
        as: SignedInDto.self)
      #expect(deviceA.account.currentStudioId == studio)
      let deviceB = try await Self.send(
        server, "POST", endpoints.signIn.path.description, token: nil,
        json: SignInRequestDto(email: "ada@example.com", password: Self.password, device: "B"),
        as: SignedInDto.self)
      let listed = try await Self.send(
        server, "GET", endpoints.listSessions.path.description,
        token: deviceB.tokens.accessToken, as: DeviceSessionsDto.self)
      #expect(Set(listed.sessions.map(\.name)) == ["A", "B"])
      let path = try #require(
        endpoints.endSession.path.filled(["sessionId": deviceA.tokens.sessionId]))
      let ended = try await server.request("DELETE", path, token: deviceB.tokens.accessToken)
      #expect(ended.status == 204)
      let refused = try await server.request(
        "GET", endpoints.getSession.path.description, token: deviceA.tokens.accessToken)
      #expect(refused.status == 401)
      let goesOn = try await Self.send(
        server, "GET", endpoints.getSession.path.description, token: deviceB.tokens.accessToken,
        as: TraineeSessionDto.self)
      #expect(goesOn.name == "Ada")
      let workouts = try await server.request(
        "GET", endpoints.getWorkouts.path.description, token: deviceB.tokens.accessToken)
      #expect(workouts.status == 200)
      let audit = try PerformBinary.run(["audit", "--limit", "50", "--database", database])
      let log = String(decoding: audit.stdout, as: UTF8.self)
      #expect(log.contains("session_ended"))
      #expect(!log.contains(invite.code))
      #expect(!log.contains(Self.password))
    }
  }

  @Test func theOperatorsCommandsRefuseBadInputNamingTheOptionAndChangeNothing() throws {
    let directory = try ActivityCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for database in try Self.databases(in: directory) {
      let studio = try #require(
        Self.perform(["studio", "add", "Iron Temple"], database: database)["id"])
      let passwordFile = directory.appendingPathComponent("password")
      try Data((Self.password + "\n").utf8).write(to: passwordFile)
      let add = ["account", "add", "--name", "Carter", "--database", database]
      let cases: [([String], String?, String)] = [
        (add + ["--role", "trainee", "--email", "c@x.io"], Self.password, "--role"),
        (add + ["--role", "coach", "--email", "c@x.io"], Self.password, "--studio"),
        (
          add + ["--role", "coach", "--email", "c@x.io", "--studio", "x"], Self.password, "--studio"
        ),
        (
          add + ["--role", "coach", "--email", "c@x.io", "--studio", "42"], Self.password,
          "--studio"
        ),
        (
          add + ["--role", "operator", "--email", "c@x.io", "--studio", studio], Self.password,
          "--studio"
        ),
        (add + ["--role", "operator", "--email", "not-an-email"], Self.password, "--email"),
        (add + ["--role", "operator", "--email", "c@x.io"], "short", "password"),
        (
          add + ["--role", "operator", "--email", "c@x.io", "--password", Self.password], nil,
          "--password"
        ),
        (
          ["invite", "create", "--studio", studio, "--valid-for", "0", "--database", database], nil,
          "--valid-for"
        ),
        (["invite", "create", "--studio", "42", "--database", database], nil, "--studio"),
        (["account", "suspend", "42", "--database", database], nil, "42"),
        (["audit", "--limit", "x", "--database", database], nil, "--limit"),
      ]
      for (arguments, input, named) in cases {
        let output = try PerformBinary.run(arguments, input: input.map { Data($0.utf8) })
        #expect(output.status == 2, "\(arguments)")
        #expect(output.stderr.contains(named), "\(arguments): \(output.stderr)")
      }
      let audit = try PerformBinary.run(["audit", "--database", database])
      #expect(String(decoding: audit.stdout, as: UTF8.self).isEmpty)
      let added = try Self.perform(
        [
          "account", "add", "--role", "operator", "--name", "Olga", "--email", "olga@x.io",
          "--password-file", passwordFile.path,
        ], database: database)
      #expect(added["id"] != nil)
      let invite = try Self.perform(
        ["invite", "create", "--studio", studio, "--valid-for", "60"], database: database)
      #expect(invite["code"]?.hasPrefix("pfi_") == true)
      _ = try Self.perform(["account", "suspend", try #require(added["id"])], database: database)
      _ = try Self.perform(["account", "reinstate", try #require(added["id"])], database: database)
      let events = try PerformBinary.run([
        "audit", "--account", added["id"]!, "--database", database,
      ])
      let lines = String(decoding: events.stdout, as: UTF8.self).split(separator: "\n")
      #expect(
        lines.map { $0.split(separator: " ", omittingEmptySubsequences: true)[2] } == [
          "account_reinstated", "account_suspended", "account_created",
        ])
    }
  }

  /// `perform serve --demo` keeps a demo coach of the demo trainee's studio: its random
  /// password printed at start and kept 0600 beside the demo token, the same on a restart.
  @Test func theDemoServerHasADemoCoachWhoSignsIn() async throws {
    let directory = try ActivityCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("perform.sqlite")
    let file = database.path + ".demo-coach"
    var passwords: [String] = []
    for _ in 0..<2 {
      let server = try ServeChild(database: database, demo: true)
      defer { server.interrupt() }
      let kept = try String(contentsOfFile: file, encoding: .utf8)
      let password = try #require(
        kept.split(separator: "\n").first { $0.hasPrefix("password: ") }?.dropFirst(10))
      passwords.append(String(password))
      let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
      #expect(mode == 0o600)
      let coach = try await Self.send(
        server, "POST", TraineeEndpoints.table.signIn.path.description, token: nil,
        json: SignInRequestDto(
          email: "coach@demo.example", password: String(password), device: "laptop"),
        as: SignedInDto.self)
      #expect(coach.account.role == "coach")
      #expect(coach.account.studios.count == 1)
      let demo = try await Self.send(
        server, "GET", TraineeEndpoints.table.getAccount.path.description, token: server.token,
        as: AccountDto.self)
      #expect(demo.studios.map(\.studioId) == coach.account.studios.map(\.studioId))
      // The demo's history is tagged with the default studio, the demo coach's: the coach
      // reads it as the trainee does (docs/decisions/accounts.md, "What a coach sees").
      let endpoints = TraineeEndpoints.table
      let own = try await Self.send(
        server, "GET", endpoints.getWorkoutHistory.path.description, token: server.token,
        as: WorkoutHistoryDto.self)
      let coachPath = endpoints.getTraineeWorkoutsForCoach.path.filled([
        "traineeId": try #require(demo.traineeId)
      ])
      let seen = try await Self.send(
        server, "GET", try #require(coachPath), token: coach.tokens.accessToken,
        as: WorkoutHistoryDto.self)
      #expect(!own.workouts.isEmpty)
      #expect(seen.workouts.map(\.id) == own.workouts.map(\.id))
    }
    #expect(passwords[0] == passwords[1])
    #expect(passwords[0].count >= 12)
  }

  /// `make run`'s app prints the demo coach's sign-in before it takes the terminal: not on the
  /// app's screen while it runs, on the terminal again once it quits, with the kept password.
  /// Without a terminal it prints and makes nothing (docs/decisions/accounts.md, "The demo
  /// coach").
  @Test func theAppPrintsTheDemoCoachBeforeTakingTheTerminal() async throws {
    let app = try TmuxSession.perform([], size: TmuxSession.Size(columns: 80, rows: 24))
    defer { app.close() }
    let running = try await app.waitFor("1 Today", timeout: .seconds(30))
    #expect(!running.contains("demo coach"))
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))
    let kept = try String(
      contentsOf: app.dataHome.appendingPathComponent("perform/perform.sqlite.demo-coach"),
      encoding: .utf8)
    let password = try #require(
      kept.split(separator: "\n").first { $0.hasPrefix("password: ") }?.dropFirst(10))
    let said = try app.capture()
    #expect(said.contains("demo coach: coach@demo.example\n"), "\(said)")
    #expect(said.contains("demo coach password: \(password)\n"), "\(said)")
    #expect(said.contains("coach dashboard: http://127.0.0.1:"), "\(said)")

    let directory = try ActivityCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let alone = try PerformBinary.run(["app", "--data-dir", directory.path], input: Data())
    #expect(alone.status == 2)
    #expect(!String(decoding: alone.stdout, as: UTF8.self).contains("demo coach"))
    #expect(
      !FileManager.default.fileExists(
        atPath: directory.appendingPathComponent("perform.sqlite.demo-coach").path))
  }
}
