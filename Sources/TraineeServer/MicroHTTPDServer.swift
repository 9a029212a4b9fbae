import CMicroHTTPD
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// NB: STYLE.md "Unsafe code is fenced": this is the one file that touches libmicrohttpd's
// pointers and callbacks. Its callbacks run on MHD's own threads; they are plain nonisolated
// functions (DESIGN.md, "C libraries call back on their own threads"), and hand each complete
// request to a worker (`RequestScheduler`) while its connection is suspended.

/// An HTTP/1.1 server on GNU libmicrohttpd with its own pool of threads polling with epoll.
///
/// Each request is read in full (a body over `maxBodyBytes` is refused with 413 without being
/// kept; see ``drainLimit(for:)`` for when the refusal waits for the body), then handed to the handler on one of the server's threads; the handler's answer is sent
/// with its headers. The handler must not call `stop()`.
public final class MicroHTTPDServer: Sendable {
  /// Where the server listens and what it accepts.
  public struct Configuration: Equatable, Sendable {
    /// The address to listen on: an IP literal such as `127.0.0.1` or `::1`, or a host name.
    public var host: String
    /// The port to listen on; 0 picks a free one (see `MicroHTTPDServer.port`).
    public var port: UInt16
    /// Threads in the pool answering requests; at least 1.
    public var threadCount: Int
    /// The largest request body accepted; a larger one is answered 413.
    public var maxBodyBytes: Int
    /// Seconds a connection may stay idle before the server closes it; 0 never closes it.
    public var connectionTimeoutSeconds: Int
    /// Workers running request handlers, off MHD's event threads; at least 1.
    public var workerCount: Int
    /// The most workers one client (one `Authorization`) holds at once (`FairQueue`).
    public var workersPerClient: Int
    /// The most requests of one client waiting for a worker; beyond, 503 with `Retry-After`.
    public var queuedPerClient: Int
    /// The most bytes of request bodies held at once, over all requests (`InFlightBudget`).
    public var maxBodyBytesInFlight: Int
    /// The most requests in flight from one client address; beyond, 503 with `Retry-After`.
    public var maxRequestsPerAddress: Int
    /// Addresses of reverse proxies whose `X-Forwarded-For` names the client.
    public var trustedProxies: Set<String>

    /// A configuration; the event threads default to one per active core, the workers to four
    /// per core (at least 8), four of them per client, and bodies to 1 MiB.
    public init(
      host: String = "127.0.0.1",
      port: UInt16 = 8080,
      threadCount: Int = ProcessInfo.processInfo.activeProcessorCount,
      maxBodyBytes: Int = 1 << 20,
      connectionTimeoutSeconds: Int = 60,
      workerCount: Int = max(8, 4 * ProcessInfo.processInfo.activeProcessorCount),
      workersPerClient: Int = 4,
      queuedPerClient: Int = 64,
      maxBodyBytesInFlight: Int = 64 << 20,
      maxRequestsPerAddress: Int = 32,
      trustedProxies: Set<String> = []
    ) {
      self.host = host
      self.port = port
      self.threadCount = threadCount
      self.maxBodyBytes = maxBodyBytes
      self.connectionTimeoutSeconds = connectionTimeoutSeconds
      self.workerCount = max(1, workerCount)
      self.workersPerClient = max(1, workersPerClient)
      self.queuedPerClient = max(0, queuedPerClient)
      self.maxBodyBytesInFlight = max(0, maxBodyBytesInFlight)
      self.maxRequestsPerAddress = max(1, maxRequestsPerAddress)
      self.trustedProxies = trustedProxies
    }
  }

  /// Why the server could not start.
  public enum StartError: Error, Equatable, Sendable {
    /// The host is neither an IP address nor a name that resolves.
    case unknownHost(String)
    /// libmicrohttpd could not listen there (the port is taken, say); `reason` is the system's.
    case cannotListen(host: String, port: UInt16, reason: String)
    /// `start()` was called on a running server.
    case alreadyRunning
  }

  /// What the server answers with.
  public let configuration: Configuration
  private let context: ServerContext
  private let daemon = Locked<RunningDaemon?>(nil)

