import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The server's connections (`OpenConnections`) under one lock, and a thread that shuts each
/// connection whose header section is overdue (docs/security.md, "Connections held open").
///
/// MHD's callbacks tell it what happens; it is the one place a socket MHD owns is shut from
/// another thread. That is safe because MHD tells of a connection's close before closing its
/// socket, and the close takes the same lock: a socket is never shut after its number could
/// have been given to another connection.
final class ConnectionWatch: @unchecked Sendable {
  // NB: @unchecked: `connections`, `isWatching` and `isStopping` are only touched while
  // `condition` is held.
  private let condition = NSCondition()
  private var connections: OpenConnections
  private var isWatching = false
  private var isStopping = false

  init(limits: OpenConnections.Limits) {
    connections = OpenConnections(limits: limits)
  }

  /// Counts a connection just accepted; `false` when its address has as many open as it may (the
  /// caller shuts it).
  func open(_ id: OpenConnections.ID, socket: Int32, address: String) -> Bool {
    locked {
      let hadDeadline = $0.hasDeadline
      let admitted = $0.open(id, socket: socket, address: address, at: .now)
      if admitted && !hadDeadline { condition.signal() }
      return admitted
    }
  }

  /// A request's headers came in; `false` when the connection must not be served.
  func headersArrived(_ id: OpenConnections.ID) -> Bool {
    locked { $0.headersArrived(id) }
  }

  /// A request ended; the next one's header section is due by the deadline.
  func requestEnded(_ id: OpenConnections.ID) {
    locked {
      let hadDeadline = $0.hasDeadline
      $0.requestEnded(id, at: .now)
      if !hadDeadline { condition.signal() }
    }
  }

  /// The connection closed.
  func close(_ id: OpenConnections.ID) {
    locked { $0.close(id) }
  }

  /// Connections counted now.
  var count: Int { locked { $0.count } }

  /// Starts the thread that shuts overdue connections (a server that starts).
  func startWatching() {
    let start = locked { _ -> Bool in
      guard !isWatching else { return false }
      isWatching = true
      isStopping = false
      return true
    }
    guard start else { return }
    let thread = Thread { [self] in watch() }
    thread.name = "perform-header-deadlines"
    thread.start()
  }

  /// Stops the thread and waits for it to end (a server that stops).
  func stopWatching() {
    condition.lock()
    defer { condition.unlock() }
    isStopping = true
    condition.broadcast()
    while isWatching { condition.wait() }
  }

  private func watch() {
    condition.lock()
    defer {
      isWatching = false
      condition.broadcast()
      condition.unlock()
    }
    while !isStopping {
      let now = ContinuousClock.now
      for socket in connections.overdue(at: now) {
        // MHD reads the end of the stream and closes the connection on its own thread.
        shutdown(socket, Int32(SHUT_RDWR))
      }
      if let next = connections.nextDeadline {
        let (seconds, attoseconds) = (next - now).components
        // A little after the deadline, so that those due together are shut together.
        _ = condition.wait(
          until: Date() + Double(seconds) + Double(attoseconds) / 1e18 + 0.05)
      } else {
        condition.wait()
      }
    }
  }

  private func locked<Result>(_ body: (inout OpenConnections) -> Result) -> Result {
    condition.lock()
    defer { condition.unlock() }
    return body(&connections)
  }
}
