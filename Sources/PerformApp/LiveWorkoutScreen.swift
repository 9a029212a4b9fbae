import Foundation
import LiveActivity
import RestTimer
import TerminalUI
import TextColumns
import TraineeAPI
import WorkoutSession

// NB: issue 7 "Screens", live workout. Logging a set is the hot path: the cursor sits on the
// set due next, typing digits edits the field under it at once (no Enter needed to start),
// Enter moves weight -> reps (-> RIR), and space checks the set with what is shown: entered
// values, else the greyed placeholders. After a check the cursor jumps to the set due next, the
// one the card shows (in a superset, the next member's set of the round).

/// The live workout: the hero header, the card, the rest bar, the exercises and their sets.
@MainActor
public final class LiveWorkoutScreen: AppScreen {
  /// What the screen is doing besides showing the workout.
  enum Mode: Equatable {
    case browsing
    /// Typing a value into `field` of the selected set.
    case editing(SetField, LineEditor)
    /// Picking the exercise to do in the selected row; `index` into its options.
    case substituting(index: Int)
    /// Typing the technique video's URL.
    case videoURL(LineEditor)
    case confirmFinish
    case confirmDiscard
    /// Asked before a log the server refused is set aside.
    case confirmSetAside
  }

  private let coordinator: WorkoutCoordinator
  private weak var host: (any ScreenHost)?
  private(set) var mode: Mode = .browsing
  /// The selected set: exercise index and set index within it.
  private(set) var exerciseIndex = 0
  private(set) var setIndex = 0
  /// The selected field of the set (index into `fields(of:)`).
  private(set) var fieldIndex = 0
  /// Which workout the selection belongs to (a new workout puts it on its first open set).
  private var selectionWorkout: String?

  private let openWorkouts: @MainActor () -> Void

  /// The screen; `openWorkouts` shows the workouts tab (after the complete screen).
  public init(
    coordinator: WorkoutCoordinator, host: any ScreenHost,
    openWorkouts: @escaping @MainActor () -> Void = {}
  ) {
    self.coordinator = coordinator
    self.host = host
    self.openWorkouts = openWorkouts
  }

  private var session: WorkoutSession? { coordinator.store.session }

  public var isEditingText: Bool {
    switch mode {
    case .editing, .videoURL: true
    default: false
    }
  }

  // MARK: Keys

  public var keyHelp: [KeyHelp] {
    switch mode {
    case .editing:
      return [KeyHelp("Enter", "save, next field"), KeyHelp("Esc", "cancel")]
    case .videoURL:
      return [KeyHelp("Enter", "send the video URL"), KeyHelp("Esc", "cancel")]
    case .substituting:
      return [
        KeyHelp("↑/↓", "choose"), KeyHelp("Enter", "do this exercise"), KeyHelp("Esc", "cancel"),
      ]
    case .confirmFinish, .confirmDiscard, .confirmSetAside:
      return [KeyHelp("y", "yes"), KeyHelp("n/Esc", "no")]
    case .browsing:
      break
    }
    if case .accepted = coordinator.finish { return [KeyHelp("Enter", "back to workouts")] }
    if coordinator.logWasRefused {
      return [
        KeyHelp("r", "send the log again now"),
        KeyHelp("K", "keep the refused log aside and close the workout"),
      ]
    }
    if coordinator.isFinishing { return [KeyHelp("r", "send the log again now")] }
    guard session?.started == true else { return [] }
    var keys = [
      KeyHelp("↑/↓ j/k", "set"), KeyHelp("←/→ h/l", "field"), KeyHelp("0-9", "type a value"),
      KeyHelp("Enter", "edit field"), KeyHelp("Space", "check/uncheck set"),
      KeyHelp("c", "complete exercise"), KeyHelp("a", "add set"), KeyHelp("x", "remove set"),
      KeyHelp("S", "substitute"), KeyHelp("U", "undo substitution"),
      KeyHelp("!", "tap the card's ✓ (via the widget queue)"),
    ]
    if restClock != nil {
      keys += [KeyHelp("-", "rest -15s"), KeyHelp("+", "rest +15s"), KeyHelp("s", "skip rest")]
    }
    if let exercise = selectedExercise {
      if techniquePromptOpen(exercise) {
        keys += [KeyHelp("v", "send technique video URL"), KeyHelp("V", "skip the video")]
      }
      if exercise.coachFeedback != nil { keys.append(KeyHelp("D", "dismiss coach feedback")) }
    }
    keys += [KeyHelp("F", "finish workout"), KeyHelp("X", "discard workout")]
    return keys
  }

