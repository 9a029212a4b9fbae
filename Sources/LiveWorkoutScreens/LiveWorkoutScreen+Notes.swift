import Foundation
import TerminalScreens
import TerminalUI
import TextColumns
import TraineeAPI
import WorkoutSession

// NB: docs/decisions/the-coachs-words.md, "The trainee's words in the app": `n` writes a note on
// the selected set, `N` on the workout, `R` the reason for the selected row's substitute. Each
// opens a one-line field holding what is written, Enter keeps it (empty removes it), Esc leaves
// it as it was. The engine keeps the server's limits, so the field stops at them.

/// What a note being written is about.
enum NoteTarget: Equatable {
  case workout
  case set(exerciseId: String, setNumber: Int)
  case substitutionReason(exerciseId: String)
}

extension LiveWorkoutScreen {
  /// Opens the field for `target`, holding what is written there now; `nil` when the target is
  /// not there (no set selected, a row doing its prescribed exercise: said on the status line).
  func noteMode(_ key: Character) -> Mode? {
    guard let session else { return nil }
    switch key {
    case "N":
      return .writingNote(.workout, LineEditor(session.note ?? "", maxLength: LogNote.maxLength))
    case "n":
      guard let exercise = selectedExercise, let set = selectedSet else { return nil }
      return .writingNote(
        .set(exerciseId: exercise.exerciseId, setNumber: set.setNumber),
        LineEditor(set.note ?? "", maxLength: LogNote.maxLength))
    case "R":
      guard let exercise = selectedExercise else { return nil }
      guard exercise.origin != nil else {
        host?.show(message: text(.liveReasonNeedsSwap, ["exercise": exercise.name]))
        return nil
      }
      return .writingNote(
        .substitutionReason(exerciseId: exercise.exerciseId),
        LineEditor(exercise.substitutionReason ?? "", maxLength: LogNote.maxReasonLength))
    default:
      return nil
    }
  }

  /// A key while a note is written: the field's, then the note is sent on Enter.
  func handleNote(_ key: Key, target: NoteTarget, editor: LineEditor) -> KeyResult {
    var editor = editor
    switch editor.handle(key) {
    case .editing: mode = .writingNote(target, editor)
    case .cancelled: mode = .browsing
    case .committed(let written):
      mode = .browsing
      let action: WorkoutAction =
        switch target {
        case .workout: .writeWorkoutNote(text: written)
        case .set(let exerciseId, let setNumber):
          .writeSetNote(exerciseId: exerciseId, setNumber: setNumber, text: written)
        case .substitutionReason(let exerciseId):
          .writeSubstitutionReason(exerciseId: exerciseId, text: written)
        }
      let effects = coordinator.send(action)
      for case .actionRefused(let refusal) in effects {
        host?.show(message: coordinator.said(refusal, in: coordinator.store.state))
      }
    }
    return .handled
  }

  /// The question of the note being written, with the field, and where its caret is.
  func notePrompt(
    _ target: NoteTarget, editor: LineEditor, session: WorkoutSession
  ) -> (line: StyledLine, caretColumn: Int) {
    func name(_ id: String) -> String {
      session.exercises.first { $0.exerciseId == id }?.name ?? id
    }
    let prompt =
      switch target {
      case .workout: text(.liveNoteWorkoutPrompt)
      case .set(let exerciseId, let setNumber):
        text(.liveNoteSetPrompt, ["set": String(setNumber), "exercise": name(exerciseId)])
      case .substitutionReason(let exerciseId):
        text(.liveNoteReasonPrompt, ["exercise": name(exerciseId)])
      }
    return (
      StyledLine([StyledRun(prompt, TextStyle(bold: true)), StyledRun(editor.text)]),
      TextColumns.of(prompt) + editor.cursor
    )
  }

  /// The note under a set that has one.
  func setNoteLine(_ set: ExerciseSet) -> String? {
    set.note.map { "        " + text(.liveSetNote, ["note": $0]) }
  }

  /// The workout's note, under the exercises.
  func workoutNoteLine(_ session: WorkoutSession) -> String? {
    session.note.map { text(.liveWorkoutNote, ["note": $0]) }
  }
}
