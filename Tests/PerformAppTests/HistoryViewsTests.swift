import Foundation
import LiveWorkoutScreens
import NutritionScreens
import PerformApp
import TerminalScreens
import TerminalUI
import Testing
import TraineeAPI
import TrainingHistory
import WorkoutSession

/// The history view (one logged workout) and the progress view, opened over the app.
@MainActor
struct HistoryViewsTests {
  let directory: URL
  let api = FakeTrainingHistoryAPI()
  let app = PerformTerminalApp()
  nonisolated static let utc = TimeZone(identifier: "UTC")!

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-history-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    app.setTabs([.init(title: "Workouts", screen: BlankScreen())])
  }

  private func views(_ locale: String) -> HistoryViews {
    let settings = AppSettingsStore(
      dataDirectory: directory, environment: ["LANG": locale], now: Date())
    app.text = settings.text
    return HistoryViews(app: app, api: api, settings: settings, timeZone: { Self.utc })
  }

  private func strength(
    _ number: Int, _ weight: Double, _ reps: Int, _ type: SetType?, record: Bool? = nil,
    rir: String? = nil
  ) -> LogSet {
    .strength(
      StrengthLogSet(
        setNumber: number, reps: reps, targetReps: reps, weight: weight, rir: rir, rm: nil,
        done: true, setType: type, isRecord: record))
  }

  private var pushDay: WorkoutLogDto {
    WorkoutLogDto(
      id: "7", workoutNumber: 12, loggedAt: "2026-11-30T07:06:00.000Z", programId: "plan_1",
      dayId: "day_push", label: "Push", durationSec: 2530, completed: true, exerciseCount: 2,
      doneSetCount: 4, volumeKg: 1400,
      entries: [
        LogEntry(
          exerciseId: "bench", name: "Bench Press", done: true, tempo: nil,
          sets: [
            strength(1, 40, 10, .warmup), strength(2, 100, 5, .working, record: true, rir: "2"),
            strength(3, 90, 6, .drop, rir: "0.5"),
          ]),
        LogEntry(
          exerciseId: "run", name: "Treadmill", done: true, tempo: nil,
          sets: [
            .cardio(
              CardioLogSet(setNumber: 1, durationSec: 600, distanceKm: 2.5, rpe: nil, done: true))
          ]),
      ])
  }

  private func sets(_ points: [(day: Int, weight: Double, reps: Int)]) -> [LoggedSetDto] {
    points.enumerated().map { index, point in
      let date = Date(timeIntervalSince1970: 1_767_600_000 + Double(point.day) * 86_400)
      return LoggedSetDto(
        logId: String(index + 1), workoutNumber: index + 1,
        performedAt: ISO8601Instant.text(date), label: "Push", exerciseId: "bench",
        name: "Bench Press", setNumber: 1, setType: .working, weight: point.weight,
        reps: point.reps)
    }
  }

  private func screen(_ size: TerminalSize = TerminalSize(rows: 24, columns: 80)) -> String {
    app.frame(size: size, now: Date()).plainText
  }

  @Test func aLoggedWorkoutShowsEverySetInPoundsWithItsVolumeAndRecords() async {
    defer { try? FileManager.default.removeItem(at: directory) }
    api.state.withLock { $0.logs["7"] = pushDay }
    views("en_US.UTF-8").openLog(id: "7") {}
    #expect(await settled { screen().contains("Bench Press") })
    let text = screen()
    #expect(text.contains("Workout #12 · Nov 30, 2026 at 7:06\u{202F}AM · Push"))
    #expect(text.contains("42:10 · 4 sets · 2 exercises · volume 3086 lb"))
    #expect(text.contains("★ Record: Bench Press 220.5 lb × 5"))
    #expect(text.contains("1   warm-up       88.2 lb × 10"))
    #expect(text.contains("2   working       220.5 lb × 5      RIR 2     ★ record"))
    #expect(text.contains("3   drop set      198.4 lb × 6      RIR 0.5"))
    #expect(text.contains("10:00 · 1.55 mi"))
    // Every line fits 80 columns; the keys are in the help.
    #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
    _ = app.handle(.character("?"), now: Date())
    #expect(
      screen().contains("delete this workout") && screen().contains("progress of the exercise"))
    _ = app.handle(.character("x"), now: Date())
    _ = app.handle(.escape, now: Date())
    #expect(screen().contains("blank tab"))
  }

  @Test func germanShowsTheWorkoutInGerman() async {
    defer { try? FileManager.default.removeItem(at: directory) }
    api.state.withLock { $0.logs["7"] = pushDay }
    views("de_DE.UTF-8").openLog(id: "7") {}
    #expect(await settled { screen().contains("Bench Press") })
    let text = screen()
    #expect(text.contains("Training #12 · 30. Nov. 2026, 07:06 · Push"))
    #expect(text.contains("4 Sätze · 2 Übungen · Volumen 1400 kg"))
    #expect(text.contains("Aufwärmsatz") && text.contains("RIR 0,5") && text.contains("★ Rekord"))
  }

  @Test func deletingFromTheViewClosesItAndTellsTheList() async {
    defer { try? FileManager.default.removeItem(at: directory) }
    api.state.withLock { $0.logs["7"] = pushDay }
    var deleted = false
    views("C").openLog(id: "7") { deleted = true }
    #expect(await settled { screen().contains("Bench Press") })
    _ = app.handle(.character("d"), now: Date())
    #expect(screen().contains("Delete workout #12? (y/n)"))
    _ = app.handle(.character("n"), now: Date())
    #expect(api.state.withLock { $0.deleted.isEmpty })
    _ = app.handle(.character("d"), now: Date())
    _ = app.handle(.character("y"), now: Date())
    #expect(await settled { deleted })
    #expect(api.state.withLock { $0.deleted } == ["7"])
    #expect(app.presented.isEmpty)
    #expect(app.message == "Workout #12 was deleted.")
  }

  @Test func aWorkoutThatCannotBeLoadedSaysSoAndLoadsAgainWithR() async {
    defer { try? FileManager.default.removeItem(at: directory) }
    api.state.withLock {
      $0.logs["7"] = pushDay
      $0.failing = true
    }
    views("C").openLog(id: "7") {}
    #expect(await settled { screen().contains("The workout could not be loaded") })
    api.state.withLock { $0.failing = false }
    _ = app.handle(.character("r"), now: Date())
    #expect(await settled { screen().contains("Bench Press") })
  }

  @Test func enterOnAnExerciseOpensItsProgressReadPageByPage() async {
    defer { try? FileManager.default.removeItem(at: directory) }
    api.state.withLock {
      $0.logs["7"] = pushDay
      $0.sets = sets([(0, 90, 5), (7, 95, 5), (14, 100, 5), (60, 105, 3), (61, 100, 5)])
    }
    views("en_US.UTF-8").openLog(id: "7") {}
    #expect(await settled { screen().contains("Bench Press") })
    _ = app.handle(.enter, now: Date())
    #expect(await settled { screen().contains("Estimated 1RM (lb)") })
    // Five sets, two a page: three requests, each following the last `next`.
    let requests = api.state.withLock { $0.setRequests }
    #expect(requests.map(\.exerciseId) == ["bench", "bench", "bench"])
    #expect(requests.map(\.after) == [nil, "2", "4"])
    let text = screen()
    #expect(text.contains("Progress: Bench Press"))
    #expect(text.contains("Best set: 220.5 lb × 5 on Jan 19, 2026 (estimated 1RM 257.2 lb)"))
    #expect(text.contains("5 workouts · 5 sets"))
    #expect(text.contains("2026-02") && text.contains("2026-03"))
    #expect(text.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
    _ = app.handle(.right, now: Date())
    #expect(screen().contains("Best set (lb)"))
    _ = app.handle(.right, now: Date())
    #expect(screen().contains("Weekly volume (lb)"))
    // Esc goes back to the workout, then to the list.
    _ = app.handle(.escape, now: Date())
    #expect(screen().contains("Workout #12"))
    _ = app.handle(.escape, now: Date())
    #expect(screen().contains("blank tab"))
  }

  @Test func theChartFillsTheTerminalAndFollowsItsSize() async {
    defer { try? FileManager.default.removeItem(at: directory) }
    api.state.withLock { $0.sets = sets([(0, 90, 5), (7, 95, 5), (14, 100, 5)]) }
    views("C").openProgress(NamedExercise(id: "bench", name: "Bench Press"))
    #expect(await settled { screen().contains("Estimated 1RM (kg)") })
    for size in [TerminalSize(rows: 24, columns: 80), TerminalSize(rows: 40, columns: 132)] {
      let lines = app.frame(size: size, now: Date()).lines.map(\.plainText)
      #expect(lines.count == size.rows)
      #expect(lines.allSatisfy { $0.count <= size.columns })
      let plot = lines.filter { $0.contains("┤") || $0.contains("│") }
      #expect(plot.count >= size.rows - 12)
      #expect(plot.allSatisfy { $0.count >= size.columns - 12 })
    }
  }

  @Test func emptyOnePointAndFlatProgressAreReadable() async {
    defer { try? FileManager.default.removeItem(at: directory) }
    let views = views("C")
    views.openProgress(NamedExercise(id: "bench", name: "Bench Press"))
    #expect(await settled { screen().contains("No done sets of Bench Press yet") })
    app.dismissPresented()

    api.state.withLock { $0.sets = sets([(3, 100, 5)]) }
    views.openProgress(NamedExercise(id: "bench", name: "Bench Press"))
    #expect(await settled { screen().contains("One workout so far") })
    #expect(screen().contains("on Jan 8, 2026"))
    app.dismissPresented()

    api.state.withLock { $0.sets = sets([(0, 100, 5), (7, 100, 5), (14, 100, 5)]) }
    views.openProgress(NamedExercise(id: "bench", name: "Bench Press"))
    #expect(await settled { screen().contains("Estimated 1RM (kg)") })
    // A flat line sits between labels above and below its value.
    let labels = screen().split(separator: "\n").compactMap { line -> Double? in
      guard line.contains("┤") else { return nil }
      return Double(line.split(separator: "┤")[0].trimmingCharacters(in: .whitespaces))
    }
    #expect(labels.contains { $0 > 116.7 } && labels.contains { $0 < 116.7 })
  }

  @Test func germanChartsUseTheDecimalComma() async {
    defer { try? FileManager.default.removeItem(at: directory) }
    api.state.withLock { $0.sets = sets([(0, 60, 5), (7, 61.25, 5), (14, 62.5, 5)]) }
    views("de_DE.UTF-8").openProgress(NamedExercise(id: "bench", name: "Bench Press"))
    #expect(await settled { screen().contains("Geschätztes 1RM (kg)") })
    let text = screen()
    #expect(text.contains("Fortschritt: Bench Press"))
    #expect(text.contains("Bester Satz: 62,5 kg × 5 am 19. Jan. 2026"))
    let axis = text.split(separator: "\n").filter { $0.contains("┤") }
    #expect(!axis.isEmpty && axis.allSatisfy { !$0.contains(".") })
  }

  @Test func recordsSayNoneOnlyWhenTheLogFlaggedItsSets() async {
    defer { try? FileManager.default.removeItem(at: directory) }
    func log(_ id: String, record: Bool?) -> WorkoutLogDto {
      var log = pushDay
      log.id = id
      log.entries = [
        LogEntry(
          exerciseId: "bench", name: "Bench Press", done: true, tempo: nil,
          sets: [strength(1, 100, 5, .working, record: record)])
      ]
      return log
    }
    api.state.withLock {
      $0.logs["flagged"] = log("flagged", record: false)
      $0.logs["older"] = log("older", record: nil)
    }
    let views = views("C")
    views.openLog(id: "flagged") {}
    #expect(await settled { screen().contains("Bench Press") })
    #expect(screen().contains("No records in this workout."))
    app.dismissPresented()
    views.openLog(id: "older") {}
    #expect(await settled { screen().contains("Bench Press") })
    #expect(screen().contains("Records were not logged with this workout."))
    #expect(!screen().contains("No records"))
  }
}
