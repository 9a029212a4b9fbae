import Foundation
import LiveActivity
import LiveWorkoutScreens
import TerminalScreens
import TerminalUI
import TraineeAPI
import TraineeClient
import WorkoutSession

// NB: docs/decisions/the-terminal-app-and-the-perform-command.md, "The terminal app", workouts: the
// plans and days, the history (with delete), the next workout. The next workout is the day after
// the last logged day of its plan, in the plan's order, wrapping around; with no history, the first
// day of the first plan.

/// The workouts tab: what to do next, every plan day, and the logged workouts.
@MainActor
public final class WorkoutsScreen: AppScreen {
  enum Item: Equatable {
    case day(planId: String, dayId: String)
    case logged(id: String)
    /// The line that loads the next, older page of the history.
    case olderHistory
  }

  private let coordinator: WorkoutCoordinator
  let api: any WorkoutAPI
  weak var host: (any ScreenHost)?
  private let openLiveWorkout: @MainActor () -> Void
  var programs: TrainingProgramsDto?
  var history: [WorkoutLogDto] = []
  /// The cursor of the history's next, older page; `nil` when every page is shown.
  var historyCursor: String?
  var loadingOlderHistory = false
  var problem: String?
  var loadsInFlight = 0
  var loading: Bool { loadsInFlight > 0 }
  var selection = 0
  private var confirmingDelete: String?
  /// When the programs shown were fetched, and why the server's could not be had (nil: they
  /// are the server's latest answer).
  var programsAsOf: (fetchedAt: Date, failure: TraineeAPIError?)?
  /// When the next reload runs by itself after a failed one, and the pause before it.
  public internal(set) var retryAt: Date?
  var retryDelay = WorkoutsScreen.firstRetryDelay
  /// When the programs shown were fetched (nil: none loaded yet).
  public var programsFetchedAt: Date? { programsAsOf?.fetchedAt }
  let now: @Sendable () -> Date
  let timeZone: @Sendable () -> TimeZone

  /// The first pause before a failed load is tried again by itself; it doubles up to
  /// `maximumRetryDelay`.
  static let firstRetryDelay: TimeInterval = 5
  static let maximumRetryDelay: TimeInterval = 30
  /// Called when the server answers again after a load it could not answer: the rest of the
  /// app refreshes what it showed from copies and sends what waited.
  public var onReconnect: (@MainActor () -> Void)?
  /// Opens a logged workout (its id) over the list: Enter on it.
  public var openLoggedWorkout: (@MainActor (String) -> Void)?
  /// The units a workout starts in (the settings'; typed weights are read in them).
  public var units: @MainActor () -> UnitSystem = { .metric }
  /// The language the tab's words are in (the settings').
  public var language: @MainActor () -> ActivityLanguage = { .en }
  /// The territory the tab writes dates for (the environment's), or `nil`.
  public var region: String?
  var text: AppText { AppText(language(), region: region) }

  /// The screen; `openLiveWorkout` switches to the live workout tab. `now` and `timeZone` date
  /// reloads and say when a copy shown offline is from.
  public init(
    coordinator: WorkoutCoordinator, api: any WorkoutAPI, host: any ScreenHost,
    now: @escaping @Sendable () -> Date = { Date() },
    timeZone: @escaping @Sendable () -> TimeZone = { TimeZone.current },
    openLiveWorkout: @escaping @MainActor () -> Void
  ) {
    self.coordinator = coordinator
    self.api = api
    self.host = host
    self.now = now
    self.timeZone = timeZone
    self.openLiveWorkout = openLiveWorkout
  }

  var items: [Item] {
    let days = (programs?.plans ?? []).flatMap { plan in
      plan.days.map { Item.day(planId: plan.id, dayId: $0.id) }
    }
    return days + history.map { .logged(id: $0.id) } + (historyCursor == nil ? [] : [.olderHistory])
  }

  /// The day to do next.
  var nextDay: (planId: String, dayId: String)? {
    guard let plans = programs?.plans, let first = plans.first(where: { !$0.days.isEmpty })
    else { return nil }
    for logged in history {
      guard let dayId = logged.dayId,
        let plan = plans.first(where: {
          ($0.id == logged.programId || logged.programId == nil)
            && $0.days.contains { $0.id == dayId }
        }),
        let index = plan.days.firstIndex(where: { $0.id == dayId })
      else { continue }
      return (plan.id, plan.days[(index + 1) % plan.days.count].id)
    }
    return (first.id, first.days[0].id)
  }

