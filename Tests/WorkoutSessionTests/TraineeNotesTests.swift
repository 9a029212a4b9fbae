import Foundation
import Testing
import TraineeAPI

@testable import WorkoutSession

/// The trainee's words for the coach: the workout's note, a set's note and a substitution's
/// reason (docs/decisions/the-coachs-words.md, "The trainee's words in the engine").
struct TraineeNotesTests {
  static let now = SampleWorkouts.laterAt

  @Test func aWorkoutNoteIsTrimmedKeptAndLogged() {
    var state = SampleWorkouts.pushDayState()

    let effects = state.applySession(.writeWorkoutNote(text: "  Slept badly.  "), now: Self.now)

    #expect(effects == [])
    #expect(state.session?.note == "Slept badly.")
    #expect(logPayload(state.session!, now: Self.now).note == "Slept badly.")
  }

  @Test(arguments: ["", "   "])
  func anEmptyNoteRemovesTheNote(text: String) {
    var state = SampleWorkouts.pushDayState()
    _ = state.apply(.writeWorkoutNote(text: "Slept badly."), now: Self.now)
    _ = state.apply(
      .writeSetNote(exerciseId: "ex_bench", setNumber: 2, text: "Grip"), now: Self.now)

    _ = state.apply(.writeWorkoutNote(text: text), now: Self.now)
    _ = state.apply(.writeSetNote(exerciseId: "ex_bench", setNumber: 2, text: text), now: Self.now)

    #expect(state.session?.note == nil)
    #expect(SampleWorkouts.set("ex_bench", 2, in: state)?.note == nil)
    #expect(logPayload(state.session!, now: Self.now).note == nil)
  }

  @Test func aSetNoteIsLoggedOnItsSetDoneOrNot() {
    var state = SampleWorkouts.pushDayState()
    _ = state.apply(
      .writeSetNote(exerciseId: "ex_bench", setNumber: 1, text: "Shoulder clicked"), now: Self.now)
    _ = state.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: Self.now)
    _ = state.apply(
      .writeSetNote(exerciseId: "ex_bench", setNumber: 3, text: "Skipped: no time"), now: Self.now)
    _ = state.apply(
      .writeSetNote(exerciseId: "ex_treadmill", setNumber: 1, text: "Incline 2"), now: Self.now)

    let entries = logPayload(state.session!, now: Self.now).entries
    let notes = entries.map { entry in
      entry.sets.map { set in
        switch set {
        case .strength(let strength): strength.note
        case .cardio(let cardio): cardio.note
        }
      }
    }

