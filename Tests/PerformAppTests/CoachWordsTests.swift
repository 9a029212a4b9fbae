import Foundation
import LiveWorkoutScreens
import NutritionLog
import PerformApp
import Synchronization
import TerminalScreens
import TerminalUI
import Testing
import TraineeAPI
import TraineeClient

/// The coach's words in the app: "From your coach" on Today, the review in the workout's
/// history, each marked seen once shown, a mark the server could not take sent again
/// (docs/decisions/the-coachs-words.md, "The coach's words in the app").
@MainActor
struct CoachWordsTests {
  let directory: URL
  let api = FakeCoachWordsAPI()

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-coach-words-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  static let words = CoachWordsDto(
    reviews: [
      ReviewNoticeDto(
        workoutId: "7", label: "Push", loggedAt: "2026-11-30T07:06:00.000Z",
        review: WorkoutReviewDto(
          verdict: .needsWork, comment: "Slow the eccentric down.",
          setComments: [
            SetCommentDto(entryIndex: 0, setNumber: 2, comment: "Hips came up"),
            SetCommentDto(entryIndex: 0, setNumber: 3, comment: "Better"),
          ],
          reviewedAt: "2026-11-30T09:00:00.000Z", seen: false))
    ],
    videoFeedback: [
      VideoFeedbackNoticeDto(videoId: "v9", exerciseId: "ex_bench", message: "Elbows in")
    ])

  /// Today on its own, with `inbox` as its coach's words.
  func today(
    _ inbox: CoachWordsInbox, lang: String = "en_US.UTF-8"
  ) throws -> (
    PerformTerminalApp, TodayScreen
  ) {
    let app = PerformTerminalApp()
    let settings = AppSettingsStore(
      dataDirectory: directory, environment: ["LANG": lang], now: Date())
    app.text = settings.text
    let coordinator = try WorkoutCoordinator(
      dataDirectory: directory, api: FakeWorkoutAPI(), language: settings.current.language)
    var environment = TodayScreen.Environment(
      api: FakeTodayAPI(answer: FakeTodayAPI.home), workouts: FakeWorkoutAPI(),
      coordinator: coordinator, nutritionEdits: { NutritionEdits() }, now: { Date() },
      timeZone: { TimeZone(identifier: "UTC")! }, startWorkout: { _, _ in },
      openLiveWorkout: {}, openNutrition: {})
    environment.coachWords = inbox
    let today = TodayScreen(environment: environment, settings: settings, host: app)
    app.setTabs([.init(title: "Today", screen: today)])
    return (app, today)
  }

  func screen(_ app: PerformTerminalApp) -> String {
    app.frame(size: TerminalSize(rows: 40, columns: 80), now: Date()).plainText
  }

  @Test func todayShowsFromYourCoachAndMarksEachSeenOnceShown() async throws {
    api.state.withLock { $0.words = Self.words }
    let inbox = CoachWordsInbox(api: api)
    let (app, today) = try today(inbox)

    await today.reload()
    let text = screen(app)

    #expect(text.contains("From your coach"))
    #expect(text.contains("Push: needs work"))
    #expect(text.contains("Slow the eccentric down."))
    #expect(text.contains("2 comments on sets: open the workout in the history"))
    #expect(text.contains("On your video: Elbows in"))
    #expect(await settled { api.state.withLock { $0.marks.count } == 2 })
    #expect(Set(api.state.withLock { $0.marks }) == ["review 7", "video v9"])
    // Drawn again, nothing is marked twice; the next read no longer lists them.
    _ = screen(app)
    api.state.withLock { $0.words = CoachWordsDto(reviews: [], videoFeedback: []) }
    await today.reload()
    #expect(!screen(app).contains("From your coach"))
    #expect(api.state.withLock { $0.marks.count } == 2)
  }

  @Test func todaySaysItInGerman() async throws {
    api.state.withLock { $0.words = Self.words }
    let (app, today) = try today(CoachWordsInbox(api: api), lang: "de_DE.UTF-8")

    await today.reload()

    #expect(screen(app).contains("Von deinem Coach"))
    #expect(screen(app).contains("Push: bitte nacharbeiten"))
  }

  @Test func aMarkTheServerCouldNotTakeIsSentAgainAndItsWordsAreNotShownAgain() async throws {
    api.state.withLock {
      $0.words = Self.words
      $0.reachable = false
    }
    let inbox = CoachWordsInbox(api: api)
    await inbox.reload()
    try #require(inbox.words == nil)
    api.state.withLock { $0.reachable = true }
    await inbox.reload()
    api.state.withLock { $0.reachable = false }

    inbox.markSeen(.review(workoutId: "7"))
    #expect(await settled { api.state.withLock { $0.tries } >= 1 })
    #expect(inbox.isWaiting(.review(workoutId: "7")))
    // The server is back: the mark goes before the read, and the read shows it no more.
    api.state.withLock { $0.reachable = true }
    await inbox.reload()

    #expect(api.state.withLock { $0.marks } == ["review 7"])
    #expect(!inbox.isWaiting(.review(workoutId: "7")))
    #expect(inbox.words?.reviews == [])
    #expect(inbox.words?.videoFeedback.map(\.videoId) == ["v9"])
  }

  @Test func aWaitingMarkHidesItsWordsFromAReadThatStillListsThem() async throws {
    api.state.withLock { $0.words = Self.words }
    let inbox = CoachWordsInbox(api: api)
    await inbox.reload()
    api.state.withLock { $0.marksFail = true }

    inbox.markSeen(.videoFeedback(videoId: "v9"))
    #expect(await settled { api.state.withLock { $0.tries } >= 1 })
    await inbox.reload()

    #expect(inbox.isWaiting(.videoFeedback(videoId: "v9")))
    #expect(inbox.words?.videoFeedback == [])
    #expect(inbox.words?.reviews.map(\.workoutId) == ["7"])
  }

