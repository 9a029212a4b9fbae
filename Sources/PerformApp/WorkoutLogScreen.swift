import Foundation
import TerminalScreens
import TerminalUI
import TraineeAPI
import TraineeClient
import TrainingHistory
import WorkoutSession

// NB: docs/decisions/history-progress-and-moving-data.md "The history and progress views": a logged
// workout opens over the workouts tab (Esc goes back) with every done set in the trainee's units,
// its volume and the records it set; an exercise of it opens its progress chart, and the workout
// can be deleted from here as from the list.

/// One logged workout, read from `GET /v1/trainee/workouts/history/{id}`.
@MainActor
public final class WorkoutLogScreen: AppScreen {
  let id: String
  let api: any TrainingHistoryAPI
  weak var host: (any ScreenHost)?
  let units: @MainActor () -> UnitSystem
  let text: @MainActor () -> AppText
  let timeZone: @Sendable () -> TimeZone
  /// Opens the progress of an exercise (its id and name).
  public var openProgress: (@MainActor (NamedExercise) -> Void)?
  /// Called after the workout was deleted: the list reloads and this screen closes.
  public var onDeleted: (@MainActor () -> Void)?
  /// Called with the workout's id when its review, not seen before, is shown.
  public var onReviewShown: (@MainActor (String) -> Void)?
  /// The workout with its entries once loaded; why the last load failed; whether one runs.
  var read = Loadable<WorkoutLogDto>()
  /// The workout with its entries, once loaded.
  public var log: WorkoutLogDto? { read.value }
  /// Why the last load failed, in the trainee's language; `nil` after a load that worked.
  public var problem: String? { read.problem }
  /// Whether a load is under way.
  public var loading: Bool { read.isLoading }
  /// The exercise the cursor is on, an index into the log's exercises with a done set.
  public private(set) var selection = 0
  /// Whether `d` was pressed and the next key says whether to delete.
  public private(set) var confirmingDelete = false

  /// The screen of log `id`; call `load()` to fetch it.
  public init(
    id: String, api: any TrainingHistoryAPI, host: any ScreenHost,
    units: @escaping @MainActor () -> UnitSystem, text: @escaping @MainActor () -> AppText,
    timeZone: @escaping @Sendable () -> TimeZone = { TimeZone.current }
  ) {
    self.id = id
    self.api = api
    self.host = host
    self.units = units
    self.text = text
    self.timeZone = timeZone
  }

  /// Fetches the workout with its sets.
  public func load() async {
    let (api, id) = (api, id)
    await load(
      \.read, host: host,
      read: { () async throws(TraineeAPIError) in try await api.workoutLog(id: id) },
      failure: { text()(.historyNotLoaded, ["reason": OfflineText.describe($0)]) })
    selection = min(selection, max(0, exercises.count - 1))
    // The screen is open over the tab: the review is shown as soon as it is loaded.
    if let review = log?.review, !review.seen { onReviewShown?(id) }
  }

  /// The logged exercises with at least one done set, or with words on them (the trainee's
  /// note on a set or reason for a swap, the coach's comment on a set), in logged order.
  var exercises: [LogEntry] {
    let log = log
    return (log?.entries ?? []).enumerated().filter { index, entry in
      entry.sets.contains {
        switch $0 {
        case .strength(let set): set.done
        case .cardio(let set): set.done
        }
      } || Self.hasWords(entry, at: index, in: log)
    }.map(\.element)
  }

  public var isEditingText: Bool { false }

  public var keyHelp: [KeyHelp] {
    let text = text()
    if confirmingDelete {
      return [
        KeyHelp(String(text.yesKey), text(.historyKeyDelete)),
        KeyHelp("n/Esc", text(.historyKeyKeep)),
      ]
    }
    return [
      KeyHelp("↑/↓ j/k", text(.historyKeyExercise)),
      KeyHelp("Enter/G", text(.historyKeyProgress)), KeyHelp("d", text(.historyKeyDelete)),
      KeyHelp("r", text(.historyKeyReload)), KeyHelp("Esc", text(.historyKeyBack)),
    ]
  }

