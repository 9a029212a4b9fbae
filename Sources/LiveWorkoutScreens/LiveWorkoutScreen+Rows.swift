import Foundation
import LiveActivity
import RestTimer
import TerminalScreens
import TerminalUI
import TextColumns
import TraineeAPI
import WorkoutSession

/// The live workout's rows: an exercise's heading, its sets with the cursor's field, its notes,
/// the substitute picker and the complete screen.
extension LiveWorkoutScreen {
  func exerciseLines(
    _ exercise: SessionExercise, index: Int, session: WorkoutSession
  ) -> [StyledLine] {
    let selected = index == cursor.exerciseIndex
    var line = StyledLine(selected ? "▸ " : "  ", TextStyle(bold: true))
    line.append(exercise.name, TextStyle(bold: true, underline: selected))
    if let group = exercise.supersetGroup, !group.isEmpty {
      line.append("  " + text(.liveSuperset, ["group": group]), TextStyle(foreground: .magenta))
    }
    var details: [String] = []
    details.append(setsHeading(exercise))
    if exercise.restSeconds > 0 {
      details.append(text(.liveRestLabel, ["time": formatClock(exercise.restSeconds)]))
    }
    if let tempo = exercise.tempo, !tempo.isEmpty {
      details.append(text(.liveTempo, ["tempo": tempo]))
    }
    if let best = exercise.best {
      details.append(
        text(
          .liveBest,
          [
            "weight": text.weight(kilograms: best.weight, in: session.units),
            "reps": "\(best.reps)",
          ]))
    }
    if !details.isEmpty {
      line.append("  " + details.joined(separator: " · "), TextStyle(dim: true))
    }
    if exercise.done {
      line.append("  " + text(.liveDone), TextStyle(bold: true, foreground: .green))
    }
    var lines = [line]
    if let origin = exercise.origin {
      lines.append(
        StyledLine(
          "    " + text(.liveSubstituteFor, ["exercise": origin.exercise.name]),
          TextStyle(dim: true)))
      if let reason = exercise.substitutionReason {
        lines.append(
          StyledLine("    " + text(.liveReason, ["reason": reason]), TextStyle(dim: true)))
      }
    }
    let headings =
      exercise.kind == .strength
      ? [session.units.weightSymbol, text(.liveColumnReps)]
        + (session.rirColumn ? [text(.liveColumnRir)] : [])
      : [text(.liveColumnTime), session.units.distanceSymbol, text(.liveColumnRpe)]
    var heading = "    " + pad(text(.liveColumnSet), 3) + " " + pad(text(.liveColumnType), 4) + " "
    for title in headings { heading += pad(title, Self.fieldWidth) }
    lines.append(StyledLine(heading, TextStyle(dim: true)))
    return lines
  }

  static let fieldWidth = 9

  /// How many sets the exercise has now: `3 sets`, `2 warm-ups + 3 sets`. The coach's text is kept
  /// while it still reads as the count (`3-4 sets` for 3 sets);
  /// docs/decisions/the-terminal-app-as-a-daily-app.md "Plates and warm-ups".
  func setsHeading(_ exercise: SessionExercise) -> String {
    let warmUps = exercise.sets.count { $0.type == .warmup }
    let others = exercise.sets.count - warmUps
    var parts: [String] = []
    if warmUps > 0 {
      parts.append(text(.liveWarmUpsLabel, count: warmUps, ["count": String(warmUps)]))
    }
    if others > 0 || warmUps == 0 {
      let label = exercise.setsLabel?.trimmingCharacters(in: .whitespaces) ?? ""
      let written = firstNumber(label) == others ? label : String(others)
      parts.append(text(.liveSetsLabel, count: others, ["sets": written]))
    }
    return parts.joined(separator: " + ")
  }

