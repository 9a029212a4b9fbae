import Dispatch

/// Runs request handlers on a bounded pool of workers shared fairly among clients (`FairQueue`),
/// off libmicrohttpd's event threads, so a slow request holds one worker of its own client's and
/// never a connection of anyone else's.
final class RequestScheduler: Sendable {
  typealias Job = @Sendable () -> Void

  private struct State {
    var queue: FairQueue<Job>
    var closing = false
  }

  private let state: Locked<State>
  /// Entered for every job taken, left when it has run: `drain()` waits on it.
  private let pending = DispatchGroup()

  init(workers: Int, perClient: Int, queuedPerClient: Int) {
    state = Locked(
      State(
        queue: FairQueue(
          workers: workers, perClient: perClient, queuedPerClient: queuedPerClient)))
  }

  /// Takes `job` for `client`: it runs now or once a worker is free for it. `false` when the
  /// client already has as many jobs waiting as it may, or the scheduler is closing; the job
  /// will not run.
  func submit(for client: String, _ job: @escaping Job) -> Bool {
    let admission = state.withLock { state -> FairQueue<Job>.Admission in
      state.closing ? .refused : state.queue.submit(job, for: client)
    }
    switch admission {
    case .refused:
      return false
    case .queued:
      pending.enter()
      return true
    case .start(let job):
      pending.enter()
      run(job, for: client)
      return true
    }
  }

  /// Takes no more jobs and waits until every job taken has run.
  func drain() {
    state.withLock { $0.closing = true }
    pending.wait()
  }

  /// Takes jobs again after `drain()` (a stopped server that starts again).
  func reopen() {
    state.withLock { $0.closing = false }
  }

  private func run(_ job: @escaping Job, for client: String) {
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      job()
      let next = state.withLock { $0.queue.finish(for: client) }
      pending.leave()
      if let next { run(next.job, for: next.client) }
    }
  }
}
