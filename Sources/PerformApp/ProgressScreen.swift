import Foundation
import TerminalScreens
import TerminalUI
import TextColumns
import TraineeAPI
import TraineeClient
import TrainingHistory
import WorkoutSession

// NB: docs/decisions/history-progress-and-moving-data.md "The history and progress views": an
// exercise's estimated 1RM, best set and weekly volume, one chart at a time in TrainingHistory's
// braille chart, read page by page from `GET /v1/trainee/workouts/sets?exerciseId=`, in the
// trainee's units; the chart takes the whole body, so it grows and shrinks with the terminal.

/// The progress of one exercise over time.
@MainActor
public final class ProgressScreen: AppScreen {
  /// The three charts, in the order ←/→ walks them.
  public enum Chart: Int, CaseIterable, Sendable {
    /// Each workout's best set's Epley estimate; the best set's weight; each week's volume.
    case estimatedOneRepMax, bestSet, weeklyVolume
  }

  /// The exercise charted.
  public let exercise: NamedExercise
  let api: any TrainingHistoryAPI
  weak var host: (any ScreenHost)?
  let units: @MainActor () -> UnitSystem
  let text: @MainActor () -> AppText
  let timeZone: @Sendable () -> TimeZone
  /// Its series with the counts, once read; why the last read failed; whether one runs.
  var read = Loadable<ProgressRead>()
  /// Its series, once its sets are read.
  public var progress: ExerciseProgress? { read.value?.progress }
  /// How many done sets of the exercise were read.
  public var setCount: Int { read.value?.setCount ?? 0 }
  /// How many workouts those sets are from.
  public var workoutCount: Int { read.value?.workoutCount ?? 0 }
  /// Why the last load failed, in the trainee's language; `nil` after a load that worked.
  public var problem: String? { read.problem }
  /// Whether a load is under way.
  public var loading: Bool { read.isLoading }
  /// The chart shown.
  public private(set) var chart = Chart.estimatedOneRepMax

  /// Sets read per request (the endpoint's largest page).
  static let pageSize = 500

  /// The screen of `exercise`; call `load()` to read its sets.
  public init(
    exercise: NamedExercise, api: any TrainingHistoryAPI, host: any ScreenHost,
    units: @escaping @MainActor () -> UnitSystem, text: @escaping @MainActor () -> AppText,
    timeZone: @escaping @Sendable () -> TimeZone = { TimeZone.current }
  ) {
    self.exercise = exercise
    self.api = api
    self.host = host
    self.units = units
    self.text = text
    self.timeZone = timeZone
  }

  /// Reads every done set of the exercise, a page at a time.
  public func load() async {
    let (api, exercise, timeZone) = (api, exercise, timeZone)
    await load(
      \.read, host: host,
      read: { () async throws(TraineeAPIError) -> ProgressRead in
        var sets: [LoggedSet] = []
        var after: String?
        repeat {
          let page = try await api.loggedSets(
            exerciseId: exercise.id, after: after, limit: Self.pageSize)
          for dto in page.sets {
            guard let set = LoggedSet(dto) else {
              throw .decoding(
                PayloadError(
                  field: "sets[].performedAt", problem: "\"\(dto.performedAt)\" is not a time"))
            }
            sets.append(set)
          }
          after = page.next
        } while after != nil
        return ProgressRead(
          progress: ExerciseProgress(exercise: exercise, sets: sets, timeZone: timeZone()),
          setCount: sets.count, workoutCount: Set(sets.map(\.logId)).count)
      },
      failure: { text()(.progressNotLoaded, ["reason": OfflineText.describe($0)]) })
  }

  public var isEditingText: Bool { false }

  public var keyHelp: [KeyHelp] {
    let text = text()
    return [
      KeyHelp("←/→ h/l", text(.progressKeyChart)), KeyHelp("r", text(.progressKeyReload)),
      KeyHelp("Esc", text(.progressKeyBack)),
    ]
  }

  public func handle(_ key: Key, now: Date) -> KeyResult {
    let count = Chart.allCases.count
    switch key {
    case .right, .character("l"):
      chart = Chart(rawValue: (chart.rawValue + 1) % count)!
    case .left, .character("h"):
      chart = Chart(rawValue: (chart.rawValue + count - 1) % count)!
    case .character("r"): Task { await load() }
    default: return .ignored
    }
    return .handled
  }

