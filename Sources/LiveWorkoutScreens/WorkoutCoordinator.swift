import DurableFiles
import Foundation
import LiveActivity
import RestTimer
import TerminalScreens
import TraineeAPI
import WorkoutLogDelivery
import WorkoutSession

// NB: docs/decisions/the-terminal-app-and-the-perform-command.md, "The terminal app". The store
// applies actions and saves each to the journal; this object performs what they ask at the edge:
// the rest-over alert and reminders (WorkoutAlerts), the Live Activity card, the rest ticks, the
// server calls and the PR celebration. The finished workout's log is carried by WorkoutLogCourier
// (its durable, idempotent retry is the engine's WorkoutLogDelivery); this object shows where it
// stands.

/// The live workout's engine at the edge: owns the store and performs its effects.
@MainActor
public final class WorkoutCoordinator {
  public let store: WorkoutStore
  /// The card the Live Activity shows (the terminal draws it at the top of the live workout).
  public let activityHost: TerminalActivityHost
  /// Where finishing stands, as the live workout screen shows it.
  public var finish: FinishState { FinishState(courier.delivery.state) }
  /// Carries the finished workout's log to the server.
  public let courier: WorkoutLogCourier
  /// The PR being celebrated and until when.
  public private(set) var celebration: (text: String, until: Date)?
  /// The rest-over alert as the system would show it, until the next set or rest; never while
  /// the card is visible (the card already says the rest is over).
  public private(set) var restAlert: String?
  /// What the restore or the outbox had to report on launch.
  public private(set) var launchNotices: [String] = []
  /// The last rest-over alert delivered, as posted (whether it asked for a banner).
  private(set) var deliveredRestAlert: LocalNotificationRequest?

  public weak var host: (any ScreenHost)?
  /// Called with the title and body of each alert or reminder delivered that asks to be seen
  /// (the desktop notification, where there is a notifier).
  public var onNotification: (@MainActor (_ title: String, _ body: String) -> Void)?
  /// Whether the app is in front of the trainee (the terminal has the focus, or its focus is
  /// unknown); a rest that ends while it is not gets its banner, card or no card.
  public var appInFront: @MainActor () -> Bool = { true }
  /// Takes the mark that the coach's feedback on video `videoId` was seen, to send it and send
  /// it again until the server has it; without one, the mark is sent once.
  public var markFeedbackSeen: (@MainActor (_ videoId: String) -> Void)?
  /// The language of the alert and reminder texts the coach left to the app (`nil`: English,
  /// the engine's own).
  var alertText: AppText?
  /// The coach's notification configs as last fetched.
  var fetchedNotificationConfigs: [NotificationConfigDto]?
  let api: any WorkoutAPI
  private let alerts: WorkoutAlerts
  private let activity: WorkoutActivityController
  private let pendingCommands: PendingCommandQueue
  let now: @Sendable () -> Date
  private let relay: EffectRelay
  private let journal: SessionJournal
  private var ticker: Task<Void, Never>?
  /// Fetches the notification configs whenever they are 10 minutes old
  /// (`startNotificationConfigRefresh(clock:)`).
  var configRefresh: Task<Void, Never>?
  private let clock: any Clock<Duration>

  /// Restores the workout saved in `dataDirectory` (after a quit, a crash or a kill) and
  /// resumes its rest; a log left unsent is sent again with its key.
  ///
  /// - Parameters:
  ///   - clock: what the rest ticks, the notifications and the log's retries sleep on.
  ///   - now: the wall clock.
  ///   - newKey: a fresh `Idempotency-Key` for each finished workout.
  public init(
    dataDirectory: URL, api: any WorkoutAPI, language: ActivityLanguage = .en,
    clock: any Clock<Duration> = ContinuousClock(),
    now: @escaping @Sendable () -> Date = { Date() },
    newKey: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
  ) throws(FileError) {
    self.api = api
    self.now = now
    self.clock = clock
    courier = WorkoutLogCourier(
      outbox: WorkoutLogOutbox(dataDirectory: dataDirectory), transport: api, clock: clock,
      now: now, newKey: newKey)
    self.pendingCommands = PendingCommandQueue(dataDirectory: dataDirectory)
    let relay = EffectRelay()
    self.relay = relay
    let notifications = InProcessNotifications(clock: clock, now: now) { request in
      Task { @MainActor in relay.delivered(request) }
    }
    alerts = WorkoutAlerts(center: notifications, haptics: nil, now: now)
    activityHost = TerminalActivityHost()
    activity = WorkoutActivityController(host: activityHost, language: language, units: .metric)
    let journal = SessionJournal(directory: DataDirectory(dataDirectory).workoutSession)
    self.journal = journal
    let restored = try WorkoutStore.restoring(from: journal, now: now, performer: relay)
    store = restored.store
    launchNotices = restored.notices.map(\.description)
    relay.target = self
    // NB: docs/decisions/the-terminal-app-as-a-daily-app.md "Desktop notifications": the card keeps
    // the banner away only from a trainee who sees it; a terminal without the focus is an app in
    // the background.
    alerts.cardVisible = { [weak self] in
      guard let self else { return false }
      return self.cardVisible && self.appInFront()
    }
    alerts.restored(store.state)
    // The card first: a rest that ended within the grace is seen by `.resume`, whose alert asks
    // whether the card is visible.
    activity.sync(store.state, now: now())
    store.send(.resume)
    startTickingIfResting()
    courier.onAccepted = { [store] _, _ in WorkoutLogCourier.closeFinishedWorkout(in: store) }
    courier.onChange = { [weak self] in self?.host?.setNeedsRedraw() }
    if let problem = courier.launch() { launchNotices.append(problem) }
  }

