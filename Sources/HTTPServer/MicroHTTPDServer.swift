import CMicroHTTPD
import Foundation
import LockedValue
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

// NB: docs/architecture.md, "C libraries": the MicroHTTPDServer*.swift files are the only ones that
// touch libmicrohttpd's pointers and callbacks (this one: the daemon; +Requests: the callbacks and
// each request's state; +Connection: reading and answering a connection, and the connection
// guards' callbacks). The callbacks run on MHD's own threads; they are plain nonisolated
// functions (docs/architecture.md, "C libraries"), and hand each complete request to a worker
// (`RequestScheduler`) while its connection is suspended.

/// An HTTP/1.1 server on GNU libmicrohttpd: its own event threads (polling with `poll`) read
/// requests and write answers, and a pool of workers shared fairly among clients runs the
/// handler.
///
/// Each request is refused from its headers where it can be (`admit`), then read in full (a body
/// over `maxBodyBytes` is refused with 413 without being kept; see ``drainLimit(for:)`` for when
/// the refusal waits for the body), then handed to the handler on a worker; the handler's answer
/// is sent with its headers. The handler must not call `stop()`.
public final class MicroHTTPDServer: Sendable {
  /// Where the server listens and what it accepts.
  public struct Configuration: Equatable, Sendable {
    /// The address to listen on: an IP literal such as `127.0.0.1` or `::1`, or a host name.
    public var host: String
    /// The port to listen on; 0 picks a free one (see `MicroHTTPDServer.port`).
    public var port: UInt16
    /// Threads in the pool answering requests; at least 1. By default eight per core, so that a
    /// flood on a few connections holds few of them and the kernel's scheduler gives the others
    /// their turn (docs/security.md, "A flood of /readyz").
    public var threadCount: Int
    /// The largest request body accepted; a larger one is answered 413.
    public var maxBodyBytes: Int
    /// Seconds a connection may stay idle before the server closes it; 0 never closes it.
    public var connectionTimeoutSeconds: Int
    /// Workers running request handlers, off MHD's event threads; at least 1.
    public var workerCount: Int
    /// The most workers one account (or all unauthenticated requests together) holds at once
    /// (`FairQueue`, `RequestScheduler.line(of:)`).
    public var workersPerClient: Int
    /// The most requests of one client waiting for a worker; beyond, 503 with `Retry-After`.
    public var queuedPerClient: Int
    /// The most bytes of request bodies held at once, over all requests (`InFlightBudget`).
    public var maxBodyBytesInFlight: Int
    /// The most requests in flight from one client address; beyond, 503 with `Retry-After`.
    public var maxRequestsPerAddress: Int
    /// Addresses of reverse proxies whose `X-Forwarded-For` names the client.
    public var trustedProxies: Set<String>
    /// Bodies read before their sender is known (`BodyAcceptance.beforeAdmission`).
    public var unauthenticatedBodies = UnauthenticatedBodyLimits()

    // Connections held open (docs/security.md, "Connections held open").
    /// The most connections open at once; beyond, a new one waits in the system's backlog.
    public var maxConnections: Int
    /// The most connections open at once from one client address (an IPv6 address counts with
    /// its /64); beyond, a new one is answered 503 `busy` and closed at once. Trusted proxies
    /// are exempt (they speak for many clients; the proxy limits each of them).
    public var maxConnectionsPerAddress: Int
    /// Seconds a connection has to send a request's whole header section, counted from its
    /// acceptance or from the end of its previous request, not moved by the bytes that arrive;
    /// then it is closed.
    public var headerDeadlineSeconds: Int

