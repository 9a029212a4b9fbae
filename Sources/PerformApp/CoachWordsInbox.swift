import Foundation
import LiveWorkoutScreens
import TraineeAPI
import TraineeClient

// NB: docs/decisions/the-coachs-words.md, "The coach's words in the app": the words are read at
// the app's 10-minute refresh and when Today is shown; each is marked seen once shown, and a mark
// the server could not take waits and goes again before the next read, while what it marks is
// not shown again.

/// The coach's words endpoints the app calls: the API client in the app, a fake in tests.
public protocol CoachWordsAPI: Sendable {
  /// `GET /v1/trainee/coach-words`.
  func coachWords() async throws(TraineeAPIError) -> CoachWordsDto
  /// `POST /v1/trainee/workouts/history/{id}/review-seen`.
  func markReviewSeen(workoutId: String) async throws(TraineeAPIError)
  /// `POST /v1/trainee/technique-videos/{videoId}/feedback-seen`.
  func markFeedbackSeen(videoId: String) async throws(TraineeAPIError)
}

extension TraineeAPIClient: CoachWordsAPI {}

/// What the coach said that the trainee has not seen ("From your coach" on Today), read at the
/// app's 10-minute refresh, and the marks that say it was seen, sent again until the server
/// takes them.
@MainActor
public final class CoachWordsInbox {
  /// A mark that the trainee saw something.
  public enum Mark: Hashable, Sendable {
    case review(workoutId: String)
    case videoFeedback(videoId: String)
  }

  /// How old the last read may get before the refresh reads again.
  public static let refreshInterval: TimeInterval = 10 * 60

  private let api: any CoachWordsAPI
  /// The words of the last read, less those marked seen since (they are not shown again).
  public private(set) var words: CoachWordsDto?
  /// Marks the server has not taken yet: sent again at the next read, and what they mark is
  /// never shown again meanwhile.
  public private(set) var waitingMarks: Set<Mark> = []
  /// The sends whose answer has not come yet.
  private var sending: [Mark: Task<Void, Never>] = [:]
  /// Marks made since the last read: what they mark is not marked again while it is shown.
  private var marked: Set<Mark> = []
  private var lastRead: Date?
  private var reading = false
  /// Called when the words changed (the screen redraws).
  public var onChange: (@MainActor () -> Void)?

  public init(api: any CoachWordsAPI) {
    self.api = api
  }

  /// Reads the words again when the last read is `refreshInterval` old (or there was none).
  public func refreshIfDue(now: Date) {
    if let lastRead, now.timeIntervalSince(lastRead) < Self.refreshInterval { return }
    lastRead = now
    Task { await reload(now: now) }
  }

  /// Sends the waiting marks, then reads the words; a failed read keeps the words shown.
  public func reload(now: Date = Date()) async {
    guard !reading else { return }
    reading = true
    defer { reading = false }
    lastRead = now
    for mark in waitingMarks {
      // A mark already on its way is waited for; if it did not land, it goes once more now.
      if let underWay = sending[mark] { await underWay.value }
      if waitingMarks.contains(mark) { await send(mark).value }
    }
    guard let answer = try? await api.coachWords() else { return }
    // A workout reviewed again is listed again, and is new: marked again once shown.
    marked = waitingMarks
    words = without(waitingMarks, answer)
    onChange?()
  }

  /// The trainee saw `mark`'s words: the mark goes to the server, and waits when it cannot.
  public func markSeen(_ mark: Mark) {
    guard !marked.contains(mark) else { return }
    marked.insert(mark)
    waitingMarks.insert(mark)
    send(mark)
  }

  /// Marks every word of the last read seen, as Today shows them; they stay shown until the
  /// next read.
  public func markAllSeen() {
    guard let words else { return }
    for review in words.reviews { markSeen(.review(workoutId: review.workoutId)) }
    for feedback in words.videoFeedback { markSeen(.videoFeedback(videoId: feedback.videoId)) }
  }

  /// Takes the live workout's marks of video feedback seen (`D`), so they wait and go again as
  /// Today's do.
  public func watch(_ coordinator: WorkoutCoordinator) {
    coordinator.markFeedbackSeen = { [weak self] in self?.markSeen(.videoFeedback(videoId: $0)) }
  }

  /// Redraws `app` when the words change, and takes `coordinator`'s marks (`watch(_:)`).
  public func attach(to app: PerformTerminalApp, coordinator: WorkoutCoordinator) {
    onChange = { [weak app] in app?.setNeedsRedraw() }
    watch(coordinator)
  }

  /// Whether `mark` waits for the server (shown, its mark not taken yet).
  public func isWaiting(_ mark: Mark) -> Bool { waitingMarks.contains(mark) }

  /// The send of `mark` under way, or a new one.
  @discardableResult
  private func send(_ mark: Mark) -> Task<Void, Never> {
    if let task = sending[mark] { return task }
    let task = Task { await self.attempt(mark) }
    sending[mark] = task
    return task
  }

  private func attempt(_ mark: Mark) async {
    defer { sending[mark] = nil }
    do throws(TraineeAPIError) {
      switch mark {
      case .review(let workoutId): try await api.markReviewSeen(workoutId: workoutId)
      case .videoFeedback(let videoId): try await api.markFeedbackSeen(videoId: videoId)
      }
      waitingMarks.remove(mark)
    } catch {
      // NB: the server's "no such review" (404: the workout was deleted meanwhile) is final:
      // sending it again would never succeed. A server away, slow, busy or refusing the token
      // keeps the mark waiting.
      if case .http(let status, _) = error, (400..<500).contains(status),
        ![401, 408, 429].contains(status)
      {
        waitingMarks.remove(mark)
      }
    }
  }

  private func without(_ marks: Set<Mark>, _ words: CoachWordsDto) -> CoachWordsDto {
    CoachWordsDto(
      reviews: words.reviews.filter { !marks.contains(.review(workoutId: $0.workoutId)) },
      videoFeedback: words.videoFeedback.filter {
        !marks.contains(.videoFeedback(videoId: $0.videoId))
      })
  }
}
