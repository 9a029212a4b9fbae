import DurableFiles
import Foundation
import WorkoutSession

// NB: docs/specs/workout-session.md, "Moving or cancelling the alert": finishing ends the rest, its
// alert and the reminders at once, through the store, not on the server's answer. The finished
// session stays (and is saved) until its log is accepted or set aside; then the workout is closed.
// The terminal app and the iOS app both finish through here.

extension WorkoutLogCourier {
  /// Finishes `store`'s started workout: the store's `finish` builds the log, which is written
  /// to the outbox under a new key and then sent. Returns whether a workout was finished: not
  /// without a started one, nor while another log is on its way. Throws when the outbox cannot
  /// be written; the session stays finished and a second call tries again.
  @discardableResult
  public func finishWorkout(in store: WorkoutStore) throws(FileError) -> Bool {
    guard delivery.unsentLog == nil, let session = store.session, session.started else {
      return false
    }
    guard let payload = store.send(.finish).lazy.compactMap(\.finishedLog).first,
      let finished = store.session
    else { return false }
    try finish(
      payload: payload, title: session.title.isEmpty ? session.dayLabel : session.title,
      stats: sessionStats(finished), finishedAt: finished.finishedAt ?? now())
    return true
  }

  /// Closes `store`'s finished workout once its log was accepted or set aside.
  public static func closeFinishedWorkout(in store: WorkoutStore) {
    if let session = store.session, session.started {
      store.send(.reset)
    }
  }
}