  public func handle(_ key: Key, now: Date) -> KeyResult {
    switch mode {
    case .editing(let field, var editor):
      switch editor.handle(key) {
      case .editing: mode = .editing(field, editor)
      case .cancelled: mode = .browsing
      case .committed(let text):
        mode = .browsing
        commit(text, to: field)
      }
      return .handled
    case .videoURL(var editor):
      switch editor.handle(key) {
      case .editing: mode = .videoURL(editor)
      case .cancelled: mode = .browsing
      case .committed(let text):
        mode = .browsing
        if let exercise = selectedExercise {
          let url = text.trimmingCharacters(in: .whitespaces)
          coordinator.send(.satisfyTechniquePrompt(exerciseId: exercise.exerciseId, url: url))
        }
      }
      return .handled
    case .substituting(let index):
      return handleSubstituting(key, index: index)
    case .confirmFinish:
      mode = .browsing
      if key == .character("y") { coordinator.finishWorkout() }
      return .handled
    case .confirmDiscard:
      mode = .browsing
      if key == .character("y") { coordinator.send(.discard) }
      return .handled
    case .confirmSetAside:
      mode = .browsing
      if key == .character("y") { setAsideRefusedLog() }
      return .handled
    case .browsing:
      return handleBrowsing(key)
    }
  }

  private func handleBrowsing(_ key: Key) -> KeyResult {
    if case .accepted = coordinator.finish {
      guard key == .enter || key == .escape else { return .ignored }
      coordinator.acknowledgeFinish()
      openWorkouts()
      return .handled
    }
    if coordinator.isFinishing {
      switch key {
      case .character("r"): coordinator.retryNow()
      case .character("K") where coordinator.logWasRefused: mode = .confirmSetAside
      default: return .ignored
      }
      return .handled
    }
    guard let session, session.started else { return .ignored }
    alignSelection(session)
    switch key {
    case .down, .character("j"): moveSet(by: 1, in: session)
    case .up, .character("k"): moveSet(by: -1, in: session)
    case .right, .character("l"): moveField(by: 1)
    case .left, .character("h"): moveField(by: -1)
    case .enter:
      guard let field = selectedField, let set = selectedSet else { return .handled }
      mode = .editing(field, Self.editor(value(of: set, field)))
    case .character(let character) where character.isNumber || character == ".":
      guard let field = selectedField else { return .handled }
      var editor = Self.editor("")
      _ = editor.handle(key)
      mode = .editing(field, editor)
    case .character(" "):
      guard let exercise = selectedExercise, let set = selectedSet else { return .handled }
      let wasDone = set.done
      coordinator.send(.toggleSet(exerciseId: exercise.exerciseId, setNumber: set.setNumber))
      if !wasDone, selectedSet?.done == true { jumpToDueSet() }
    case .character("c"):
      guard let exercise = selectedExercise else { return .handled }
      coordinator.send(.completeExercise(exerciseId: exercise.exerciseId))
      jumpToDueSet()
    case .character("a"):
      guard let exercise = selectedExercise else { return .handled }
      coordinator.send(.addSet(exerciseId: exercise.exerciseId))
      setIndex = max(0, (selectedExercise?.sets.count ?? 1) - 1)
    case .character("x"), .delete:
      guard let exercise = selectedExercise, let set = selectedSet else { return .handled }
      coordinator.send(.removeSet(exerciseId: exercise.exerciseId, setNumber: set.setNumber))
      clampSelection()
    case .character("S"):
      guard let exercise = selectedExercise else { return .handled }
      let options = exerciseOptions(exercise)
      guard options.count > 1 else {
        host?.show(message: "\(exercise.name) has no substitutes.")
        return .handled
      }
      mode = .substituting(
        index: options.firstIndex { $0.exerciseId == exercise.exerciseId } ?? 0)
    case .character("U"):
      guard let exercise = selectedExercise, let origin = exercise.origin else {
        host?.show(message: "No substitution to undo here.")
        return .handled
      }
      coordinator.send(
        .substitute(exerciseId: exercise.exerciseId, option: origin.exercise.exerciseId))
    case .character("v"):
      guard let exercise = selectedExercise, techniquePromptOpen(exercise) else {
        return .handled
      }
      mode = .videoURL(LineEditor("https://", maxLength: 500))
    case .character("V"):
      guard let exercise = selectedExercise, techniquePromptOpen(exercise) else {
        return .handled
      }
      coordinator.send(.skipTechniquePrompt(exerciseId: exercise.exerciseId))
    case .character("D"):
      guard let exercise = selectedExercise, exercise.coachFeedback != nil else {
        return .handled
      }
      coordinator.send(.dismissCoachFeedback(exerciseId: exercise.exerciseId))
    case .character("-"): coordinator.send(.adjustRest(seconds: -restStepSeconds))
    case .character("+"), .character("="): coordinator.send(.adjustRest(seconds: restStepSeconds))
    case .character("s"): coordinator.send(.skipRest)
    case .character("!"):
      switch coordinator.tapCardCheckmark() {
      case .queued(let problems):
        if let first = problems.first { host?.show(message: first) } else { jumpToDueSet() }
      case .opensApp(let exerciseId, let setNumber):
        // An inert checkmark opens the app on the set, whose values are missing.
        select(exerciseId: exerciseId, setNumber: setNumber, in: session)
      case .noSet:
        host?.show(message: "The card shows no set to check.")
      }
    case .character("F"): mode = .confirmFinish
    case .character("X"): mode = .confirmDiscard
    default: return .ignored
    }
    return .handled
  }

