import Accounts
import CoachDashboard
import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage":
// a missing or unknown token is 401, and every route acts for the trainee the token names, never
// for an id in the request.

/// The trainee a request's `Authorization: Bearer <token>` names.
///
/// Throws 401 `unauthorized` when the header is missing, not a bearer token, or names no
/// trainee, 401 `token_expired` for an access token past its expiry and 403 `forbidden` for a
/// coach's or an operator's token (`refusedToken(_:in:)`); a storage failure is left to the
/// router's 500.
public func authenticatedTrainee(
  _ request: HTTPRequest, in store: any TraineeStore
) throws -> Trainee {
  let token = try bearerToken(request)
  guard let trainee = try store.trainee(forToken: token) else {
    throw try refusedToken(token, in: store)
  }
  return trainee
}

/// The answer to a token that names no trainee: 401 `token_expired` for a live session's access
/// token past its expiry, 403 `forbidden` for a live session of a coach or an operator, and 401
/// `unauthorized` otherwise (an unknown token, an ended session, a suspended account: the same
/// words). Asked only once the token was refused, so an accepted request pays nothing for it.
func refusedToken(_ token: String, in store: any TraineeStore) throws -> HTTPError {
  // NB: docs/decisions/accounts.md, "The routes".
  switch try store.refusal(ofToken: token) {
  case .unknown: invalidTokenError
  case .expired:
    HTTPError(
      .unauthorized, code: "token_expired",
      message: "The access token has expired; refresh the session and send the request again.")
  case .notATrainee:
    forbiddenError
  }
}

/// 401 `unauthorized`: the token names no live session.
let invalidTokenError = HTTPError(
  .unauthorized, code: "unauthorized", message: "The token is not valid.")

/// 403 `forbidden`: the account's role may not use the route.
let forbiddenError = HTTPError(
  HTTPStatus(403), code: "forbidden", message: "This account's role may not use this route.")

/// The token of a request's `Authorization: Bearer <token>`; throws 401 `unauthorized` when the
/// header is missing, not a bearer token, empty or longer than 256 characters.
func bearerToken(_ request: HTTPRequest) throws(HTTPError) -> String {
  guard let header = request.headers["Authorization"] else {
    throw HTTPError(.unauthorized, code: "unauthorized", message: "Authorization is missing.")
  }
  if let token = asciiBearerToken(header) { return token }
  let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
  guard parts.count == 2, parts[0].lowercased() == "bearer" else {
    throw HTTPError(
      .unauthorized, code: "unauthorized", message: "Authorization must be \"Bearer <token>\".")
  }
  let token = String(parts[1]).trimmingCharacters(in: .whitespaces)
  guard !token.isEmpty, token.count <= 256 else {
    throw HTTPError(.unauthorized, code: "unauthorized", message: "The token is not valid.")
  }
  return token
}

/// The token of an all-ASCII `Bearer <token>` field as `bearerToken` reads it, without
/// Foundation's trimming (a profile showed it on every request); `nil` for any other field,
/// which `bearerToken` then reads the long way.
private func asciiBearerToken(_ header: String) -> String? {
  let bytes = header.utf8
  guard bytes.count <= 512, bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
  let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
  var start = bytes.startIndex
  while start != bytes.endIndex, bytes[start] == UInt8(ascii: " ") {
    start = bytes.index(after: start)
  }
  let scheme = Array("bearer".utf8)
  var cursor = start
  for expected in scheme {
    guard cursor != bytes.endIndex, bytes[cursor] | 0x20 == expected else { return nil }
    cursor = bytes.index(after: cursor)
  }
  guard cursor != bytes.endIndex, bytes[cursor] == UInt8(ascii: " ") else { return nil }
  var tokenStart = cursor
  while tokenStart != bytes.endIndex, isBlank(bytes[tokenStart]) {
    tokenStart = bytes.index(after: tokenStart)
  }
  var tokenEnd = bytes.endIndex
  while tokenEnd != tokenStart, isBlank(bytes[bytes.index(before: tokenEnd)]) {
    tokenEnd = bytes.index(before: tokenEnd)
  }
  let length = bytes.distance(from: tokenStart, to: tokenEnd)
  guard length > 0, length <= 256 else { return nil }
  return String(Substring(header)[tokenStart..<tokenEnd])
}

extension Router {
  /// Registers `endpoint`, whose handler runs for the authenticated trainee. An endpoint that
  /// sends a body has it read once its token is checked; one that sends none takes none.
  public mutating func add<Request, Answer>(
    _ endpoint: Endpoint<Request, Answer>, store: any TraineeStore,
    handler: @escaping @Sendable (HTTPRequest, Trainee) throws -> HTTPResponse
  ) {
    add(
      endpoint.httpMethod, endpoint.routePattern,
      admission: { request in
        // NB: with the session's studio, which tags the records the route writes
        // (docs/decisions/accounts.md, "What a coach sees").
        request.admittedVersionedTrainee = try authenticatedVersionedTrainee(request, in: store)
      },
      body: Request.self == NoBody.self ? .takesNone : .afterAdmission,
      kept: nil,
      handler: { request in
        var request = request
        let versioned =
          try request.admittedVersionedTrainee
          ?? authenticatedVersionedTrainee(request, in: store)
        request.admittedVersionedTrainee = versioned
        return try WorkoutRoutes.mappingStoreErrors { try handler(request, versioned.trainee) }
      })
  }
}

/// The trainee API: every route on one router, backed by `store`.
public struct TraineeAPIRoutes: Sendable {
  public let store: any TraineeStore
  /// The wall clock, for "today" in the request's `X-Timezone` and for timestamps.
  public let now: @Sendable () -> Date
  /// The trainees' encoded answers, kept by answer version; `nil` builds every answer.
  public let cache: AnswerCache?
  /// The accounts the account routes answer from.
  let accountSource: AccountStoreSource
  /// How the coach's dashboard, routed beside the API, is reached.
  public var dashboard = DashboardSettings()

  /// The routes on `store`, keeping answers in `cache` (a cache of its own by default); the
  /// account routes answer from `accounts`, or from an account store on `store`'s database with
  /// `accountPolicy` (the default one unless given), made at its first use.
  public init(
    store: any TraineeStore, now: @escaping @Sendable () -> Date,
    cache: AnswerCache? = AnswerCache(), accounts: (any AccountStore)? = nil,
    accountPolicy: AccountPolicy = .defaults
  ) {
    self.store = store
    self.now = now
    self.cache = cache
    accountSource = AccountStoreSource(given: accounts, store: store, policy: accountPolicy)
  }

  /// A router with every route registered.
  public func router(
    reportError: @escaping @Sendable (any Error, HTTPRequest) -> Void = { _, _ in }
  ) -> Router {
    var router = Router(reportError: reportError)
    registerHealthRoutes(on: &router)
    registerWorkoutRoutes(on: &router)
    registerNutritionRoutes(on: &router)
    registerAccountRoutes(on: &router)
    registerAccountDataRoutes(on: &router)
    registerStudioViewRoutes(on: &router)
    registerCoachEventRoutes(on: &router)
    registerCoachWordsRoutes(on: &router)
    registerCoachNotificationRoutes(on: &router)
    // NB: docs/decisions/the-coachs-dashboard.md, "Pages beside the API".
    let accounts = accountSource
    CoachDashboard(
      store: store, accounts: { try accounts.store() }, settings: dashboard, now: now
    ).register(on: &router)
    return router
  }
}
