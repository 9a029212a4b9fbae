import Foundation
import LiveActivity
import RestTimer
import TerminalScreens
import TerminalUI
import TextColumns
import TraineeAPI
import WorkoutSession

// NB: docs/decisions/the-terminal-app-and-the-perform-command.md, "The terminal app", live workout.
// Logging a set is the hot path: the cursor sits on the set due next, typing digits edits the field
// under it at once (no Enter needed to start), Enter moves weight -> reps (-> RIR), and space
// checks the set with what is shown: entered values, else the greyed placeholders. After a check
// the cursor jumps to the set due next, the one the card shows (in a superset, the next member's
// set of the round). This file holds the modes and the keys; the cursor is a value of its own
// (SetCursor), the drawing is in LiveWorkoutScreen+Drawing.swift and +Rows.swift.

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
    /// Writing the trainee's note (or a substitution's reason) for the coach.
    case writingNote(NoteTarget, LineEditor)
    case confirmFinish
    case confirmDiscard
    /// Asked before an exercise with done sets is swapped for `option` (their sets go with it).
    case confirmSubstitute(exerciseId: String, option: String)
    /// Asked before a done set is removed.
    case confirmRemoveSet(exerciseId: String, setNumber: Int)
    /// Asked before a log the server refused is set aside.
    case confirmSetAside
  }

  let coordinator: WorkoutCoordinator
  weak var host: (any ScreenHost)?
  var mode: Mode = .browsing
  /// The selected set and field.
  var cursor = SetCursor()

  private let openWorkouts: @MainActor () -> Void
  /// The trainee's language, units and bar (English, the session's units and the standard bar
  /// without one).
  public var settings: AppSettingsStore?
  /// Whether the plate calculator and warm-ups show under the selected set (`P`).
  private(set) var showsPlates = false
  var text: AppText { settings?.text ?? AppText(.en) }
  /// Opens the progress chart of an exercise (its id and name): `G` on the current exercise.
  public var openProgress: (@MainActor (_ exerciseId: String, _ name: String) -> Void)?

  /// The screen; `openWorkouts` shows the workouts tab (after the complete screen).
  public init(
    coordinator: WorkoutCoordinator, host: any ScreenHost,
    openWorkouts: @escaping @MainActor () -> Void = {}
  ) {
    self.coordinator = coordinator
    self.host = host
    self.openWorkouts = openWorkouts
  }

  var session: WorkoutSession? { coordinator.store.session }

  public var isEditingText: Bool {
    switch mode {
    case .editing, .videoURL, .writingNote: true
    default: false
    }
  }

  // MARK: Keys

  public var keyHelp: [KeyHelp] {
    switch mode {
    case .editing:
      return [KeyHelp("Enter", text(.liveKeySaveNext)), KeyHelp("Esc", text(.keyCancel))]
    case .videoURL:
      return [KeyHelp("Enter", text(.liveKeySendVideo)), KeyHelp("Esc", text(.keyCancel))]
    case .writingNote:
      return [KeyHelp("Enter", text(.liveKeyKeepNote)), KeyHelp("Esc", text(.keyCancel))]
    case .substituting:
      return [
        KeyHelp("↑/↓", text(.liveKeyChoose)), KeyHelp("Enter", text(.liveKeyDoThis)),
        KeyHelp("Esc", text(.keyCancel)),
      ]
    case .confirmFinish, .confirmDiscard, .confirmSetAside, .confirmSubstitute,
      .confirmRemoveSet:
      return [KeyHelp(String(text.yesKey), text(.keyYes)), KeyHelp("n/Esc", text(.keyNo))]
    case .browsing:
      break
    }
    if case .accepted = coordinator.finish { return [KeyHelp("Enter", text(.keyGoOn))] }
    if coordinator.logWasRefused {
      return [
        KeyHelp("r", text(.liveKeySendAgain)), KeyHelp("K", text(.liveKeySetAside)),
      ]
    }
    if coordinator.isFinishing { return [KeyHelp("r", text(.liveKeySendAgain))] }
    guard session?.started == true else { return [] }
    var keys = [
      KeyHelp("↑/↓ j/k", text(.liveKeySet)), KeyHelp("←/→ h/l", text(.liveKeyField)),
      KeyHelp("0-9", text(.liveKeyType)), KeyHelp("Enter", text(.liveKeyEdit)),
      KeyHelp("Space", text(.liveKeyCheck)), KeyHelp("c", text(.liveKeyComplete)),
      KeyHelp("a", text(.liveKeyAddSet)), KeyHelp("x", text(.liveKeyRemoveSet)),
      KeyHelp("S", text(.liveKeySubstitute)), KeyHelp("U", text(.liveKeyUndoSubstitute)),
      KeyHelp("P", text(.keyPlates)), KeyHelp("W", text(.keyAddWarmUps)),
      KeyHelp("G", text(.progressKeyOpen)),
      KeyHelp("!", text(.liveKeyCardTap)),
      KeyHelp("n", text(.liveKeySetNote)), KeyHelp("N", text(.liveKeyWorkoutNote)),
    ]
    if restClock != nil {
      keys += [
        KeyHelp("-", text(.liveKeyRestLess)), KeyHelp("+", text(.liveKeyRestMore)),
        KeyHelp("s", text(.liveKeySkipRest)),
      ]
    }
    if let exercise = selectedExercise {
      if techniquePromptOpen(exercise) {
        keys += [
          KeyHelp("v", text(.liveKeySendVideoURL)), KeyHelp("V", text(.liveKeySkipVideo)),
        ]
      }
      if exercise.coachFeedback != nil {
        keys.append(KeyHelp("D", text(.liveKeyDismissFeedback)))
      }
      if exercise.origin != nil {
        keys.append(KeyHelp("R", text(.liveKeyReason)))
      }
    }
    keys += [KeyHelp("F", text(.liveKeyFinish)), KeyHelp("X", text(.liveKeyDiscard))]
    return keys
  }

  public func handle(_ key: Key, now: Date) -> KeyResult {
    switch mode {
    case .editing(let field, var editor):
      switch editor.handle(key) {
      case .editing: mode = .editing(field, editor)
      case .cancelled: mode = .browsing
      case .committed(let text):
        // A time typed into a number field was meant for another field: it is refused here,
        // at the field, and stays to be corrected; other bad values wait for the check, as
        // before (docs/decisions/the-live-workout.md "Workout engine", Actions).
        if let refusal = field.refusal(for: text),
          case .looksLikeATime = refusal
        {
          mode = .editing(field, editor)
          host?.show(message: coordinator.said(refusal, in: coordinator.store.state))
        } else {
          mode = .browsing
          commit(text, to: field)
        }
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
    case .writingNote(let target, let editor):
      return handleNote(key, target: target, editor: editor)
    case .substituting(let index):
      return handleSubstituting(key, index: index)
    case .confirmFinish:
      mode = .browsing
      if text.isYes(key) { coordinator.finishWorkout() }
      return .handled
    case .confirmDiscard:
      mode = .browsing
      if text.isYes(key) { coordinator.send(.discard) }
      return .handled
    case .confirmSetAside:
      mode = .browsing
      if text.isYes(key) { setAsideRefusedLog() }
      return .handled
    case .confirmSubstitute(let exerciseId, let option):
      mode = .browsing
      if text.isYes(key) {
        coordinator.send(.substitute(exerciseId: exerciseId, option: option))
      }
      return .handled
    case .confirmRemoveSet(let exerciseId, let setNumber):
      mode = .browsing
      if text.isYes(key) { removeSet(exerciseId: exerciseId, setNumber: setNumber) }
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
    cursor.align(to: session)
    switch key {
    case .down, .character("j"): cursor.moveSet(by: 1, in: session)
    case .up, .character("k"): cursor.moveSet(by: -1, in: session)
    case .right, .character("l"): cursor.moveField(by: 1, in: session)
    case .left, .character("h"): cursor.moveField(by: -1, in: session)
    case .enter:
      guard let field = selectedField, let set = selectedSet else { return .handled }
      mode = .editing(field, Self.editor(set[field]))
    case .character(let character) where character.isNumber || character == ".":
      guard let field = selectedField else { return .handled }
      var editor = Self.editor("")
      _ = editor.handle(key)
      mode = .editing(field, editor)
    case .character(" "):
      guard let exercise = selectedExercise, let set = selectedSet else { return .handled }
      let wasDone = set.done
      coordinator.send(.toggleSet(exerciseId: exercise.exerciseId, setNumber: set.setNumber))
      if !wasDone, selectedSet?.done == true { cursor.jumpToDueSet(in: self.session) }
    case .character("c"):
      guard let exercise = selectedExercise else { return .handled }
      coordinator.send(.completeExercise(exerciseId: exercise.exerciseId))
      cursor.jumpToDueSet(in: self.session)
    case .character("a"):
      guard let exercise = selectedExercise else { return .handled }
      coordinator.send(.addSet(exerciseId: exercise.exerciseId))
      cursor.selectLastSet(in: self.session)
    case .character("x"), .delete:
      guard let exercise = selectedExercise, let set = selectedSet else { return .handled }
      if set.done {
        mode = .confirmRemoveSet(exerciseId: exercise.exerciseId, setNumber: set.setNumber)
      } else {
        removeSet(exerciseId: exercise.exerciseId, setNumber: set.setNumber)
      }
    case .character("S"):
      guard let exercise = selectedExercise else { return .handled }
      let options = exerciseOptions(exercise)
      guard options.count > 1 else {
        host?.show(message: text(.liveNoSubstitutes, ["exercise": exercise.name]))
        return .handled
      }
      mode = .substituting(
        index: options.firstIndex { $0.exerciseId == exercise.exerciseId } ?? 0)
    case .character("U"):
      guard let exercise = selectedExercise, let origin = exercise.origin else {
        host?.show(message: text(.liveNoSubstitution))
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
        if let first = problems.first {
          host?.show(message: first)
        } else {
          cursor.jumpToDueSet(in: self.session)
        }
      case .opensApp(let exerciseId, let setNumber):
        // An inert checkmark opens the app on the set, whose values are missing.
        cursor.select(exerciseId: exerciseId, setNumber: setNumber, in: session)
      case .noSet:
        host?.show(message: text(.liveCardNoSet))
      }
    case .character("n"), .character("N"), .character("R"):
      guard case .character(let character) = key else { return .handled }
      if let noteMode = noteMode(character) { mode = noteMode }
    case .character("P"): showsPlates.toggle()
    case .character("G"):
      if let exercise = selectedExercise { openProgress?(exercise.exerciseId, exercise.name) }
    case .character("W"): addWarmUps(in: session)
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
      guard option.exerciseId != exercise.exerciseId else { break }
      if exercise.sets.contains(where: \.done) {
        mode = .confirmSubstitute(exerciseId: exercise.exerciseId, option: option.exerciseId)
      } else {
        coordinator.send(.substitute(exerciseId: exercise.exerciseId, option: option.exerciseId))
      }
    default: break
    }
    return .handled
  }

  /// Removes set `setNumber` of `exerciseId` and keeps the cursor on a set that exists.
  private func removeSet(exerciseId: String, setNumber: Int) {
    coordinator.send(.removeSet(exerciseId: exerciseId, setNumber: setNumber))
    cursor.clamp(in: session)
  }

  private func commit(_ text: String, to field: SetField) {
    guard let exercise = selectedExercise, let set = selectedSet else { return }
    let effects = coordinator.send(
      .setValue(
        exerciseId: exercise.exerciseId, setNumber: set.setNumber, field: field,
        value: text.replacingOccurrences(of: ",", with: ".")))
    let refused = effects.contains { if case .actionRefused = $0 { true } else { false } }
    if !refused { cursor.moveField(by: 1, wrapping: false, in: session) }
  }

  // MARK: Selection

  var selectedExercise: SessionExercise? { cursor.exercise(in: session) }

  var selectedSet: ExerciseSet? { cursor.set(in: session) }

  var selectedField: SetField? { cursor.field(in: session) }

  /// A field for a set's value: digits, a decimal point or comma, and `:` for a duration.
  static func editor(_ text: String) -> LineEditor {
    LineEditor(text, maxLength: 16, allowed: LineEditor.numeric.union([":"]))
  }

  func techniquePromptOpen(_ exercise: SessionExercise) -> Bool {
    exercise.videoRequired && exercise.techniquePrompted && !exercise.videoSent
      && !exercise.videoSkipped
  }

  var restClock: RestClock? { coordinator.store.state.rest.clock }

  func setAsideRefusedLog() {
    do {
      guard let kept = try coordinator.setAsideRefusedLog() else { return }
      host?.show(message: text(.liveRefusedKept, ["path": kept.path]))
      openWorkouts()
    } catch {
      host?.show(message: text(.liveRefusedNotKept, ["problem": "\(error)"]))
    }
  }
}