  func setLine(
    _ set: ExerciseSet, exercise: SessionExercise, at position: (Int, Int),
    session: WorkoutSession
  ) -> (StyledLine, Int?) {
    let selected = cursor.isOn(exercise: position.0, set: position.1)
    var line = StyledLine(selected ? "  ▶ " : "    ", TextStyle(bold: true))
    line.append(pad(String(set.setNumber), 4))
    line.append(pad(typeLetter(set, exercise), 5), TextStyle(bold: true))
    let fields = SetCursor.fields(of: exercise.kind, rirColumn: session.rirColumn)
    let placeholders = placeholder(of: set)
    var cursorColumn: Int?
    for (index, field) in fields.enumerated() {
      let isSelectedField = selected && index == min(cursor.fieldIndex, fields.count - 1)
      if isSelectedField, case .editing(let editingField, let editor) = mode, editingField == field
      {
        cursorColumn = TextColumns.of(line.plainText) + 1 + editor.cursor
        line.append(pad("[" + editor.text + "]", Self.fieldWidth), TextStyle(underline: true))
        continue
      }
      let entered = set[field]
      var text = self.text.enteredNumber(entered)
      var style = TextStyle()
      if entered.isEmpty {
        let hint =
          switch field {
          case .weight: placeholders.weight
          case .reps: placeholders.reps
          default: ""
          }
        text = hint.isEmpty ? "–" : "(\(self.text.enteredNumber(hint)))"
        style.dim = true
      }
      if set.done { style.foreground = .green }
      style.reverse = isSelectedField && mode == .browsing
      line.append(pad(text, Self.fieldWidth - 1), style)
      line.append(" ")
    }
    if set.done { line.append(" ✓", TextStyle(bold: true, foreground: .green)) }
    if set.isPr { line.append(" PR", TextStyle(bold: true, foreground: .yellow)) }
    if let target = targetText(set, units: session.units), !set.done {
      line.append("  " + target, TextStyle(dim: true))
    }
    return (line, cursorColumn)
  }

  /// The coach's target beside an open set: `target 5 @ 90 kg`, `target 8-10`, `target 90 kg`,
  /// in the session's unit; `nil` when the coach prescribed neither reps nor weight.
  ///
  /// A target is shown, never a placeholder and never committed (docs/behaviour.md "The live
  /// workout"): the fields still show last time's values or `–`.
  func targetText(_ set: ExerciseSet, units: UnitSystem) -> String? {
    let weight = set.targetWeight.map { text.weight($0, in: units) }
    switch (set.targetRepsLabel.isEmpty, weight) {
    case (true, nil): return nil
    case (false, nil): return text(.liveTarget, ["reps": set.targetRepsLabel])
    case (true, let weight?): return text(.liveTargetWeightOnly, ["weight": weight])
    case (false, let weight?):
      return text(.liveTargetWeight, ["reps": set.targetRepsLabel, "weight": weight])
    }
  }

  /// The set-type letter, the card's badge (`SetBadge`), so the rows and the card agree.
  func typeLetter(_ set: ExerciseSet, _ exercise: SessionExercise) -> String {
    guard exercise.kind == .strength else { return "" }
    return SetBadge.of(set.type, supersetGroup: exercise.supersetGroup).letter
  }

  func notes(_ exercise: SessionExercise, index: Int) -> [StyledLine] {
    var lines: [StyledLine] = []
    if let feedback = exercise.coachFeedback {
      lines.append(
        StyledLine(
          "    " + text(.liveCoach, ["message": feedback.message])
            + (index == cursor.exerciseIndex ? "  " + text(.liveCoachDismiss) : ""),
          TextStyle(foreground: .cyan)))
    }
    if techniquePromptOpen(exercise) {
      // The keys on a line of their own, so the request fits 80 columns in longer words.
      lines.append(
        StyledLine("    " + text(.liveVideoAsked), TextStyle(bold: true, foreground: .yellow)))
      if index == cursor.exerciseIndex {
        lines.append(StyledLine("    " + text(.liveVideoKeys), TextStyle(foreground: .yellow)))
      }
    }
    if exercise.videoSent {
      lines.append(StyledLine("    " + text(.liveVideoSent), TextStyle(dim: true)))
    }
    return lines
  }

  func substitutePicker(_ exercise: SessionExercise, choice: Int) -> [StyledLine] {
    var lines = [
      StyledLine(text(.liveDoInstead, ["exercise": exercise.name]), TextStyle(bold: true))
    ]
    for (index, option) in exerciseOptions(exercise).enumerated() {
      let current = option.exerciseId == exercise.exerciseId ? "  " + text(.liveCurrent) : ""
      let prescribed = option.isPrescribed ? "  " + text(.livePrescribed) : ""
      lines.append(
        StyledLine(
          (index == choice ? "  ▶ " : "    ") + option.name + prescribed + current,
          TextStyle(reverse: index == choice)))
    }
    return lines
  }
}
