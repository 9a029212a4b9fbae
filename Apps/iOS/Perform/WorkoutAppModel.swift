import Foundation
import LiveActivity
import Observation
import RestTimer
import TraineeAPI
import TraineeClient
import WorkoutLogDelivery
import WorkoutSession

// NB: the iOS app's wiring, kept thin: every rule lives in the modules and is tested on Linux.
// What is installed here: the notification delegate (before launch ends), the card-visible flag
// both alert paths read, the card's command inbox and its intent hook, and the courier that carries
// a finished workout's log (docs/decisions/the-workout-log-on-its-way.md, "Workout log delivery").

/// Everything the app runs, made once at launch.
@MainActor
@Observable
final class WorkoutAppModel {
  let store: WorkoutStore
  let activity: WorkoutActivityController
  let inbox: CardCommandInbox
  let courier: WorkoutLogCourier
  /// What the launch had to report: the restored journal's notices, an unreadable outbox.
  private(set) var notices: [String] = []

  @ObservationIgnored private let notifications: UserNotificationCenter
  @ObservationIgnored private let alerts: WorkoutAlerts
  @ObservationIgnored private let relay: AppEffectRelay
  @ObservationIgnored private let cardVisible: CardVisibleFlag

  /// Opens the data directory (the App Group container, which the widget shares), restores the
  /// workout and reads the outbox. Throws when the journal cannot be opened.
  init(settings: AppSettings = .fromBundle()) throws {
    let directory = settings.dataDirectory
    let now: @Sendable () -> Date = { Date() }
    let cardVisible = CardVisibleFlag()
    let notifications = UserNotificationCenter(cardVisible: { cardVisible.isVisible })
    notifications.becomeDelegate()
    let host = ActivityKitHost()
    let activity = WorkoutActivityController(
      host: host, language: settings.language, units: .metric)
    let alerts = WorkoutAlerts(center: notifications, haptics: DeviceHaptics(), now: now)
    alerts.cardVisible = { cardVisible.isVisible }
    let relay = AppEffectRelay(alerts: alerts, activity: activity, cardVisible: cardVisible)
    let journal = SessionJournal(directory: directory.appendingPathComponent("workout-session"))
    let restored = try WorkoutStore.restoring(from: journal, now: now, performer: relay)
    let store = restored.store
    let courier = WorkoutLogCourier(
      outbox: WorkoutLogOutbox(dataDirectory: directory),
      transport: TraineeAPIClient(baseURL: settings.serverURL, token: settings.token))
    courier.onAccepted = { _, _ in WorkoutLogCourier.closeFinishedWorkout(in: store) }
    host.activityEnded = { id in
      activity.cardEnded(id)
      cardVisible.update(from: activity, now: Date())
    }
    self.store = store
    self.activity = activity
    self.inbox = CardCommandInbox(store: store, activity: activity)
    self.courier = courier
    self.notifications = notifications
    self.alerts = alerts
    self.relay = relay
    self.cardVisible = cardVisible
    self.notices = restored.notices.map(\.description)
    activity.sync(store.state, now: now())
    cardVisible.update(from: activity, now: now())
    store.send(.resume)
  }

  /// Installs what must exist before launch ends: the card's intent hook, then the outbox's
  /// log (sent again with its key).
  func install() {
    inbox.install()
    if let problem = courier.launch() { notices.append(problem) }
  }

  /// Finishes the workout: its log goes to the outbox, then to the server until accepted.
  func finishWorkout() {
    do {
      try courier.finishWorkout(in: store)
    } catch {
      notices.append("The workout could not be saved for sending: \(error)")
    }
  }
}

/// Hands the store's effects to the alerts and the card, then refreshes the card-visible flag.
@MainActor
private final class AppEffectRelay: WorkoutEffectPerformer {
  private let alerts: WorkoutAlerts
  private let activity: WorkoutActivityController
  private let cardVisible: CardVisibleFlag

  init(alerts: WorkoutAlerts, activity: WorkoutActivityController, cardVisible: CardVisibleFlag) {
    self.alerts = alerts
    self.activity = activity
    self.cardVisible = cardVisible
  }

  func perform(_ effects: [WorkoutEffect], after action: WorkoutAction, in state: WorkoutState) {
    activity.sync(state, now: Date())
    cardVisible.update(from: activity, now: Date())
    alerts.perform(effects, after: action, in: state)
  }

  func restored(_ state: WorkoutState) {
    alerts.restored(state)
  }
}