  /// A server that answers every request with `handler`; it listens once `start()` is called.
  ///
  /// `admit` is asked when a request's headers are in, before its body is read: an answer it
  /// gives is sent at once (no body read, no `100 Continue`); `nil` goes on to the body and
  /// `handler`.
  ///
  /// `completed` is told of every request once it is over (answered, or its client gone), on
  /// one of MHD's threads: it must return at once (an access log queues the line).
  public init(
    configuration: Configuration,
    admit: @escaping @Sendable (HTTPRequest) -> HTTPResponse? = { _ in nil },
    exempt: @escaping @Sendable (HTTPRequest) -> Bool = { _ in false },
    completed: (@Sendable (CompletedRequest) -> Void)? = nil,
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) {
    self.configuration = configuration
    self.context = ServerContext(
      handler: handler, admit: admit, exempt: exempt, maxBodyBytes: configuration.maxBodyBytes,
      scheduler: RequestScheduler(
        workers: configuration.workerCount, perClient: configuration.workersPerClient,
        queuedPerClient: configuration.queuedPerClient),
      budget: InFlightBudget(
        maxBodyBytes: configuration.maxBodyBytesInFlight,
        maxRequestsPerAddress: configuration.maxRequestsPerAddress),
      trustedProxies: configuration.trustedProxies, completed: completed)
  }

  /// A server that answers with `router`, refusing from the headers what it can (`Router.admit`).
  /// Its health routes are exempt from the per-address limit (`Router.isExemptFromLimits`).
  public convenience init(
    configuration: Configuration, router: Router,
    completed: (@Sendable (CompletedRequest) -> Void)? = nil
  ) {
    self.init(
      configuration: configuration, admit: { router.admit($0) },
      exempt: { router.isExemptFromLimits($0) }, completed: completed,
      handler: { router.respondConditionally(to: $0) })
  }

  deinit {
    stop()
  }

  /// The port the server listens on while it runs.
  public var port: UInt16? {
    daemon.withLock { $0?.port }
  }

  /// Starts listening and answering; returns the bound port. A stopped server can start again.
  @discardableResult
  public func start() throws(StartError) -> UInt16 {
    try daemon.withLock { (running: inout RunningDaemon?) throws(StartError) -> UInt16 in
      guard running == nil else { throw .alreadyRunning }
      let started = try RunningDaemon.start(configuration, context: context)
      running = started
      return started.port
    }
  }

  /// Stops listening, closes every connection and waits for requests being answered; calling it
  /// again does nothing.
  public func stop() {
    let running = daemon.withLock { (running: inout RunningDaemon?) -> RunningDaemon? in
      defer { running = nil }
      return running
    }
    running?.stop()
  }
}

/// What every callback of one server needs, shared by MHD's threads.
private final class ServerContext: Sendable {
  let handler: @Sendable (HTTPRequest) -> HTTPResponse
  let admit: @Sendable (HTTPRequest) -> HTTPResponse?
  let exempt: @Sendable (HTTPRequest) -> Bool
  let maxBodyBytes: Int
  let scheduler: RequestScheduler
  let budget: Locked<InFlightBudget>
  let trustedProxies: Set<String>
  let completed: (@Sendable (CompletedRequest) -> Void)?
  /// The raw request target of each connection's request whose headers are not in yet, from
  /// MHD's URI callback to the first call of the access handler (`RequestTarget`).
  let targets = Locked<[ConnectionKey: String]>([:])

  init(
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse,
    admit: @escaping @Sendable (HTTPRequest) -> HTTPResponse?,
    exempt: @escaping @Sendable (HTTPRequest) -> Bool, maxBodyBytes: Int,
    scheduler: RequestScheduler, budget: InFlightBudget, trustedProxies: Set<String>,
    completed: (@Sendable (CompletedRequest) -> Void)?
  ) {
    self.completed = completed
    self.handler = handler
    self.admit = admit
    self.exempt = exempt
    self.maxBodyBytes = maxBodyBytes
    self.scheduler = scheduler
    self.budget = Locked(budget)
    self.trustedProxies = trustedProxies
  }
}

/// A connection as a dictionary key; the pointer is never dereferenced through it.
private struct ConnectionKey: Hashable, @unchecked Sendable {
  // NB: @unchecked because `OpaquePointer` is not Sendable; it is only compared and hashed.
  let pointer: OpaquePointer
}

