import Accounts
import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/accounts.md, "The routes": a coach acts on the studio of the coach's session
// only, and only while the coach's link to it lasts; no coach route takes a studio's id, so no id
// in a request can reach another studio. The operator acts on any studio and account.

extension TraineeAPIRoutes {
  /// Registers the coach's invites and the operator's studios, accounts and audit log.
  func registerStudioRoutes(on router: inout Router) {
    let now = now
    router.add(endpoints.createInvite, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let body = try request.decodeJSON(CreateInviteRequestDto.self)
      let invite = try accounts.createInvite(
        studio: studio, by: admitted.account.id,
        validFor: try checkedValidity(body.validForSeconds, accounts))
      return .json(.created, NewInviteDto(invite))
    }
    router.add(endpoints.listInvites, roles: .only(.coach), routes: self) {
      _, admitted, accounts in
      let invites = try accounts.invites(of: try coachedStudio(admitted, accounts))
      let at = now()
      return .json(.ok, InvitesDto(invites: invites.map { InviteDto($0, now: at) }))
    }
    router.add(endpoints.revokeInvite, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let named = request.pathParameters["inviteId"] ?? ""
      guard let id = InviteID(rawValue: named),
        try accounts.revokeInvite(id, studio: studio, by: admitted.account.id)
      else { throw WorkoutRoutes.notFound("open invite", named) }
      return HTTPResponse(status: .noContent)
    }
    registerRosterRoutes(on: &router)
    registerCoachLibraryRoutes(on: &router)
    registerOperatorRoutes(on: &router)
  }

  private func registerOperatorRoutes(on router: inout Router) {
    router.add(endpoints.listStudios, roles: .only(.operator), routes: self) { _, _, accounts in
      .json(.ok, StudiosDto(studios: try accounts.studios().map(StudioDto.init)))
    }
    router.add(endpoints.createStudio, roles: .only(.operator), routes: self) {
      request, _, accounts in
      let body = try request.decodeJSON(CreateStudioRequestDto.self)
      return .json(.created, StudioDto(try accounts.createStudio(name: body.name)))
    }
    router.add(endpoints.createStudioInvite, roles: .only(.operator), routes: self) {
      request, _, accounts in
      let studio = try existingStudio(request.pathParameters["studioId"], accounts)
      let body = try request.decodeJSON(CreateInviteRequestDto.self)
      let invite = try accounts.createInvite(
        studio: studio, by: nil, validFor: try checkedValidity(body.validForSeconds, accounts))
      return .json(.created, NewInviteDto(invite))
    }
    router.add(endpoints.createAccount, roles: .only(.operator), routes: self) {
      request, _, accounts in
      let body = try request.decodeJSON(CreateAccountRequestDto.self)
      guard let role = AccountRole(rawValue: body.role), role != .trainee else {
        throw invalidField("role", "must be \"coach\" or \"operator\"")
      }
      let studio: StudioID?
      switch (role, body.studioId) {
      case (.coach, .some(let id)): studio = try existingStudio(id, accounts)
      case (.coach, nil): throw invalidField("studioId", "is required for a coach")
      case (_, .some): throw invalidField("studioId", "is only for a coach")
      case (_, nil): studio = nil
      }
      let account = try accounts.createAccount(
        role: role, name: body.name, email: body.email, password: body.password, studio: studio)
      return .json(.created, try AccountDto(account, currentStudio: nil, in: accounts))
    }
    router.add(endpoints.suspendAccount, roles: .only(.operator), routes: self) {
      request, _, accounts in
      try changeSuspension(request, accounts) { try accounts.suspend($0) }
    }
    router.add(endpoints.reinstateAccount, roles: .only(.operator), routes: self) {
      request, _, accounts in
      try changeSuspension(request, accounts) { try accounts.reinstate($0) }
    }
    router.add(endpoints.getAuditLog, roles: .only(.operator), routes: self) {
      request, _, accounts in
      let account = try request.query["accountId"].map { text in
        guard let id = AccountID(text) else {
          throw HTTPError(
            .badRequest, code: "invalid_query",
            message: "Query accountId must be a positive decimal id.")
        }
        return id
      }
      let limit = try request.query["limit"].map { text in
        guard let limit = Int(text), (1...1000).contains(limit) else {
          throw HTTPError(
            .badRequest, code: "invalid_query", message: "Query limit must be 1 to 1000.")
        }
        return limit
      }
      let events = try accounts.authEvents(of: account, limit: limit ?? 100)
      return .json(.ok, AuthEventsDto(events: events.map(AuthEventDto.init)))
    }
  }
}

/// The studio of a coach's session, while the coach's link to it lasts; 403 `forbidden`
/// otherwise (a coach whose link ended, or a session without a studio).
func coachedStudio(
  _ admitted: AdmittedSession, _ accounts: any AccountStore
) throws -> StudioID {
  guard let studio = admitted.session.studio,
    try accounts.memberships(of: admitted.account.id).contains(where: {
      $0.studio == studio && $0.role == .coach && $0.endedAt == nil
    })
  else { throw forbiddenError }
  return studio
}

/// The studio named by `text`; 404 `not_found` for a malformed id or one no studio has.
private func existingStudio(_ text: String?, _ accounts: any AccountStore) throws -> StudioID {
  guard let text, let id = StudioID(text), try accounts.studio(id: id) != nil else {
    throw WorkoutRoutes.notFound("studio", text)
  }
  return id
}

/// An invite's `validForSeconds`: 1 to the policy's longest (30 days by default), or absent.
private func checkedValidity(_ seconds: Int?, _ accounts: any AccountStore) throws -> Int? {
  let longest = (accounts as? DatabaseAccountStore)?.policy.longestInviteSeconds ?? 30 * 86_400
  if let seconds, !(1...longest).contains(seconds) {
    throw invalidField("validForSeconds", "must be 1 to \(longest) seconds")
  }
  return seconds
}

/// Suspends or reinstates the account of the path's `accountId`; 404 when no account has it.
private func changeSuspension(
  _ request: HTTPRequest, _ accounts: any AccountStore, _ change: (AccountID) throws -> Bool
) throws -> HTTPResponse {
  let named = request.pathParameters["accountId"] ?? ""
  guard let id = AccountID(named), try change(id) else {
    throw WorkoutRoutes.notFound("account", named)
  }
  return HTTPResponse(status: .noContent)
}

/// 400 `invalid_body` naming the field.
private func invalidField(_ field: String, _ problem: String) -> HTTPError {
  HTTPError(.badRequest, code: "invalid_body", message: "Body: \(field) \(problem).")
}