  /// The points of `chart` in `units`.
  func points(_ chart: Chart, _ progress: ExerciseProgress, units: UnitSystem) -> [ProgressPoint] {
    switch chart {
    case .estimatedOneRepMax: progress.estimatedOneRepMax(in: units)
    case .bestSet:
      progress.bestSets.map {
        ProgressPoint(
          date: $0.date, value: (units.displayWeight(kilograms: $0.weightKg) * 10).rounded() / 10)
      }
    case .weeklyVolume: progress.weeklyVolume(in: units)
    }
  }

  func title(_ chart: Chart, text: AppText) -> String {
    switch chart {
    case .estimatedOneRepMax: text(.progressOneRepMax)
    case .bestSet: text(.progressBestSetWeight)
    case .weeklyVolume: text(.progressWeeklyVolume)
    }
  }

  public func body(size: TerminalSize, now: Date) -> Frame {
    let text = text()
    let units = units()
    // The sentences wrap (`messageLines`); the chooser and the chart are laid out to fit.
    let columns = size.columns
    var lines = messageLines(
      text(.progressTitle, ["exercise": exercise.name]), TextStyle(bold: true), columns: columns)
    if let problem {
      lines += messageLines(problem, TextStyle(bold: true, foreground: .red), columns: columns)
    }
    guard let progress else {
      if read.showsLoading {
        lines += messageLines(
          text(.progressLoading, ["exercise": exercise.name]), columns: columns)
      }
      return Frame(lines: lines)
    }
    if setCount == 0 {
      lines += messageLines(text(.progressNoSets, ["exercise": exercise.name]), columns: columns)
      return Frame(lines: lines)
    }
    // The best set and the counts on one line when it fits, else on two.
    let parts = summary(progress, text: text, units: units)
    let joined = parts.joined(separator: " · ")
    for part in TextColumns.of(joined) <= size.columns ? [joined] : parts {
      lines += messageLines(part, TextStyle(dim: true), columns: columns)
    }
    var chooser = StyledLine()
    for candidate in Chart.allCases {
      let label = " \(title(candidate, text: text)) "
      chooser.append(
        label,
        candidate == chart
          ? TextStyle(bold: true, reverse: true, foreground: .cyan) : TextStyle(dim: true))
      chooser.append(" ")
    }
    lines.append(chooser)
    let points = points(chart, progress, units: units)
    if points.isEmpty {
      lines.append(StyledLine(""))
      lines += messageLines(
        text(.progressNoWeights, ["exercise": exercise.name]), columns: columns)
      return Frame(lines: lines)
    }
    if points.count == 1 {
      lines += messageLines(text(.progressOnePoint), TextStyle(dim: true), columns: columns)
    }
    let drawing = ProgressChart(
      title: title(chart, text: text), unit: units.weightSymbol, points: points)
    // Rows: the title, the plot, the time axis and its labels; columns: the value labels, a
    // space and the axis line beside the plot.
    let plotRows = max(2, size.rows - lines.count - 3)
    let labelWidth = 8
    let plotColumns = max(10, size.columns - labelWidth - 3)
    let chartLines = drawing.terminalLines(
      columns: plotColumns, rows: plotRows, timeZone: timeZone())
    for (index, line) in chartLines.enumerated() {
      // The value labels in the trainee's decimal separator (the dates and braille have no `.`).
      let shown =
        index == 0 ? line : line.replacingOccurrences(of: ".", with: text.decimalSeparator)
      lines.append(StyledLine(shown, index == 0 ? TextStyle(bold: true) : TextStyle()))
    }
    return Frame(lines: Array(lines.prefix(size.rows)))
  }

  /// The best set ever, and how many workouts and sets the charts come from.
  private func summary(
    _ progress: ExerciseProgress, text: AppText, units: UnitSystem
  ) -> [String] {
    let counts =
      text.count(.countWorkouts, workoutCount) + " · " + text.count(.countSets, setCount)
    guard
      let best = progress.bestSets.max(by: { $0.estimatedOneRepMaxKg < $1.estimatedOneRepMaxKg })
    else { return [counts] }
    let value = text(
      .progressBest,
      [
        "weight": text.weight(kilograms: best.weightKg, in: units), "reps": String(best.reps),
        "date": text.date(best.date, timeZone: timeZone()),
        "oneRepMax": text.decimal(
          units.displayWeight(kilograms: best.estimatedOneRepMaxKg), digits: 1)
          + " " + units.weightSymbol,
      ])
    return [value, counts]
  }
}

/// An exercise's series as read, with how many sets and workouts they came from.
struct ProgressRead {
  var progress: ExerciseProgress
  var setCount: Int
  var workoutCount: Int
}
