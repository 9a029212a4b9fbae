import Foundation
import WorkoutSession

// NB: docs/specs/live-activity.md, "What the card shows" and
// docs/decisions/the-lock-screen-card.md, "Live Activity content": everything the card shows,
// prepared ready to draw. Times travel as absolute dates so the system animates the clocks without
// an update per second.

/// The Live Activity's content state: what the card and the Dynamic Island show, ready to draw.
public struct WorkoutActivityContent: Codable, Hashable, Sendable {
  /// Increases with every emitted update, so a redraw is forced even when the rest looks equal.
  public var version: Int
  /// The language the strings are written in.
  public var language: ActivityLanguage
  /// The unit system the numbers are written in.
  public var units: UnitSystem
  /// The routine's title, else its day label, else a generic word.
  public var routineName: String
  /// When the workout started; the header counts up from it by itself.
  public var workoutStartedAt: Date
  /// The set the card offers, or `nil` when no set is left or there are no exercises.
  public var currentSet: CardSet?
  /// The rest control row, while a rest is kept (running or overdue).
  public var rest: CardRest?
  /// The primary button when no set is left ("Add exercise") or no exercise exists ("Open app").
  public var primaryAction: CardAction?
  /// The strings of each surface.
  public var surfaces: CardSurfaces

  /// Creates a content state from its parts.
  public init(
    version: Int, language: ActivityLanguage, units: UnitSystem, routineName: String,
    workoutStartedAt: Date, currentSet: CardSet?, rest: CardRest?, primaryAction: CardAction?,
    surfaces: CardSurfaces
  ) {
    self.version = version
    self.language = language
    self.units = units
    self.routineName = routineName
    self.workoutStartedAt = workoutStartedAt
    self.currentSet = currentSet
    self.rest = rest
    self.primaryAction = primaryAction
    self.surfaces = surfaces
  }
}

/// The set due next (`SetLocation.due(in:)`), as the card shows it and as checking it would
/// commit it.
public struct CardSet: Codable, Hashable, Sendable {
  /// The exercise the set belongs to.
  public var exerciseId: String
  /// The set's number within the exercise (not its position).
  public var setNumber: Int
  /// Whether the set is lifted or cardio.
  public var kind: ExerciseKind
  /// The exercise's name.
  public var exerciseName: String
  /// The set's 1-based position among the exercise's sets.
  public var position: Int
  /// How many sets the exercise has.
  public var count: Int
  /// `Set 3 of 5`, localized.
  public var positionText: String
  /// The set-type badge; `nil` for cardio.
  public var badge: SetBadge?
  /// Each number as shown, `–` when missing.
  public var values: CardSetValues
  /// The whole set line: `72,5 kg × 8 Wdh. (RIR 2)` or `20:00 · 5,00 km (RPE 7)`.
  public var line: String
  /// What the checkmark does.
  public var checkmark: CheckmarkState

  /// Creates a card set from its parts.
  public init(
    exerciseId: String, setNumber: Int, kind: ExerciseKind, exerciseName: String, position: Int,
    count: Int, positionText: String, badge: SetBadge?, values: CardSetValues, line: String,
    checkmark: CheckmarkState
  ) {
    self.exerciseId = exerciseId
    self.setNumber = setNumber
    self.kind = kind
    self.exerciseName = exerciseName
    self.position = position
    self.count = count
    self.positionText = positionText
    self.badge = badge
    self.values = values
    self.line = line
    self.checkmark = checkmark
  }
}

/// The numbers of a set as shown; a strength set fills weight, reps and RIR, a cardio set
/// duration, distance and RPE. A missing number is `–`; a part the line leaves out is `nil`.
public struct CardSetValues: Codable, Hashable, Sendable {
  /// `72,5 kg`.
  public var weight: String?
  /// `8 Wdh.`.
  public var reps: String?
  /// `RIR 2`; `nil` when the session has no RIR column and none was entered.
  public var rir: String?
  /// `20:00`.
  public var duration: String?
  /// `5,00 km`.
  public var distance: String?
  /// `RPE 7`; `nil` until entered, `RPE –` when what was entered is not an RPE.
  public var rpe: String?

  /// Creates the values; every part defaults to absent.
  public init(
    weight: String? = nil, reps: String? = nil, rir: String? = nil, duration: String? = nil,
    distance: String? = nil, rpe: String? = nil
  ) {
    self.weight = weight
    self.reps = reps
    self.rir = rir
    self.duration = duration
    self.distance = distance
    self.rpe = rpe
  }
}

/// What tapping the checkmark does.
public enum CheckmarkState: String, Codable, Hashable, Sendable {
  /// Completes the set with the values shown (a pending command, then the app opens).
  case enabled
  /// Grey and inert: a value is missing or one the engine would refuse (a cardio set without
  /// its duration or distance, say). Tapping opens the app.
  case opensApp
}

/// The rest control row: `-15s`, the clock, `+15s`, `Skip`.
///
/// The clock counts down to `endsAt`, then up while overdue; the view derives "overdue" (and the
/// red backdrop) from `endsAt`, so no update is needed at zero.
public struct CardRest: Codable, Hashable, Sendable {
  /// When the rest started.
  public var startedAt: Date
  /// When the rest ends.
  public var endsAt: Date
  /// `Rest`, localized.
  public var title: String
  /// `-15s`.
  public var decreaseLabel: String
  /// `+15s`.
  public var increaseLabel: String
  /// `Skip`, localized.
  public var skipLabel: String
  /// The seconds `-` and `+` move the end by.
  public var stepSeconds: Int

  /// Creates a rest row from its parts.
  public init(
    startedAt: Date, endsAt: Date, title: String, decreaseLabel: String, increaseLabel: String,
    skipLabel: String, stepSeconds: Int
  ) {
    self.startedAt = startedAt
    self.endsAt = endsAt
    self.title = title
    self.decreaseLabel = decreaseLabel
    self.increaseLabel = increaseLabel
    self.skipLabel = skipLabel
    self.stepSeconds = stepSeconds
  }

  /// Whether the rest is over at `now`: the clock counts up and the field is red from `endsAt`.
  public func isOverdue(at now: Date) -> Bool {
    now >= endsAt
  }
}

/// The card's primary button when there is no set to complete.
public struct CardAction: Codable, Hashable, Sendable {
  /// What the button does.
  public enum Kind: String, Codable, Hashable, Sendable {
    /// Every set is done: open the app to add an exercise.
    case addExercise
    /// The workout has no exercises: open the app.
    case openApp
  }

  /// What the button does.
  public var kind: Kind
  /// The button's title, localized.
  public var title: String

  /// Creates an action.
  public init(kind: Kind, title: String) {
    self.kind = kind
    self.title = title
  }
}