  private func handleSubstituting(_ key: Key, index: Int) -> KeyResult {
    guard let exercise = selectedExercise else {
      mode = .browsing
      return .handled
    }
    let options = exerciseOptions(exercise)
    switch key {
    case .down, .character("j"): mode = .substituting(index: min(options.count - 1, index + 1))
    case .up, .character("k"): mode = .substituting(index: max(0, index - 1))
    case .escape: mode = .browsing
    case .enter:
      mode = .browsing
      let option = options[min(index, options.count - 1)]
      if option.exerciseId != exercise.exerciseId {
        coordinator.send(.substitute(exerciseId: exercise.exerciseId, option: option.exerciseId))
      }
    default: break
    }
    return .handled
  }

  private func commit(_ text: String, to field: SetField) {
    guard let exercise = selectedExercise, let set = selectedSet else { return }
    let effects = coordinator.send(
      .setValue(
        exerciseId: exercise.exerciseId, setNumber: set.setNumber, field: field,
        value: text.replacingOccurrences(of: ",", with: ".")))
    let refused = effects.contains { if case .actionRefused = $0 { true } else { false } }
    if !refused { moveField(by: 1, wrapping: false) }
  }

  // MARK: Selection

  private var selectedExercise: SessionExercise? {
    guard let session, session.exercises.indices.contains(exerciseIndex) else { return nil }
    return session.exercises[exerciseIndex]
  }

  private var selectedSet: ExerciseSet? {
    guard let exercise = selectedExercise, exercise.sets.indices.contains(setIndex) else {
      return nil
    }
    return exercise.sets[setIndex]
  }

  private var selectedField: SetField? {
    guard let exercise = selectedExercise, let session else { return nil }
    let fields = Self.fields(of: exercise.kind, rirColumn: session.rirColumn)
    return fields[min(fieldIndex, fields.count - 1)]
  }

  /// A field for a set's value: digits, a decimal point or comma, and `:` for a duration.
  static func editor(_ text: String) -> LineEditor {
    LineEditor(text, maxLength: 16, allowed: LineEditor.numeric.union([":"]))
  }

  /// The fields a trainee fills in, in order: the RIR column only when the day has one.
  static func fields(of kind: ExerciseKind, rirColumn: Bool) -> [SetField] {
    switch kind {
    case .strength: rirColumn ? [.weight, .reps, .rir] : [.weight, .reps]
    case .cardio: [.duration, .distance, .rpe]
    }
  }

