// NB: one trainee cannot slow another. Requests are run by a bounded pool of workers, and no
// client (an account, or every unauthenticated request together: `RequestScheduler.line(of:)`)
// holds more than `perClient` of them:
// its further requests wait in its own line, and the lines take turns for free workers. So a
// trainee whose requests are slow (a long history, a large day) waits behind itself, and
// everyone else is answered by the workers it cannot take. A line longer than `queuedPerClient`
// is refused (503 with `Retry-After`), so no client can make the server hold unbounded work.

/// The scheduling decisions of a pool of workers shared fairly among clients: which job starts
/// when one is submitted and when one finishes. A value with no threads and no clock, so every
/// rule is a table test; `RequestScheduler` runs it.
public struct FairQueue<Job> {
  /// Workers in all.
  public let workers: Int
  /// The most workers one client may hold at once.
  public let perClient: Int
  /// The most jobs one client may have waiting.
  public let queuedPerClient: Int

  private var running: [String: Int] = [:]
  private var waiting: [String: [Job]] = [:]
  /// Clients with waiting jobs, in the order they take turns.
  private var turns: [String] = []
  private var busy = 0

  /// A queue for `workers` workers, at most `perClient` of them for one client, and at most
  /// `queuedPerClient` jobs waiting per client.
  public init(workers: Int, perClient: Int, queuedPerClient: Int) {
    precondition(workers >= 1 && perClient >= 1 && queuedPerClient >= 0)
    self.workers = workers
    self.perClient = min(perClient, workers)
    self.queuedPerClient = queuedPerClient
  }

  /// What became of a submitted job.
  public enum Admission {
    /// Start it now, on a free worker.
    case start(Job)
    /// It waits for a worker.
    case queued
    /// The client already has `queuedPerClient` jobs waiting; the job is not taken.
    case refused
  }

  /// Submits `job` for `client`.
  public mutating func submit(_ job: Job, for client: String) -> Admission {
    if busy < workers, running[client, default: 0] < perClient, waiting[client] == nil {
      busy += 1
      running[client, default: 0] += 1
      return .start(job)
    }
    guard waiting[client, default: []].count < queuedPerClient else { return .refused }
    if waiting[client] == nil { turns.append(client) }
    waiting[client, default: []].append(job)
    return .queued
  }

  /// Marks a job of `client` finished and returns the jobs to start on the freed worker (at
  /// most one), taken from the next client in turn that may run one more.
  public mutating func finish(for client: String) -> (client: String, job: Job)? {
    busy -= 1
    running[client, default: 1] -= 1
    if running[client] == 0 { running[client] = nil }
    guard let turn = turns.firstIndex(where: { running[$0, default: 0] < perClient }) else {
      return nil
    }
    let next = turns.remove(at: turn)
    var jobs = waiting[next] ?? []
    let job = jobs.removeFirst()
    if jobs.isEmpty {
      waiting[next] = nil
    } else {
      waiting[next] = jobs
      turns.append(next)
    }
    busy += 1
    running[next, default: 0] += 1
    return (next, job)
  }

  /// Jobs running now.
  public var runningCount: Int { busy }
  /// Jobs waiting for a worker.
  public var waitingCount: Int { waiting.values.reduce(0) { $0 + $1.count } }
}
