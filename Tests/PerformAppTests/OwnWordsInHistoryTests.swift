import Foundation
import PerformApp
import TerminalScreens
import TerminalUI
import Testing
import TraineeAPI

/// The trainee's own words in the workout's history detail: the workout's note, the reason for a
/// swap and each set's note, and an exercise without a done set listed when words are on it
/// (docs/decisions/the-coachs-words.md, "The coach's words in the app").
@MainActor
struct OwnWordsInHistoryTests {
  static func set(_ number: Int, done: Bool, note: String? = nil) -> LogSet {
    .strength(
      StrengthLogSet(
        setNumber: number, reps: 5, targetReps: 5, weight: 100, rir: nil, rm: nil, done: done,
        note: note))
  }

  static let log = WorkoutLogDto(
    id: "8", workoutNumber: 13, loggedAt: "2026-12-01T07:06:00.000Z", programId: "plan_1",
    dayId: "day_push", label: "Push", durationSec: 2530, completed: true, exerciseCount: 3,
    doneSetCount: 2, volumeKg: 1000,
    entries: [
      LogEntry(
        exerciseId: "db_bench", name: "Dumbbell Bench", done: true, tempo: nil,
        sets: [set(1, done: true, note: "Left shoulder clicked"), set(2, done: true)],
        substitutionReason: "Bench taken"),
      LogEntry(
        exerciseId: "dips", name: "Dips", done: false, tempo: nil,
        sets: [set(1, done: false, note: "Elbow hurt, stopped")]),
      LogEntry(
        exerciseId: "flyes", name: "Cable Flyes", done: false, tempo: nil,
        sets: [set(1, done: false)]),
    ], note: "Slept badly", review: nil)

  func opened(_ log: WorkoutLogDto, lang: String = "en_US.UTF-8") async throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-own-words-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let history = FakeTrainingHistoryAPI()
    history.state.withLock { $0.logs[log.id] = log }
    let app = PerformTerminalApp()
    app.setTabs([.init(title: "Workouts", screen: BlankScreen())])
    let settings = AppSettingsStore(
      dataDirectory: directory, environment: ["LANG": lang], now: Date())
    app.text = settings.text
    let views = HistoryViews(
      app: app, api: history, settings: settings, timeZone: { TimeZone(identifier: "UTC")! })
    views.openLog(id: log.id) {}
    let frame = { app.frame(size: TerminalSize(rows: 40, columns: 80), now: Date()).plainText }
    #expect(await settled { frame().contains("Dumbbell Bench") })
    return frame()
  }

  @Test func theDetailShowsTheTraineesNotesAndTheReasonForASwap() async throws {
    let text = try await opened(Self.log)

    #expect(text.contains("Your note: Slept badly"))
    #expect(text.contains("Swapped: Bench taken"))
    #expect(text.contains("Your note on set 1: Left shoulder clicked"))
    // An exercise with no done set is listed for the words on it, and only then.
    #expect(text.contains("Dips"))
    #expect(text.contains("Your note on set 1: Elbow hurt, stopped"))
    #expect(!text.contains("Cable Flyes"))
  }

  @Test func aCoachsCommentOnAnExerciseWithoutADoneSetIsShown() async throws {
    var log = Self.log
    log.review = WorkoutReviewDto(
      verdict: .reviewed, comment: nil,
      setComments: [SetCommentDto(entryIndex: 2, setNumber: 1, comment: "Do these next time")],
      reviewedAt: "2026-12-01T09:00:00.000Z", seen: true)

    let text = try await opened(log)

    #expect(text.contains("Cable Flyes"))
    #expect(text.contains("Coach on set 1: Do these next time"))
  }

  @Test func theNotesReadInGerman() async throws {
    let text = try await opened(Self.log, lang: "de_DE.UTF-8")

    #expect(text.contains("Deine Notiz: Slept badly"))
    #expect(text.contains("Getauscht: Bench taken"))
    #expect(text.contains("Deine Notiz zu Satz 1: Left shoulder clicked"))
  }
}
