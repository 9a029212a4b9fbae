// NB: docs/decisions/the-coachs-words.md, "The trainee's words": a note is one line of at most
// 500 characters, a substitution's reason at most 100; neither holds a control character.

/// The limits of the trainee's words on a log: the workout's note, a set's note and the reason
/// for a substitution.
public enum LogNote {
  /// The most characters of a note on a workout or a set.
  public static let maxLength = 500
  /// The most characters of the reason for a substitution.
  public static let maxReasonLength = 100
}

extension LogWorkoutPayload {
  /// Whether the log carries the trainee's words for the coach: a note on the workout or a set,
  /// or a reason for a substitution (docs/decisions/the-coachs-events.md, "The events").
  public var hasTraineeWords: Bool {
    note != nil
      || entries.contains { entry in
        entry.substitutionReason != nil
          || entry.sets.contains { set in
            switch set {
            case .strength(let set): set.note != nil
            case .cardio(let set): set.note != nil
            }
          }
      }
  }
}
