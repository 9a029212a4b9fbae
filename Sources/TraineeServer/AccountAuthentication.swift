import Accounts
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/accounts.md, "The routes": an account route acts for the account of the
// session its token names, never for an id in the request; the roles a route admits are
// declared where it is registered, and any other role is 403 `forbidden` before the body is read.

/// The session a request's access token (or legacy token) names, with its account.
struct AdmittedSession: Sendable {
  var account: Account
  var session: DeviceSession
}

extension HTTPRequest {
  /// The session the route's admission found.
  var admittedSession: AdmittedSession? {
    get { admission as? AdmittedSession }
    set {
      admission = newValue
      // NB: a trainee's requests share one line of the workers whichever route they reach
      // (`RequestScheduler`), so a trainee account is named by its trainee's id, as the
      // trainee routes name it; a coach or an operator by the account, marked apart.
      account = newValue.map { admitted in
        admitted.account.trainee?.description ?? "account " + admitted.account.id.description
      }
    }
  }
}

/// The roles a route admits.
enum AdmittedRoles: Sendable {
  /// Any signed-in account.
  case anyAccount
  /// Only accounts of this role.
  case only(AccountRole)

  func admits(_ role: AccountRole) -> Bool {
    switch self {
    case .anyAccount: true
    case .only(let admitted): role == admitted
    }
  }
}

/// The live session a request's `Authorization: Bearer <token>` names, of an account `roles`
/// admits.
///
/// Throws 401 `unauthorized` (no token, or one of no live session: unknown, ended, suspended),
/// 401 `token_expired` (a live session's access token past its expiry), 403 `forbidden` (a role
/// the route does not admit).
func authenticatedSession(
  _ request: HTTPRequest, roles: AdmittedRoles, accounts: any AccountStore,
  store: any TraineeStore
) throws -> AdmittedSession {
  let token = try bearerToken(request)
  guard let (account, session) = try accounts.session(forAccessToken: token) else {
    throw try store.refusal(ofToken: token) == .expired
      ? try refusedToken(token, in: store) : invalidTokenError
  }
  guard roles.admits(account.role) else { throw forbiddenError }
  return AdmittedSession(account: account, session: session)
}

extension Router {
  /// Registers `endpoint` for the accounts `roles` admits; a body is read once the token is
  /// checked. Refusals of the account store (`AccountRefusal`) and the store's own errors are
  /// answered as the contract says (`AccountRefusal+Response.swift`).
  mutating func add<Request, Answer>(
    _ endpoint: Endpoint<Request, Answer>, roles: AdmittedRoles, routes: TraineeAPIRoutes,
    handler:
      @escaping @Sendable (HTTPRequest, AdmittedSession, any AccountStore) throws ->
      HTTPResponse
  ) {
    let store = routes.store
    let accounts = routes.accountSource
    add(
      endpoint.httpMethod, endpoint.routePattern,
      admission: { request in
        request.admittedSession = try authenticatedSession(
          request, roles: roles, accounts: accounts.store(), store: store)
      },
      body: Request.self == NoBody.self ? .takesNone : .afterAdmission,
      handler: { request in
        let accounts = try accounts.store()
        let admitted =
          try request.admittedSession
          ?? authenticatedSession(request, roles: roles, accounts: accounts, store: store)
        return try WorkoutRoutes.mappingStoreErrors { try handler(request, admitted, accounts) }
      })
  }

  /// Registers `endpoint`, whose body is read before any token (signing in, refreshing,
  /// accepting an invite), from the small budget of such bodies (`BodyAcceptance.beforeAdmission`).
  mutating func addBeforeToken<Request, Answer>(
    _ endpoint: Endpoint<Request, Answer>, routes: TraineeAPIRoutes,
    handler: @escaping @Sendable (HTTPRequest, any AccountStore) throws -> HTTPResponse
  ) {
    let accounts = routes.accountSource
    add(endpoint.httpMethod, endpoint.routePattern, body: .beforeAdmission) { request in
      try WorkoutRoutes.mappingStoreErrors { try handler(request, try accounts.store()) }
    }
  }
}