    /// A configuration; the event threads default to one per active core, the workers to 16
    /// per core (at least 64), two of them per client, and bodies to 1 MiB.
    ///
    /// NB: most of a write's time is its commit's fsync, which a worker waits through; the group
    /// commit shares one fsync among the writes in flight, so it can only be as good as the workers
    /// waiting together (docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md,
    /// "Throughput: kept answers, group commit and paged history"). Eight workers held writes of 64
    /// trainees to 3,000 a second on disk.
    public init(
      host: String = "127.0.0.1",
      port: UInt16 = 8080,
      threadCount: Int = 8 * ProcessInfo.processInfo.activeProcessorCount,
      maxBodyBytes: Int = 1 << 20,
      connectionTimeoutSeconds: Int = 60,
      workerCount: Int = max(64, 16 * ProcessInfo.processInfo.activeProcessorCount),
      workersPerClient: Int = 2,
      queuedPerClient: Int = 64,
      maxBodyBytesInFlight: Int = 64 << 20,
      maxRequestsPerAddress: Int = 32,
      trustedProxies: Set<String> = [],
      maxConnections: Int = 1000,
      maxConnectionsPerAddress: Int = 64,
      headerDeadlineSeconds: Int = 30
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
      self.maxConnections = max(1, maxConnections)
      self.maxConnectionsPerAddress = max(1, maxConnectionsPerAddress)
      self.headerDeadlineSeconds = max(1, headerDeadlineSeconds)
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
  let context: ServerContext
  private let daemon = Locked<RunningDaemon?>(nil)

  /// A server that answers every request with `handler`; it listens once `start()` is called.
  ///
  /// `admit` is asked when a request's headers are in, before its body is read: an answer it
  /// gives is sent at once (no body read, no `100 Continue`); `nil` goes on to the body and
  /// `handler`. What it keeps in the request (`Router.admit(_:)` keeps the route it found) is
  /// what the later closures are given.
  ///
  /// `completed` is told of every request once it is over (answered, or its client gone), on
  /// one of MHD's threads: it must return at once (an access log queues the line).
  ///
  /// `answerAtOnce` is asked when a request is complete, on MHD's thread, before it is handed to
  /// a worker: an answer it gives is sent from there (no hand-off); `nil` goes on to `handler`.
  /// It must not wait for anything but a local read (a kept answer, `Router.respondFromKept`).
  /// It is not asked while the server stops (every request is then 503 `busy`).
  ///
  /// `bodyAcceptance` is asked once `admit` has let a request through: whether it may carry a
  /// body, and from which budget (`BodyAcceptance`). A server told nothing takes no body.
  public init(
    configuration: Configuration,
    admit: @escaping @Sendable (inout HTTPRequest) -> HTTPResponse? = { _ in nil },
    exempt: @escaping @Sendable (HTTPRequest) -> Bool = { _ in false },
    bodyAcceptance: @escaping @Sendable (HTTPRequest) -> BodyAcceptance = { _ in .takesNone },
    completed: (@Sendable (CompletedRequest) -> Void)? = nil,
    answerAtOnce: (@Sendable (HTTPRequest) -> HTTPResponse?)? = nil,
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) {
    self.configuration = configuration
    self.context = ServerContext(
      handler: handler, answerAtOnce: answerAtOnce, admit: admit, exempt: exempt,
      bodyAcceptance: bodyAcceptance, maxBodyBytes: configuration.maxBodyBytes,
      scheduler: RequestScheduler(
        workers: configuration.workerCount, perClient: configuration.workersPerClient,
        queuedPerClient: configuration.queuedPerClient),
      budget: InFlightBudget(maxBodyBytes: configuration.maxBodyBytesInFlight),
      clients: ClientRequestCounts(limit: configuration.maxRequestsPerAddress),
      unauthenticatedBodies: UnauthenticatedBodies(configuration.unauthenticatedBodies),
      trustedProxies: configuration.trustedProxies,
      connections: ConnectionWatch(
        limits: OpenConnections.Limits(
          perAddress: configuration.maxConnectionsPerAddress,
          headerDeadline: .seconds(configuration.headerDeadlineSeconds),
          exempt: configuration.trustedProxies)),
      completed: completed)
  }

  /// A server that answers with `router`, refusing from the headers what it can (`Router.admit`).
  /// Its health routes are exempt from the per-address limit (`Router.isExemptFromLimits`), and
  /// each route reads the body it declared (`Router.bodyAcceptance(of:)`).
  public convenience init(
    configuration: Configuration, router: Router,
    completed: (@Sendable (CompletedRequest) -> Void)? = nil
  ) {
    self.init(
      configuration: configuration, admit: { router.admit(&$0) },
      exempt: { router.isExemptFromLimits($0) },
      bodyAcceptance: { router.bodyAcceptance(of: $0) }, completed: completed,
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

  // NB: a graceful stop (SIGTERM) stops accepting connections at once, lets every request
  // already begun finish (its body may still be arriving) for at most `timeout`, then stops. A
  // request begun is one whose headers came in; an idle keep-alive connection is closed without
  // waiting. What a handler acknowledged was committed before its answer, so nothing
  // acknowledged is lost either way.

  /// Requests whose headers came in and that have not ended yet.
  public var requestsInFlight: Int {
    daemon.withLock {
      $0?.context.takeUnretainedValue().requestsBegun.load(ordering: .relaxed)
    } ?? 0
  }

  /// Connections accepted and not yet closed (idle keep-alive ones included).
  public var connectionsOpen: Int {
    daemon.withLock { $0?.context.takeUnretainedValue().connectionsOpen.withLock { $0 } } ?? 0
  }

  /// Stops accepting connections, waits at most `timeout` for the requests begun to end, then
  /// stops; returns whether they all ended in time.
  @discardableResult
  public func drain(timeout: Duration) -> Bool {
    let running = daemon.withLock { $0 }
    guard let running else { return true }
    running.stopListening()
    let context = running.context.takeUnretainedValue()
    let deadline = ContinuousClock.now + timeout
    var ended = context.requestsBegun.load(ordering: .acquiring) == 0
    while !ended && ContinuousClock.now < deadline {
      usleep(10_000)
      ended = context.requestsBegun.load(ordering: .acquiring) == 0
    }
    stop()
    return ended
  }
}

/// What every callback of one server needs, shared by MHD's threads.
final class ServerContext: Sendable {
  let handler: @Sendable (HTTPRequest) -> HTTPResponse
  let answerAtOnce: (@Sendable (HTTPRequest) -> HTTPResponse?)?
  let admit: @Sendable (inout HTTPRequest) -> HTTPResponse?
  let exempt: @Sendable (HTTPRequest) -> Bool
  let bodyAcceptance: @Sendable (HTTPRequest) -> BodyAcceptance
  let maxBodyBytes: Int
  let scheduler: RequestScheduler
  let budget: Locked<InFlightBudget>
  /// The requests in flight per client address.
  let clients: ClientRequestCounts
  /// The budget of bodies read before their sender is known.
  let unauthenticatedBodies: UnauthenticatedBodies
  /// Requests whose headers came in and that have not ended yet (`MicroHTTPDServer.drain`).
  let requestsBegun = Atomic<Int>(0)
  /// Connections accepted and not yet closed.
  let connectionsOpen = Locked(0)
  let trustedProxies: Set<String>
  /// The connections open per address, and their header deadlines.
  let connections: ConnectionWatch
  let completed: (@Sendable (CompletedRequest) -> Void)?

  init(
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse,
    answerAtOnce: (@Sendable (HTTPRequest) -> HTTPResponse?)?,
    admit: @escaping @Sendable (inout HTTPRequest) -> HTTPResponse?,
    exempt: @escaping @Sendable (HTTPRequest) -> Bool,
    bodyAcceptance: @escaping @Sendable (HTTPRequest) -> BodyAcceptance, maxBodyBytes: Int,
    scheduler: RequestScheduler, budget: InFlightBudget, clients: ClientRequestCounts,
    unauthenticatedBodies: UnauthenticatedBodies, trustedProxies: Set<String>,
    connections: ConnectionWatch,
    completed: (@Sendable (CompletedRequest) -> Void)?
  ) {
    self.completed = completed
    self.handler = handler
    self.answerAtOnce = answerAtOnce
    self.admit = admit
    self.exempt = exempt
    self.bodyAcceptance = bodyAcceptance
    self.unauthenticatedBodies = unauthenticatedBodies
    self.maxBodyBytes = maxBodyBytes
    self.scheduler = scheduler
    self.budget = Locked(budget)
    self.clients = clients
    self.trustedProxies = trustedProxies
    self.connections = connections
  }
}

/// A started daemon and the context its callbacks were given.
struct RunningDaemon: @unchecked Sendable {
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
          value: Int(bitPattern: unsafeBitCast(releaseWatchedRequest, to: UnsafeRawPointer.self)),
          ptr_value: retained.toOpaque()),
        MHD_OptionItem(
          option: .URI_LOG_CALLBACK,
          value: Int(bitPattern: unsafeBitCast(keepTarget, to: UnsafeRawPointer.self)),
          ptr_value: retained.toOpaque()),
        MHD_OptionItem(
          option: .NOTIFY_CONNECTION,
          value: Int(bitPattern: unsafeBitCast(watchConnection, to: UnsafeRawPointer.self)),
          ptr_value: retained.toOpaque()),
        MHD_OptionItem(option: .SOCK_ADDR, value: 0, ptr_value: storage),
        MHD_OptionItem(
          option: .CONNECTION_TIMEOUT,
          value: min(max(0, configuration.connectionTimeoutSeconds), Int(UInt32.max)),
          ptr_value: nil),
        MHD_OptionItem(
          option: .CONNECTION_LIMIT,
          // MHD shares the limit among its threads: each needs at least one.
          value: min(max(configuration.maxConnections, configuration.threadCount), Int(UInt32.max)),
          ptr_value: nil),
      ]
      if configuration.threadCount > 1 {
        options.append(
          MHD_OptionItem(
            option: .THREAD_POOL_SIZE, value: configuration.threadCount, ptr_value: nil))
      }
      options.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))
      return perform_mhd_start_daemon(
        UInt32(flags), configuration.port, answerWatchedRequest, retained.toOpaque(), &options)
    }
    guard let handle else {
      let reason = String(cString: strerror(errno))
      retained.release()
      throw .cannotListen(host: configuration.host, port: configuration.port, reason: reason)
    }
    context.connections.startWatching()
    return RunningDaemon(handle: handle, port: perform_mhd_bound_port(handle), context: retained)
  }

  /// Stops accepting new connections (MHD keeps serving the ones it has).
  func stopListening() {
    let listener = MHD_quiesce_daemon(handle)
    // NB: with MHD's own threads the socket stays open until MHD_stop_daemon, but no longer
    // accepts: shutting it down makes a client's connect fail at once instead of waiting in
    // the backlog for a server that will never read it.
    if listener >= 0 { shutdown(listener, Int32(SHUT_RDWR)) }
  }

  /// Stops the daemon; once MHD_stop_daemon returns no callback runs any more. Every request
  /// taken by a worker is answered first: MHD must not be stopped with a connection suspended.
  func stop() {
    let scheduler = context.takeUnretainedValue().scheduler
    scheduler.drain()
    MHD_stop_daemon(handle)
    context.takeUnretainedValue().connections.stopWatching()
    scheduler.reopen()
    context.release()
  }
}

// NB: glibc maps allocations above a threshold directly and unmaps them when freed, but raises
// the threshold each time such a block is freed (up to 32 MiB), after which a burst of 1 MiB
// bodies lands on the heap and stays there: 200 uploads left the server near 300 MB after they
// closed. Fixing the threshold at glibc's default keeps every body buffer (reserved whole from
// its Content-Length) a mapping of its own, returned to the system when the request ends.

/// Fixes glibc's mmap threshold at 128 KiB, once per process.
let returnLargeBuffersToTheSystem: Void = {
  _ = perform_fix_mmap_threshold(128 * 1024)
}()
