import Foundation
import RestTimer
import TraineeAPI
import WorkoutSession

// NB: docs/specs/live-activity.md, "What the card shows", "Cardio sets", "Buttons and pending
// commands" and docs/decisions/the-lock-screen-card.md, "Live Activity content". The card says what
// to lift next: the set shown is the engine's set due next (`SetLocation.due(in:)`, round by round
// in a superset), not the first open set of `nextExercise`. Its values are what checking it would
// commit (entered, else the placeholder), never the plan's targets.

/// The card's content for `state`, written in `language` and `units`; `nil` without a started
/// session, or once it is finished (docs/specs/live-activity.md, "Lifecycle and limits": the card
/// ends when the workout is finished). A pure function: equal inputs give equal content.
///
/// `now` only stands in for the workout's start when a started session lacks one;
/// `ActivityUpdatePolicy` passes the stand-in it used before, so that it does not move.
public func activityContent(
  state: WorkoutState, language: ActivityLanguage, units: UnitSystem, now: Date, version: Int
) -> WorkoutActivityContent? {
  guard let session = state.session, session.started, session.finishedAt == nil else { return nil }
  let strings = language.strings
  let writer = CardSetWriter(language: language, sessionUnits: session.units, cardUnits: units)
  let routineName = routineName(of: session, strings: strings)

  var written: CardSetWriter.Written?
  var primaryAction: CardAction?
  if let due = SetLocation.due(in: session), let exercise = due.exercise(in: session) {
    written = writer.write(exercise, at: due.setIndex, rirColumn: session.rirColumn)
  } else if session.exercises.isEmpty {
    primaryAction = CardAction(kind: .openApp, title: strings.openApp)
  } else {
    primaryAction = CardAction(kind: .addExercise, title: strings.addExercise)
  }

  let rest = state.rest.clock.map { clock in
    CardRest(
      startedAt: clock.startedAt, endsAt: clock.endsAt, title: strings.restTitle,
      decreaseLabel: strings.fill(strings.restDecrease, ["seconds": "\(restStepSeconds)"]),
      increaseLabel: strings.fill(strings.restIncrease, ["seconds": "\(restStepSeconds)"]),
      skipLabel: strings.restSkip, stepSeconds: restStepSeconds)
  }

  return WorkoutActivityContent(
    version: version, language: language, units: units, routineName: routineName,
    workoutStartedAt: session.startedAt ?? now, currentSet: written?.set, rest: rest,
    primaryAction: primaryAction,
    surfaces: surfaces(
      routineName: routineName, written: written, primaryAction: primaryAction,
      noExercises: session.exercises.isEmpty, strings: strings))
}

/// The routine's title, else its day label, else the language's word for a workout.
func routineName(of session: WorkoutSession, strings: ActivityStrings) -> String {
  for candidate in [session.title, session.dayLabel] {
    let trimmed = candidate.trimmingCharacters(in: .whitespacesAndNewlines)
    if !trimmed.isEmpty { return trimmed }
  }
  return strings.routineFallback
}

/// The strings of every surface for the set (or the action) the card shows.
func surfaces(
  routineName: String, written: CardSetWriter.Written?, primaryAction: CardAction?,
  noExercises: Bool, strings: ActivityStrings
) -> CardSurfaces {
  guard let written else {
    let message = noExercises ? strings.noExercises : strings.allSetsDone
    let mark = noExercises ? missingValue : "✓"
    return CardSurfaces(
      lockScreen: LockScreenText(header: routineName, title: message, trailing: "", detail: ""),
      expanded: ExpandedText(
        leading: message, trailing: "", center: routineName,
        bottom: primaryAction?.title ?? ""),
      compactLeading: mark, compactTrailing: "", minimal: mark)
  }
  let set = written.set
  return CardSurfaces(
    lockScreen: LockScreenText(
      header: routineName, title: set.exerciseName, trailing: set.positionText,
      detail: set.line),
    expanded: ExpandedText(
      leading: set.exerciseName, trailing: set.positionText, center: routineName,
      bottom: set.line),
    compactLeading: "\(set.position)/\(set.count)", compactTrailing: written.compact,
    minimal: written.minimal)
}