  public var isEditingText: Bool { false }

  public var keyHelp: [KeyHelp] {
    if confirmingDelete != nil {
      return [
        KeyHelp(String(text.yesKey), text(.workoutsKeyDelete)),
        KeyHelp("n/Esc", text(.workoutsKeyKeep)),
      ]
    }
    return [
      KeyHelp("↑/↓ j/k", text(.workoutsKeyMove)), KeyHelp("Enter", text(.workoutsKeyStart)),
      KeyHelp("n", text(.workoutsKeyStartNext)), KeyHelp("d", text(.workoutsKeyDeleteLogged)),
      KeyHelp("r", text(.keyRefresh)),
    ]
  }

  public func handle(_ key: Key, now: Date) -> KeyResult {
    if let id = confirmingDelete {
      confirmingDelete = nil
      if text.isYes(key) { delete(id) }
      return .handled
    }
    let items = items
    switch key {
    case .down, .character("j"):
      selection = min(max(0, items.count - 1), selection + 1)
      // The cursor reached the end of the pages shown: the next, older one is fetched.
      if items.indices.contains(selection), items[selection] == .olderHistory {
        loadOlderHistory()
      }
    case .up, .character("k"): selection = max(0, selection - 1)
    case .character("r"): Task { await reload() }
    case .character("n"):
      guard let next = nextDay else { return .handled }
      start(planId: next.planId, dayId: next.dayId)
    case .enter:
      guard items.indices.contains(selection) else { return .handled }
      switch items[selection] {
      case .day(let planId, let dayId): start(planId: planId, dayId: dayId)
      case .olderHistory: loadOlderHistory()
      case .logged(let id): openLoggedWorkout?(id)
      }
    case .character("d"), .delete:
      guard items.indices.contains(selection), case .logged(let id) = items[selection] else {
        host?.show(message: text(.workoutsSelectToDelete))
        return .handled
      }
      confirmingDelete = id
    default: return .ignored
    }
    return .handled
  }

  /// Starts plan `planId`'s day `dayId` as Enter on it does (the Today tab's Enter), loading
  /// the programs first when none are loaded yet or the loaded ones lack that day.
  public func startLoadingFirst(planId: String, dayId: String) async {
    // NB: Today reads home afresh, so it may name a day of a program the coach assigned after
    // this tab's last load (docs/decisions/the-coachs-programs.md, "What the trainee reads"):
    // started from the old copy, it would be a workout with no exercises.
    if programs.map({ findDay($0, dayId: dayId, planId: planId) == nil }) ?? true {
      await reload()
    }
    guard programs != nil else {
      host?.show(message: problem ?? text(.workoutsOfflineNothing))
      return
    }
    start(planId: planId, dayId: dayId)
  }

  /// Starts plan `planId`'s day `dayId` in the trainee's units and shows it; with a workout open
  /// or being sent, shows that one instead.
  private func start(planId: String, dayId: String) {
    guard let programs else { return }
    if let session = coordinator.store.session, session.started {
      if sessionMatches(session, dayId: dayId, planId: planId) {
        openLiveWorkout()
      } else {
        host?.show(
          message: text(.workoutsFinishFirst, ["title": session.title]))
        openLiveWorkout()
      }
      return
    }
    if coordinator.isFinishing {
      host?.show(message: text(.workoutsStillSending))
      openLiveWorkout()
      return
    }
    let units = units()
    coordinator.send(
      .start(getLiveWorkout(programs, dayId: dayId, planId: planId, units: units), units: units))
    coordinator.send(.begin)
    openLiveWorkout()
  }

  private func delete(_ id: String) {
    Task {
      do throws(TraineeAPIError) {
        try await api.deleteWorkoutLog(id: id)
        host?.show(message: text(.workoutsDeleted))
        await reload()
      } catch {
        host?.show(message: text(.workoutsNotDeleted, ["problem": error.explanation]))
      }
    }
  }

