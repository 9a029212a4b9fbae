import Foundation
import Testing
import TraineeAPI

// NB: docs/decisions/the-coachs-dashboard.md, "Found without reading docs": through the real
// binary, a coach finds the dashboard from `perform serve --demo`'s output alone, signs in as the
// demo coach, sees the demo trainee, opens a workout and reviews it; the trainee reads the
// comment through the API. Requests are written byte for byte (`RawHTTP`), the cookies kept by
// hand, as a browser would.

@Suite(.timeLimit(.minutes(5)))
struct CoachDashboardServeTests {
  /// A request to the server with `cookies`, and a form body when given.
  private func send(
    _ server: ServeChild, _ method: String, _ path: String, cookies: [String: String],
    form: String? = nil
  ) throws -> RawHTTP.Reply {
    var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\n"
    if !cookies.isEmpty {
      head +=
        "Cookie: "
        + cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        .joined(separator: "; ") + "\r\n"
    }
    if let form {
      head += "Content-Type: application/x-www-form-urlencoded\r\n"
      head += "Content-Length: \(form.utf8.count)\r\n"
    }
    head += "Connection: close\r\n\r\n" + (form ?? "")
    return try RawHTTP.send(Array(head.utf8), port: server.port)
  }

  /// The cookies a reply sets, by name.
  private func cookies(_ reply: RawHTTP.Reply) -> [String: String] {
    var found: [String: String] = [:]
    for line in reply.head.split(separator: "\r\n")
    where line.lowercased().hasPrefix("set-cookie: ") {
      let pair = line.dropFirst(12).split(separator: ";")[0].split(separator: "=", maxSplits: 1)
      found[String(pair[0])] = pair.count > 1 ? String(pair[1]) : ""
    }
    return found
  }

  /// The first CSRF token of a page's forms.
  private func csrf(_ reply: RawHTTP.Reply) throws -> String {
    let start = try #require(reply.body.range(of: "name=\"csrf\" value=\""))
    return String(reply.body[start.upperBound...].prefix { $0 != "\"" })
  }

  /// `--behind-tls` (or `PERFORM_BEHIND_TLS`) makes the cookie `Secure` on every answer; without
  /// it, only a trusted proxy's `X-Forwarded-Proto: https` does.
  @Test func behindTLSIsAFlagAndAnEnvironmentVariable() throws {
    let base = ["serve", "--check-config", "--database", ":memory:"]
    let cases: [([String], [String: String], String)] = [
      ([], [:], "dashboard cookies: Secure when a trusted proxy says https"),
      (["--behind-tls"], [:], "dashboard cookies: Secure (behind TLS)"),
      ([], ["PERFORM_BEHIND_TLS": "1"], "dashboard cookies: Secure (behind TLS)"),
      (
        [], ["PERFORM_BEHIND_TLS": "no"],
        "dashboard cookies: Secure when a trusted proxy says https"
      ),
    ]
    for (arguments, environment, line) in cases {
      let checked = try PerformBinary.run(base + arguments, environment: environment)
      #expect(checked.status == 0, "\(checked.stderr)")
      #expect(String(decoding: checked.stdout, as: UTF8.self).contains(line + "\n"))
    }
    let wrong = try PerformBinary.run(base, environment: ["PERFORM_BEHIND_TLS": "maybe"])
    #expect(wrong.status == 2)
    #expect(wrong.stderr.contains("PERFORM_BEHIND_TLS"))
  }

  @Test func theDemoCoachSignsInSeesTheDemoTraineeAndReviewsAWorkout() async throws {
    let directory = try ActivityCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("perform.sqlite")
    let server = try ServeChild(database: database, demo: true)
    defer { server.interrupt() }
    #expect(server.dashboardURL == "http://127.0.0.1:\(server.port)/coach/")
    let kept = try String(contentsOfFile: database.path + ".demo-coach", encoding: .utf8)
    let password = try #require(
      kept.split(separator: "\n").first { $0.hasPrefix("password: ") }?.dropFirst(10))
    let demo = try await AccountsFlowTests.send(
      server, "GET", TraineeEndpoints.table.getAccount.path.description, token: server.token,
      as: AccountDto.self)

    var jar: [String: String] = [:]
    let signInPage = try send(server, "GET", "/coach/sign-in", cookies: jar)
    #expect(signInPage.status == 200)
    jar.merge(cookies(signInPage)) { $1 }
    let form = DashboardForm.encoded([
      ("csrf", try csrf(signInPage)), ("email", "coach@demo.example"),
      ("password", String(password)),
    ])
    let signedIn = try send(server, "POST", "/coach/sign-in", cookies: jar, form: form)
    #expect(signedIn.status == 303, "\(signedIn.head)\(signedIn.body)")
    #expect(signedIn.head.contains("HttpOnly; SameSite=Strict"))
    jar.merge(cookies(signedIn)) { $1 }

    let roster = try send(server, "GET", "/coach/roster", cookies: jar)
    #expect(roster.status == 200)
    #expect(roster.head.contains("Content-Security-Policy: default-src 'self'"))
    let traineePath = "/coach/trainees/\(try #require(demo.traineeId))"
    #expect(roster.body.contains("href=\"\(traineePath)\""))
    #expect(roster.body.contains(demo.name))

    let trainee = try send(server, "GET", traineePath, cookies: jar)
    #expect(trainee.status == 200)
    let link = try #require(
      trainee.body.components(separatedBy: "href=\"\(traineePath)/workouts/").dropFirst().first?
        .prefix { $0 != "\"" })
    let workoutPath = "\(traineePath)/workouts/\(link)"
    let workout = try send(server, "GET", workoutPath, cookies: jar)
    #expect(workout.status == 200)
    #expect(workout.body.contains("Not reviewed yet."))

    // Without the CSRF token the review is refused; with it, it posts and redirects back.
    let review = DashboardForm.encoded([("verdict", "needsWork"), ("comment", "Brace harder")])
    let forged = try send(server, "POST", workoutPath + "/review", cookies: jar, form: review)
    #expect(forged.status == 403)
    let posted = try send(
      server, "POST", workoutPath + "/review", cookies: jar,
      form: "csrf=\(try csrf(workout))&" + review)
    #expect(posted.status == 303)
    #expect(posted.head.contains("Location: \(workoutPath)\r\n"))
    #expect(try send(server, "GET", workoutPath, cookies: jar).body.contains("Brace harder"))
    let words = try await AccountsFlowTests.send(
      server, "GET", TraineeEndpoints.table.getCoachWords.path.description, token: server.token,
      as: CoachWordsDto.self)
    #expect(words.reviews.first?.review.comment == "Brace harder")
  }
}

/// A form's body, `application/x-www-form-urlencoded`.
enum DashboardForm {
  static func encoded(_ fields: [(String, String)]) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return fields.map { name, value in
      "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
    }.joined(separator: "&")
  }
}
