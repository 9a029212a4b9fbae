import CMicroHTTPD
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The body read so far of one request; MHD calls back for one connection on one thread at a
/// time, so it needs no lock. Retained in MHD's per-request slot until the completed callback.
final class RequestBody: @unchecked Sendable {
  // NB: @unchecked: used by one thread at a time: MHD's while it reads the request, then a
  // worker's while the connection is suspended, then MHD's again once it is resumed.

  /// The request's id: its answer's `X-Request-Id` and its access log line's.
  let id = RequestID.next()
  /// When the headers came in.
  let startedAt = Date()
  let started = ContinuousClock.now
  /// The status of the answer sent, once one was.
  var status: Int?
  /// The bytes of the answer's body.
  var bytesOut = 0
  /// The bytes of the request's body read (kept or thrown away).
  var bytesIn = 0
  /// The request as its headers describe it, read when they came in.
  var head: HTTPRequest?
  /// Whether the request went to a worker: a call after it resumes has nothing left to do.
  var isAnswered = false
  /// The client address's count the request is counted in, once counted.
  var client: ClientRequestCounts.Count?
  /// Whether the request holds `client` itself (a trusted proxy's client), rather than its
  /// connection.
  var holdsClient = false
  /// Body bytes reserved in the budget.
  var reserved = 0
  /// The client address and the bytes reserved for it in the budget of bodies read before their
  /// sender is known (`BodyAcceptance.beforeAdmission`).
  var unauthenticated: (address: String, bytes: Int)?

  var bytes = Data()
  var isTooLarge = false
  /// Bytes of an oversized body read and thrown away so far.
  var discarded = 0
}

/// How much of an oversized body the server reads and throws away before it answers 413.
///
/// A client that sends its whole body without waiting (URLSession on Linux does not send
/// `Expect: 100-continue`) would otherwise meet a closed connection mid-send and see a broken
/// pipe instead of the 413. Reading up to four times the limit lets such a client get the clear
/// answer; beyond that, or when the client waits for `100 Continue`, the 413 goes out at once and
/// the connection is closed (docs/decisions/the-server-http-routes-and-storage.md,
/// "Server HTTP layer", "Oversized bodies").
func drainLimit(for maxBodyBytes: Int) -> Int {
  let (limit, overflow) = maxBodyBytes.multipliedReportingOverflow(by: 4)
  return overflow ? .max : limit
}

/// MHD's access handler: called once when the headers are in, once per piece of body, and once
/// when the request is complete.
let answerRequest: MHD_AccessHandlerCallback = {
  serverContext, connection, url, method, _, uploadData, uploadDataSize, requestSlot in
  guard let serverContext, let connection, let uploadDataSize, let requestSlot else {
    return .NO
  }
  let server = Unmanaged<ServerContext>.fromOpaque(serverContext).takeUnretainedValue()
  guard let slot = requestSlot.pointee else {
    // The headers are in: what they alone decide is decided before any body is read.
    let body = RequestBody()
    requestSlot.pointee = Unmanaged.passRetained(body).toOpaque()
    server.requestsBegun.wrappingAdd(1, ordering: .relaxed)
    return takeHeaders(of: connection, url: url, method: method, into: body, server: server)
  }
  let body = Unmanaged<RequestBody>.fromOpaque(slot).takeUnretainedValue()
  let count = uploadDataSize.pointee
  if count > 0 {
    body.bytesIn += count
    // A body read before its sender is known stays within what it reserved. A chunked one that
    // passes it is cut off: libmicrohttpd 0.9.75 takes no answer while a body is coming in, so
    // the connection is closed without one (a declared one was refused from its headers).
    if let unauthenticated = body.unauthenticated {
      guard body.bytes.count + count <= unauthenticated.bytes else { return .NO }
      if let uploadData {
        body.bytes.append(
          UnsafeRawPointer(uploadData).assumingMemoryBound(to: UInt8.self), count: count)
      }
      uploadDataSize.pointee = 0
      return .YES
    }
    // A piece of body (a chunked one has no declared length): keep it while under the limit.
    if !body.isTooLarge, body.bytes.count + count > server.maxBodyBytes {
      body.isTooLarge = true
      body.discarded = body.bytes.count
      body.bytes = Data()
    }
    // A chunked body declared no length: reserve its bytes as they come.
    if !body.isTooLarge, body.bytes.count + count > body.reserved {
      let more = body.bytes.count + count - body.reserved
      guard server.budget.withLock({ $0.reserve(more) }) else {
        return queueAnswer(
          busyAnswer("The server holds as many request bodies as it may"), on: connection, for: body
        )
      }
      body.reserved += more
    }
    if body.isTooLarge {
      body.discarded += count
      uploadDataSize.pointee = 0
      // A chunked body that goes on and on is cut short: answer now and close.
      return body.discarded > drainLimit(for: server.maxBodyBytes)
        ? queueAnswer(tooLargeAnswer(server.maxBodyBytes), on: connection, for: body) : .YES
    } else if let uploadData {
      body.bytes.append(
        UnsafeRawPointer(uploadData).assumingMemoryBound(to: UInt8.self), count: count)
    }
    uploadDataSize.pointee = 0
    return .YES
  }
  if body.isTooLarge {
    return queueAnswer(tooLargeAnswer(server.maxBodyBytes), on: connection, for: body)
  }
  if body.isAnswered { return .YES }
  guard var request = body.head else { return .NO }
  request.body = body.bytes
  body.bytes = Data()
  body.isAnswered = true
  // NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
  // answers, group commit and paged history", "a kept answer is sent from MHD's thread": handing a
  // request to a worker and back costs two thread switches, more than sending a kept answer; one
  // that is kept and current goes out from here.
  if let answerAtOnce = server.answerAtOnce, !server.scheduler.isClosing,
    let answer = answerAtOnce(request)
  {
    return queueAnswer(answer, on: connection, for: body)
  }
  // The handler runs on a worker (`RequestScheduler`); the connection is suspended meanwhile,
  // and the worker queues the answer (allowed on a suspended connection) and resumes it.
  let suspended = SuspendedConnection(pointer: connection)
  MHD_suspend_connection(connection)
  let client = RequestScheduler.line(of: request)
  let complete = request
  let state = body
  let taken = server.scheduler.submit(for: client) {
    _ = queueAnswer(server.handler(complete), on: suspended.pointer, for: state)
    return { MHD_resume_connection(suspended.pointer) }
  }
  if !taken {
    _ = queueAnswer(busyAnswer("Too many of your requests are waiting"), on: connection, for: body)
    MHD_resume_connection(connection)
  }
  return .YES
}

