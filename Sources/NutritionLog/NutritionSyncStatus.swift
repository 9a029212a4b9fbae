import Foundation
import TraineeAPI
import TraineeClient

/// Where one date of the nutrition log stands with the server, for the UI.
public enum NutritionSyncStatus: String, Codable, Equatable, Sendable {
  /// The date's day is being fetched (hydration); edits made meanwhile are merged in.
  case loading
  /// The server holds exactly what the store holds for the date.
  case saved
  /// A save of the date is on its way to the server.
  case saving
  /// The store holds edits the server does not have yet: a save is debounced, queued behind the
  /// running one, or waiting to retry after a failed one.
  case pending
  /// The server could not be reached; the fetch or save is retried with backoff and at once when
  /// the network is reachable again.
  case offlineWillRetry
}

extension NutritionSync {
  /// How long a failed fetch or save waits before it is tried again: 1, 2, 4 ... 60 s.
  public nonisolated static let backoff = RetryBackoff(first: .seconds(1), cap: .seconds(60))
}

/// The sync engine's state of one date in this mount.
struct NutritionSyncDay {
  enum Load: Equatable {
    case notLoaded, loading, loaded
  }

  var load = Load.notLoaded
  /// The canonical JSON of what the server holds (`lastSaved[iso]`), once loaded. Moves only
  /// when the server confirms a save.
  var baseline: Data?
  /// The canonical JSON of the save running now, if any: one at a time per date.
  var inFlight: Data?
  /// The debounce timer of the last change, while it runs.
  var debounce: NutritionSyncTimer?
  /// The wait before retrying a failed fetch or save, while it runs.
  var retry: NutritionSyncTimer?
  /// Failed fetches or saves in a row.
  var failures = 0
  /// Why the last fetch or save failed; `nil` after a success.
  var lastFailure: NutritionDayTransportError?
}
