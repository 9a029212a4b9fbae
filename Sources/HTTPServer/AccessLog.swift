import Dispatch
import Foundation
import LockedValue

#if canImport(Glibc)
  import Glibc
#endif

// NB: operators read one JSON object per line (jq, Loki, Elasticsearch, `journalctl -o cat`).
// Writing never blocks a request: a request's line is queued, and a thread of the log's own
// writes the queue out. A queue that is full (the disk or the pipe is slower than the requests)
// or a write that fails (a full disk) drops lines and counts them, never requests. A line never
// holds a token, a body, a query or a trainee's name: the route's pattern stands for the path.

/// JSON lines written to a file descriptor by a thread of their own.
public final class JSONLineLog: Sendable {
  /// The most lines waiting to be written; more are dropped (and counted).
  public static let capacity = 10_000

  private struct State {
    var lines: [String] = []
    var dropped = 0
    var closing = false
    var descriptor: Int32
    /// Descriptors replaced by `reopen()`, closed by the writer once it no longer uses them.
    var retired: [Int32] = []
  }

  /// The file the log appends to, when it was opened from a path (`reopen()` opens it again).
  private let path: String?
  private let state: Locked<State>
  private let wake = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)

  /// A log writing to `descriptor` (not closed by the log).
  public init(descriptor: Int32) {
    path = nil
    state = Locked(State(descriptor: descriptor))
    start()
  }

  /// A log appending to the file at `path`, created if need be; throws the system's reason
  /// when it cannot be opened.
  public init(appendingTo path: String) throws {
    self.path = path
    state = Locked(State(descriptor: try Self.open(path)))
    start()
  }

  private func start() {
    let thread = Thread { [self] in writeUntilClosed() }
    thread.name = "perform-log"
    thread.start()
  }

  private static func open(_ path: String) throws -> Int32 {
    let descriptor = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o640)
    guard descriptor >= 0 else {
      throw FileOpenError(path: path, reason: String(cString: strerror(errno)))
    }
    return descriptor
  }

  /// Opens the log's file again (after a log rotation moved it away: SIGHUP); a log written to
  /// a descriptor it was given keeps it. Throws when the file cannot be opened; the log then
  /// goes on writing where it did.
  public func reopen() throws {
    guard let path else { return }
    let descriptor = try Self.open(path)
    state.withLock { state in
      state.retired.append(state.descriptor)
      state.descriptor = descriptor
    }
    wake.signal()
  }

  /// Queues `line` (a newline is added); drops it when the queue is full.
  public func write(_ line: String) {
    let queued = state.withLock { state -> Bool in
      guard !state.closing, state.lines.count < Self.capacity else {
        state.dropped += 1
        return false
      }
      state.lines.append(line)
      return true
    }
    if queued { wake.signal() }
  }

  /// Lines dropped so far: the queue was full, or the write failed.
  public var droppedLines: Int {
    state.withLock { $0.dropped }
  }

  /// Writes what is queued and stops, waiting at most `timeout` for a write that blocks (a pipe
  /// nobody reads): the rest is dropped.
  public func close(timeout: Duration = .seconds(5)) {
    state.withLock { $0.closing = true }
    wake.signal()
    let (seconds, attoseconds) = timeout.components
    let deadline =
      DispatchTime.now()
      + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    _ = finished.wait(timeout: deadline)
  }

  private func writeUntilClosed() {
    while true {
      wake.wait()
      let (lines, closing, descriptor, retired) = state.withLock {
        state -> ([String], Bool, Int32, [Int32]) in
        defer {
          state.lines.removeAll(keepingCapacity: true)
          state.retired.removeAll()
        }
        return (state.lines, state.closing, state.descriptor, state.retired)
      }
      // Only this thread writes, so a descriptor replaced before this batch is no longer used.
      retired.forEach { _ = Glibc.close($0) }
      for line in lines where !writeAll(Array((line + "\n").utf8), to: descriptor) {
        state.withLock { $0.dropped += 1 }
      }
      if closing {
        // A descriptor the log opened itself is its own to close; one it was given is not.
        if path != nil { _ = Glibc.close(descriptor) }
        finished.signal()
        return
      }
    }
  }

  private func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress, $0.count)
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return false }
      offset += written
    }
    return true
  }
}

/// A log file that could not be opened, and the system's reason.
public struct FileOpenError: Error, CustomStringConvertible {
  public var path: String
  public var reason: String
  public var description: String { "\(path): \(reason)" }
}