/// A connection handed to a worker while MHD holds it suspended.
struct SuspendedConnection: @unchecked Sendable {
  // NB: @unchecked because `OpaquePointer` is not Sendable; while suspended, MHD touches the
  // connection only when the worker resumes it, so one thread uses it at a time.
  let pointer: OpaquePointer
}

/// The request as its headers describe it (target, query, header fields), with no body yet; or
/// the 400 answer when the query or a header cannot be read exactly.
func requestHead(
  _ connection: OpaquePointer, target raw: String?, url: UnsafePointer<CChar>?,
  method: UnsafePointer<CChar>?
) -> Result<HTTPRequest, HTTPError> {
  let target = RequestTarget(raw ?? url.map { String(cString: $0) } ?? "/")
  let query: [String: String]
  switch Result(catching: { () throws(HTTPError) in try target.queryArguments() }) {
  case .success(let arguments): query = arguments
  case .failure(let error): return .failure(error)
  }
  guard let headers = headerFields(on: connection) else {
    return .failure(
      HTTPError(
        .badRequest, code: "invalid_header",
        message: "A header holds a NUL byte or bytes that are not UTF-8."))
  }
  return .success(
    HTTPRequest(
      method: HTTPMethod(rawValue: method.map { String(cString: $0) } ?? ""),
      path: String(target.path), query: query, headers: HTTPHeaders(headers)))
}

// NB: MHD's URI callback sees the request target before MHD decodes it; the target is kept in the
// connection's state (`ConnectionState`) until the access handler takes it, and dropped with it
// when the connection closes (MHD calls the completed callback only for requests that reached the
// handler, so nothing is allocated per request here).
// docs/decisions/the-server-under-hostile-input.md "Request targets and headers": MHD 0.9.75 parses
// the query arguments into the connection's 32 KiB memory pool right after this callback and, with
// about 456 of them, waits without answering until the 60 s timeout. For a target with more
// arguments than any route takes, MHD's copy of the query is emptied here, so MHD parses none; the
// handler reads the kept raw target and answers 414.

/// MHD's URI callback: keeps the raw target; empties MHD's copy of a query with too many
/// arguments (or, with no state to keep the target in, shuts the connection down).
let keepTarget:
  @convention(c) (
    UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?
  ) -> UnsafeMutableRawPointer? = { serverContext, uri, connection in
    guard serverContext != nil, let uri, let connection else { return nil }
    let raw = String(
      decoding: UnsafeRawBufferPointer(start: uri, count: strlen(uri)), as: UTF8.self)
    guard let state = ConnectionState.of(connection) else {
      if RequestTarget(raw).queryArgumentCount > RequestTarget.maximumQueryArguments {
        let socket = perform_mhd_connection_fd(connection)
        if socket >= 0 { shutdown(socket, Int32(SHUT_RDWR)) }
      }
      return nil
    }
    state.target = raw
    if RequestTarget(raw).queryArgumentCount > RequestTarget.maximumQueryArguments,
      let mark = strchr(uri, Int32(UInt8(ascii: "?")))
    {
      // MHD's own buffer (it writes into it next, replacing the `?` with a NUL): the byte after
      // the `?` ends the query MHD parses (0.9.75 and 1.0 alike).
      mark.advanced(by: 1).pointee = 0
    }
    return nil
  }

