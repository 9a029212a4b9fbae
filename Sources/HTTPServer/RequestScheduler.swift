import Dispatch
import Foundation
import LockedValue
import Synchronization

// NB: the workers are threads of the scheduler's own. They were Dispatch's global queue, which on
// Linux runs about one thread per core for work that does not block: on two cores two handlers
// ran at once whatever `workerCount` said, and a light trainee's request, admitted at once, waited
// behind a heavy trainee's (the neighbour benchmark: p50 0.5 ms alone, 2 s beside). With threads
// of its own, the light request runs beside the heavy ones and only shares the cores.

/// Runs request handlers on a bounded pool of worker threads shared fairly among clients
/// (`FairQueue`), off libmicrohttpd's event threads, so a slow request holds one worker of its
/// own client's and never a connection of anyone else's.
final class RequestScheduler: Sendable {
  /// A handler's work; it returns what to do once its worker is counted free again (resume the
  /// connection), or `nil`.
  typealias Job = @Sendable () -> (@Sendable () -> Void)?

  private struct State {
    var queue: FairQueue<Job>
    var closing = false
    /// Jobs admitted to run, waiting for a thread to take them.
    var ready: [(client: String, job: Job)] = []
    /// Worker threads started; they stop when the scheduler drains.
    var threads = 0
    var stopping = false
  }

  private let workers: Int
  private let state: Locked<State>
  /// `state.closing`, readable without the lock (`isClosing`).
  private let closing = Atomic<Bool>(false)
  /// Signalled once per ready job, and once per thread to stop.
  private let wake = DispatchSemaphore(value: 0)
  /// Entered for every job taken, left when it has run: `drain()` waits on it.
  private let pending = DispatchGroup()
  /// Entered by every worker thread, left when it stops.
  private let running = DispatchGroup()

  init(workers: Int, perClient: Int, queuedPerClient: Int) {
    self.workers = workers
    state = Locked(
      State(
        queue: FairQueue(
          workers: workers, perClient: perClient, queuedPerClient: queuedPerClient)))
  }

  /// Takes `job` for `client`: it runs now or once a worker is free for it. `false` when the
  /// client already has as many jobs waiting as it may, or the scheduler is closing; the job
  /// will not run.
  func submit(for client: String, _ job: @escaping Job) -> Bool {
    // NB: the job is counted before it can be seen: once it is in `ready` or the fair queue, a
    // worker awake already (or finishing another job) may run it and leave `pending` at once,
    // and a leave before its enter stops the process (libdispatch traps on an unbalanced
    // group). `GET /healthz` at 64 connections did that within seconds.
    pending.enter()
    let (admission, startThreads) = state.withLock {
      state -> (FairQueue<Job>.Admission, Int) in
      guard !state.closing else { return (.refused, 0) }
      let admission = state.queue.submit(job, for: client)
      if case .start(let job) = admission { state.ready.append((client, job)) }
      // Threads start with the first job, so a server never used holds none.
      let missing = state.threads == 0 ? workers : 0
      state.threads += missing
      return (admission, missing)
    }
    for _ in 0..<startThreads { startThread() }
    switch admission {
    case .refused:
      pending.leave()
      return false
    case .queued:
      return true
    case .start:
      wake.signal()
      return true
    }
  }

  /// Jobs running or about to (taken by the fair queue), and jobs waiting for a worker.
  var counts: (running: Int, waiting: Int) {
    state.withLock { ($0.queue.runningCount, $0.queue.waitingCount) }
  }

  /// Whether the scheduler takes no more jobs (it drains: the server stops).
  var isClosing: Bool { closing.load(ordering: .acquiring) }

  /// Takes no more jobs, waits until every job taken has run, and stops the worker threads.
  func drain() {
    state.withLock { $0.closing = true }
    closing.store(true, ordering: .releasing)
    pending.wait()
    let threads = state.withLock { state -> Int in
      state.stopping = true
      return state.threads
    }
    for _ in 0..<threads { wake.signal() }
    running.wait()
    state.withLock { state in
      state.threads = 0
      state.stopping = false
    }
  }

  /// Takes jobs again after `drain()` (a stopped server that starts again).
  func reopen() {
    closing.store(false, ordering: .releasing)
    state.withLock { $0.closing = false }
  }

  private func startThread() {
    running.enter()
    let thread = Thread { [self] in work() }
    thread.name = "perform-worker"
    thread.start()
  }

  /// One worker: runs ready jobs until told to stop.
  private func work() {
    defer { running.leave() }
    while true {
      wake.wait()
      let next = state.withLock { state -> (client: String, job: Job)? in
        state.ready.isEmpty ? nil : state.ready.removeFirst()
      }
      guard let (client, job) = next else {
        if state.withLock({ $0.stopping }) { return }
        continue
      }
      // NB: the worker is counted free before the connection is resumed: resumed first, the
      // client could send its next request before the count dropped, and one client on 64
      // connections found 65 of its requests taken and got 503 `busy`.
      let then = job()
      let following = state.withLock { state -> Bool in
        guard let following = state.queue.finish(for: client) else { return false }
        state.ready.append(following)
        return true
      }
      if following { wake.signal() }
      then?()
      pending.leave()
    }
  }
}

// NB: docs/security.md, "Workers shared by account": the line a request waits in was its raw
// `Authorization` field, so one trainee writing its token as `bearer T`, `Bearer  T`, ... had a
// line, and a share of the workers, per spelling, and a client with no token had one per junk
// value. The line is now the account the route's admission found (one account may hold several
// tokens), and every request no admission authenticated (the health routes, whatever they send)
// waits in one line of its own, with one account's share.

extension RequestScheduler {
  /// The line the requests that act for no account share.
  static let unauthenticatedLine = "unauthenticated"

  /// The line `request` waits in: its account's (`HTTPRequest.account`), or the one of the
  /// unauthenticated.
  static func line(of request: HTTPRequest) -> String {
    request.account.map { "account " + $0 } ?? unauthenticatedLine
  }
}
