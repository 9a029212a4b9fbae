import Foundation

// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history", "the writer ahead of the request threads": every write
// of the process waits for the one batch under way, yet its leader is one thread among all those
// running requests, and on two busy cores the scheduler left it waiting for a core for a third of
// each batch (68-89 µs of a log post's 230-300, read from `/proc/thread-self/schedstat`). Its batch
// therefore runs some nice steps ahead of the other threads. Lowering a nice value needs
// `CAP_SYS_NICE` or an `RLIMIT_NICE` allowing it (systemd's `LimitNICE=`); without either, the
// leader runs as every other thread, as before. A process under a seccomp filter (a hardened
// systemd unit such as examples/deploy's, whose `SystemCallFilter=~@resources` kills a process that
// calls `setpriority`, a container runtime's profile) never tries: which calls the filter allows
// cannot be asked, only found out by being killed.

/// Runs a batch's leader ahead of the process's other threads, when the process may.
package struct LeaderPriority: Sendable {
  /// How many nice steps the leader runs ahead; 0: not at all.
  let steps: Int32

  /// The leader as every other thread.
  package static let none = LeaderPriority(steps: 0)

  /// `steps` ahead when this process may lower a thread's nice value that far, else `none`;
  /// `none` without trying when `processStatus` (`/proc/self/status`) shows a seccomp filter.
  package static func ifPermitted(
    steps: Int32, processStatus: String? = ownStatus()
  ) -> LeaderPriority {
    guard steps > 0, !isFiltered(processStatus), let before = currentNice() else { return .none }
    let raised = max(-20, before - steps)
    guard setNice(raised) else { return .none }
    _ = setNice(before)
    return LeaderPriority(steps: before - raised)
  }

  /// The process's: 10 steps when permitted (root, `CAP_SYS_NICE`, or `RLIMIT_NICE`).
  package static let process = ifPermitted(steps: 10)

  /// Runs `body` with the calling thread `steps` ahead, and puts its nice value back after.
  func raised<T>(_ body: () throws -> T) rethrows -> T {
    guard steps > 0, let before = Self.currentNice(), Self.setNice(max(-20, before - steps))
    else {
      return try body()
    }
    defer { _ = Self.setNice(before) }
    return try body()
  }

  /// This process's `/proc/self/status`, or `nil` when it cannot be read.
  package static func ownStatus() -> String? {
    try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)
  }

  /// Whether `status` (a `/proc/<pid>/status`) has a `Seccomp:` line other than `0`: the
  /// process runs under seccomp, strict or filtered. An unreadable status is not filtered.
  static func isFiltered(_ status: String?) -> Bool {
    guard let status else { return false }
    for line in status.split(separator: "\n") where line.hasPrefix("Seccomp:") {
      return line.dropFirst("Seccomp:".count).trimmingCharacters(in: .whitespaces) != "0"
    }
    return false
  }

  /// The calling thread's nice value (Linux keeps one per thread), or `nil` when unreadable.
  static func currentNice() -> Int32? {
    errno = 0
    let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    return errno == 0 ? nice : nil
  }

  /// Sets the calling thread's nice value; `false` when not permitted.
  static func setNice(_ nice: Int32) -> Bool {
    setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice) == 0
  }
}