/// MHD's connection callback: counts the connections open, and gives each its state
/// (`ConnectionState`), released when it closes.
let forgetConnection: MHD_NotifyConnectionCallback = {
  serverContext, _, socketContext, code in
  guard let serverContext, let socketContext else { return }
  let server = Unmanaged<ServerContext>.fromOpaque(serverContext).takeUnretainedValue()
  if code == .CONNECTION_NOTIFY_STARTED {
    server.connectionsOpen.withLock { $0 += 1 }
    socketContext.pointee = Unmanaged.passRetained(ConnectionState()).toOpaque()
    return
  }
  guard code == .CONNECTION_NOTIFY_CLOSED else { return }
  server.connectionsOpen.withLock { $0 -= 1 }
  if let pointer = socketContext.pointee {
    let state = Unmanaged<ConnectionState>.fromOpaque(pointer).takeRetainedValue()
    socketContext.pointee = nil
    // Every request of the connection has ended (MHD calls the completed callback first).
    if let count = state.heldCount { server.clients.letGo(count) }
  }
}

/// MHD's completed callback: frees the request's body and gives back what it counted in the
/// budget, however the request ended.
let releaseRequest: MHD_RequestCompletedCallback = {
  serverContext, _, requestSlot, _ in
  guard let requestSlot, let slot = requestSlot.pointee else { return }
  let body = Unmanaged<RequestBody>.fromOpaque(slot).takeRetainedValue()
  requestSlot.pointee = nil
  guard let serverContext else { return }
  let server = Unmanaged<ServerContext>.fromOpaque(serverContext).takeUnretainedValue()
  server.requestsBegun.wrappingSubtract(1, ordering: .releasing)
  if let client = body.client {
    server.clients.release(client)
    if body.holdsClient { server.clients.letGo(client) }
  }
  if body.reserved > 0 {
    server.budget.withLock { $0.release(body.reserved) }
  }
  if let (address, bytes) = body.unauthenticated {
    server.unauthenticatedBodies.budget.withLock { $0.release(bytes, for: address) }
  }
  if let completed = server.completed, let head = body.head {
    completed(
      CompletedRequest(
        id: body.id, head: head, status: body.status, bytesIn: body.bytesIn,
        bytesOut: body.bytesOut, startedAt: body.startedAt,
        duration: ContinuousClock.now - body.started))
  }
}

/// A 503 `busy` with `Retry-After: 1`: the server is at one of its limits; `reason` says which.
func busyAnswer(_ reason: String) -> HTTPResponse {
  var response = HTTPResponse.error(
    .serviceUnavailable, code: "busy", message: "\(reason); try again in a second.")
  response.headers["Retry-After"] = "1"
  return response
}

/// What the server keeps of one connection between its requests; MHD calls back for a connection
/// on one thread at a time, and a worker never touches it, so it needs no lock.
final class ConnectionState: @unchecked Sendable {
  // NB: @unchecked: used by the MHD thread that serves the connection only.

  /// The raw target of the request whose headers are coming in, from MHD's URI callback until
  /// the access handler takes it.
  var target: String?
  /// The peer's numeric address, read once (a connection keeps its peer).
  private var peer: String?
  /// The peer's count of requests in flight, held from the connection's first counted request
  /// until it closes.
  private(set) var heldCount: ClientRequestCounts.Count?

  /// The state the connection callback gave `connection`; `nil` if it gave none.
  static func of(_ connection: OpaquePointer) -> ConnectionState? {
    perform_mhd_socket_context(connection).map {
      Unmanaged<ConnectionState>.fromOpaque($0).takeUnretainedValue()
    }
  }

  /// The target kept for the request now coming in; it is kept no longer.
  func takeTarget() -> String? {
    defer { target = nil }
    return target
  }

  /// The count of requests in flight from `peer`, held by the connection once found.
  func peerCount(in counts: ClientRequestCounts, peer: String) -> ClientRequestCounts.Count {
    if let heldCount { return heldCount }
    let count = counts.hold(peer)
    heldCount = count
    return count
  }

  /// The numeric address of the connection's peer, or `unknown`.
  func peerAddress(_ connection: OpaquePointer) -> String {
    if let peer { return peer }
    let address = HTTPServer.peerAddress(connection)
    peer = address
    return address
  }
}

/// The numeric address of the connection's peer, or `unknown`.
func peerAddress(_ connection: OpaquePointer) -> String {
  var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
  guard perform_mhd_client_address(connection, &buffer, buffer.count) == 0 else {
    return "unknown"
  }
  return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

func tooLargeAnswer(_ limit: Int) -> HTTPResponse {
  .error(
    .contentTooLarge, code: "body_too_large",
    message: "The request body is larger than the \(limit) bytes accepted.")
}