  public func handle(_ key: Key, now: Date) -> KeyResult {
    if confirmingDelete {
      confirmingDelete = false
      if text().isYes(key) { delete() }
      return .handled
    }
    switch key {
    case .down, .character("j"): selection = min(max(0, exercises.count - 1), selection + 1)
    case .up, .character("k"): selection = max(0, selection - 1)
    case .enter, .character("G"):
      guard exercises.indices.contains(selection) else { return .handled }
      let entry = exercises[selection]
      openProgress?(NamedExercise(id: entry.exerciseId, name: entry.name))
    case .character("d"), .delete:
      guard log != nil else { return .handled }
      confirmingDelete = true
    case .character("r"): Task { await load() }
    default: return .ignored
    }
    return .handled
  }

  private func delete() {
    let number = log.map { String($0.workoutNumber) } ?? ""
    Task {
      do throws(TraineeAPIError) {
        try await api.deleteWorkoutLog(id: id)
        host?.show(message: text()(.historyDeleted, ["number": number]))
        onDeleted?()
      } catch {
        host?.show(
          message: text()(.historyNotDeleted, ["reason": OfflineText.describe(error)]))
      }
    }
  }

  public func body(size: TerminalSize, now: Date) -> Frame {
    let text = text()
    var lines: [StyledLine] = []
    if let problem {
      lines += messageLines(problem, TextStyle(bold: true, foreground: .red), columns: size.columns)
    }
    guard let log else {
      if read.showsLoading {
        lines += messageLines(text(.historyLoading), columns: size.columns)
      }
      return Frame(lines: lines)
    }
    // The title, summary and records are sentences and wrap; the sets are rows in columns.
    lines += headerLines(log, text: text).flatMap { messageLines($0, columns: size.columns) }
    var selectedRows = 0..<0
    lines += ownNoteLines(log, text: text).flatMap { messageLines($0, columns: size.columns) }
    lines += reviewLines(log.review, text: text).flatMap {
      messageLines($0, columns: size.columns)
    }
    for (index, entry) in exercises.enumerated() {
      let start = lines.count
      lines.append(StyledLine(""))
      lines += exerciseLines(entry, selected: index == selection, text: text, columns: size.columns)
      lines += setCommentLines(log, entry: entry, text: text).flatMap {
        messageLines($0, columns: size.columns)
      }
      if index == selection { selectedRows = start..<lines.count }
    }
    return Frame(lines: scrolled(lines, showing: selectedRows, rows: size.rows))
  }

  /// The title, the summary and the records.
  private func headerLines(_ log: WorkoutLogDto, text: AppText) -> [StyledLine] {
    let units = units()
    let date = ISO8601Instant.date(from: log.loggedAt).map { localTime($0) } ?? log.loggedAt
    var title = text(.historyTitle, ["number": String(log.workoutNumber), "date": date])
    if let label = log.label, !label.isEmpty { title += " · " + label }
    if confirmingDelete {
      title += "  " + text(.historyDeleteConfirm, ["number": String(log.workoutNumber)])
    }
    var lines = [StyledLine(title, TextStyle(bold: true))]
    let volume = units.displayWeight(kilograms: Double(log.volumeKg))
    var summary = text(
      .historySummary,
      [
        "sets": text.count(.countSets, log.doneSetCount),
        "exercises": text.count(.countExercises, exercises.count),
        "volume": text.decimal(volume, digits: 0) + " " + units.weightSymbol,
      ])
    if let seconds = log.durationSec { summary = formatClock(seconds) + " · " + summary }
    lines.append(StyledLine(summary, TextStyle(dim: true)))
    let records = exercises.flatMap { entry in
      entry.sets.compactMap { set -> (String, StrengthLogSet)? in
        guard case .strength(let set) = set, set.done, set.isRecord == true else { return nil }
        return (entry.name, set)
      }
    }
    // A log from before record flags were logged (or an import) says nothing either way.
    let flagged = exercises.contains { entry in
      entry.sets.contains {
        guard case .strength(let set) = $0, set.done else { return false }
        return set.isRecord != nil
      }
    }
    if records.isEmpty {
      lines.append(
        StyledLine(text(flagged ? .historyNoRecords : .historyRecordsUnknown), TextStyle(dim: true))
      )
    }
    for (name, set) in records {
      let weight = set.weight.map { text.weight(kilograms: $0, in: units) } ?? ""
      let value = text(
        .historyRecord,
        ["exercise": name, "weight": weight, "reps": set.reps.map(String.init) ?? ""])
      lines.append(StyledLine("★ " + value, TextStyle(bold: true, foreground: .yellow)))
    }
    return lines
  }

