import Foundation
import LiveWorkoutScreens
import NutritionLog
import TerminalScreens
import TerminalUI
import TraineeAPI
import TraineeClient
import WorkoutSession

// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "The Today tab": the next workout (Enter
// starts it), a finished workout being sent or refused, today's nutrition from GET /home with the
// home day hint (docs/specs/nutrition-day.md, "The preferred day and the home hint"), the last
// workout and this week's count. Home is read again when shown, after today's nutrition save is
// confirmed (the spec's save "invalidates the ['home'] queries") and after a finished workout is
// accepted.

/// The Today tab.
@MainActor
public final class TodayScreen: AppScreen {
  /// What the tab needs from the rest of the app.
  public struct Environment {
    public var api: any TodayAPI
    public var workouts: any WorkoutAPI
    public var coordinator: WorkoutCoordinator
    /// The nutrition edits (for the home day hint and to notice today's confirmed save).
    public var nutritionEdits: @MainActor () -> NutritionEdits
    public var now: @Sendable () -> Date
    public var timeZone: @Sendable () -> TimeZone
    /// Starts plan `planId`'s day `dayId` (the workouts tab's Enter).
    public var startWorkout: @MainActor (_ planId: String, _ dayId: String) -> Void
    /// Shows the live workout tab.
    public var openLiveWorkout: @MainActor () -> Void
    /// Shows the nutrition tab.
    public var openNutrition: @MainActor () -> Void
    /// What the coach said that the trainee has not seen ("From your coach"); none without.
    public var coachWords: CoachWordsInbox?

    public init(
      api: any TodayAPI, workouts: any WorkoutAPI, coordinator: WorkoutCoordinator,
      nutritionEdits: @escaping @MainActor () -> NutritionEdits,
      now: @escaping @Sendable () -> Date, timeZone: @escaping @Sendable () -> TimeZone,
      startWorkout: @escaping @MainActor (String, String) -> Void,
      openLiveWorkout: @escaping @MainActor () -> Void,
      openNutrition: @escaping @MainActor () -> Void
    ) {
      self.api = api
      self.workouts = workouts
      self.coordinator = coordinator
      self.nutritionEdits = nutritionEdits
      self.now = now
      self.timeZone = timeZone
      self.startWorkout = startWorkout
      self.openLiveWorkout = openLiveWorkout
      self.openNutrition = openNutrition
    }
  }

  let environment: Environment
  let settings: AppSettingsStore
  weak var host: (any ScreenHost)?
  /// The last home answer (with when it was fetched and why a fresher one could not be had).
  private(set) var home: KeptAnswer<HomeDto>?
  private(set) var homeProblem: String?
  /// Why the history could not be read, while none is shown.
  private(set) var historyProblem: String?
  /// Whether the server refused the token on the last reload: said with what to do.
  private(set) var tokenRefused = false
  private(set) var history: [WorkoutLogDto]?
  /// The nutrition plans, for the name of home's plan day.
  private(set) var nutritionPlans: NutritionPlansDto?
  /// How many reloads have run (tests wait on it).
  public private(set) var reloads = 0
  private var loading = false
  /// Today's confirmed nutrition day when home was last asked for.
  private var confirmedToday: NutritionDaySnapshot?
  private var todayKey = ""
  /// The accepted workout home was last read after.
  private var acceptedWorkout: String?

  public init(environment: Environment, settings: AppSettingsStore, host: any ScreenHost) {
    self.environment = environment
    self.settings = settings
    self.host = host
  }

  var text: AppText { settings.text }
  public var isEditingText: Bool { false }

  public var keyHelp: [KeyHelp] {
    var keys: [KeyHelp] = []
    if inProgress != nil || environment.coordinator.isFinishing {
      keys.append(KeyHelp("Enter", text(.keyOpenLive)))
    } else if home?.value.nextWorkout != nil {
      keys.append(KeyHelp("Enter/n", text(.keyStartNext)))
    }
    keys += [KeyHelp("m", text(.keyOpenNutrition)), KeyHelp("r", text(.keyRefresh))]
    return keys
  }

  /// The workout started and not finished, if any.
  var inProgress: WorkoutSession? {
    guard let session = environment.coordinator.store.session, session.started,
      !environment.coordinator.isFinishing
    else { return nil }
    return session
  }

  public func handle(_ key: Key, now: Date) -> KeyResult {
    switch key {
    case .enter, .character("n"):
      if inProgress != nil || environment.coordinator.isFinishing {
        environment.openLiveWorkout()
      } else if let next = home?.value.nextWorkout {
        environment.startWorkout(next.planId, next.dayId)
      }
    case .character("m"): environment.openNutrition()
    case .character("r"): Task { await reload() }
    default: return .ignored
    }
    return .handled
  }

  /// Reads home (with today's hint) and the history again.
  public func reload() async {
    guard !loading else { return }
    loading = true
    defer { loading = false }
    let calendar = NutritionCalendar(timeZone: environment.timeZone())
    let today = calendar.day(of: environment.now()).dayKey.rawValue
    let edits = environment.nutritionEdits()
    todayKey = today
    confirmedToday = edits.confirmedSnapshot(today)
    if case .accepted(let logged, _, _) = environment.coordinator.finish {
      acceptedWorkout = logged.id
    }
    // The coach's words are read beside home, not before it: a server that does not answer
    // delays Today once, not twice.
    let inbox = environment.coachWords
    async let wordsRead: Void = inbox?.reload() ?? ()
    var refused = false
    do throws(TraineeAPIError) {
      let answer = try await environment.api.keptHome(hint: homeDayHintOf(edits, todayKey: today))
      home = answer
      homeProblem = nil
      refused = answer.failure?.isRefusedToken == true
    } catch {
      homeProblem = OfflineText.describe(error, text: text)
      refused = error.isRefusedToken
    }
    if let plans = try? await environment.api.keptNutritionPlans().value {
      nutritionPlans = plans
    }
    do throws(TraineeAPIError) {
      let answer = try await environment.workouts.keptWorkoutHistory()
      history = answer.value.workouts
      historyProblem = nil
      refused = refused || answer.failure?.isRefusedToken == true
    } catch {
      // Said where the history goes: it no longer reads "Loading…" forever.
      historyProblem = OfflineText.describe(error, text: text)
      refused = refused || error.isRefusedToken
    }
    tokenRefused = refused
    await wordsRead
    reloads += 1
    host?.setNeedsRedraw()
  }

  /// Every second: reads home again when today's nutrition save was confirmed or a finished
  /// workout was accepted since it was last read.
  public func upkeep(now: Date) {
    guard !loading else { return }
    var stale = environment.nutritionEdits().confirmedSnapshot(todayKey) != confirmedToday
    if case .accepted(let logged, _, _) = environment.coordinator.finish,
      logged.id != acceptedWorkout
    {
      stale = true
    }
    if stale { Task { await reload() } }
  }
}
