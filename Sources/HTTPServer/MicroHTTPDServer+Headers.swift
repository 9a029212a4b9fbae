import CMicroHTTPD
import Foundation

// NB: docs/security.md, "Bodies before the token": what a request's headers alone decide, in
// order: the target and headers read exactly, the route and its admission (`Router.admit`: the
// token), whether the route takes a body at all, the requests in flight from the client's
// address, then the body's size and its reservation from the budget the route's kind may use.
// Every refusal goes out before any byte of the body is read or `100 Continue` is sent.

/// MHD's first call for a request, once its headers are in: queues the refusal when the headers
/// settle one; otherwise reserves what the body needs and returns `.YES` to read it.
func takeHeaders(
  of connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
  into body: RequestBody, server: ServerContext
) -> MHD_Result {
  let state = ConnectionState.of(connection)
  var head: HTTPRequest
  switch requestHead(connection, target: state?.takeTarget(), url: url, method: method) {
  case .failure(let refusal):
    body.head = HTTPRequest(
      method: HTTPMethod(rawValue: method.map { String(cString: $0) } ?? ""),
      path: "(unreadable)", id: body.id)
    return queueAnswer(refusal.response, on: connection, for: body)
  case .success(let read):
    head = read
  }
  head.id = body.id
  let sender = state?.peerAddress(connection) ?? peerAddress(connection)
  head.clientAddress = InFlightBudget.clientAddress(
    peer: sender, forwardedFor: head.headers["X-Forwarded-For"],
    trustedProxies: server.trustedProxies)
  head.viaTrustedProxy = server.trustedProxies.contains(sender)
  let refusal = server.admit(&head)
  body.head = head
  if let refusal { return queueAnswer(refusal, on: connection, for: body) }
  let acceptance = server.bodyAcceptance(head)
  if acceptance == .takesNone, declaresBody(connection) {
    return queueAnswer(unexpectedBodyAnswer(), on: connection, for: body)
  }
  if !server.exempt(head) {
    let peer = state?.peerAddress(connection) ?? peerAddress(connection)
    let client: ClientRequestCounts.Count
    if let state, !server.trustedProxies.contains(peer) {
      client = state.peerCount(in: server.clients, peer: peer)
    } else {
      client = server.clients.hold(
        InFlightBudget.clientAddress(
          peer: peer, forwardedFor: head.headers["X-Forwarded-For"],
          trustedProxies: server.trustedProxies))
      body.holdsClient = true
    }
    guard server.clients.admit(client) else {
      if body.holdsClient { server.clients.letGo(client) }
      body.holdsClient = false
      return queueAnswer(
        busyAnswer("Too many requests from your address are in flight"), on: connection, for: body
      )
    }
    body.client = client
  }
  switch acceptance {
  case .takesNone:
    return .YES
  case .afterAdmission:
    return reserveAdmittedBody(of: connection, into: body, server: server)
  case .beforeAdmission:
    return reserveUnauthenticatedBody(
      of: connection, from: body.client?.address ?? head.clientAddress, into: body,
      server: server)
  }
}

/// Whether the request declares a body: a `Content-Length` above 0, or any `Transfer-Encoding`
/// (a chunked body, whose length is known only once it is read).
func declaresBody(_ connection: OpaquePointer) -> Bool {
  if MHD_lookup_connection_value(connection, .HEADER_KIND, "Transfer-Encoding") != nil {
    return true
  }
  return (declaredBodyLength(connection) ?? 0) > 0
}

/// The body of an admitted request: a declared body over the limit is refused before it is sent
/// when the client waits for `100 Continue` or the body is too big to read; otherwise it is read
/// and thrown away, and refused at its end. A body within the limit is reserved whole from the
/// shared budget (a chunked one as it comes: `takeBodyPiece`).
private func reserveAdmittedBody(
  of connection: OpaquePointer, into body: RequestBody, server: ServerContext
) -> MHD_Result {
  guard let declared = declaredBodyLength(connection), declared > 0 else { return .YES }
  if declared > UInt64(server.maxBodyBytes) {
    if waitsForContinue(connection) || declared > UInt64(drainLimit(for: server.maxBodyBytes)) {
      return queueAnswer(tooLargeAnswer(server.maxBodyBytes), on: connection, for: body)
    }
    body.isTooLarge = true
    return .YES
  }
  // Reserved up front, so a body is refused before it is read rather than half-way.
  guard server.budget.withLock({ $0.reserve(Int(declared)) }) else {
    return queueAnswer(
      busyAnswer("The server holds as many request bodies as it may"), on: connection, for: body)
  }
  body.reserved = Int(declared)
  body.bytes.reserveCapacity(Int(declared))
  return .YES
}

/// The body of a request read before its sender is known: over the route kind's limit it is
/// refused at once (never read and thrown away); otherwise its declared length, or the whole
/// limit for a chunked body, is reserved from the address's share of the small budget.
private func reserveUnauthenticatedBody(
  of connection: OpaquePointer, from address: String, into body: RequestBody,
  server: ServerContext
) -> MHD_Result {
  let limit = server.unauthenticatedBodies.limit
  let declared = declaredBodyLength(connection)
  if let declared, declared > UInt64(limit) {
    return queueAnswer(tooLargeAnswer(limit), on: connection, for: body)
  }
  guard declaresBody(connection) else { return .YES }
  let bytes = declared.map { Int($0) } ?? limit
  guard server.unauthenticatedBodies.budget.withLock({ $0.reserve(bytes, for: address) }) else {
    return queueAnswer(
      busyAnswer("The server holds as many bodies from unauthenticated requests as it may"),
      on: connection, for: body)
  }
  body.unauthenticated = (address, bytes)
  body.bytes.reserveCapacity(bytes)
  return .YES
}