  /// An exercise's name line and one line per done set.
  private func exerciseLines(
    _ entry: LogEntry, selected: Bool, text: AppText, columns: Int
  ) -> [StyledLine] {
    let units = units()
    var name = StyledLine(selected ? "▶ " : "  ", TextStyle(bold: true))
    name.append(
      entry.name,
      selected ? TextStyle(bold: true, reverse: true, foreground: .cyan) : TextStyle(bold: true))
    if selected {
      name.append("  (Enter: " + text(.historyKeyProgress) + ")", TextStyle(dim: true))
    }
    var lines = [name] + wrapped(substitutionLines(entry, text: text), columns: columns)
    for set in entry.sets {
      defer { lines += wrapped(setNoteLines(set, text: text), columns: columns) }
      var line = StyledLine("    ")
      switch set {
      case .strength(let set):
        guard set.done else { continue }
        line.append(pad(String(set.setNumber), 4), TextStyle(bold: true))
        line.append(pad(Self.typeName(set.setType, text: text), 14), TextStyle(dim: true))
        let weight = set.weight.map { text.weight(kilograms: $0, in: units) }
        let reps = set.reps.map { String($0) }
        line.append(pad([weight, reps].compactMap { $0 }.joined(separator: " × "), 18))
        if let rir = set.rir, !rir.isEmpty {
          line.append(pad(text(.historyRIR, ["rir": text.enteredNumber(rir)]), 10))
        }
        if set.isRecord == true {
          line.append("★ " + text(.historyRecordMark), TextStyle(bold: true, foreground: .yellow))
        }
      case .cardio(let set):
        guard set.done else { continue }
        line.append(pad(String(set.setNumber), 4), TextStyle(bold: true))
        let distance = set.distanceKm.map {
          text.decimal(units.displayDistance(kilometres: $0)) + " " + units.distanceSymbol
        }
        line.append(
          [set.durationSec.map(formatClock), distance].compactMap { $0 }.joined(separator: " · "))
      }
      lines.append(line)
    }
    return lines
  }

  /// The text of a set type; empty for a set logged before types were.
  static func typeName(_ type: SetType?, text: AppText) -> String {
    switch type {
    case nil: ""
    case .warmup: text(.historySetWarmup)
    case .working: text(.historySetWorking)
    case .drop: text(.historySetDrop)
    case .failure: text(.historySetFailure)
    case .other: text(.historySetOther)
    }
  }

  private func localTime(_ date: Date) -> String {
    text().dateAndTime(date, timeZone: timeZone())
  }
}

/// `lines` cut to `rows`, scrolled so that `showing` is in view (its start when it is taller).
func scrolled(_ lines: [StyledLine], showing: Range<Int>, rows: Int) -> [StyledLine] {
  guard lines.count > rows, rows > 0 else { return lines }
  var top = 0
  if showing.upperBound > rows { top = min(showing.lowerBound, showing.upperBound - rows) }
  top = max(0, min(top, lines.count - rows))
  return Array(lines[top..<(top + rows)])
}
