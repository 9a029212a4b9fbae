import Foundation
import Testing
import WorkoutSession

@testable import LiveActivity

/// An update only when the card would change, each with a higher version.
struct UpdatePolicyTests {
  static let workout = LiveWorkout(
    dayId: "day_1", programId: "prog_1", dayLabel: "Day 1", title: "Push Day",
    exercises: [
      WorkoutExercise(
        id: "row_bench", exerciseId: "ex_bench", name: "Bench press", restSeconds: 90,
        sets: (1...3).map { ExerciseSet(setNumber: $0, lastWeight: "57.5", lastReps: "10") })
    ])

  /// A started push day and a policy that has sent its first content.
  static func started() -> (WorkoutState, ActivityUpdatePolicy) {
    var state = WorkoutState()
    _ = state.apply(.start(workout, units: .metric), now: CardFixtures.startedAt)
    _ = state.apply(.begin, now: CardFixtures.startedAt)
    var policy = ActivityUpdatePolicy()
    _ = policy.update(state: state, language: .en, units: .metric, now: CardFixtures.startedAt)
    return (state, policy)
  }

  @Test func firstContentIsVersionOneAndAnEqualOneIsNotSent() throws {
    let (state, policy) = Self.started()
    #expect(policy.version == 1)
    #expect(policy.lastEmitted?.version == 1)
    var again = policy
    #expect(again.update(state: state, language: .en, units: .metric, now: CardFixtures.now) == nil)
    #expect(again == policy)
  }

  @Test func ticksNeverEmitEvenAcrossTheEndOfARest() {
    var (state, policy) = Self.started()
    _ = state.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: CardFixtures.now)
    #expect(
      policy.update(state: state, language: .en, units: .metric, now: CardFixtures.now) != nil)
    for second in stride(from: 0.25, through: 200, by: 0.25) {
      let now = CardFixtures.now + second
      _ = state.apply(.tick, now: now)
      #expect(policy.update(state: state, language: .en, units: .metric, now: now) == nil)
    }
    #expect(state.rest.clock?.elapsed == true)
    #expect(policy.version == 2)
  }

  /// Each change that alters the card gives exactly one update, with the next version.
  @Test func everyChangeEmitsOnceWithAnIncreasingVersion() throws {
    var (state, policy) = Self.started()
    let changes: [WorkoutAction] = [
      .setValue(exerciseId: "ex_bench", setNumber: 1, field: .weight, value: "60"),
      .toggleSet(exerciseId: "ex_bench", setNumber: 1),
      .adjustRest(seconds: 15),
      .skipRest,
      .addSet(exerciseId: "ex_bench"),
      .removeSet(exerciseId: "ex_bench", setNumber: 2),
      .completeExercise(exerciseId: "ex_bench"),
    ]
    var now = CardFixtures.now
    for (index, action) in changes.enumerated() {
      now += 1
      _ = state.apply(action, now: now)
      let content = policy.update(state: state, language: .en, units: .metric, now: now)
      #expect(content?.version == index + 2, "\(action)")
      #expect(policy.update(state: state, language: .en, units: .metric, now: now) == nil)
    }
    #expect(policy.lastEmitted?.primaryAction?.kind == .addExercise)
  }

  /// A started session without a start (an old or hand-made state): the card's clock needs a
  /// start, and the stand-in must not move with the time, or every sync would emit.
  @Test func aStartedSessionWithoutAStartDoesNotEmitPerTick() throws {
    var (state, _) = Self.started()
    state.session?.startedAt = nil
    var policy = ActivityUpdatePolicy()
    let first = policy.update(state: state, language: .en, units: .metric, now: CardFixtures.now)
    #expect(first?.workoutStartedAt == CardFixtures.now)
    #expect(
      policy.update(state: state, language: .en, units: .metric, now: CardFixtures.now + 5)
        == nil)
    _ = state.apply(.tick, now: CardFixtures.now + 10)
    #expect(
      policy.update(state: state, language: .en, units: .metric, now: CardFixtures.now + 10)
        == nil)
    #expect(policy.version == 1)
  }

  @Test func languageOrUnitsChangingEmits() {
    var (state, policy) = Self.started()
    _ = state.apply(.tick, now: CardFixtures.now)
    #expect(
      policy.update(state: state, language: .de, units: .metric, now: CardFixtures.now)?
        .version == 2)
    #expect(
      policy.update(state: state, language: .de, units: .imperial, now: CardFixtures.now)?
        .version == 3)
  }

  @Test func versionsKeepIncreasingAcrossWorkouts() {
    var (state, policy) = Self.started()
    _ = state.apply(.reset, now: CardFixtures.now)
    #expect(
      policy.update(state: state, language: .en, units: .metric, now: CardFixtures.now) == nil)
    #expect(policy.lastEmitted == nil)
    _ = state.apply(.start(Self.workout, units: .metric), now: CardFixtures.now)
    _ = state.apply(.begin, now: CardFixtures.now)
    let next = policy.update(state: state, language: .en, units: .metric, now: CardFixtures.now)
    #expect(next?.version == 2)
  }

  @Test func aRestoredPolicyContinuesFromItsLastVersion() {
    var policy = ActivityUpdatePolicy(lastVersion: 41)
    let (state, _) = Self.started()
    #expect(
      policy.update(state: state, language: .en, units: .metric, now: CardFixtures.now)?
        .version == 42)
  }
}
