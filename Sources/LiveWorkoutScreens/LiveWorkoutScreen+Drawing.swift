import Foundation
import LiveActivity
import RestTimer
import TerminalScreens
import TerminalUI
import TextColumns
import TraineeAPI
import WorkoutSession

/// The live workout's frame: header, card, finishing and rest lines, the exercises scrolled to
/// keep the cursor in view, and the prompt of the mode.
extension LiveWorkoutScreen {
  public func body(size: TerminalSize, now: Date) -> Frame {
    var lines: [StyledLine] = []
    if case .accepted(let logged, let title, let stats) = coordinator.finish {
      return Frame(
        lines: finishedWorkoutLines(
          logged, title: title, stats: stats, text: text,
          units: settings?.current.units ?? .metric
        ).flatMap { messageLines($0, columns: size.columns) })
    }
    guard let session else {
      lines += messageLines(text(.liveNoWorkout), TextStyle(bold: true), columns: size.columns)
      lines.append(StyledLine(""))
      lines += messageLines(text(.livePickDay), columns: size.columns)
      return Frame(lines: lines)
    }
    cursor.align(to: session)
    lines += header(session, now: now)
    if let content = coordinator.card {
      let card = activityTerminalCard(
        content, now: now, width: min(60, max(30, size.columns)), color: true)
      lines += StyledLine.lines(ansi: card)
    }
    if let finishing = finishingLines() {
      lines += finishing.flatMap { messageLines($0, columns: size.columns) }
    }
    if mode == .confirmSetAside {
      lines += messageLines(
        text(.liveConfirmSetAside), TextStyle(bold: true, reverse: true), columns: size.columns)
    }
    if let rest = restLines(now: now, width: size.columns) {
      lines += rest.flatMap { messageLines($0, columns: size.columns) }
    }
    if let celebration = coordinator.celebration {
      lines += messageLines(
        "🏆 " + celebration.text, TextStyle(bold: true, foreground: .yellow),
        columns: size.columns)
    }
    var caret: (row: Int, column: Int)?
    let exerciseTop = lines.count
    var selectedRow = exerciseTop
    for (index, exercise) in session.exercises.enumerated() {
      lines += exerciseLines(exercise, index: index, session: session).enumerated().flatMap {
        // The heading row is laid out in columns; the lines under it are sentences.
        $0.offset == 0 ? [$0.element] : messageLines($0.element, columns: size.columns)
      }
      for (offset, set) in exercise.sets.enumerated() {
        let (line, column) = setLine(
          set, exercise: exercise, at: (index, offset), session: session)
        if cursor.isOn(exercise: index, set: offset) {
          selectedRow = lines.count
          if let column { caret = (lines.count, column) }
          lines.append(line)
          if showsPlates {
            lines += plateLines(
              set, exercise: exercise, session: session,
              settings: settings?.current ?? AppSettings(units: session.units), text: text)
          }
        } else {
          lines.append(line)
        }
        if let note = setNoteLine(set) {
          lines += messageLines(note, TextStyle(dim: true), columns: size.columns)
        }
      }
      lines += notes(exercise, index: index).flatMap { messageLines($0, columns: size.columns) }
      lines.append(StyledLine(""))
    }
    if case .substituting(let choice) = mode, let exercise = selectedExercise {
      lines += substitutePicker(exercise, choice: choice).enumerated().flatMap {
        // The question wraps; the choices are rows.
        $0.offset == 0 ? messageLines($0.element, columns: size.columns) : [$0.element]
      }
    }
    if let note = workoutNoteLine(session) {
      lines += messageLines(note, TextStyle(dim: true), columns: size.columns)
    }
    if case .writingNote(let target, let editor) = mode {
      let prompt = notePrompt(target, editor: editor, session: session)
      caret = (lines.count, prompt.caretColumn)
      lines.append(prompt.line)
    }
    if case .videoURL(let editor) = mode {
      let prompt = text(.liveVideoURL)
      caret = (lines.count, TextColumns.of(prompt) + editor.cursor)
      lines.append(StyledLine([StyledRun(prompt, TextStyle(bold: true)), StyledRun(editor.text)]))
    }
    if mode == .confirmFinish {
      let stats = sessionStats(session)
      lines += messageLines(
        text(
          .liveConfirmFinish, count: stats.totalSets,
          ["done": String(stats.completedSets), "total": String(stats.totalSets)]),
        TextStyle(bold: true, reverse: true), columns: size.columns)
    }
    if let question = confirmQuestion(session) {
      lines += messageLines(
        question, TextStyle(bold: true, reverse: true, foreground: .yellow), columns: size.columns)
    }
    if mode == .confirmDiscard {
      lines += messageLines(
        text(.liveConfirmDiscard), TextStyle(bold: true, reverse: true, foreground: .red),
        columns: size.columns)
    }
    return Frame(
      lines: scrolled(
        lines, keeping: selectedRow, fixed: exerciseTop, rows: size.rows, caret: &caret),
      cursor: caret)
  }

  /// Scrolls the exercise list so the selected row (and any prompt at the end) stays on screen,
  /// keeping the header, card and rest bar above it.
  private func scrolled(
    _ lines: [StyledLine], keeping selected: Int, fixed: Int, rows: Int,
    caret: inout (row: Int, column: Int)?
  ) -> [StyledLine] {
    guard lines.count > rows, rows > fixed + 2 else { return lines }
    let room = rows - fixed
    var top = max(fixed, selected - room / 3)
    let wantsEnd = mode != .browsing && !isEditingSet
    if wantsEnd { top = lines.count - room }
    top = min(max(fixed, top), lines.count - room)
    if let current = caret, current.row >= fixed {
      caret = (current.row - (top - fixed), current.column)
    }
    return Array(lines[..<fixed]) + Array(lines[top..<(top + room)])
  }

