import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

#if canImport(Glibc)
  import Glibc
#endif

extension HTTPResponse {
  /// The body as sent: the bytes, or the file's whole contents.
  var sentBody: Data {
    guard let file = bodyFile else { return body }
    var bytes = [UInt8](repeating: 0, count: file.size)
    let read = bytes.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress, file.size, 0) }
    return Data(bytes.prefix(max(read, 0)))
  }
}

/// `exportAccount` and `deleteAccount` on both backends (docs/decisions/accounts.md, "Exporting
/// an account" and "Deleting an account"): a person's own document, sent from a file; a deletion
/// with the password checked again under the sign-in limits, after which every token of the
/// account is refused.
@Suite struct AccountDataRoutesTests {
  typealias Fixture = AccountRoutesFixture

  /// A trainee who joined by invite through the routes, with a logged workout.
  static func trainee(
    _ fixture: Fixture, email: String = "ada@example.com"
  ) throws -> SignedInDto {
    let (_, coach) = try fixture.studioWithCoach(
      "Studio of \(email)", coachEmail: "coach-of-\(email)",
      operator: try fixture.signedInOperator(email: "operator-of-\(email)"))
    let signedIn = try fixture.read(
      SignedInDto.self, try fixture.accept(try fixture.invite(by: coach).code, email: email))
    let logged = try fixture.send(
      fixture.endpoints.logWorkout, token: signedIn.tokens.accessToken,
      json: StoreFixture.benchDay)
    #expect(logged.status == .created || logged.status == .ok)
    return signedIn
  }

  @Test(arguments: StoreBackend.available)
  func aPersonExportsTheirOwnAccountAndNoOneElses(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let ada = try Self.trainee(fixture)
    let grace = try Self.trainee(fixture, email: "grace@example.com")
    let answer = try fixture.send(fixture.endpoints.exportAccount, token: ada.tokens.accessToken)
    #expect(answer.status == .ok)
    #expect(answer.bodyFile != nil && answer.body.isEmpty)
    #expect(answer.headers["Content-Type"] == "application/json")
    #expect(answer.headers["Cache-Control"] == "no-store")
    let text = String(decoding: answer.sentBody, as: UTF8.self)
    let document = try #require(
      try JSONSerialization.jsonObject(with: answer.sentBody) as? [String: Any])
    #expect(document["formatVersion"] as? Int == 1)
    #expect((document["account"] as? [String: Any])?["id"] as? String == ada.account.id)
    let records = (document["trainee"] as? [String: Any])?["records"] as? [String: Any]
    #expect((records?["workoutLogs"] as? [Any])?.count == 1)
    #expect(!text.contains("grace@example.com") && !text.contains(grace.account.id))
    #expect(!text.contains(ada.tokens.accessToken) && !text.contains(ada.tokens.refreshToken))

    // No token, or another's that ended: refused before anything is read.
    #expect(try fixture.send(fixture.endpoints.exportAccount, token: nil).status == .unauthorized)
  }

  @Test(arguments: StoreBackend.available)
  func aDeletionChecksThePasswordAndTheNextRequestIsRefused(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let endpoints = fixture.endpoints
    let ada = try Self.trainee(fixture)
    let laptop = try fixture.signIn("ada@example.com", device: "laptop")
    let token = ada.tokens.accessToken

    let missing = try fixture.send(endpoints.deleteAccount, token: token, json: [String: String]())
    #expect(missing.status == .badRequest)
    #expect(missing.errorBody?.message.contains("password") == true)
    let wrong = try fixture.send(
      endpoints.deleteAccount, token: token, json: DeleteAccountRequestDto(password: "wrong one"))
    #expect(wrong.status == .unauthorized)
    #expect(wrong.errorBody?.code == "invalid_credentials")
    #expect(try fixture.send(endpoints.getAccount, token: token).status == .ok)

    let deleted = try fixture.send(
      endpoints.deleteAccount, token: token,
      json: DeleteAccountRequestDto(password: Fixture.password))
    #expect(deleted.status == .noContent)
    for refusedToken in [token, laptop.tokens.accessToken] {
      for answer in [
        try fixture.send(endpoints.getAccount, token: refusedToken),
        try fixture.send(endpoints.getWorkouts, token: refusedToken),
        try fixture.send(endpoints.exportAccount, token: refusedToken),
      ] {
        #expect(answer.status == .unauthorized)
        #expect(answer.errorBody?.code == "unauthorized")
      }
    }
    let signIn = try fixture.send(
      endpoints.signIn, token: nil,
      json: SignInRequestDto(email: "ada@example.com", password: Fixture.password, device: "p"))
    #expect(signIn.errorBody?.code == "invalid_credentials")
  }

  @Test(arguments: StoreBackend.available)
  func wrongPasswordsForADeletionAreAnswered429WithRetryAfter(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let ada = try Self.trainee(fixture)
    let free = fixture.accounts.policy.signIn.perAccount.freeFailures
    var answer = HTTPResponse(status: .ok)
    for _ in 0...(free + 1) {
      answer = try fixture.send(
        fixture.endpoints.deleteAccount, token: ada.tokens.accessToken,
        json: DeleteAccountRequestDto(password: "wrong one"))
    }
    #expect(answer.status == 429)
    #expect(answer.errorBody?.code == "too_many_attempts")
    #expect(answer.headers["Retry-After"] == "1")
    #expect(try fixture.accounts.account(id: AccountID(ada.account.id)!) != nil)
  }

  /// Through libmicrohttpd: the file is sent whole, and the deleted account's token is refused.
  @Test(arguments: StoreBackend.available)
  func overHTTPTheExportArrivesWholeAndADeletedTokenIs401(_ backend: StoreBackend) async throws {
    let base = try AccountFixture(backend)
    let signedIn = try base.invitedTrainee()
    let trainee = try #require(signedIn.account.trainee)
    for _ in 0..<300 {
      _ = try base.trainees.logWorkout(StoreFixture.benchDay, idempotencyKey: nil, for: trainee)
    }
    let clock = base.clock
    let server = try TraineeAPIServer.loopback(store: base.trainees, now: { clock.now })
    defer { server.stop() }
    let client = LoopbackClient(port: server.port)
    let bearer = ["Authorization": "Bearer \(signedIn.tokens.accessToken)"]
    let (answer, response) = try await client.send(
      "GET", TraineeEndpoints.table.exportAccount.path.description, headers: bearer)
    #expect(answer.status == 200)
    #expect(response.value(forHTTPHeaderField: "Content-Length") == String(answer.body.count))
    let document = try #require(
      try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
    let records = (document["trainee"] as? [String: Any])?["records"] as? [String: Any]
    #expect((records?["workoutLogs"] as? [Any])?.count == 300)
    #expect(answer.body.count > ExportJSONStream.flushBytes)

    let deleted = try await client.answer(
      "POST", TraineeEndpoints.table.deleteAccount.path.description,
      headers: bearer.merging(["Content-Type": "application/json"]) { $1 },
      body: try JSONEncoder().encode(DeleteAccountRequestDto(password: AccountFixture.password)))
    #expect(deleted.status == 204)
    let refused = try await client.answer(
      "GET", TraineeEndpoints.table.getWorkouts.path.description, headers: bearer)
    #expect(refused.status == 401)
  }
}