  private func alignSelection(_ session: WorkoutSession) {
    let key = "\(session.dayId)@\(session.startedAt?.milliseconds ?? 0)"
    guard selectionWorkout != key else {
      clampSelection()
      return
    }
    selectionWorkout = key
    exerciseIndex = 0
    setIndex = 0
    jumpToDueSet()
  }

  private func clampSelection() {
    guard let session, !session.exercises.isEmpty else {
      exerciseIndex = 0
      setIndex = 0
      return
    }
    exerciseIndex = min(exerciseIndex, session.exercises.count - 1)
    setIndex = min(setIndex, max(0, session.exercises[exerciseIndex].sets.count - 1))
  }

  /// Puts the cursor on the first field of set `setNumber` of `exerciseId`, if it is there.
  private func select(exerciseId: String, setNumber: Int, in session: WorkoutSession) {
    guard let location = SetLocation(exerciseId: exerciseId, setNumber: setNumber, in: session)
    else { return }
    select(location)
  }

  /// Puts the cursor on the first field of the set due next (the one the card shows): in a
  /// superset the members alternate round by round (`SetLocation.due(in:)`).
  private func jumpToDueSet() {
    guard let due = SetLocation.due(in: session) else {
      clampSelection()
      return
    }
    select(due)
  }

  private func select(_ location: SetLocation) {
    exerciseIndex = location.exerciseIndex
    setIndex = location.setIndex
    fieldIndex = 0
  }

  private func moveSet(by step: Int, in session: WorkoutSession) {
    var exercise = exerciseIndex
    var set = setIndex + step
    while session.exercises.indices.contains(exercise) {
      let count = session.exercises[exercise].sets.count
      if set < 0 {
        exercise -= 1
        guard session.exercises.indices.contains(exercise) else { return }
        set = session.exercises[exercise].sets.count - 1
      } else if set >= count {
        exercise += 1
        set = 0
      } else {
        exerciseIndex = exercise
        setIndex = set
        let fields = Self.fields(
          of: session.exercises[exercise].kind, rirColumn: session.rirColumn)
        fieldIndex = min(fieldIndex, fields.count - 1)
        return
      }
    }
  }

  private func moveField(by step: Int, wrapping: Bool = true) {
    guard let exercise = selectedExercise, let session else { return }
    let count = Self.fields(of: exercise.kind, rirColumn: session.rirColumn).count
    let next = fieldIndex + step
    fieldIndex = wrapping ? (next % count + count) % count : min(max(0, next), count - 1)
  }

  private func value(of set: ExerciseSet, _ field: SetField) -> String {
    switch field {
    case .weight: set.weight
    case .reps: set.reps
    case .rir: set.rir
    case .rm: set.rm
    case .duration: set.duration
    case .distance: set.distance
    case .rpe: set.rpe
    }
  }

  private func techniquePromptOpen(_ exercise: SessionExercise) -> Bool {
    exercise.videoRequired && exercise.techniquePrompted && !exercise.videoSent
      && !exercise.videoSkipped
  }

  private var restClock: RestClock? { coordinator.store.state.rest.clock }

  // MARK: Drawing

