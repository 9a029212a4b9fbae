import AppIntents
import Foundation
import LiveActivity

// NB: docs/decisions/the-lock-screen-card.md, "The Lock Screen card": the card's buttons cannot
// reach the workout store. Each tap writes one pending command into the App Group queue; the app
// applies the queue when it starts or returns to the foreground, exactly once and in order, and
// refuses a command whose set or rest changed since the tap. The checkmark also opens the app.
//
// The rest buttons are `LiveActivityIntent`s: iOS performs them in the app's process (launched
// in the background when needed), where `ActivityIntentHooks.afterEnqueue` applies the queue at
// once, so the rest moves, the rest-over alert moves with it and the card is updated.

/// What the app does after a card button queued a command (set by the app at launch, by
/// `CardCommandInbox.install()`).
@MainActor
enum ActivityIntentHooks {
  /// Applies the pending queue now; `nil` in the widget's own process.
  static var afterEnqueue: (@MainActor () async -> Void)?
}

/// Why a card button could not queue its command.
enum ActivityIntentError: Error, CustomLocalizedStringResourceConvertible {
  case noSharedContainer
  case unreadableCard
  case queue(ActivityFileError)

  var localizedStringResource: LocalizedStringResource {
    switch self {
    case .noSharedContainer: "The App Group container is not available."
    case .unreadableCard: "The card's content could not be read."
    case .queue(let error): "The tap could not be saved: \(error.description)"
    }
  }
}

/// Writes `command` into the App Group queue, then lets the app apply it if it is running.
@MainActor
func enqueueFromCard(_ command: PendingCommand) async throws {
  guard let queue = SharedContainer.queue else { throw ActivityIntentError.noSharedContainer }
  do {
    try queue.enqueue(command)
  } catch {
    throw ActivityIntentError.queue(error)
  }
  await ActivityIntentHooks.afterEnqueue?()
}

/// The checkmark: complete the set with the values the card shows, then open the app.
struct CompleteSetIntent: AppIntent {
  static let title: LocalizedStringResource = "Complete set"
  static let isDiscoverable = false

  /// The card's content state as JSON: the command carries exactly the values it showed.
  @Parameter(title: "Card") var card: String

  init() {}

  init(content: WorkoutActivityContent) {
    let data = try? JSONEncoder().encode(content)
    card = data.map { String(decoding: $0, as: UTF8.self) } ?? ""
  }

  @MainActor
  func perform() async throws -> some IntentResult & OpensIntent {
    guard
      let content = try? JSONDecoder().decode(WorkoutActivityContent.self, from: Data(card.utf8)),
      let command = CompleteSetCommand(tapping: content, at: Date())
    else { throw ActivityIntentError.unreadableCard }
    try await enqueueFromCard(.completeSet(command))
    return .result(opensIntent: OpenURLIntent(SharedContainer.workoutURL))
  }
}

/// `-15s` and `+15s`: move the end of the rest the card shows.
struct AdjustRestIntent: LiveActivityIntent {
  static let title: LocalizedStringResource = "Adjust rest"
  static let isDiscoverable = false

  @Parameter(title: "Seconds") var seconds: Int
  @Parameter(title: "Rest start") var restStartedAt: Date
  @Parameter(title: "Rest end") var restEndsAt: Date
  @Parameter(title: "Version") var version: Int
  @Parameter(title: "Workout start") var workoutStartedAt: Date

  init() {}

  init(rest: CardRest, by seconds: Int, version: Int, workoutStartedAt: Date) {
    self.seconds = seconds
    restStartedAt = rest.startedAt
    restEndsAt = rest.endsAt
    self.version = version
    self.workoutStartedAt = workoutStartedAt
  }

  @MainActor
  func perform() async throws -> some IntentResult {
    try await enqueueFromCard(
      .adjustRest(
        AdjustRestCommand(
          seconds: seconds, restStartedAt: restStartedAt, restEndsAt: restEndsAt,
          version: version, issuedAt: Date(), workoutStartedAt: workoutStartedAt)))
    return .result()
  }
}

/// `Skip`: end the rest the card shows.
struct SkipRestIntent: LiveActivityIntent {
  static let title: LocalizedStringResource = "Skip rest"
  static let isDiscoverable = false

  @Parameter(title: "Rest start") var restStartedAt: Date
  @Parameter(title: "Rest end") var restEndsAt: Date
  @Parameter(title: "Version") var version: Int
  @Parameter(title: "Workout start") var workoutStartedAt: Date

  init() {}

  init(rest: CardRest, version: Int, workoutStartedAt: Date) {
    restStartedAt = rest.startedAt
    restEndsAt = rest.endsAt
    self.version = version
    self.workoutStartedAt = workoutStartedAt
  }

  @MainActor
  func perform() async throws -> some IntentResult {
    try await enqueueFromCard(
      .skipRest(
        SkipRestCommand(
          restStartedAt: restStartedAt, restEndsAt: restEndsAt, version: version,
          issuedAt: Date(), workoutStartedAt: workoutStartedAt)))
    return .result()
  }
}
