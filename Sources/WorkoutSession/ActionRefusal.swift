import Foundation

/// Why an action changed nothing. Each case says what and where.
public enum ActionRefusal: Error, Equatable, Sendable {
  case noSession
  case anotherWorkoutInProgress(dayId: String)
  case unknownExercise(exerciseId: String)
  case unknownSet(exerciseId: String, setNumber: Int)
  /// `field` is not a field of this exercise's sets (weight on cardio, for example).
  case fieldNotForExercise(field: SetField, exerciseId: String)
  case valueTooLong(field: SetField, maximum: Int)
  case notANumber(field: SetField, value: String)
  case notAWholeNumber(field: SetField, value: String)
  case notADuration(field: SetField, value: String)
  /// A time (`20:00`) typed into a field that takes a number: a weight, reps, a distance, RPE.
  case looksLikeATime(field: SetField, value: String)
  case outOfRange(field: SetField, value: String)
  case lastSet(exerciseId: String)
  case tooManySets(exerciseId: String, maximum: Int)
  /// A set of the exercise is checked: warm-up sets no longer go before its sets.
  case exerciseStarted(exerciseId: String)
  case unknownOption(exerciseId: String, option: String)
  case optionAlreadyInWorkout(option: String)
  case noCoachFeedback(exerciseId: String)
  case invalidVideoURL(String)
  /// The workout is finished: its log is built, so nothing in it changes any more.
  case workoutFinished(dayId: String)
  /// A note or a substitution's reason is longer than `maximum` characters.
  case noteTooLong(maximum: Int)
  /// A note or a substitution's reason holds a control character (a line break too).
  case noteHasControlCharacter
  /// A reason was written for a row whose prescribed exercise was not swapped.
  case notSubstituted(exerciseId: String)

  /// The reason's name in replay output.
  public var code: String {
    switch self {
    case .noSession: "noSession"
    case .anotherWorkoutInProgress: "anotherWorkoutInProgress"
    case .unknownExercise: "unknownExercise"
    case .unknownSet: "unknownSet"
    case .fieldNotForExercise: "fieldNotForExercise"
    case .valueTooLong: "valueTooLong"
    case .notANumber: "notANumber"
    case .notAWholeNumber: "notAWholeNumber"
    case .notADuration: "notADuration"
    case .looksLikeATime: "looksLikeATime"
    case .outOfRange: "outOfRange"
    case .lastSet: "lastSet"
    case .tooManySets: "tooManySets"
    case .exerciseStarted: "exerciseStarted"
    case .unknownOption: "unknownOption"
    case .optionAlreadyInWorkout: "optionAlreadyInWorkout"
    case .noCoachFeedback: "noCoachFeedback"
    case .invalidVideoURL: "invalidVideoURL"
    case .workoutFinished: "workoutFinished"
    case .noteTooLong: "noteTooLong"
    case .noteHasControlCharacter: "noteHasControlCharacter"
    case .notSubstituted: "notSubstituted"
    }
  }

  /// A sentence for the trainee or the developer.
  public var message: String {
    switch self {
    case .noSession: "No workout is open."
    case .anotherWorkoutInProgress(let dayId): "Another workout (\(dayId)) is in progress."
    case .unknownExercise(let id): "No exercise \(id) in this workout."
    case .unknownSet(let id, let number): "Exercise \(id) has no set \(number)."
    case .fieldNotForExercise(let field, let id): "Exercise \(id) has no \(field.rawValue) field."
    case .valueTooLong(let field, let maximum):
      "The \(field.rawValue) is longer than \(maximum) characters."
    case .notANumber(let field, let value): "The \(field.rawValue) \"\(value)\" is not a number."
    case .notAWholeNumber(let field, let value):
      "The \(field.rawValue) \"\(value)\" is not a whole number."
    case .notADuration(let field, let value):
      "The \(field.rawValue) \"\(value)\" is not a duration (m:ss, h:mm:ss or minutes)."
    case .looksLikeATime(let field, let value):
      "The \(field.rawValue) \"\(value)\" looks like a time; it takes a number."
    case .outOfRange(let field, let value): "The \(field.rawValue) \(value) is out of range."
    case .lastSet(let id): "Exercise \(id) keeps at least one set."
    case .tooManySets(let id, let maximum): "Exercise \(id) has the most sets allowed (\(maximum))."
    case .exerciseStarted(let id):
      "A set of exercise \(id) is checked: warm-ups go before the first set."
    case .unknownOption(let id, let option): "\(option) is not an option for exercise \(id)."
    case .optionAlreadyInWorkout(let option): "\(option) is already in this workout."
    case .noCoachFeedback(let id): "Exercise \(id) has no coach feedback to dismiss."
    case .invalidVideoURL(let url): "\"\(url)\" is not an http(s) address."
    case .workoutFinished(let dayId): "The workout (\(dayId)) is finished; its log is on its way."
    case .noteTooLong(let maximum): "The note is longer than \(maximum) characters."
    case .noteHasControlCharacter: "A note is one line, without control characters."
    case .notSubstituted(let id): "Exercise \(id) is the program's own; it needs no reason."
    }
  }
}
