import Foundation
import RestTimer
import TraineeAPI

/// What an action asks the front end to do. Actions return effects; the store performs them.
public enum WorkoutEffect: Equatable, Sendable {
  /// The set just checked is a new record: celebrate it.
  case personalRecord(
    exerciseId: String, setNumber: Int, weightKg: Double, reps: Int, estimatedOneRepMaxKg: Double)
  /// Start a rest of `seconds` for the group led by `exerciseId`, after set `setNumber`.
  case restStarted(seconds: Int, exerciseId: String, exerciseName: String, setNumber: Int)
  /// Ask for a technique video of `exerciseId`.
  case techniquePrompt(exerciseId: String)
  /// Every set of `exerciseId` is now done.
  case exerciseCompleted(exerciseId: String)
  /// The action changed nothing, for `reason`.
  case actionRefused(ActionRefusal)
  /// Save the swap on the server (`POST /v1/trainee/workouts/substitutions`); equal ids undo it.
  case saveSubstitution(SubstitutionRequestDto)
  /// Send the technique video (`POST /v1/trainee/technique-videos`).
  case submitTechniqueVideo(url: String, exerciseId: String)
  /// Tell the server the coach's feedback was seen.
  case markCoachFeedbackSeen(videoId: String)
  /// The rest changed after it started (`restStarted` announces the start itself).
  case rest(RestEffect)
  /// A workout reminder is to be scheduled or cancelled.
  case reminder(ReminderEffect)
  /// The workout was finished: `log` is the payload to post (`POST /v1/trainee/workouts/log`).
  case workoutFinished(log: LogWorkoutPayload)

  /// The effect's name in replay output.
  public var name: String {
    switch self {
    case .personalRecord: "personalRecord"
    case .restStarted: "restStarted"
    case .techniquePrompt: "techniquePrompt"
    case .exerciseCompleted: "exerciseCompleted"
    case .actionRefused: "actionRefused"
    case .saveSubstitution: "saveSubstitution"
    case .submitTechniqueVideo: "submitTechniqueVideo"
    case .markCoachFeedbackSeen: "markCoachFeedbackSeen"
    case .rest(.started): "restStarted"
    case .rest(.replaced): "restReplaced"
    case .rest(.adjusted): "restAdjusted"
    case .rest(.skipped): "restSkipped"
    case .rest(.cleared): "restCleared"
    case .rest(.ended): "restEnded"
    case .reminder(.schedule): "reminderDue"
    case .reminder(.cancel): "reminderWithdrawn"
    case .workoutFinished: "workoutFinished"
    }
  }
}