  public func body(size: TerminalSize, now: Date) -> Frame {
    // The sentences above the lists wrap (`messageLines`); the lists' rows are columns.
    let columns = size.columns
    var lines: [StyledLine] = []
    if let problem {
      lines += messageLines(problem, TextStyle(bold: true, foreground: .red), columns: columns)
    }
    lines += offlineLines().flatMap { messageLines($0, columns: columns) }
    if programs == nil {
      if loading || problem == nil {
        lines += messageLines(
          text(loading ? .workoutsLoading : .workoutsNoneLoaded), columns: columns)
      }
      return Frame(lines: lines)
    }
    let inProgress = coordinator.store.session.flatMap { $0.started ? $0 : nil }
    if let inProgress {
      lines += messageLines(
        text(.workoutsInProgress, ["day": inProgress.dayLabel, "title": inProgress.title]),
        TextStyle(bold: true, foreground: .yellow), columns: columns)
    } else if let next = nextDay,
      let day = findDay(programs!, dayId: next.dayId, planId: next.planId)?.day
    {
      var line = StyledLine(text(.workoutsNext), TextStyle(bold: true))
      line.append("\(day.label ?? "") \(day.title ?? "")", TextStyle(bold: true, foreground: .cyan))
      line.append("  " + text(.workoutsNToStart), TextStyle(dim: true))
      lines += messageLines(line, columns: columns)
    }
    lines.append(StyledLine(""))
    let overview = getOverview(programs!)
    var index = 0
    var selectedRow = 0
    for plan in overview.plans {
      lines.append(StyledLine(plan.name, TextStyle(bold: true, underline: true)))
      for day in plan.days {
        let selected = index == selection
        if selected { selectedRow = lines.count }
        var line = StyledLine(selected ? "  ▶ " : "    ", TextStyle(bold: true))
        line.append(pad(day.label, 8), TextStyle(bold: true))
        line.append(
          pad([day.title, day.subtitle].filter { !$0.isEmpty }.joined(separator: " — "), 36))
        line.append(
          text.count(.countExercises, day.exerciseCount) + " · "
            + text.count(.countSets, day.setCount),
          TextStyle(dim: true))
        if let inProgress, inProgress.dayId == day.id {
          line.append("  " + text(.workoutsInProgressTag), TextStyle(foreground: .yellow))
        }
        if selected { line.runs = line.runs.map { StyledRun($0.text, reversed($0.style)) } }
        lines.append(line)
        index += 1
      }
      lines.append(StyledLine(""))
    }
    lines.append(StyledLine(text(.workoutsHistory), TextStyle(bold: true, underline: true)))
    if history.isEmpty {
      lines += messageLines(
        "    " + text(.workoutsNothingLogged), TextStyle(dim: true), columns: columns)
    }
    for logged in history {
      let selected = index == selection
      if selected { selectedRow = lines.count }
      var line = StyledLine(selected ? "  ▶ " : "    ", TextStyle(bold: true))
      line.append(pad("#\(logged.workoutNumber)", 6), TextStyle(bold: true))
      let day = ISO8601Instant.date(from: logged.loggedAt).map {
        text.shortDate($0, timeZone: timeZone())
      }
      line.append(pad(day ?? String(logged.loggedAt.prefix(10)), 12))
      line.append(pad(logged.label ?? logged.dayId ?? "", 10))
      line.append(pad(logged.durationSec.map { formatClock($0) } ?? "", 9))
      let units = units()
      let volume = units.displayWeight(kilograms: Double(logged.volumeKg))
      line.append(
        text.count(.countSets, logged.doneSetCount) + " · "
          + text.decimal(volume, digits: 0) + " " + units.weightSymbol,
        TextStyle(dim: true))
      if confirmingDelete == logged.id {
        line.append("  " + text(.workoutsDeleteAsk), TextStyle(bold: true, foreground: .red))
      }
      if selected { line.runs = line.runs.map { StyledRun($0.text, reversed($0.style)) } }
      lines.append(line)
      index += 1
    }
    if historyCursor != nil {
      let selected = index == selection
      if selected { selectedRow = lines.count }
      var line = StyledLine(selected ? "  ▶ " : "    ", TextStyle(bold: true))
      line.append(
        text(loadingOlderHistory ? .workoutsLoadingOlder : .workoutsOlder),
        TextStyle(dim: !selected))
      if selected { line.runs = line.runs.map { StyledRun($0.text, reversed($0.style)) } }
      lines.append(line)
    }
    if lines.count > size.rows {
      let top = min(max(0, selectedRow - size.rows / 2), lines.count - size.rows)
      lines = Array(lines[top..<(top + size.rows)])
    }
    return Frame(lines: lines)
  }

  private func reversed(_ style: TextStyle) -> TextStyle {
    var style = style
    style.reverse = true
    return style
  }
}
