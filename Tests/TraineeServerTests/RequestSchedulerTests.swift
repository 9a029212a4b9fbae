import Dispatch
import Foundation
import LockedValue
import Testing

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// The scheduler's bookkeeping under many short jobs submitted from several threads at once.
@Suite(.timeLimit(.minutes(2))) struct RequestSchedulerTests {
  // NB: a job was counted (`pending.enter()`) only after it was visible to the workers, so a
  // worker awake already could run it and leave the group first: libdispatch traps on that, and
  // `GET /healthz` at 64 connections stopped the server within seconds. With many trivial jobs
  // from four threads the old order trapped here on most runs.
  @Test func everyJobSubmittedFromManyThreadsRunsOnceAndDrainReturns() async {
    let ran = await withCheckedContinuation { (done: CheckedContinuation<[Int], Never>) in
      let thread = Thread {
        let scheduler = RequestScheduler(workers: 8, perClient: 2, queuedPerClient: 100_000)
        let counts = Locked([Int](repeating: 0, count: 4 * 5_000))
        let submitters = DispatchGroup()
        for submitter in 0..<4 {
          submitters.enter()
          let thread = Thread {
            for index in 0..<5_000 {
              let job = submitter * 5_000 + index
              let taken = scheduler.submit(for: "client \(index % 3)") {
                counts.withLock { $0[job] += 1 }
                return nil
              }
              precondition(taken)
            }
            submitters.leave()
          }
          thread.start()
        }
        submitters.wait()
        scheduler.drain()
        done.resume(returning: counts.withLock { $0 })
      }
      thread.start()
    }
    #expect(ran.allSatisfy { $0 == 1 })
  }

  // NB: the answer's connection was resumed before its worker was counted free, so a client
  // that sent its next request at once could find its own finished request still counted and
  // be refused: one trainee on 64 connections got thousands of 503s.
  @Test func aRequestSentAsSoonAsTheLastIsAnsweredIsTakenWhenTheLineWasFull() async {
    let taken = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
      Thread {
        let scheduler = RequestScheduler(workers: 1, perClient: 1, queuedPerClient: 1)
        let release = DispatchSemaphore(value: 0)
        let answered = DispatchSemaphore(value: 0)
        let next = Locked(false)
        // The first job holds the only worker until the second waits in the line (full).
        _ = scheduler.submit(for: "phone") {
          release.wait()
          return {
            // The answer is out: the phone sends its next request now.
            next.withLock { $0 = scheduler.submit(for: "phone") { nil } }
            answered.signal()
          }
        }
        _ = scheduler.submit(for: "phone") { nil }
        release.signal()
        answered.wait()
        scheduler.drain()
        done.resume(returning: next.withLock { $0 })
      }.start()
    }
    #expect(taken)
  }

  /// A server that stops sends no kept answer from MHD's thread: it asks `isClosing` first.
  @Test func itSaysItIsClosingFromDrainUntilReopened() {
    let scheduler = RequestScheduler(workers: 1, perClient: 1, queuedPerClient: 1)
    #expect(!scheduler.isClosing)
    scheduler.drain()
    #expect(scheduler.isClosing)
    #expect(!scheduler.submit(for: "a") { nil })
    scheduler.reopen()
    #expect(!scheduler.isClosing)
  }
}
