import Foundation
import TraineeAPI

// NB: docs/decisions/the-coachs-words.md, "The trainee's words in the engine": the notes keep the
// server's limits (`LogNote`), so a note the engine holds is one the server takes; an empty or
// blank text removes the note; a reason needs a swapped row.

extension WorkoutSession {
  mutating func writeWorkoutNote(_ text: String) throws(ActionRefusal) -> [WorkoutEffect] {
    note = try Self.checkedNote(text, maximum: LogNote.maxLength)
    return []
  }

  mutating func writeSetNote(
    _ exerciseId: String, _ setNumber: Int, _ text: String
  ) throws(ActionRefusal) -> [WorkoutEffect] {
    let (exercise, set) = try indices(of: exerciseId, setNumber)
    exercises[exercise].sets[set].note = try Self.checkedNote(text, maximum: LogNote.maxLength)
    return []
  }

  mutating func writeSubstitutionReason(
    _ exerciseId: String, _ text: String
  ) throws(ActionRefusal) -> [WorkoutEffect] {
    let index = try index(of: exerciseId)
    let reason = try Self.checkedNote(text, maximum: LogNote.maxReasonLength)
    guard exercises[index].origin != nil else { throw .notSubstituted(exerciseId: exerciseId) }
    exercises[index].substitutionReason = reason
    return []
  }

  /// `text` without its outer spaces, `nil` when nothing is left; refused past `maximum`
  /// characters or with a control character, as the server refuses it.
  static func checkedNote(_ text: String, maximum: Int) throws(ActionRefusal) -> String? {
    guard !ControlCharacters.found(in: text) else { throw .noteHasControlCharacter }
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard trimmed.count <= maximum else { throw .noteTooLong(maximum: maximum) }
    return trimmed.isEmpty ? nil : trimmed
  }
}