/// The body read so far of one request; MHD calls back for one connection on one thread at a
/// time, so it needs no lock. Retained in MHD's per-request slot until the completed callback.
private final class RequestBody: @unchecked Sendable {
  // NB: @unchecked: used by one thread at a time: MHD's while it reads the request, then a
  // worker's while the connection is suspended, then MHD's again once it is resumed.

  /// The request's id: its answer's `X-Request-Id` and its access log line's.
  let id = RequestBody.newID()
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
  /// The client address the request is counted against in the budget, once counted.
  var address: String?
  /// Body bytes reserved in the budget.
  var reserved = 0

  /// 16 hex digits from the system's random source: unique enough to find one request's lines.
  private static func newID() -> String {
    let value = UInt64.random(in: .min ... .max)
    let hex = String(value, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
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
/// the connection is closed (docs/decisions.md, "Oversized bodies").
private func drainLimit(for maxBodyBytes: Int) -> Int {
  let (limit, overflow) = maxBodyBytes.multipliedReportingOverflow(by: 4)
  return overflow ? .max : limit
}

/// A started daemon and the context its callbacks were given.
private struct RunningDaemon: @unchecked Sendable {
  // NB: @unchecked because `OpaquePointer` is not Sendable; the pointer is only used to stop the
  // daemon, once, by whoever took it out of the server's mutex.
  let handle: OpaquePointer
  let port: UInt16
  let context: Unmanaged<ServerContext>

  static func start(
    _ configuration: MicroHTTPDServer.Configuration, context: ServerContext
  ) throws(MicroHTTPDServer.StartError) -> RunningDaemon {
    guard var address = SocketAddress(host: configuration.host, port: configuration.port) else {
      throw .unknownHost(configuration.host)
    }
    returnLargeBuffersToTheSystem
    var flags =
      MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_POLL.rawValue
      | MHD_ALLOW_SUSPEND_RESUME.rawValue
    if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
    let retained = Unmanaged.passRetained(context)
    let handle = withUnsafeMutablePointer(to: &address.storage) { storage in
      var options = [
        MHD_OptionItem(
          option: .NOTIFY_COMPLETED,
          value: Int(bitPattern: unsafeBitCast(releaseRequest, to: UnsafeRawPointer.self)),
          ptr_value: retained.toOpaque()),
        MHD_OptionItem(
          option: .URI_LOG_CALLBACK,
          value: Int(bitPattern: unsafeBitCast(keepTarget, to: UnsafeRawPointer.self)),
          ptr_value: retained.toOpaque()),
        MHD_OptionItem(
          option: .NOTIFY_CONNECTION,
          value: Int(bitPattern: unsafeBitCast(forgetConnection, to: UnsafeRawPointer.self)),
          ptr_value: retained.toOpaque()),
        MHD_OptionItem(option: .SOCK_ADDR, value: 0, ptr_value: storage),
        MHD_OptionItem(
          option: .CONNECTION_TIMEOUT,
          value: min(max(0, configuration.connectionTimeoutSeconds), Int(UInt32.max)),
          ptr_value: nil),
      ]
      if configuration.threadCount > 1 {
        options.append(
          MHD_OptionItem(
            option: .THREAD_POOL_SIZE, value: configuration.threadCount, ptr_value: nil))
      }
      options.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))
      return perform_mhd_start_daemon(
        UInt32(flags), configuration.port, answerRequest, retained.toOpaque(), &options)
    }
    guard let handle else {
      let reason = String(cString: strerror(errno))
      retained.release()
      throw .cannotListen(host: configuration.host, port: configuration.port, reason: reason)
    }
    return RunningDaemon(handle: handle, port: perform_mhd_bound_port(handle), context: retained)
  }

  /// Stops the daemon; once MHD_stop_daemon returns no callback runs any more. Every request
  /// taken by a worker is answered first: MHD must not be stopped with a connection suspended.
  func stop() {
    let scheduler = context.takeUnretainedValue().scheduler
    scheduler.drain()
    MHD_stop_daemon(handle)
    scheduler.reopen()
    context.release()
  }
}

/// An address to listen on, resolved from a host and port.
private struct SocketAddress {
  var storage = sockaddr_storage()
  var isIPv6 = false