  /// Saves the whole state, stops the background work and releases the data directory's lock,
  /// so another app (or the next launch) can open it.
  public func close() {
    store.checkpoint()
    configRefresh?.cancel()
    ticker?.cancel()
    courier.close()
    journal.close()
  }

  /// Writes the card in `language` and `units` from now on (the settings changed).
  public func show(language: ActivityLanguage, units: UnitSystem) {
    activity.language = language
    activity.units = units
    alertText = language == .en ? nil : AppText(language)
    applyNotificationConfigs(fetchedNotificationConfigs ?? store.state.notificationConfigs)
    activity.sync(store.state, now: now())
    host?.setNeedsRedraw()
  }

  /// Sends `action` to the store: the one way screens change the workout.
  @discardableResult
  public func send(_ action: WorkoutAction) -> [WorkoutEffect] {
    if case .toggleSet = action { restAlert = nil }
    return store.send(action)
  }

  /// Applies the Live Activity card's taps waiting in the shared queue, as the app does when it
  /// starts or comes to the foreground; returns what was refused, to show.
  @discardableResult
  public func applyPendingCommands() -> [String] {
    let results: [PendingCommandResult]
    do {
      results = try LiveActivity.applyPendingCommands(pendingCommands, to: store, now: now())
    } catch {
      return ["The card's taps could not be read: \(error)"]
    }
    return results.compactMap { result in
      switch result.outcome {
      case .applied: nil
      case .rejected(_, let reason): "A tap on the card was not applied: \(reason)"
      case .malformed(let problem): "A tap on the card could not be read: \(problem)"
      }
    }
  }

  /// What the Live Activity card shows, while it is on screen and kept up to date
  /// (`WorkoutActivityController.cardIsCurrent(now:)`): `nil` from its stale date on, 8 hours
  /// after it started, when it gets no more updates and a rest would never appear on it.
  public var card: WorkoutActivityContent? {
    activity.cardIsCurrent(now: now()) ? activityHost.current?.content : nil
  }

  /// Whether the Live Activity card is on screen and kept up to date; while it is, the rest-over
  /// alert gets no banner (no 🔔 line).
  public var cardVisible: Bool { card != nil }

  /// Taps the card's checkmark. An enabled checkmark writes the tap to the pending queue, as
  /// the widget does, and applies it: the same path a tap on the Lock Screen takes. An inert one
  /// (a value the set needs is missing or would be refused) queues nothing: it opens the app on
  /// the set instead.
  public func tapCardCheckmark() -> CardCheckmarkTap {
    guard let content = card, let set = content.currentSet else { return .noSet }
    guard set.checkmark == .enabled else {
      return .opensApp(exerciseId: set.exerciseId, setNumber: set.setNumber)
    }
    guard let command = CompleteSetCommand(tapping: content, at: now()) else { return .noSet }
    do {
      try pendingCommands.enqueue(.completeSet(command))
    } catch {
      return .queued(problems: ["The tap could not be written: \(error)"])
    }
    return .queued(problems: applyPendingCommands())
  }

  // MARK: Finishing

  /// Finishes the started workout: the engine's `finish` ends the rest, its alert and both
  /// reminders at once and builds the log, which the courier writes to the outbox and sends
  /// until the server accepts it. The finished session stays (and is saved) until then.
  public func finishWorkout() {
    do {
      try courier.finishWorkout(in: store)
    } catch {
      host?.show(
        message: "The workout could not be saved for sending: \(error). F tries again.")
    }
  }

  /// Sends the waiting log now instead of at its retry time.
  public func retryNow() {
    courier.retryNow()
  }

  /// Whether the server refused the waiting log itself (a 4xx): it is not retried by itself.
  public var logWasRefused: Bool { courier.delivery.isRefused }

  // NB: a log the server refuses would otherwise block the app: no new workout starts while one is
  // being sent. The trainee can set it aside: it is kept in `refused-workout-logs/` (written before
  // the outbox is emptied, so nothing entered is lost) and the workout is closed.