  public func body(size: TerminalSize, now: Date) -> Frame {
    var lines: [StyledLine] = []
    if case .accepted(let logged, let title, let stats) = coordinator.finish {
      return Frame(lines: completeScreen(logged, title: title, stats: stats))
    }
    guard let session else {
      lines.append(StyledLine("No workout in progress.", TextStyle(bold: true)))
      lines.append(StyledLine(""))
      lines.append(StyledLine("Pick a day on the Workouts tab (1) and press Enter to start it."))
      return Frame(lines: lines)
    }
    alignSelection(session)
    lines += header(session, now: now)
    if let content = coordinator.card {
      let card = activityTerminalCard(
        content, now: now, width: min(60, max(30, size.columns)), color: true)
      lines += StyledLine.lines(ansi: card)
    }
    if let finishing = finishingLines() { lines += finishing }
    if mode == .confirmSetAside {
      lines.append(
        StyledLine(
          "Keep the refused log in a file and close the workout? It will not be sent. (y/n)",
          TextStyle(bold: true, reverse: true)))
    }
    if let rest = restLines(now: now, width: size.columns) { lines += rest }
    if let celebration = coordinator.celebration {
      lines.append(StyledLine("🏆 " + celebration.text, TextStyle(bold: true, foreground: .yellow)))
    }
    var cursor: (row: Int, column: Int)?
    let exerciseTop = lines.count
    var selectedRow = exerciseTop
    for (index, exercise) in session.exercises.enumerated() {
      lines += exerciseLines(exercise, index: index, session: session)
      for (offset, set) in exercise.sets.enumerated() {
        let (line, column) = setLine(
          set, exercise: exercise, at: (index, offset), session: session)
        if index == exerciseIndex, offset == setIndex {
          selectedRow = lines.count
          if let column { cursor = (lines.count, column) }
        }
        lines.append(line)
      }
      lines += notes(exercise, index: index)
      lines.append(StyledLine(""))
    }
    if case .substituting(let choice) = mode, let exercise = selectedExercise {
      lines += substitutePicker(exercise, choice: choice)
    }
    if case .videoURL(let editor) = mode {
      let prompt = "Video URL: "
      cursor = (lines.count, TextColumns.of(prompt) + editor.cursor)
      lines.append(StyledLine([StyledRun(prompt, TextStyle(bold: true)), StyledRun(editor.text)]))
    }
    if mode == .confirmFinish {
      let stats = sessionStats(session)
      lines.append(
        StyledLine(
          "Finish the workout? \(stats.completedSets) of \(stats.totalSets) sets done. (y/n)",
          TextStyle(bold: true, reverse: true)))
    }
    if mode == .confirmDiscard {
      lines.append(
        StyledLine(
          "Discard the workout and everything entered in it? (y/n)",
          TextStyle(bold: true, reverse: true, foreground: .red)))
    }
    return Frame(
      lines: scrolled(
        lines, keeping: selectedRow, fixed: exerciseTop, rows: size.rows, cursor: &cursor),
      cursor: cursor)
  }