  /// The question asked before done sets are dropped: by a swap (which `U` undoes when the
  /// prescribed exercise is swapped out) or by removing a done set.
  private func confirmQuestion(_ session: WorkoutSession) -> String? {
    switch mode {
    case .confirmSubstitute(let exerciseId, let option):
      guard let exercise = session.exercises.first(where: { $0.exerciseId == exerciseId }) else {
        return nil
      }
      let name = exerciseOptions(exercise).first { $0.exerciseId == option }?.name ?? option
      // Only the prescribed exercise is kept for `U`; a substitute's own sets are not.
      return text(
        exercise.origin == nil ? .liveConfirmSubstitute : .liveConfirmSubstituteLost,
        ["exercise": exercise.name, "option": name])
    case .confirmRemoveSet(let exerciseId, let setNumber):
      let name = session.exercises.first { $0.exerciseId == exerciseId }?.name ?? exerciseId
      return text(.liveConfirmRemoveDoneSet, ["set": String(setNumber), "exercise": name])
    default:
      return nil
    }
  }

  private var isEditingSet: Bool {
    if case .editing = mode { true } else { false }
  }

  private func header(_ session: WorkoutSession, now: Date) -> [StyledLine] {
    let title = [session.title, session.subtitle].filter { !$0.isEmpty }.joined(separator: " — ")
    let elapsed = formatClock(elapsedSeconds(session.startedAt, now))
    var line = StyledLine(title.isEmpty ? session.dayLabel : title, TextStyle(bold: true))
    if !session.dayLabel.isEmpty, !title.isEmpty {
      line.append("  \(session.dayLabel)", TextStyle(dim: true))
    }
    line.append("   ⏱ \(elapsed)", TextStyle(bold: true, foreground: .cyan))
    let stats = sessionStats(session)
    line.append(
      "   "
        + text(
          .liveSetsDone, count: stats.totalSets,
          ["done": String(stats.completedSets), "total": String(stats.totalSets)]),
      TextStyle(dim: true))
    return [line]
  }

  private func restLines(now: Date, width: Int) -> [StyledLine]? {
    guard let clock = restClock else { return nil }
    let remaining = clock.remainingSeconds(at: now)
    var line = StyledLine(text(.liveRest), TextStyle(bold: true))
    let barWidth = 20
    if remaining > 0 {
      let filled = Self.restBarFill(
        remaining: remaining, total: clock.totalSeconds, width: barWidth)
      line.append(formatClock(remaining) + " ", TextStyle(bold: true, foreground: .green))
      line.append(String(repeating: "█", count: filled), TextStyle(foreground: .green))
      line.append(String(repeating: "░", count: barWidth - filled), TextStyle(dim: true))
    } else {
      line.append(
        "+" + formatClock(clock.overdueSeconds(at: now)) + text(.liveRestOver),
        TextStyle(bold: true, foreground: .red))
      line.append(String(repeating: "█", count: barWidth), TextStyle(foreground: .red))
    }
    // On a narrow terminal the keys go first (the footer and `?` list them), then the set the
    // rest follows is cut: the bar and the time left always show whole.
    let keys = "  " + text(.liveRestKeys)
    let after =
      "  " + text(.liveRestAfter, ["exercise": clock.exerciseName, "set": String(clock.setNumber)])
    if TextColumns.of(line.plainText + keys + after) <= width {
      line.append(keys, TextStyle(dim: true))
    }
    let room = width - TextColumns.of(line.plainText)
    line.append(TextColumns.fit(after, columns: max(0, room)), TextStyle(dim: true))
    var lines = [line]
    if let alert = coordinator.restAlert {
      lines.append(StyledLine("🔔 " + alert, TextStyle(bold: true, foreground: .red)))
    }
    return lines
  }

  private func finishingLines() -> [StyledLine]? {
    switch coordinator.finish {
    case .idle, .accepted:
      return coordinator.isFinishing
        ? [StyledLine(text(.liveFinishWaiting), TextStyle(bold: true))] : nil
    case .sending(let attempt):
      return [
        StyledLine(
          attempt > 1
            ? text(.liveFinishAttempt, ["attempt": String(attempt)]) : text(.liveFinishSending),
          TextStyle(bold: true, foreground: .yellow))
      ]
    case .waiting(let problem, let retryAt):
      let when =
        retryAt.map {
          text(.liveRetryAt, ["time": Self.timeFormatter.string(from: $0)])
        } ?? text(.liveRetryOrKeep)
      return [
        StyledLine(
          text(.liveFinishKept, ["problem": problem, "when": when]),
          TextStyle(bold: true, foreground: .yellow))
      ]
    }
  }

  private static let timeFormatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.dateFormat = "HH:mm:ss"
    return formatter
  }()
}

extension LiveWorkoutScreen {
  /// How many of the rest bar's `width` cells are filled: the share of the rest left, never
  /// more than the bar. The seconds left round up and the total rounds to the nearest, so just
  /// after a rest cut to its last second the left can exceed the total.
  nonisolated static func restBarFill(remaining: Int, total: Int, width: Int) -> Int {
    let share = Double(remaining) / Double(max(1, total))
    return min(width, max(0, Int((share * Double(width)).rounded())))
  }
}
