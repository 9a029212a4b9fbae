import Foundation
import Testing
import TraineeAPI

@testable import WorkoutSession

/// The spec's `sessionStats`: sets and exercises done, and the volume lifted.
struct SessionStatsTests {
  @Test func statsOfNoSessionAreZero() {
    #expect(
      sessionStats(nil)
        == SessionStats(
          completedSets: 0, totalSets: 0, completedExercises: 0, totalExercises: 0, volumeKg: 0))
  }

  @Test func statsCountSetsAndExercises() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      [
        .completeExercise(exerciseId: "ex_bench"),
        .toggleSet(exerciseId: "ex_row", setNumber: 1),
        .toggleSet(exerciseId: "ex_treadmill", setNumber: 1),
      ], to: &state)

    #expect(
      sessionStats(state.session)
        == SessionStats(
          completedSets: 5, totalSets: 6, completedExercises: 2, totalExercises: 3,
          volumeKg: 2190))
  }

  /// One set for the volume table: typed values, placeholders, whether done, and its volume.
  struct VolumeCase: Sendable, CustomTestStringConvertible {
    var weight: String
    var reps: String
    var lastWeight = ""
    var lastReps = ""
    var done = true
    var volumeKg: Int

    var testDescription: String {
      "\(weight)|\(reps) over \(lastWeight)|\(lastReps)\(done ? "" : " open") -> \(volumeKg)"
    }
  }

  static let volumeCases: [VolumeCase] = [
    VolumeCase(weight: "60", reps: "8", volumeKg: 480),
    VolumeCase(weight: "", reps: "", lastWeight: "57.5", lastReps: "10", volumeKg: 575),
    VolumeCase(weight: "", reps: "8", lastWeight: "60", lastReps: "10", volumeKg: 480),
    VolumeCase(weight: "62,5", reps: "", lastWeight: "60", lastReps: "10", volumeKg: 625),
    VolumeCase(weight: "20,25", reps: "2", volumeKg: 41),
    VolumeCase(weight: "20.2", reps: "2", volumeKg: 40),
    VolumeCase(weight: "100", reps: "10", done: false, volumeKg: 0),
    VolumeCase(weight: "0", reps: "10", volumeKg: 0),
    VolumeCase(weight: "50", reps: "0", volumeKg: 0),
    VolumeCase(weight: "", reps: "12", volumeKg: 0),
    VolumeCase(weight: "70", reps: "", volumeKg: 0),
  ]

  @Test(arguments: volumeCases)
  func volumeIsWeightTimesRepsOverDoneSets(_ volumeCase: VolumeCase) {
    var session = SampleWorkouts.session([
      SampleWorkouts.strengthExercise(sets: SampleWorkouts.workingSets(1))
    ])
    session.exercises[0].sets[0].weight = volumeCase.weight
    session.exercises[0].sets[0].reps = volumeCase.reps
    session.exercises[0].sets[0].lastWeight = volumeCase.lastWeight
    session.exercises[0].sets[0].lastReps = volumeCase.lastReps
    session.exercises[0].sets[0].done = volumeCase.done

    #expect(sessionStats(session).volumeKg == volumeCase.volumeKg)
  }

  @Test func volumeAddsUpBeforeRounding() {
    var session = SampleWorkouts.session([
      SampleWorkouts.strengthExercise(
        sets: SampleWorkouts.workingSets(2, lastWeight: "20,25", lastReps: "1"))
    ])
    session.exercises[0].sets[0].done = true
    session.exercises[0].sets[1].done = true

    #expect(sessionStats(session).volumeKg == 41)
  }

  @Test func imperialVolumeIsInKilograms() {
    var session = SampleWorkouts.session(
      [SampleWorkouts.strengthExercise(sets: SampleWorkouts.workingSets(1))], units: .imperial)
    session.exercises[0].sets[0].weight = "100"
    session.exercises[0].sets[0].reps = "10"
    session.exercises[0].sets[0].done = true

    #expect(sessionStats(session).volumeKg == 454)
  }

  @Test func cardioSetsCountButLiftNoVolume() {
    var session = SampleWorkouts.session([SampleWorkouts.cardioExercise(sets: 2)])
    session.exercises[0].sets[0].weight = "100"
    session.exercises[0].sets[0].reps = "10"
    session.exercises[0].sets[0].distance = "5"
    session.exercises[0].sets[0].done = true

    #expect(
      sessionStats(session)
        == SessionStats(
          completedSets: 1, totalSets: 2, completedExercises: 0, totalExercises: 1, volumeKg: 0))
  }

  @Test func completedExercisesCountTheDoneFlag() {
    var session = SampleWorkouts.session([SampleWorkouts.seatedRow(), SampleWorkouts.benchPress()])
    session.exercises[0].sets[0].done = true
    session.exercises[0].sets[1].done = true
    #expect(sessionStats(session).completedExercises == 0)
    #expect(sessionStats(session).completedSets == 2)

    session.exercises[1].done = true
    #expect(sessionStats(session).completedExercises == 1)
  }
}