  /// Scrolls the exercise list so the selected row (and any prompt at the end) stays on screen,
  /// keeping the header, card and rest bar above it.
  private func scrolled(
    _ lines: [StyledLine], keeping selected: Int, fixed: Int, rows: Int,
    cursor: inout (row: Int, column: Int)?
  ) -> [StyledLine] {
    guard lines.count > rows, rows > fixed + 2 else { return lines }
    let room = rows - fixed
    var top = max(fixed, selected - room / 3)
    let wantsEnd = mode != .browsing && !isEditingSet
    if wantsEnd { top = lines.count - room }
    top = min(max(fixed, top), lines.count - room)
    if let current = cursor, current.row >= fixed {
      cursor = (current.row - (top - fixed), current.column)
    }
    return Array(lines[..<fixed]) + Array(lines[top..<(top + room)])
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
      "   \(stats.completedSets)/\(stats.totalSets) sets", TextStyle(dim: true))
    return [line]
  }

  private func restLines(now: Date, width: Int) -> [StyledLine]? {
    guard let clock = restClock else { return nil }
    let remaining = clock.remainingSeconds(at: now)
    var line = StyledLine("Rest ", TextStyle(bold: true))
    let barWidth = 20
    if remaining > 0 {
      let total = max(1, clock.totalSeconds)
      let filled = Int((Double(remaining) / Double(total) * Double(barWidth)).rounded())
      line.append(formatClock(remaining) + " ", TextStyle(bold: true, foreground: .green))
      line.append(String(repeating: "█", count: filled), TextStyle(foreground: .green))
      line.append(String(repeating: "░", count: barWidth - filled), TextStyle(dim: true))
    } else {
      line.append(
        "+" + formatClock(clock.overdueSeconds(at: now)) + " rest over ",
        TextStyle(bold: true, foreground: .red))
      line.append(String(repeating: "█", count: barWidth), TextStyle(foreground: .red))
    }
    line.append("  [-] -15s  [+] +15s  [s] skip", TextStyle(dim: true))
    line.append("  after \(clock.exerciseName) set \(clock.setNumber)", TextStyle(dim: true))
    var lines = [line]
    if let alert = coordinator.restAlert {
      lines.append(StyledLine("🔔 " + alert, TextStyle(bold: true, foreground: .red)))
    }
    return lines
  }

  private func setAsideRefusedLog() {
    do {
      guard let kept = try coordinator.setAsideRefusedLog() else { return }
      host?.show(message: "The refused log is kept in \(kept.path).")
      openWorkouts()
    } catch {
      host?.show(message: "The refused log could not be kept aside: \(error)")
    }
  }

  private func finishingLines() -> [StyledLine]? {
    switch coordinator.finish {
    case .idle, .accepted:
      return coordinator.isFinishing
        ? [StyledLine("Finishing: the log is waiting to be sent.", TextStyle(bold: true))] : nil
    case .sending(let attempt):
      return [
        StyledLine(
          "Finishing: sending the log" + (attempt > 1 ? " (attempt \(attempt))" : "") + "…",
          TextStyle(bold: true, foreground: .yellow))
      ]
    case .waiting(let problem, let retryAt):
      let when =
        retryAt.map {
          "retrying at \(Self.timeFormatter.string(from: $0)); r to retry now"
        } ?? "r to send again, K to keep it aside and go on"
      return [
        StyledLine(
          "Finishing: the log is kept, not sent yet: \(problem); \(when).",
          TextStyle(bold: true, foreground: .yellow))
      ]
    }
  }

  private static let timeFormatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.dateFormat = "HH:mm:ss"
    return formatter
  }()

  private func exerciseLines(
    _ exercise: SessionExercise, index: Int, session: WorkoutSession
  ) -> [StyledLine] {
    let selected = index == exerciseIndex
    var line = StyledLine(selected ? "▸ " : "  ", TextStyle(bold: true))
    line.append(exercise.name, TextStyle(bold: true, underline: selected))
    if let group = exercise.supersetGroup, !group.isEmpty {
      line.append("  [superset \(group)]", TextStyle(foreground: .magenta))
    }
    var details: [String] = []
    if let sets = exercise.setsLabel, !sets.isEmpty { details.append("\(sets) sets") }
    if exercise.restSeconds > 0 { details.append("rest \(formatClock(exercise.restSeconds))") }
    if let tempo = exercise.tempo, !tempo.isEmpty { details.append("tempo \(tempo)") }
    if let best = exercise.best {
      details.append("best \(formatNumber(best.weight)) kg × \(best.reps)")
    }
    if !details.isEmpty {
      line.append("  " + details.joined(separator: " · "), TextStyle(dim: true))
    }
    if exercise.done { line.append("  ✓ done", TextStyle(bold: true, foreground: .green)) }
    var lines = [line]
    if let origin = exercise.origin {
      lines.append(
        StyledLine("    substitute for \(origin.exercise.name) (U to undo)", TextStyle(dim: true)))
    }
    let headings =
      exercise.kind == .strength
      ? ["Weight", "Reps"] + (session.rirColumn ? ["RIR"] : []) : ["Time", "Dist", "RPE"]
    var heading = "    Set Type "
    for title in headings { heading += pad(title, Self.fieldWidth) }
    lines.append(StyledLine(heading, TextStyle(dim: true)))
    return lines
  }

  static let fieldWidth = 9

  private func setLine(
    _ set: ExerciseSet, exercise: SessionExercise, at position: (Int, Int),
    session: WorkoutSession
  ) -> (StyledLine, Int?) {
    let selected = position == (exerciseIndex, setIndex)
    var line = StyledLine(selected ? "  ▶ " : "    ", TextStyle(bold: true))
    line.append(pad(String(set.setNumber), 4))
    line.append(pad(typeLetter(set, exercise), 5), TextStyle(bold: true))
    let fields = Self.fields(of: exercise.kind, rirColumn: session.rirColumn)
    let placeholders = placeholder(of: set)
    var cursorColumn: Int?
    for (index, field) in fields.enumerated() {
      let isSelectedField = selected && index == min(fieldIndex, fields.count - 1)
      if isSelectedField, case .editing(let editingField, let editor) = mode, editingField == field
      {
        cursorColumn = TextColumns.of(line.plainText) + 1 + editor.cursor
        line.append(pad("[" + editor.text + "]", Self.fieldWidth), TextStyle(underline: true))
        continue
      }
      let entered = value(of: set, field)
      var text = entered
      var style = TextStyle()
      if entered.isEmpty {
        let hint =
          switch field {
          case .weight: placeholders.weight
          case .reps: placeholders.reps
          default: ""
          }
        text = hint.isEmpty ? "–" : "(\(hint))"
        style.dim = true
      }
      if set.done { style.foreground = .green }
      style.reverse = isSelectedField && mode == .browsing
      line.append(pad(text, Self.fieldWidth - 1), style)
      line.append(" ")
    }
    if set.done { line.append(" ✓", TextStyle(bold: true, foreground: .green)) }
    if set.isPr { line.append(" PR", TextStyle(bold: true, foreground: .yellow)) }
    if !set.targetRepsLabel.isEmpty, !set.done {
      line.append("  target \(set.targetRepsLabel)", TextStyle(dim: true))
    }
    return (line, cursorColumn)
  }

  /// The set-type letter, the card's badge (`SetBadge`), so the rows and the card agree.
  private func typeLetter(_ set: ExerciseSet, _ exercise: SessionExercise) -> String {
    guard exercise.kind == .strength else { return "" }
    return SetBadge.of(set.type, supersetGroup: exercise.supersetGroup).letter
  }

  private func notes(_ exercise: SessionExercise, index: Int) -> [StyledLine] {
    var lines: [StyledLine] = []
    if let feedback = exercise.coachFeedback {
      lines.append(
        StyledLine(
          "    Coach: \(feedback.message)" + (index == exerciseIndex ? "  (D dismiss)" : ""),
          TextStyle(foreground: .cyan)))
    }
    if techniquePromptOpen(exercise) {
      lines.append(
        StyledLine(
          "    Your coach asks for a technique video of this exercise"
            + (index == exerciseIndex ? ": v send a URL, V skip" : "."),
          TextStyle(bold: true, foreground: .yellow)))
    }
    if exercise.videoSent {
      lines.append(StyledLine("    Technique video sent.", TextStyle(dim: true)))
    }
    return lines
  }

  private func substitutePicker(_ exercise: SessionExercise, choice: Int) -> [StyledLine] {
    var lines = [StyledLine("Do instead of \(exercise.name):", TextStyle(bold: true))]
    for (index, option) in exerciseOptions(exercise).enumerated() {
      let current = option.exerciseId == exercise.exerciseId ? "  (current)" : ""
      let prescribed = option.isPrescribed ? "  (prescribed)" : ""
      lines.append(
        StyledLine(
          (index == choice ? "  ▶ " : "    ") + option.name + prescribed + current,
          TextStyle(reverse: index == choice)))
    }
    return lines
  }

  private func completeScreen(
    _ logged: LoggedWorkoutDto, title: String, stats: SessionStats
  ) -> [StyledLine] {
    [
      StyledLine("Workout complete!", TextStyle(bold: true, foreground: .green)),
      StyledLine(""),
      StyledLine("\(title): workout #\(logged.workoutNumber)", TextStyle(bold: true)),
      StyledLine("Sets done       \(stats.completedSets) of \(stats.totalSets)"),
      StyledLine("Exercises done  \(stats.completedExercises) of \(stats.totalExercises)"),
      StyledLine("Volume          \(stats.volumeKg) kg"),
      StyledLine(""),
      StyledLine("Press Enter to go back to your workouts.", TextStyle(dim: true)),
    ]
  }
}

/// `m:ss`, or `h:mm:ss` from an hour.
func formatClock(_ seconds: Int) -> String {
  let value = max(0, seconds)
  let (hours, minutes, secs) = (value / 3600, value / 60 % 60, value % 60)
  let tail = String(format: "%02d", secs)
  return hours > 0 ? "\(hours):\(String(format: "%02d", minutes)):\(tail)" : "\(minutes):\(tail)"
}

/// A number without a trailing `.0`.
func formatNumber(_ value: Double) -> String {
  value == value.rounded() ? String(Int(value)) : String(value)
}

/// `text` padded with spaces (or cut) to `columns`.
func pad(_ text: String, _ columns: Int) -> String {
  let fitted = TextColumns.fit(text, columns: columns)
  return fitted + String(repeating: " ", count: max(0, columns - TextColumns.of(fitted)))
}