    #expect(notes == [["Shoulder clicked", nil, "Skipped: no time"], [nil, nil], ["Incline 2"]])
  }

  @Test func aNoteOnASetThatIsNotThereIsRefused() {
    var state = SampleWorkouts.pushDayState()
    let before = state

    let effects = state.apply(
      .writeSetNote(exerciseId: "ex_bench", setNumber: 9, text: "x"), now: Self.now)

    #expect(effects == [.actionRefused(.unknownSet(exerciseId: "ex_bench", setNumber: 9))])
    #expect(state == before)
  }

  @Test(arguments: [
    (String(repeating: "a", count: LogNote.maxLength), nil),
    (String(repeating: "a", count: LogNote.maxLength + 1), ActionRefusal.noteTooLong(maximum: 500)),
    ("two\nlines", .noteHasControlCharacter),
    ("tab\tin it", .noteHasControlCharacter),
    ("escape \u{1B}[2J", .noteHasControlCharacter),
    ("c1 \u{9B}", .noteHasControlCharacter),
  ])
  func aNoteKeepsTheServersLimits(text: String, refusal: ActionRefusal?) {
    var state = SampleWorkouts.pushDayState()
    let before = state

    let workout = state.apply(.writeWorkoutNote(text: text), now: Self.now)
    let set = state.apply(
      .writeSetNote(exerciseId: "ex_bench", setNumber: 1, text: text), now: Self.now)

    if let refusal {
      #expect(workout == [.actionRefused(refusal)])
      #expect(set == [.actionRefused(refusal)])
      #expect(state == before)
    } else {
      #expect(state.session?.note == text)
      #expect(SampleWorkouts.set("ex_bench", 1, in: state)?.note == text)
    }
  }

  @Test func aReasonNeedsASwappedRow() {
    var state = SampleWorkouts.pushDayState()
    let before = state

    let effects = state.apply(
      .writeSubstitutionReason(exerciseId: "ex_bench", text: "machine taken"), now: Self.now)

    #expect(effects == [.actionRefused(.notSubstituted(exerciseId: "ex_bench"))])
    #expect(state == before)
  }

  @Test func aReasonIsLoggedOnItsEntryAndKeepsItsLimit() {
    var state = SampleWorkouts.pushDayState()
    _ = state.apply(.substitute(exerciseId: "ex_bench", option: "ex_db_bench"), now: Self.now)

    let tooLong = state.apply(
      .writeSubstitutionReason(
        exerciseId: "ex_db_bench", text: String(repeating: "k", count: LogNote.maxReasonLength + 1)),
      now: Self.now)
    _ = state.apply(
      .writeSubstitutionReason(exerciseId: "ex_db_bench", text: "bench taken "), now: Self.now)

    #expect(tooLong == [.actionRefused(.noteTooLong(maximum: LogNote.maxReasonLength))])
    let entries = logPayload(state.session!, now: Self.now).entries
    #expect(entries.map(\.substitutionReason) == ["bench taken", nil, nil])
  }

  @Test func aSwapToAnotherSubstituteKeepsTheReasonAndTheSwapBackRemovesIt() {
    var state = SampleWorkouts.pushDayState()
    _ = state.apply(.substitute(exerciseId: "ex_bench", option: "ex_db_bench"), now: Self.now)
    _ = state.apply(
      .writeSubstitutionReason(exerciseId: "ex_db_bench", text: "bench taken"), now: Self.now)

    _ = state.apply(
      .substitute(exerciseId: "ex_db_bench", option: "ex_machine_press"), now: Self.now)
    let kept = SampleWorkouts.exercise("ex_machine_press", in: state)?.substitutionReason
    _ = state.apply(.substitute(exerciseId: "ex_machine_press", option: "ex_bench"), now: Self.now)

    #expect(kept == "bench taken")
    #expect(SampleWorkouts.exercise("ex_bench", in: state)?.substitutionReason == nil)
    #expect(logPayload(state.session!, now: Self.now).entries[0].substitutionReason == nil)
  }

  @Test func aSwapClearsTheSetNotesAndItsUndoBringsThemBack() {
    var state = SampleWorkouts.pushDayState()
    _ = state.apply(
      .writeSetNote(exerciseId: "ex_bench", setNumber: 1, text: "Grip wider"), now: Self.now)

    _ = state.apply(.substitute(exerciseId: "ex_bench", option: "ex_db_bench"), now: Self.now)
    let swapped = SampleWorkouts.set("ex_db_bench", 1, in: state)?.note
    _ = state.apply(.substitute(exerciseId: "ex_db_bench", option: "ex_bench"), now: Self.now)

    #expect(swapped == nil)
    #expect(SampleWorkouts.set("ex_bench", 1, in: state)?.note == "Grip wider")
  }

  @Test func aFinishedWorkoutTakesNoNote() {
    var state = SampleWorkouts.pushDayState()
    _ = state.apply(.finish, now: Self.now)
    let finished = state

    let effects = [
      state.apply(.writeWorkoutNote(text: "late"), now: Self.now),
      state.apply(.writeSetNote(exerciseId: "ex_bench", setNumber: 1, text: "x"), now: Self.now),
    ]

    #expect(effects.allSatisfy { $0 == [.actionRefused(.workoutFinished(dayId: "day_push"))] })
    #expect(state == finished)
  }

  @Test(arguments: [
    (
      WorkoutAction.writeWorkoutNote(text: "Slept badly."),
      #"{"do":"writeWorkoutNote","text":"Slept badly."}"#
    ),
    (
      .writeSetNote(exerciseId: "ex_bench", setNumber: 2, text: "Grip"),
      #"{"do":"writeSetNote","exerciseId":"ex_bench","setNumber":2,"text":"Grip"}"#
    ),
    (
      .writeSubstitutionReason(exerciseId: "ex_db_bench", text: "knee"),
      #"{"do":"writeSubstitutionReason","exerciseId":"ex_db_bench","text":"knee"}"#
    ),
  ])
  func theActionsAreWrittenAndReadByName(action: WorkoutAction, json: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let sorted = try JSONSerialization.data(
      withJSONObject: JSONSerialization.jsonObject(with: Data(json.utf8)), options: [.sortedKeys])

    #expect(try encoder.encode(action) == sorted)
    #expect(try JSONDecoder().decode(WorkoutAction.self, from: Data(json.utf8)) == action)
  }

  @Test func aSessionWithoutNotesEncodesAsBefore() throws {
    let state = SampleWorkouts.pushDayState()
    let encoded = String(decoding: try JSONEncoder().encode(state.session), as: UTF8.self)

    #expect(!encoded.contains("note"))
    #expect(!encoded.contains("substitutionReason"))
  }

  @Test func theNotesComeBackFromTheirEncoding() throws {
    var state = SampleWorkouts.pushDayState()
    _ = state.apply(.writeWorkoutNote(text: "Slept badly."), now: Self.now)
    _ = state.apply(.writeSetNote(exerciseId: "ex_row", setNumber: 2, text: "Grip"), now: Self.now)
    _ = state.apply(.substitute(exerciseId: "ex_bench", option: "ex_db_bench"), now: Self.now)
    _ = state.apply(
      .writeSubstitutionReason(exerciseId: "ex_db_bench", text: "knee"), now: Self.now)

    let decoded = try JSONDecoder().decode(
      WorkoutState.self, from: try JSONEncoder().encode(state))

    #expect(decoded == state)
    #expect(decoded.session?.exercises[0].substitutionReason == "knee")
  }
}
