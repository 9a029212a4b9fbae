import Foundation
import Testing
import TraineeAPI
import TraineeClient

/// Issue 33 item 5's notification texts through the real binary on SQLite (and PostgreSQL when
/// PERFORM_TEST_POSTGRESQL names a cluster): a coach sets the studio's rest-alert text over
/// HTTP and the trainee's `GET /v1/trainee/notification-configs`, through the app's client,
/// shows it; an override for the trainee beats it; deleting the override falls back to the
/// studio's (docs/decisions/the-coachs-words.md, "Notification texts").
@Suite struct CoachNotificationTextsFlowTests {
  typealias Flow = AccountsFlowTests

  @Test func aStudiosTextReachesTheTraineeAndAnOverrideBeatsIt() async throws {
    let directory = try ActivityCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let endpoints = TraineeEndpoints.table
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
      let trainee = try await Flow.send(
        server, "POST", endpoints.acceptInvite.path.description, token: nil,
        json: AcceptInviteRequestDto(
          code: invite.code, name: "Ada", email: "ada@example.com", password: Flow.password,
          device: "A"),
        as: SignedInDto.self)
      let client = TraineeAPIClient(
        baseURL: URL(string: "http://127.0.0.1:\(server.port)")!,
        token: trainee.tokens.accessToken)
      let appsOwn = NotificationConfigDto(type: "REST_TIMER", enabled: true)
      #expect(try await client.notificationConfigs().first == appsOwn)

      let studioText = NotificationConfigDto(
        type: "REST_TIMER", enabled: true, titleTemplate: "Rest over",
        bodyTemplate: "Next: {{ exercise }}")
      _ = try await Flow.send(
        server, "PUT",
        try #require(endpoints.setStudioNotificationConfig.path.filled(["type": "REST_TIMER"])),
        token: coach,
        json: NotificationConfigRequestDto(
          enabled: true, titleTemplate: "Rest over", bodyTemplate: "Next: {{ exercise }}"),
        as: NotificationConfigDto.self)
      #expect(try await client.notificationConfigs().first == studioText)

      let traineeId = try #require(trainee.account.traineeId)
      let override = try #require(
        endpoints.setNotificationOverride.path.filled([
          "traineeId": traineeId, "type": "REST_TIMER",
        ]))
      let overridden = NotificationConfigDto(
        type: "REST_TIMER", enabled: true, titleTemplate: "Ada, go",
        bodyTemplate: "{{exercise}}, Ada")
      _ = try await Flow.send(
        server, "PUT", override, token: coach,
        json: NotificationConfigRequestDto(
          enabled: true, titleTemplate: "Ada, go", bodyTemplate: "{{exercise}}, Ada"),
        as: NotificationConfigDto.self)
      #expect(try await client.notificationConfigs().first == overridden)

      #expect(try await server.request("DELETE", override, token: coach, body: nil).status == 204)
      #expect(try await client.notificationConfigs().first == studioText)
    }
  }
}
