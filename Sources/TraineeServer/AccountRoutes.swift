import Accounts
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/accounts.md, "The routes": signing in, refreshing and accepting an invite
// read their bodies before any token, from the small budget of such bodies; every other account
// route acts for the session its token names. The client's address (`clientAddress`) is what
// the limits on guessing count and the audit log keeps.

extension TraineeAPIRoutes {
  /// Registers the accounts' routes: signing in and out, the account, its devices, its studios
  /// (the coach's and the operator's are in `registerStudioRoutes`).
  func registerAccountRoutes(on router: inout Router) {
    registerSignInRoutes(on: &router)
    router.add(endpoints.signOut, roles: .anyAccount, routes: self) { request, admitted, accounts in
      _ = try accounts.endSession(
        admitted.session.id, of: admitted.account.id, address: request.clientAddress)
      return HTTPResponse(status: .noContent)
    }
    router.add(endpoints.getAccount, roles: .anyAccount, routes: self) { _, admitted, accounts in
      .json(
        .ok,
        try AccountDto(admitted.account, currentStudio: admitted.session.studio, in: accounts))
    }
    router.add(endpoints.listSessions, roles: .anyAccount, routes: self) { _, admitted, accounts in
      let sessions = try accounts.sessions(of: admitted.account.id)
      return .json(
        .ok,
        DeviceSessionsDto(
          sessions: sessions.map { DeviceSessionDto($0, current: admitted.session.id) }))
    }
    router.add(endpoints.endSession, roles: .anyAccount, routes: self) {
      request, admitted, accounts in
      let named = request.pathParameters["sessionId"] ?? ""
      guard let id = SessionID(rawValue: named),
        try accounts.endSession(id, of: admitted.account.id, address: request.clientAddress)
      else { throw WorkoutRoutes.notFound("session", named) }
      return HTTPResponse(status: .noContent)
    }
    router.add(endpoints.endAllSessions, roles: .anyAccount, routes: self) {
      request, admitted, accounts in
      _ = try accounts.endAllSessions(of: admitted.account.id, address: request.clientAddress)
      return HTTPResponse(status: .noContent)
    }
    router.add(endpoints.changePassword, roles: .anyAccount, routes: self) {
      request, admitted, accounts in
      let body = try request.decodeJSON(ChangePasswordRequestDto.self)
      try accounts.changePassword(
        of: admitted.account.id, current: body.currentPassword, new: body.newPassword,
        keeping: admitted.session.id, address: request.clientAddress)
      return HTTPResponse(status: .noContent)
    }
    // NB: only a trainee joins a studio by an invite; a coach's or an operator's token is
    // refused before the code is looked at, so it can neither spend nor test one.
    router.add(endpoints.joinStudio, roles: .only(.trainee), routes: self) {
      request, admitted, accounts in
      let body = try request.decodeJSON(JoinStudioRequestDto.self)
      let link = try accounts.acceptInvite(
        code: body.code, for: admitted.account.id, address: request.clientAddress)
      guard let studio = try accounts.studio(id: link.studio) else {
        throw TraineeStoreError.storageFailed("a joined studio could not be read")
      }
      return .json(.ok, StudioMembershipDto(link, studio: studio))
    }
    router.add(endpoints.leaveStudio, roles: .anyAccount, routes: self) {
      request, admitted, accounts in
      let named = request.pathParameters["studioId"] ?? ""
      guard let studio = StudioID(named),
        try accounts.endMembership(studio: studio, account: admitted.account.id)
      else { throw WorkoutRoutes.notFound("studio link", named) }
      return HTTPResponse(status: .noContent)
    }
    // NB: docs/decisions/accounts.md, "Switching studio": only a studio of the account's live
    // links; any other id, whether a studio has it or not, is the same 404.
    router.add(endpoints.switchStudio, roles: .anyAccount, routes: self) {
      request, admitted, accounts in
      let body = try request.decodeJSON(SwitchStudioRequestDto.self)
      guard let studio = StudioID(body.studioId) else {
        throw HTTPError(
          .badRequest, code: "invalid_body",
          message: "Body: studioId must be a studio's id, a positive decimal number.")
      }
      guard
        try accounts.switchStudio(
          admitted.session.id, of: admitted.account.id, to: studio,
          address: request.clientAddress)
      else { throw WorkoutRoutes.notFound("studio of this account", body.studioId) }
      return .json(.ok, try AccountDto(admitted.account, currentStudio: studio, in: accounts))
    }
    registerStudioRoutes(on: &router)
  }

  /// The routes without a token: signing in, refreshing a session, accepting an invite.
  private func registerSignInRoutes(on router: inout Router) {
    router.addBeforeToken(endpoints.signIn, routes: self) { request, accounts in
      let body = try request.decodeJSON(SignInRequestDto.self)
      let signedIn = try accounts.signIn(
        email: body.email, password: body.password, device: body.device,
        address: request.clientAddress)
      return .json(.ok, try SignedInDto(signedIn, in: accounts))
    }
    router.addBeforeToken(endpoints.refreshSession, routes: self) { request, accounts in
      let body = try request.decodeJSON(RefreshRequestDto.self)
      let tokens = try accounts.refresh(body.refreshToken, address: request.clientAddress)
      return .json(.ok, SessionTokensDto(tokens))
    }
    // NB: docs/decisions/accounts.md, "Accepting an invite with an email that has an account":
    // the store looks at the code first; only a usable code reaches the email's check.
    router.addBeforeToken(endpoints.acceptInvite, routes: self) { request, accounts in
      let body = try request.decodeJSON(AcceptInviteRequestDto.self)
      let signedIn = try accounts.acceptInvite(
        code: body.code, name: body.name, email: body.email, password: body.password,
        device: body.device, address: request.clientAddress)
      return .json(.ok, try SignedInDto(signedIn, in: accounts))
    }
  }
}
