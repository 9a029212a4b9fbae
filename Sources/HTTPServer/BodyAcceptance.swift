// NB: docs/security.md, "Bodies before the token": no memory is set aside for a request body
// before the request is authenticated. A route says, when it is registered, whether it takes a
// body and whether that body is read before its sender is known; the server reserves the body's
// bytes from the budget that route's kind may use, and from no other.

/// Whether a route reads a request body, and from which budget its bytes are reserved.
public enum BodyAcceptance: Sendable, Equatable {
  /// The route takes no body. A request that declares one (`Content-Length` above 0, or any
  /// `Transfer-Encoding`) is answered 413 `unexpected_body` from its headers: nothing of the body
  /// is read or reserved, and the connection is closed after the answer.
  case takesNone
  /// The body is read once the route's admission (for the trainee API, the bearer token) has
  /// accepted the request; its bytes are reserved from the budget all clients share
  /// (`InFlightBudget`). A route with this acceptance must have an admission.
  case afterAdmission
  /// The body must be read before its sender is known (signing in, refreshing a session,
  /// accepting an invitation). Its bytes come from a small budget of their own, per client
  /// address and in total (`UnauthenticatedBodyBudget`), never from the shared one; a body over
  /// `UnauthenticatedBodyLimits.maxBodyBytes` is refused 413 at once.
  case beforeAdmission
}

/// The 413 `unexpected_body` a route that takes no body answers to a request declaring one.
func unexpectedBodyAnswer() -> HTTPResponse {
  .error(
    .contentTooLarge, code: "unexpected_body",
    message: "This route takes no request body; send the request without one.")
}
