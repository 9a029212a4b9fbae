import Foundation
import TraineeAPI
import TraineeClient

// NB: docs/architecture.md, "State is a value; actions are pure", "Screens that load and show":
// a screen that reads one thing and then shows it keeps what it knows of it in one value: the
// last good value (kept through a reload, and through a reload that fails), why the last read
// failed, and whether a read is under way. `AppScreen.load(_:host:read:failure:)` is the one
// read they all run.

/// What a screen that reads one thing and shows it knows of it.
public struct Loadable<Value> {
  /// The value of the last read that worked; kept while a new read runs or after one failed.
  public private(set) var value: Value?
  /// Why the last read failed, in the trainee's language; `nil` after a read that worked.
  public private(set) var problem: String?
  /// Whether a read is under way.
  public private(set) var isLoading = false

  /// Nothing read yet.
  public init() {}

  /// Whether the screen says it is loading: no value yet, and either a read is under way or
  /// none has failed.
  public var showsLoading: Bool {
    value == nil && (isLoading || problem == nil)
  }

  /// A read starts.
  public mutating func start() {
    isLoading = true
  }

  /// A read ends with `value`.
  public mutating func finish(_ value: Value) {
    self.value = value
    problem = nil
    isLoading = false
  }

  /// A read ends with `problem`; the last value stays.
  public mutating func fail(_ problem: String) {
    self.problem = problem
    isLoading = false
  }
}

extension Loadable: Equatable where Value: Equatable {}
extension Loadable: Sendable where Value: Sendable {}

extension AppScreen {
  /// Runs `read` into the screen's `loadable`, asking `host` to redraw when it starts and when it
  /// ends; a failure is said with `failure`'s sentence and keeps the last value.
  package func load<Value>(
    _ loadable: ReferenceWritableKeyPath<Self, Loadable<Value>>, host: (any ScreenHost)?,
    read: () async throws(TraineeAPIError) -> Value,
    failure: (TraineeAPIError) -> String
  ) async {
    self[keyPath: loadable].start()
    host?.setNeedsRedraw()
    do throws(TraineeAPIError) {
      let value = try await read()
      self[keyPath: loadable].finish(value)
    } catch {
      self[keyPath: loadable].fail(failure(error))
    }
    host?.setNeedsRedraw()
  }
}
