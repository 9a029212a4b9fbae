import Foundation
import LockedValue
import PasswordHashing
import TraineeAPI

@testable import Accounts
@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// Every password check a store made, with the cost of the hash it checked against: the Argon2
/// work of a sign-in, counted rather than timed.
final class PasswordChecks: Sendable {
  private let costs = Locked<[String]>([])

  /// The checks so far: each hash's `$argon2id$v=19$m=…,t=…,p=…` part.
  var all: [String] { costs.withLock { $0 } }

  /// Checks as Argon2id does, and records the cost.
  func verify(_ password: String, _ encoded: String) -> Bool {
    let cost = encoded.split(separator: "$", omittingEmptySubsequences: false).prefix(4)
    costs.withLock { $0.append(cost.joined(separator: "$")) }
    return Argon2id.verify(password, against: encoded)
  }

  func reset() { costs.withLock { $0 = [] } }
}

/// The account routes on one store and its accounts (SQLite or PostgreSQL), on a settable
/// clock, with every password check counted; requests go through the admission and the handler
/// as the server sends them.
struct AccountRoutesFixture {
  static let password = AccountFixture.password
  let base: AccountFixture
  let router: Router
  let checks: PasswordChecks

  var clock: SettableClock { base.clock }
  var accounts: DatabaseAccountStore { base.accounts }
  var endpoints: TraineeEndpoints { .table }

  init(_ backend: StoreBackend) throws {
    let checks = PasswordChecks()
    let base = try AccountFixture(
      database: backend.makeDatabase(), verifyPassword: { checks.verify($0, $1) })
    self.base = base
    self.checks = checks
    let clock = base.clock
    router = TraineeAPIRoutes(
      store: base.trainees, now: { clock.now }, accounts: base.accounts
    ).router()
  }

  /// The answer to a request as the server gives it: the route's admission from the headers,
  /// then its handler.
  func send(
    _ method: HTTPMethod, _ path: String, token: String?, body: Data = Data(),
    address: String = "192.0.2.10"
  ) -> HTTPResponse {
    var request = HTTPRequest(method: method, path: path, body: body)
    if let token { request.headers["Authorization"] = "Bearer \(token)" }
    request.clientAddress = address
    if let refusal = router.admit(&request) { return refusal }
    return router.respond(to: request)
  }

  /// The answer to `endpoint` with its path filled from `parameters` and `json` as its body.
  func send<Request, Answer>(
    _ endpoint: Endpoint<Request, Answer>, _ parameters: [String: String] = [:],
    query: String = "", token: String?, json: (any Encodable)? = nil,
    address: String = "192.0.2.10"
  ) throws -> HTTPResponse {
    let body = try json.map { try JSONEncoder().encode($0) } ?? Data()
    var request = HTTPRequest(
      method: HTTPMethod(rawValue: endpoint.method.rawValue),
      path: endpoint.path.filled(parameters) ?? "", body: body)
    if !query.isEmpty {
      request.query = Dictionary(
        uniqueKeysWithValues: query.split(separator: "&").map {
          let pair = $0.split(separator: "=", maxSplits: 1)
          return (String(pair[0]), String(pair.count > 1 ? pair[1] : ""))
        })
    }
    if let token { request.headers["Authorization"] = "Bearer \(token)" }
    request.clientAddress = address
    if let refusal = router.admit(&request) { return refusal }
    return router.respond(to: request)
  }

  /// The answer's body as `type`; throws when the status is not `status`.
  func read<Value: Decodable>(
    _ type: Value.Type, _ response: HTTPResponse, status: HTTPStatus = .ok
  ) throws -> Value {
    guard response.status == status else { throw UnexpectedAnswer(response: response) }
    return try JSONDecoder().decode(type, from: response.body)
  }

  /// An operator made in the store (as `perform account add` makes one), signed in by the route.
  func signedInOperator(email: String = "olga@example.com") throws -> SignedInDto {
    _ = try accounts.createAccount(
      role: .operator, name: "Olga", email: email, password: Self.password, studio: nil)
    return try signIn(email, device: "laptop")
  }

  /// Signs in by the route.
  func signIn(
    _ email: String, device: String, address: String = "192.0.2.10"
  ) throws
    -> SignedInDto
  {
    try read(
      SignedInDto.self,
      try send(
        endpoints.signIn, token: nil,
        json: SignInRequestDto(email: email, password: Self.password, device: device),
        address: address))
  }

  /// A studio and its coach, made by the operator's routes; the coach signed in.
  func studioWithCoach(
    _ name: String, coachEmail: String, operator admin: SignedInDto
  ) throws -> (studio: StudioDto, coach: SignedInDto) {
    let token = admin.tokens.accessToken
    let studio = try read(
      StudioDto.self,
      try send(endpoints.createStudio, token: token, json: CreateStudioRequestDto(name: name)),
      status: .created)
    _ = try read(
      AccountDto.self,
      try send(
        endpoints.createAccount, token: token,
        json: CreateAccountRequestDto(
          role: "coach", name: "Coach of \(name)", email: coachEmail, password: Self.password,
          studioId: studio.id)),
      status: .created)
    return (studio, try signIn(coachEmail, device: "coach's laptop"))
  }

  /// An invite of the coach's studio, by the coach's route.
  func invite(by coach: SignedInDto) throws -> NewInviteDto {
    try read(
      NewInviteDto.self,
      try send(
        endpoints.createInvite, token: coach.tokens.accessToken,
        json: CreateInviteRequestDto(validForSeconds: nil)),
      status: .created)
  }

  /// Accepts `code` by the route as a new trainee.
  func accept(
    _ code: String, email: String, device: String = "phone", address: String = "192.0.2.10"
  ) throws -> HTTPResponse {
    try send(
      endpoints.acceptInvite, token: nil,
      json: AcceptInviteRequestDto(
        code: code, name: "Ada", email: email, password: Self.password, device: device),
      address: address)
  }
}
