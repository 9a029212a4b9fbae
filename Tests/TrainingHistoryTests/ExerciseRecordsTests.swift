import Foundation
import Testing
import TraineeAPI
import WorkoutSession

@testable import TrainingHistory

/// An exercise's records (docs/decisions/what-the-coach-sees.md, "Records and progress"): the
/// progress view's best set, the heaviest set and the most reps, and their combination over
/// disjoint logs, which the server relies on to keep them per studio tag.
@Suite struct ExerciseRecordsTests {
  @Test func theRecordsSkipWarmUpsAndTheEarliestWinsATie() throws {
    let records = try #require(ExerciseRecords.of(ExerciseProgressTests.sets)["bench"])
    #expect(records.workouts == 3)
    #expect(records.sets == 5)
    #expect(records.lastLogId == "3")
    // The 140 kg warm-up holds nothing; 90 x 10 beats 100 x 5 and 105 x 3 by Epley.
    #expect(records.bestSet?.logId == "1")
    #expect(records.bestSet?.weightKg == 90)
    #expect(records.heaviestSet?.weightKg == 105)
    #expect(records.heaviestSet?.logId == "2")
    // 10 reps twice: the earlier (90 kg in log 1), not the set without a weight.
    #expect(records.mostRepsSet?.logId == "1")
    #expect(records.mostRepsSet?.weightKg == 90)
    let later = Fixtures.set(log: "9", number: 9, day: 20, weight: 90, reps: 10)
    let tied = try #require(ExerciseRecords.of(ExerciseProgressTests.sets + [later])["bench"])
    #expect(tied.bestSet?.logId == "1")
  }

  @Test func aSetWithoutWeightHoldsOnlyTheMostReps() throws {
    let records = try #require(
      ExerciseRecords.of([Fixtures.set(log: "1", day: 0, weight: nil, reps: 12)])["bench"])
    #expect(records.bestSet == nil)
    #expect(records.heaviestSet == nil)
    #expect(records.mostRepsSet?.reps == 12)
    #expect(RecordSetDto(try #require(records.mostRepsSet)).weight == nil)
  }

  /// The app's best set (`ProgressScreen`'s, the best of `bestSets`) is the records' best set.
  @Test func theBestSetIsTheProgressViewsBest() throws {
    let progress = ExerciseProgress(
      exercise: ExerciseProgressTests.bench, sets: ExerciseProgressTests.sets,
      timeZone: Fixtures.utc)
    let best = try #require(
      progress.bestSets.max { $0.estimatedOneRepMaxKg < $1.estimatedOneRepMaxKg })
    let records = try #require(ExerciseRecords.of(ExerciseProgressTests.sets)["bench"])
    #expect(records.bestSet?.logId == best.logId)
    #expect(records.bestSet?.estimatedOneRepMaxKg == best.estimatedOneRepMaxKg)
  }

  /// Records of logs split in any two parts combine into the records of all of them.
  @Test func recordsOfDisjointLogsCombineIntoTheRecordsOfTheirUnion() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      var sets: [LoggedSet] = []
      for log in 1...Int.random(in: 2...8, using: &generator) {
        let day = Double(Int.random(in: 0...5, using: &generator))
        for setNumber in 1...Int.random(in: 1...4, using: &generator) {
          sets.append(
            Fixtures.set(
              log: String(log), number: log, day: day,
              setNumber: setNumber,
              type: Bool.random(using: &generator) ? .working : .warmup,
              weight: [nil, 0, 60, 80, 100].randomElement(using: &generator)!,
              reps: [nil, 0, 3, 5, 8].randomElement(using: &generator)!))
        }
      }
      let all = ExerciseRecords.of(sets)["bench"]
      let split = Set(sets.map(\.logId).filter { _ in Bool.random(using: &generator) })
      let one = ExerciseRecords.of(sets.filter { split.contains($0.logId) })["bench"]
      let other = ExerciseRecords.of(sets.filter { !split.contains($0.logId) })["bench"]
      let combined = [one, other].compactMap { $0 }
      let merged = combined.dropFirst().reduce(combined.first) { $0?.merged(with: $1) }
      #expect(merged == all)
      let reversed = combined.reversed().dropFirst().reduce(combined.last) {
        $0?.merged(with: $1)
      }
      #expect(reversed == all)
    }
  }
}
