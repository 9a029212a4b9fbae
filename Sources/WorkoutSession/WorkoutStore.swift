import Foundation
import Observation

/// Performs the effects that actions return: the front end's side of the engine.
@MainActor
public protocol WorkoutEffectPerformer: AnyObject {
  /// `action` produced `effects` and left the store in `state`.
  func perform(_ effects: [WorkoutEffect], after action: WorkoutAction, in state: WorkoutState)
  /// The store was restored from disk into `state` (after a kill or a relaunch).
  func restored(_ state: WorkoutState)
}

/// The live-workout store: applies actions at the injected clock's time, saves each one to the
/// crash-recovery journal before returning, and hands the effects to the performer.
///
/// SwiftUI and the terminal app bind to `state`; nothing else mutates it.
@MainActor
@Observable
public final class WorkoutStore {
  public private(set) var state: WorkoutState
  /// Why the last save failed (a full disk, say), until a later save succeeds. The state in
  /// memory is still complete; it is saved whole as soon as the disk takes it.
  public private(set) var saveProblem: FileError?

  @ObservationIgnored private let journal: SessionJournal?
  @ObservationIgnored private let now: @Sendable () -> Date
  @ObservationIgnored private weak var performer: (any WorkoutEffectPerformer)?

  /// A store starting from `state`, saving to `journal` (none: nothing is saved), reading time
  /// from `now`.
  public init(
    state: WorkoutState = WorkoutState(), journal: SessionJournal?,
    now: @escaping @Sendable () -> Date, performer: (any WorkoutEffectPerformer)? = nil
  ) {
    self.state = state
    self.journal = journal
    self.now = now
    self.performer = performer
  }

  /// A store holding what `journal` saved, and what the restore had to report.
  public static func restoring(
    from journal: SessionJournal, now: @escaping @Sendable () -> Date,
    performer: (any WorkoutEffectPerformer)? = nil
  ) throws(FileError) -> (store: WorkoutStore, notices: [RecoveryNotice]) {
    let restored = try journal.restore(now: now())
    let store = WorkoutStore(
      state: restored.state, journal: journal, now: now, performer: performer)
    performer?.restored(restored.state)
    return (store, restored.notices)
  }

  public var session: WorkoutSession? { state.session }

  /// Applies `action` now, saves it, performs and returns its effects.
  @discardableResult
  public func send(_ action: WorkoutAction) -> [WorkoutEffect] {
    let at = now().wholeMilliseconds
    var next = state
    let effects = next.apply(action, now: at)
    if next != state {
      state = next
      save(action, at: at)
    }
    performer?.perform(effects, after: action, in: state)
    return effects
  }

  /// Writes the whole state as a snapshot now (on going to the background, say).
  public func checkpoint() {
    guard let journal else { return }
    do {
      try journal.checkpoint(state)
      saveProblem = nil
    } catch {
      saveProblem = error
    }
  }

  private func save(_ action: WorkoutAction, at: Date) {
    guard let journal else { return }
    if saveProblem != nil {
      // An earlier action is missing from the journal: only a whole snapshot is complete.
      checkpoint()
      return
    }
    do {
      try journal.record(action, at: at, state: state)
    } catch {
      saveProblem = error
    }
  }
}
