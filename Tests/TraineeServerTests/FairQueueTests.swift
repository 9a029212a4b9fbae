import Testing

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// `FairQueue`: a bounded pool shared among clients, none holding more than its share.
struct FairQueueTests {
  @Test func aClientHoldsAtMostItsShareAndWaitsBehindItself() {
    var queue = FairQueue<String>(workers: 4, perClient: 2, queuedPerClient: 10)
    #expect(started(queue.submit("h1", for: "heavy")) == "h1")
    #expect(started(queue.submit("h2", for: "heavy")) == "h2")
    #expect(isQueued(queue.submit("h3", for: "heavy")))
    // The heavy client's waiting job does not hold the workers it cannot use.
    #expect(started(queue.submit("l1", for: "light")) == "l1")
    #expect(started(queue.submit("o1", for: "other")) == "o1")
    #expect(queue.runningCount == 4)
    #expect(isQueued(queue.submit("l2", for: "light")))
    // A freed worker goes to the next client in turn that may run one more: not the heavy
    // client while it holds its share, even with a worker idle.
    #expect(queue.finish(for: "light")! == ("light", "l2"))
    #expect(queue.finish(for: "other") == nil)
    #expect(queue.runningCount == 3)
    #expect(queue.finish(for: "heavy")! == ("heavy", "h3"))
    #expect(queue.runningCount == 3)
    #expect(queue.waitingCount == 0)
  }

  @Test func aClientsJobsStartInTheOrderTheyCame() {
    var queue = FairQueue<Int>(workers: 1, perClient: 1, queuedPerClient: 10)
    #expect(started(queue.submit(1, for: "a")) == 1)
    for job in 2...4 { #expect(isQueued(queue.submit(job, for: "a"))) }
    #expect(queue.finish(for: "a")?.job == 2)
    #expect(queue.finish(for: "a")?.job == 3)
    #expect(queue.finish(for: "a")?.job == 4)
    #expect(queue.finish(for: "a") == nil)
  }

  @Test func waitingClientsTakeTurns() {
    var queue = FairQueue<String>(workers: 1, perClient: 1, queuedPerClient: 10)
    #expect(started(queue.submit("a1", for: "a")) == "a1")
    for job in ["a2", "a3"] { #expect(isQueued(queue.submit(job, for: "a"))) }
    for job in ["b1", "b2"] { #expect(isQueued(queue.submit(job, for: "b"))) }
    #expect(isQueued(queue.submit("c1", for: "c")))
    var order: [String] = []
    var finishing = "a"
    while let next = queue.finish(for: finishing) {
      order.append(next.job)
      finishing = next.client
    }
    #expect(order == ["a2", "b1", "c1", "a3", "b2"])
  }

  @Test func aLineLongerThanAllowedIsRefusedWithoutTouchingOthers() {
    var queue = FairQueue<Int>(workers: 2, perClient: 1, queuedPerClient: 2)
    #expect(started(queue.submit(1, for: "a")) == 1)
    #expect(isQueued(queue.submit(2, for: "a")))
    #expect(isQueued(queue.submit(3, for: "a")))
    #expect(isRefused(queue.submit(4, for: "a")))
    #expect(started(queue.submit(10, for: "b")) == 10)
    #expect(queue.waitingCount == 2)
  }

  private func started<Job>(_ admission: FairQueue<Job>.Admission) -> Job? {
    if case .start(let job) = admission { return job }
    return nil
  }

  private func isQueued<Job>(_ admission: FairQueue<Job>.Admission) -> Bool {
    if case .queued = admission { return true }
    return false
  }

  private func isRefused<Job>(_ admission: FairQueue<Job>.Admission) -> Bool {
    if case .refused = admission { return true }
    return false
  }
}