  init?(host: String, port: UInt16) {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
      return nil
    }
    defer { freeaddrinfo(found) }
    guard let address = first.pointee.ai_addr,
      Int(first.pointee.ai_addrlen) <= MemoryLayout<sockaddr_storage>.size
    else { return nil }
    withUnsafeMutableBytes(of: &storage) { target in
      target.copyMemory(
        from: UnsafeRawBufferPointer(start: address, count: Int(first.pointee.ai_addrlen)))
    }
    isIPv6 = first.pointee.ai_family == AF_INET6
  }
}

/// MHD's access handler: called once when the headers are in, once per piece of body, and once
/// when the request is complete.
private let answerRequest: MHD_AccessHandlerCallback = {
  serverContext, connection, url, method, _, uploadData, uploadDataSize, requestSlot in
  guard let serverContext, let connection, let uploadDataSize, let requestSlot else {
    return .NO
  }
  let server = Unmanaged<ServerContext>.fromOpaque(serverContext).takeUnretainedValue()
  guard let slot = requestSlot.pointee else {
    // The headers are in. First what they alone decide (the target, the headers, the route and
    // its token: `Router.admit`), before any body is read or `100 Continue` sent; then the
    // size. A declared body over the limit is refused before it is sent when the client waits
    // for `100 Continue` or the body is too big to read; otherwise it is read and thrown away,
    // and refused at its end.
    let body = RequestBody()
    requestSlot.pointee = Unmanaged.passRetained(body).toOpaque()
    switch requestHead(connection, url: url, method: method, server: server) {
    case .failure(let refusal):
      body.head = HTTPRequest(
        method: HTTPMethod(rawValue: method.map { String(cString: $0) } ?? ""),
        path: "(unreadable)", id: body.id)
      return send(refusal.response, on: connection, for: body)
    case .success(var head):
      head.id = body.id
      body.head = head
    }
    if let head = body.head, let refusal = server.admit(head) {
      return send(refusal, on: connection, for: body)
    }
    if let head = body.head, !server.exempt(head) {
      let address = InFlightBudget.clientAddress(
        peer: peerAddress(connection), forwardedFor: head.headers["X-Forwarded-For"],
        trustedProxies: server.trustedProxies)
      guard server.budget.withLock({ $0.admitRequest(from: address) }) else {
        return send(
          busy("Too many requests from your address are in flight"), on: connection, for: body)
      }
      body.address = address
    }
    if let declared = declaredBodyLength(connection), declared > UInt64(server.maxBodyBytes) {
      if waitsForContinue(connection) || declared > UInt64(drainLimit(for: server.maxBodyBytes)) {
        return send(tooLarge(server.maxBodyBytes), on: connection, for: body)
      }
      body.isTooLarge = true
    } else if let declared = declaredBodyLength(connection), declared > 0 {
      // Reserved up front, so a body is refused before it is read rather than half-way.
      guard server.budget.withLock({ $0.reserve(Int(declared)) }) else {
        return send(
          busy("The server holds as many request bodies as it may"), on: connection, for: body)
      }
      body.reserved = Int(declared)
      body.bytes.reserveCapacity(Int(declared))
    }
    return .YES
  }
  let body = Unmanaged<RequestBody>.fromOpaque(slot).takeUnretainedValue()
  let count = uploadDataSize.pointee
  if count > 0 {
    body.bytesIn += count
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
        return send(
          busy("The server holds as many request bodies as it may"), on: connection, for: body)
      }
      body.reserved += more
    }
    if body.isTooLarge {
      body.discarded += count
      uploadDataSize.pointee = 0
      // A chunked body that goes on and on is cut short: answer now and close.
      return body.discarded > drainLimit(for: server.maxBodyBytes)
        ? send(tooLarge(server.maxBodyBytes), on: connection, for: body) : .YES
    } else if let uploadData {
      body.bytes.append(
        UnsafeRawPointer(uploadData).assumingMemoryBound(to: UInt8.self), count: count)
    }
    uploadDataSize.pointee = 0
    return .YES
  }
  if body.isTooLarge { return send(tooLarge(server.maxBodyBytes), on: connection, for: body) }
  if body.isAnswered { return .YES }
  guard var request = body.head else { return .NO }
  request.body = body.bytes
  body.bytes = Data()
  body.isAnswered = true
  // The handler runs on a worker (`RequestScheduler`); the connection is suspended meanwhile,
  // and the worker queues the answer (allowed on a suspended connection) and resumes it.
  let suspended = SuspendedConnection(pointer: connection)
  MHD_suspend_connection(connection)
  let client = request.headers["Authorization"] ?? ""
  let complete = request
  let state = body
  let taken = server.scheduler.submit(for: client) {
    _ = send(server.handler(complete), on: suspended.pointer, for: state)
    MHD_resume_connection(suspended.pointer)
  }
  if !taken {
    _ = send(busy("Too many of your requests are waiting"), on: connection, for: body)
    MHD_resume_connection(connection)
  }
  return .YES
}

