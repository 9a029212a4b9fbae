import HTTPServer
import Synchronization

// NB: the routers are set once, when the database is open, and read by every request four times
// (admission, limits, handler, access log) on MHD's threads and the workers. Behind a lock those
// reads took turns with each other on every request (the lock's wake-ups were among the largest
// costs in a profile of `GET /workouts`); published once behind an atomic flag, they are plain
// reads.

/// The serving routers, published once; `nil` until then (the server answers 503 meanwhile).
final class ServingRouters: @unchecked Sendable {
  // NB: @unchecked: `routers` is written once, before `ready` is stored with release ordering,
  // and read only after `ready` is loaded true with acquire ordering.
  private let ready = Atomic<Bool>(false)
  private var routers: (router: Router, patterns: Router, answersAtOnce: Bool)?

  /// The routers once published, and whether kept answers are sent from MHD's threads.
  var current: (router: Router, patterns: Router, answersAtOnce: Bool)? {
    ready.load(ordering: .acquiring) ? routers : nil
  }

  /// Publishes the routers; called once. `answersAtOnce`: the store's reads are local, so a
  /// kept answer that checks the store is looked up and sent on MHD's thread
  /// (`Router.respondFromKept`); a route that reads nothing (`/healthz`) is sent from there
  /// either way.
  func publish(router: Router, patterns: Router, answersAtOnce: Bool) {
    precondition(!ready.load(ordering: .acquiring), "the routers are published once")
    routers = (router, patterns, answersAtOnce)
    ready.store(true, ordering: .releasing)
  }
}
