import Foundation
import RestTimer
import TraineeAPI
import WorkoutSession

/// Runs a script through the real store, journal included, on a scripted clock.
@MainActor
public struct ReplayRunner {
  /// The directory of the run's crash-recovery journal (`perform replay --data-dir DIR` uses
  /// `DIR/workout`, as the app does); a fresh temporary directory, deleted after, when `nil`.
  public var journalDirectory: URL?

  public init(journalDirectory: URL? = nil) {
    self.journalDirectory = journalDirectory
  }

  /// Runs `script` and returns what it produced. Throws when a step names an exercise or set
  /// the workout does not have, or the journal cannot be written.
  public func run(_ script: ReplayScript) async throws -> ReplayResult {
    let clock = ScriptClock(script.startAt)
    let directory =
      journalDirectory
      ?? FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-replay-\(UUID().uuidString)")
    defer {
      if journalDirectory == nil { try? FileManager.default.removeItem(at: directory) }
    }
    let center = ReplayNotifications(
      permission: script.notificationsAllowed ? .granted : .denied)
    var app = try App(directory: directory, center: center, clock: clock)
    defer { app.journal.close() }
    let notices = app.notices
    var recorder = Recorder(clock: clock, center: center)
    var foreground = true

    if let configs = script.notificationConfigs {
      app.store.send(.notificationConfigsLoaded(configs))
    }
    var log: LogWorkoutPayload?
    for (index, step) in script.steps.enumerated() {
      recorder.index = index
      let action: WorkoutAction
      switch step {
      case .wait(let seconds):
        try await wait(seconds, app: app, foreground: foreground, recorder: &recorder)
        continue
      case .finish:
        guard app.store.session != nil else {
          throw ReplayScriptError(actionIndex: index, problem: "finish: no workout is open")
        }
        action = .finish
      case .background:
        foreground = false
        continue
      case .foreground:
        foreground = true
        action = .resume
      case .restart(let after):
        app.journal.close()
        await deliverUntil(clock.now + after, recorder: &recorder)
        app = try App(directory: directory, center: center, clock: clock)
        foreground = true
        action = .resume
      case .start:
        action = .start(
          getLiveWorkout(
            script.workouts, dayId: script.dayId, planId: script.planId, units: script.units),
          units: script.units)
      case .action(let scripted):
        action = scripted
      }
      let effects = app.store.send(action)
      if let finished = effects.lazy.compactMap(\.finishedLog).first { log = finished }
      for case .actionRefused(let refusal) in effects {
        switch refusal {
        case .unknownExercise, .unknownSet:
          throw ReplayScriptError(
            actionIndex: index, problem: "\(action.name): \(refusal.message)")
        default:
          break
        }
      }
      await recorder.record(effects, alerts: app.alerts)
    }
    await app.alerts.settle()
    if let problem = app.store.saveProblem { throw problem }
    let session = app.store.session
    return ReplayResult(
      session: session, stats: sessionStats(session),
      nextExercise: nextExercise(session)?.exerciseId, dueSet: SetLocation.due(in: session),
      placeholders: computePlaceholders(session?.exercises ?? []), effects: recorder.effects,
      log: log, notices: notices)
  }

  /// Lets `seconds` pass. In the foreground the 250 ms ticks run while a rest counts down;
  /// otherwise the system delivers what falls due.
  private func wait(
    _ seconds: Double, app: App, foreground: Bool, recorder: inout Recorder
  ) async throws {
    let end = recorder.clock.now + seconds
    let tick =
      Double(restTickInterval.components.attoseconds) / 1e18
      + Double(restTickInterval.components.seconds)
    while foreground, app.store.state.rest.isRunning, recorder.clock.now < end {
      recorder.clock.advance(by: min(tick, end.timeIntervalSince(recorder.clock.now)))
      let effects = app.store.send(.tick)
      await recorder.record(effects, alerts: app.alerts)
    }
    if foreground {
      recorder.clock.advance(to: end)
    } else {
      await deliverUntil(end, recorder: &recorder)
    }
  }

  /// Lets the time up to `end` pass while the app is not in the foreground (or not running):
  /// the system delivers each notification as it falls due, and the clock stops at each due
  /// time so that the delivery is stamped when it happened.
  private func deliverUntil(_ end: Date, recorder: inout Recorder) async {
    while let due = await recorder.center.nextDue(by: end) {
      recorder.clock.advance(to: due)
      await recorder.center.deliverDue(now: recorder.clock.now)
      await recorder.record([], alerts: nil)
    }
    recorder.clock.advance(to: end)
  }
}

/// One run of the app: the journal, the store restored from it, and its alert performer.
@MainActor
private struct App {
  var journal: SessionJournal
  var store: WorkoutStore
  var alerts: WorkoutAlerts
  var notices: [RecoveryNotice]

  init(directory: URL, center: ReplayNotifications, clock: ScriptClock) throws {
    journal = SessionJournal(directory: directory)
    alerts = WorkoutAlerts(center: center, haptics: nil, now: { clock.now })
    (store, notices) = try WorkoutStore.restoring(
      from: journal, now: { clock.now }, performer: alerts)
  }
}

/// Collects the engine's effects and the notification center's events, stamped with the time
/// and the step that caused them.
@MainActor
private struct Recorder {
  let clock: ScriptClock
  let center: ReplayNotifications
  var index = 0
  var effects: [ReplayEffect] = []
  private var blocked: [RestAlertBlockReason] = []

  init(clock: ScriptClock, center: ReplayNotifications) {
    self.clock = clock
    self.center = center
  }

  mutating func record(_ workoutEffects: [WorkoutEffect], alerts: WorkoutAlerts?) async {
    for effect in workoutEffects {
      // Reminder changes show as the center's reminderScheduled / reminderCancelled events.
      if case .reminder = effect { continue }
      effects.append(ReplayEffect(at: clock.now, actionIndex: index, event: .engine(effect)))
    }
    if let alerts {
      let sink = BlockedSink()
      alerts.onBlocked = { sink.reasons.append($0) }
      await alerts.settle()
      alerts.onBlocked = nil
      for reason in sink.reasons {
        effects.append(
          ReplayEffect(at: clock.now, actionIndex: index, event: .alertsBlocked(reason)))
      }
    }
    for event in await center.drain() {
      effects.append(ReplayEffect(at: clock.now, actionIndex: index, event: .notification(event)))
    }
  }
}

@MainActor
private final class BlockedSink {
  var reasons: [RestAlertBlockReason] = []
}

/// The scripted clock: starts at the script's `startAt` and moves only on `wait`.
final class ScriptClock: @unchecked Sendable {
  // @unchecked: `current` is only touched under `lock`.
  private let lock = NSLock()
  private var current: Date

  init(_ start: Date) { current = start }

  var now: Date {
    lock.lock()
    defer { lock.unlock() }
    return current
  }

  func advance(by seconds: Double) {
    lock.lock()
    current += seconds
    lock.unlock()
  }

  /// Moves the clock to `date`, never back.
  func advance(to date: Date) {
    lock.lock()
    current = max(current, date)
    lock.unlock()
  }
}