  /// Keeps a log the server refused in the outbox's `refused-workout-logs/` and closes the
  /// workout, so the next one can start; returns where it was kept. Only for a refused log
  /// (`logWasRefused`); `nil` otherwise. Throws when the copy cannot be written, and then keeps
  /// everything as it was.
  public func setAsideRefusedLog() throws(FileError) -> URL? {
    guard let kept = try courier.setAsideRefusedLog() else { return nil }
    WorkoutLogCourier.closeFinishedWorkout(in: store)
    host?.setNeedsRedraw()
    return kept
  }

  /// Leaves the complete screen.
  public func acknowledgeFinish() {
    courier.acknowledge()
  }

  /// Whether a finished workout is waiting for the server.
  public var isFinishing: Bool { courier.delivery.unsentLog != nil }

  // MARK: Effects

  fileprivate func performed(_ effects: [WorkoutEffect], in state: WorkoutState) {
    let at = now()
    for effect in effects {
      switch effect {
      case .restStarted:
        restAlert = nil
        startTickingIfResting()
      case .rest(.skipped), .rest(.cleared), .rest(.replaced):
        restAlert = nil
      case .personalRecord(let exerciseId, _, let weightKg, let reps, let estimate):
        let name =
          state.session?.exercises.first { $0.exerciseId == exerciseId }?.name ?? exerciseId
        // The record in the trainee's unit: pounds as the placeholders show them.
        let units = state.session?.units ?? .metric
        let text = alertText ?? AppText(.en)
        celebration = (
          text(
            .liveRecord,
            [
              "exercise": name, "weight": text.weight(kilograms: weightKg, in: units),
              "reps": String(reps), "oneRepMax": text.weight(kilograms: estimate, in: units),
            ]),
          at + 4
        )
        host?.ringBell()
      case .actionRefused(let refusal):
        host?.show(message: said(refusal, in: state))
      case .saveSubstitution(let body):
        background("The substitution was not saved on the server") { api in
          try await api.saveSubstitution(body)
        }
      case .submitTechniqueVideo(let url, let exerciseId):
        background("The video was not sent") { api in
          _ = try await api.submitTechniqueVideo(
            TechniqueVideoRequestDto(url: url, exerciseId: exerciseId))
        }
      case .markCoachFeedbackSeen(let videoId):
        if let markFeedbackSeen {
          markFeedbackSeen(videoId)
          continue
        }
        background("The feedback was not marked as seen") { api in
          try await api.markFeedbackSeen(videoId: videoId)
        }
      default:
        continue
      }
    }
    activity.sync(state, now: at)
    host?.setNeedsRedraw()
  }

  /// Shows a delivered notification, as the system does for an app in the foreground. A rest
  /// alert posted without a banner, or arriving while the card is visible, only rings the bell:
  /// the card already says the rest is over.
  fileprivate func delivered(_ request: LocalNotificationRequest) {
    // A rest alert posted without a banner stays without one on the desktop too.
    if request.banner || request.data["kind"] != RestAlertScheduler.kind {
      onNotification?(request.title, request.body)
    }
    guard request.data["kind"] == RestAlertScheduler.kind else {
      host?.show(message: "\(request.title): \(request.body)")
      return
    }
    deliveredRestAlert = request
    if request.banner, !cardVisible {
      restAlert = "\(request.title) \(request.body)"
    }
    host?.ringBell()
    host?.setNeedsRedraw()
  }

  /// Redraw-time upkeep: the celebration's end and the card's clock-driven state.
  public func refresh() {
    if let shown = celebration, now() >= shown.until { celebration = nil }
    activity.sync(store.state, now: now())
  }

  private func startTickingIfResting() {
    guard store.state.rest.isRunning, ticker == nil else { return }
    ticker = Task { [weak self] in
      guard let self else { return }
      await self.store.tickWhileResting(on: self.clock)
      self.ticker = nil
      // A rest that replaced this one while it wound down needs its own ticks.
      self.startTickingIfResting()
      self.host?.setNeedsRedraw()
    }
  }

  private func background(
    _ failure: String, _ call: @escaping @Sendable (any WorkoutAPI) async throws -> Void
  ) {
    let api = api
    Task { [weak self] in
      do {
        try await call(api)
      } catch {
        self?.host?.show(message: "\(failure): \(error)")
      }
    }
  }
}

/// Hands the store's effects to the coordinator, which cannot exist before its store does.
@MainActor
private final class EffectRelay: WorkoutEffectPerformer {
  weak var target: WorkoutCoordinator?
  private var alerts: WorkoutAlerts? { target?.alertsForRelay }

  func perform(_ effects: [WorkoutEffect], after action: WorkoutAction, in state: WorkoutState) {
    alerts?.perform(effects, after: action, in: state)
    target?.performed(effects, in: state)
  }

  func restored(_ state: WorkoutState) {}

  func delivered(_ request: LocalNotificationRequest) {
    target?.delivered(request)
  }
}

extension WorkoutCoordinator {
  fileprivate var alertsForRelay: WorkoutAlerts { alerts }

  /// Waits until every call to the notification center asked for so far has finished (tests).
  func settleAlerts() async {
    await alerts.settle()
  }
}