  @Test func aMarkForAReviewTheServerNoLongerHasIsDropped() async throws {
    api.state.withLock { $0.missing = true }
    let inbox = CoachWordsInbox(api: api)

    inbox.markSeen(.review(workoutId: "7"))

    #expect(await settled { !inbox.isWaiting(.review(workoutId: "7")) })
  }

  @Test func theRefreshReadsAgainEveryTenMinutes() async throws {
    api.state.withLock { $0.words = Self.words }
    let inbox = CoachWordsInbox(api: api)
    let start = Date(timeIntervalSince1970: 1_767_607_200)

    inbox.refreshIfDue(now: start)
    #expect(await settled { api.state.withLock { $0.reads } == 1 })
    inbox.refreshIfDue(now: start.addingTimeInterval(599))
    inbox.refreshIfDue(now: start.addingTimeInterval(600))

    #expect(await settled { api.state.withLock { $0.reads } == 2 })
    #expect(api.state.withLock { $0.reads } == 2)
  }

  @Test func feedbackDismissedInTheLiveWorkoutOfflineIsMarkedOnceTheServerIsBack() async throws {
    let workouts = FakeWorkoutAPI()
    let tabs = try await WorkoutTabs(directory: directory, api: workouts)
    let inbox = CoachWordsInbox(api: api)
    inbox.watch(tabs.coordinator)
    _ = tabs.app.handle(.enter, now: Date())
    api.state.withLock { $0.reachable = false }

    _ = tabs.app.handle(.character("D"), now: Date())

    #expect(await settled { api.state.withLock { $0.tries } == 1 })
    #expect(inbox.isWaiting(.videoFeedback(videoId: "v9")))
    api.state.withLock { $0.reachable = true }
    await inbox.reload()
    #expect(api.state.withLock { $0.marks } == ["video v9"])
    #expect(workouts.recorded.withLock { $0.seen } == [])
  }

  @Test func theWorkoutsDetailShowsTheReviewAndItsSetCommentsAndMarksItSeen() async throws {
    let history = FakeTrainingHistoryAPI()
    history.state.withLock {
      $0.logs["7"] = WorkoutLogDto(
        id: "7", workoutNumber: 12, loggedAt: "2026-11-30T07:06:00.000Z", programId: "plan_1",
        dayId: "day_push", label: "Push", durationSec: 2530, completed: true, exerciseCount: 1,
        doneSetCount: 3, volumeKg: 1400,
        entries: [
          LogEntry(
            exerciseId: "bench", name: "Bench Press", done: true, tempo: nil,
            sets: (1...3).map {
              .strength(
                StrengthLogSet(
                  setNumber: $0, reps: 5, targetReps: 5, weight: 100, rir: nil, rm: nil,
                  done: true))
            })
        ], review: Self.words.reviews[0].review)
    }
    let app = PerformTerminalApp()
    app.setTabs([.init(title: "Workouts", screen: BlankScreen())])
    let settings = AppSettingsStore(
      dataDirectory: directory, environment: ["LANG": "en_US.UTF-8"], now: Date())
    app.text = settings.text
    var views = HistoryViews(
      app: app, api: history, settings: settings, timeZone: { TimeZone(identifier: "UTC")! })
    views.coachWords = CoachWordsInbox(api: api)

    views.openLog(id: "7") {}

    #expect(await settled { screen(app).contains("Bench Press") })
    let text = screen(app)
    #expect(text.contains("Your coach: needs work"))
    #expect(text.contains("Slow the eccentric down."))
    #expect(text.contains("Coach on set 2: Hips came up"))
    #expect(text.contains("Coach on set 3: Better"))
    #expect(await settled { api.state.withLock { $0.marks } == ["review 7"] })
  }
}

/// The coach's words endpoints on a fake server: what it lists, and the marks it took.
final class FakeCoachWordsAPI: CoachWordsAPI {
  struct State {
    var words = CoachWordsDto(reviews: [], videoFeedback: [])
    /// `review ID` or `video ID`, as the server took them.
    var marks: [String] = []
    var reads = 0
    /// Marks sent, taken or not.
    var tries = 0
    var reachable = true
    /// The server cannot take marks (it answers 503).
    var marksFail = false
    /// The server has no such review or video (404).
    var missing = false
  }

  let state = Mutex(State())

  func coachWords() async throws(TraineeAPIError) -> CoachWordsDto {
    let (words, reachable) = state.withLock {
      $0.reads += 1
      return ($0.words, $0.reachable)
    }
    guard reachable else { throw .offline }
    return words
  }

  func markReviewSeen(workoutId: String) async throws(TraineeAPIError) {
    try mark("review \(workoutId)")
  }

  func markFeedbackSeen(videoId: String) async throws(TraineeAPIError) {
    try mark("video \(videoId)")
  }

  private func mark(_ mark: String) throws(TraineeAPIError) {
    let state = state.withLock {
      $0.tries += 1
      return $0
    }
    guard state.reachable else { throw .offline }
    if state.marksFail { throw .http(status: 503, error: nil) }
    if state.missing {
      throw .http(status: 404, error: APIErrorBody(code: "not_found", message: "No such review."))
    }
    self.state.withLock {
      $0.marks.append(mark)
      // Seen, it is listed no more.
      $0.words.reviews.removeAll { "review \($0.workoutId)" == mark }
      $0.words.videoFeedback.removeAll { "video \($0.videoId)" == mark }
    }
  }
}