/// A connection handed to a worker while MHD holds it suspended.
private struct SuspendedConnection: @unchecked Sendable {
  // NB: @unchecked because `OpaquePointer` is not Sendable; while suspended, MHD touches the
  // connection only when the worker resumes it, so one thread uses it at a time.
  let pointer: OpaquePointer
}

/// The request as its headers describe it (target, query, header fields), with no body yet; or
/// the 400 answer when the query or a header cannot be read exactly.
private func requestHead(
  _ connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
  server: ServerContext
) -> Result<HTTPRequest, HTTPError> {
  let key = ConnectionKey(pointer: connection)
  let target = RequestTarget(
    server.targets.withLock { $0.removeValue(forKey: key) } ?? url.map { String(cString: $0) }
      ?? "/")
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

// NB: MHD's URI callback sees the request target before MHD decodes it; the target is kept per
// connection until the access handler takes it, and dropped when the connection closes (MHD
// calls the completed callback only for requests that reached the handler, so nothing is
// allocated per request here). A target with more query arguments than any route takes is cut
// off at once: MHD 0.9.75 parses the arguments into the connection's 32 KiB memory pool before
// any handler runs and, with about 456 of them, waits without answering until the 60 s timeout.

/// MHD's URI callback: keeps the raw target; shuts down a connection whose target has too many
/// query arguments (MHD then closes it when its next read ends).
private let keepTarget:
  @convention(c) (
    UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?
  ) -> UnsafeMutableRawPointer? = { serverContext, uri, connection in
    guard let serverContext, let uri, let connection else { return nil }
    let server = Unmanaged<ServerContext>.fromOpaque(serverContext).takeUnretainedValue()
    let raw = String(
      decoding: UnsafeRawBufferPointer(start: uri, count: strlen(uri)), as: UTF8.self)
    if RequestTarget(raw).queryArgumentCount > RequestTarget.maximumQueryArguments {
      let socket = perform_mhd_connection_fd(connection)
      if socket >= 0 { shutdown(socket, Int32(SHUT_RDWR)) }
      return nil
    }
    server.targets.withLock { $0[ConnectionKey(pointer: connection)] = raw }
    return nil
  }

/// MHD's connection callback: forgets a closed connection's target that no handler took.
private let forgetConnection: MHD_NotifyConnectionCallback = {
  serverContext, connection, _, code in
  guard code == .CONNECTION_NOTIFY_CLOSED, let serverContext, let connection else { return }
  let server = Unmanaged<ServerContext>.fromOpaque(serverContext).takeUnretainedValue()
  _ = server.targets.withLock { $0.removeValue(forKey: ConnectionKey(pointer: connection)) }
}

/// MHD's completed callback: frees the request's body and gives back what it counted in the
/// budget, however the request ended.
private let releaseRequest: MHD_RequestCompletedCallback = {
  serverContext, _, requestSlot, _ in
  guard let requestSlot, let slot = requestSlot.pointee else { return }
  let body = Unmanaged<RequestBody>.fromOpaque(slot).takeRetainedValue()
  requestSlot.pointee = nil
  guard let serverContext else { return }
  let server = Unmanaged<ServerContext>.fromOpaque(serverContext).takeUnretainedValue()
  if body.address != nil || body.reserved > 0 {
    server.budget.withLock { budget in
      if let address = body.address { budget.releaseRequest(from: address) }
      budget.release(body.reserved)
    }
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
private func busy(_ reason: String) -> HTTPResponse {
  var response = HTTPResponse.error(
    .serviceUnavailable, code: "busy", message: "\(reason); try again in a second.")
  response.headers["Retry-After"] = "1"
  return response
}

/// The numeric address of the connection's peer, or `unknown`.
private func peerAddress(_ connection: OpaquePointer) -> String {
  var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
  guard perform_mhd_client_address(connection, &buffer, buffer.count) == 0 else {
    return "unknown"
  }
  return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

private func tooLarge(_ limit: Int) -> HTTPResponse {
  .error(
    .contentTooLarge, code: "body_too_large",
    message: "The request body is larger than the \(limit) bytes accepted.")
}

/// Whether the client sent `Expect: 100-continue` and waits for the go-ahead before its body.
private func waitsForContinue(_ connection: OpaquePointer) -> Bool {
  MHD_lookup_connection_value(connection, .HEADER_KIND, "Expect").map {
    String(cString: $0).lowercased() == "100-continue"
  } ?? false
}

/// The `Content-Length` the client declared (libmicrohttpd has already refused a malformed one).
private func declaredBodyLength(_ connection: OpaquePointer) -> UInt64? {
  MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length").flatMap {
    UInt64(String(cString: $0))
  }
}

/// The request's header fields, read with their lengths; `nil` when a name or value holds a
/// NUL byte (which a C string would cut short) or bytes that are not UTF-8.
private func headerFields(on connection: OpaquePointer) -> [HTTPHeaderField]? {
  var fields: [HTTPHeaderField]? = []
  withUnsafeMutablePointer(to: &fields) { target in
    _ = MHD_get_connection_values_n(
      connection, .HEADER_KIND,
      { target, _, key, keySize, value, valueSize in
        guard let target else { return .NO }
        let fields = target.assumingMemoryBound(to: [HTTPHeaderField]?.self)
        guard let name = exactText(key, keySize), let text = exactText(value, valueSize) else {
          fields.pointee = nil
          return .NO
        }
        fields.pointee?.append(HTTPHeaderField(name: name, value: text))
        return .YES
      }, target)
  }
  return fields
}

/// `count` bytes at `pointer` as text; `nil` when they hold a NUL or are not UTF-8.
private func exactText(_ pointer: UnsafePointer<CChar>?, _ count: Int) -> String? {
  guard let pointer else { return "" }
  let bytes = UnsafeRawBufferPointer(start: pointer, count: count)
  guard !bytes.contains(0) else { return nil }
  return String(validating: bytes, as: UTF8.self)
}

/// Queues `response`; a status outside 100...599 is sent as 500, and a header MHD refuses (one
/// with a line break, say) is left out.
private func send(
  _ response: HTTPResponse, on connection: OpaquePointer, for request: RequestBody
) -> MHD_Result {
  var response = response
  if !(100...599).contains(response.status.code) {
    response = .error(
      .internalServerError, code: "internal_error",
      message: "The server could not complete the request.")
  }
  response.headers["X-Request-Id"] = request.id
  request.status = response.status.code
  request.bytesOut = response.body.count
  let created = response.body.withUnsafeBytes { bytes in
    bytes.isEmpty
      ? MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
      : MHD_create_response_from_buffer(
        bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
  }
  guard let created else { return .NO }
  defer { MHD_destroy_response(created) }
  for field in response.headers where !HTTPHeaders.namesMatch(field.name, "Content-Length") {
    _ = MHD_add_response_header(created, field.name, field.value)
  }
  return MHD_queue_response(connection, UInt32(response.status.code), created)
}

// NB: glibc maps allocations above a threshold directly and unmaps them when freed, but raises
// the threshold each time such a block is freed (up to 32 MiB), after which a burst of 1 MiB
// bodies lands on the heap and stays there: 200 uploads left the server near 300 MB after they
// closed. Fixing the threshold at glibc's default keeps every body buffer (reserved whole from
// its Content-Length) a mapping of its own, returned to the system when the request ends.

/// Fixes glibc's mmap threshold at 128 KiB, once per process.
private let returnLargeBuffersToTheSystem: Void = {
  _ = perform_fix_mmap_threshold(128 * 1024)
}()
