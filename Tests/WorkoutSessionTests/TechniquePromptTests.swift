import Foundation
import Testing
import TraineeAPI

@testable import WorkoutSession

/// The technique video prompt and the coach's feedback on a video.
struct TechniquePromptTests {
  /// A deadlift that needs a technique video, with the coach's feedback on the last one, then a
  /// seated row.
  static func videoState() -> WorkoutState {
    SampleWorkouts.state([
      SampleWorkouts.strengthExercise(
        id: "row_deadlift", exerciseId: "ex_deadlift", name: "Deadlift", videoRequired: true,
        coachFeedback: CoachFeedbackDto(videoId: "video_7", message: "Brace before you pull.")),
      SampleWorkouts.seatedRow(),
    ])
  }

  /// The technique prompts among `effects`.
  static func prompts(_ effects: [WorkoutEffect]) -> [WorkoutEffect] {
    effects.filter { $0.name == "techniquePrompt" }
  }

  @Test func theFirstCheckedSetPromptsForAVideo() {
    var state = Self.videoState()

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_deadlift", setNumber: 1), now: SampleWorkouts.laterAt)

    #expect(effects == [.techniquePrompt(exerciseId: "ex_deadlift")])
    #expect(SampleWorkouts.exercise("ex_deadlift", in: state)?.techniquePrompted == true)
  }

  @Test func thePromptComesOncePerExercise() {
    var state = Self.videoState()
    SampleWorkouts.applySession([.toggleSet(exerciseId: "ex_deadlift", setNumber: 1)], to: &state)

    let effects = SampleWorkouts.applySession(
      [
        .toggleSet(exerciseId: "ex_deadlift", setNumber: 1),
        .toggleSet(exerciseId: "ex_deadlift", setNumber: 1),
        .toggleSet(exerciseId: "ex_deadlift", setNumber: 2),
        .completeExercise(exerciseId: "ex_deadlift"),
      ], to: &state)

    #expect(Self.prompts(effects) == [])
  }

  @Test func noPromptWhenNoVideoIsRequired() {
    var state = SampleWorkouts.pushDayState()

    let effects = SampleWorkouts.applySession(
      [
        .toggleSet(exerciseId: "ex_bench", setNumber: 1),
        .completeExercise(exerciseId: "ex_row"),
      ], to: &state)

    #expect(Self.prompts(effects) == [])
  }

  @Test func noPromptAfterTheVideoWasSent() {
    var state = Self.videoState()
    SampleWorkouts.applySession(
      [.satisfyTechniquePrompt(exerciseId: "ex_deadlift", url: nil)], to: &state)

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_deadlift", setNumber: 1), now: SampleWorkouts.laterAt)

    #expect(effects == [])
  }

  @Test func noPromptAfterTheVideoWasSkipped() {
    var state = Self.videoState()
    var expected = state
    expected.session!.exercises[0].videoSkipped = true

    let skip = state.applySession(
      .skipTechniquePrompt(exerciseId: "ex_deadlift"), now: SampleWorkouts.laterAt)
    #expect(skip == [])
    #expect(state == expected)

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_deadlift", setNumber: 1), now: SampleWorkouts.laterAt)
    #expect(effects == [])
  }

  @Test func completingTheExercisePromptsBeforeItIsCompleted() {
    var state = Self.videoState()

    let effects = state.applySession(
      .completeExercise(exerciseId: "ex_deadlift"), now: SampleWorkouts.laterAt)

    #expect(
      effects == [
        .techniquePrompt(exerciseId: "ex_deadlift"),
        .exerciseCompleted(exerciseId: "ex_deadlift"),
      ])
  }

  @Test func aRefusedCheckDoesNotUseUpThePrompt() {
    var state = Self.videoState()
    SampleWorkouts.applySession(
      [
        .setValue(exerciseId: "ex_deadlift", setNumber: 1, field: .weight, value: "heavy"),
        .toggleSet(exerciseId: "ex_deadlift", setNumber: 1),
        .setValue(exerciseId: "ex_deadlift", setNumber: 1, field: .weight, value: "140"),
      ], to: &state)

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_deadlift", setNumber: 1), now: SampleWorkouts.laterAt)

    #expect(effects == [.techniquePrompt(exerciseId: "ex_deadlift")])
  }

  @Test func aSentVideoIsSubmittedWithItsTrimmedAddress() {
    var state = Self.videoState()
    var expected = state
    expected.session!.exercises[0].videoSent = true

    let effects = state.applySession(
      .satisfyTechniquePrompt(exerciseId: "ex_deadlift", url: " https://video.example/dl.mp4 "),
      now: SampleWorkouts.laterAt)

    #expect(
      effects == [
        .submitTechniqueVideo(url: "https://video.example/dl.mp4", exerciseId: "ex_deadlift")
      ])
    #expect(state == expected)
  }

  @Test func satisfyingWithoutAnAddressOnlyMarksTheVideoSent() {
    var state = Self.videoState()
    var expected = state
    expected.session!.exercises[0].videoSent = true

    let effects = state.applySession(
      .satisfyTechniquePrompt(exerciseId: "ex_deadlift", url: nil), now: SampleWorkouts.laterAt)

    #expect(effects == [])
    #expect(state == expected)
  }

  @Test(arguments: [
    "", "not a url", "ftp://video.example/dl.mp4", "javascript:alert(1)", "https://",
    "http:/video.example", "video.example/dl.mp4", "https://video.example/my clip.mp4",
    "https://video.example/" + String(repeating: "a", count: 2048),
  ])
  func aBadVideoAddressIsRefused(url: String) {
    var state = Self.videoState()
    let before = state

    let effects = state.applySession(
      .satisfyTechniquePrompt(exerciseId: "ex_deadlift", url: url), now: SampleWorkouts.laterAt)

    #expect(effects == [.actionRefused(.invalidVideoURL(url))])
    #expect(state == before)
  }

  @Test func dismissingTheCoachsFeedbackMarksItSeen() {
    var state = Self.videoState()
    var expected = state
    expected.session!.exercises[0].coachFeedback = nil

    let effects = state.applySession(
      .dismissCoachFeedback(exerciseId: "ex_deadlift"), now: SampleWorkouts.laterAt)

    #expect(effects == [.markCoachFeedbackSeen(videoId: "video_7")])
    #expect(state == expected)
  }

  @Test func dismissingIsRefusedWhenThereIsNoFeedback() {
    var state = Self.videoState()
    SampleWorkouts.applySession([.dismissCoachFeedback(exerciseId: "ex_deadlift")], to: &state)
    let before = state

    let again = state.applySession(
      .dismissCoachFeedback(exerciseId: "ex_deadlift"), now: SampleWorkouts.laterAt)
    let never = state.applySession(
      .dismissCoachFeedback(exerciseId: "ex_row"), now: SampleWorkouts.laterAt)

    #expect(again == [.actionRefused(.noCoachFeedback(exerciseId: "ex_deadlift"))])
    #expect(never == [.actionRefused(.noCoachFeedback(exerciseId: "ex_row"))])
    #expect(state == before)
  }
}
