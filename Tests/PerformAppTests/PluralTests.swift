import Foundation
import LiveActivity
import LiveWorkoutScreens
import NutritionScreens
import PerformApp
import TerminalScreens
import TerminalUI
import Testing
import TraineeAPI

/// Every count is said with its language's plural rule: one rule per language, one set of forms per
/// counted text (docs/decisions/the-terminal-app-as-a-daily-app.md "The app's settings, language
/// and units", plurals).
@MainActor
struct PluralTests {
  @Test func eachLanguageCountsByItsOwnRule() {
    #expect(AppText(.en).count(.countSets, 1) == "1 set")
    #expect(AppText(.en).count(.countSets, 0) == "0 sets")
    #expect(AppText(.en).count(.countWorkouts, 1) == "1 workout")
    #expect(AppText(.en).count(.countWorkouts, 2) == "2 workouts")
    #expect(AppText(.de).count(.countSets, 1) == "1 Satz")
    #expect(AppText(.de).count(.countExercises, 1) == "1 Übung")
    #expect(AppText(.de).count(.countExercises, 0) == "0 Übungen")
    // French counts 0 and 1 as singular.
    #expect(AppText(.fr).count(.countSets, 0) == "0 série")
    #expect(AppText(.fr).count(.countSets, 1) == "1 série")
    #expect(AppText(.fr).count(.countSets, 2) == "2 séries")
    #expect(AppText(.it).count(.countExercises, 1) == "1 esercizio")
    // Japanese has one form.
    #expect(AppText(.ja).count(.countSets, 1) == "1 セット")
    #expect(AppText(.ja).count(.countSets, 3) == "3 セット")
    #expect(ActivityLanguage.ja.pluralCategory(of: 1) == .other)
  }

  @Test func countedSentencesTakeTheirCountsForm() {
    let english = AppText(.en)
    #expect(english(.liveSetsLabel, count: 1, ["sets": "1"]) == "1 set")
    #expect(english(.liveSetsDone, count: 1, ["done": "0", "total": "1"]) == "0/1 set")
    #expect(
      english(.warmUpsAdded, count: 1, ["count": "1", "exercise": "A|B"])
        == "1 warm-up set added before A|B.")
    #expect(AppText(.de)(.nutritionInDays, count: 1, ["days": "1"]) == "in 1 Tag")
    #expect(AppText(.fr)(.liveSetsLabel, count: 0, ["sets": "0"]) == "0 série")
  }

  /// A text with forms has at most one per plural category of its language (Japanese: one),
  /// each with the same slots.
  @Test(arguments: ActivityLanguage.allCases)
  func everyCountedTextHasAFormPerCategory(language: ActivityLanguage) {
    let text = AppText(language)
    for key in AppString.allCases {
      let forms = text(key).components(separatedBy: "|")
      #expect(forms.count <= (language == .ja ? 1 : 2), "\(language) \(key)")
      let slots = Set(forms.map { TranslatedScreensTests.slots($0) })
      #expect(slots.count == 1, "\(language) \(key)")
    }
  }

  @Test func aLoggedWorkoutOfOneSetSaysSetAndExerciseInTheSingular() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-plural-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let api = FakeTrainingHistoryAPI()
    api.state.withLock {
      $0.logs["7"] = WorkoutLogDto(
        id: "7", workoutNumber: 3, loggedAt: "2026-11-30T07:06:00.000Z", programId: "plan_1",
        dayId: "day_push", label: "Push", durationSec: 600, completed: true, exerciseCount: 1,
        doneSetCount: 1, volumeKg: 500,
        entries: [
          LogEntry(
            exerciseId: "bench", name: "Bench Press", done: true, tempo: nil,
            sets: [
              .strength(
                StrengthLogSet(
                  setNumber: 1, reps: 5, targetReps: 5, weight: 100, rir: nil, rm: nil,
                  done: true, setType: .working, isRecord: nil))
            ])
        ])
    }
    let app = PerformTerminalApp()
    app.setTabs([.init(title: "Workouts", screen: BlankScreen())])
    let settings = AppSettingsStore(
      dataDirectory: directory, environment: ["LANG": "de_DE.UTF-8"], now: Date())
    app.text = settings.text
    let views = HistoryViews(
      app: app, api: api, settings: settings, timeZone: { TimeZone(identifier: "UTC")! })
    views.openLog(id: "7") {}
    func screen() -> String {
      app.frame(size: TerminalSize(rows: 24, columns: 80), now: Date()).plainText
    }
    #expect(await settled { screen().contains("Bench Press") })
    #expect(screen().contains("1 Satz · 1 Übung · Volumen 500 kg"))
  }
}
