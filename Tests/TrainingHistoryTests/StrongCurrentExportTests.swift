import Foundation
import Testing
import TraineeAPI
import WorkoutSession

@testable import TrainingHistory

/// Strong's exports as they are written today (units in the header) and before (no unit):
/// docs/decisions/history-progress-and-moving-data.md "History export and import".
@Suite struct StrongCurrentExportTests {
  static func current(
    weight: String = "Weight (kg)", duration: String = "Duration (sec)"
  )
    -> String
  {
    """
    "Workout #";"Date";"Workout Name";"\(duration)";"Exercise Name";"Set Order";"\(weight)";"Reps";"RPE";"Distance (meters)";"Seconds";"Notes";"Workout Notes"
    "1";"2026-05-04 07:30:00";"Upper A";"3840";"Overhead Press (Barbell)";"1";"37.5";"5";"8";"0";"0";"";""
    "1";"2026-05-04 07:30:00";"Upper A";"3840";"Running";"1";"0";"0";"";"3000";"900";"";""

    """
  }

  @Test func readsWeightsDistancesAndTheDurationOfTodaysExportWithoutUnitsGiven() throws {
    let read = try ImportReader.file(Self.current(), units: nil, timeZone: Fixtures.utc)
    #expect(read.layout == .strong)
    #expect(read.units == .header(["Weight (kg)", "Distance (meters)"]))
    #expect(read.sets[0].set.weightKg == 37.5)
    #expect(read.sets[0].set.reps == 5)
    #expect(read.sets[1].set.distanceKm == 3)
    #expect(read.sets[1].set.durationSec == 900)
    #expect(read.sets.map(\.workoutDurationSec) == [3840, 3840])
    let plan = try ImportPlan(layout: read.layout, sets: read.sets, program: [])
    #expect(plan.workouts.map(\.durationSec) == [3840])
  }

  @Test func thePoundTwinIsReadInPoundsWhateverUnitsAreGiven() throws {
    let read = try ImportReader.file(
      Self.current(weight: "Weight (lbs)"), units: .metric, timeZone: Fixtures.utc)
    #expect(read.sets[0].set.weightKg == UnitSystem.imperial.kilograms(37.5))
  }

  @Test(arguments: [
    (Self.current(weight: "Weight (stone)"), "\"Weight (stone)\""),
    (Self.current(duration: "Duration (min)"), "\"Duration (min)\""),
  ])
  func aWeightOrDurationColumnTheReaderDoesNotKnowIsRefusedByName(text: String, column: String) {
    #expect {
      _ = try ImportReader.file(text, units: .metric, timeZone: Fixtures.utc)
    } throws: { error in
      guard let problem = error as? ImportProblem else { return false }
      return problem.line == 1 && problem.problem.contains(column)
    }
  }

  @Test func theOlderExportNeedsUnitsAndKeepsItsDuration() throws {
    #expect {
      _ = try ImportReader.file(ImportReaderTests.strong, units: nil, timeZone: Fixtures.utc)
    } throws: { error in
      (error as? ImportProblem)?.problem.contains("give --units metric or imperial") == true
    }
    let read = try ImportReader.file(
      ImportReaderTests.strong, units: .metric, timeZone: Fixtures.utc)
    #expect(read.units == .option(.metric))
    #expect(read.sets.map(\.workoutDurationSec) == [3900, 3900, 3900, 3000])
  }

  @Test func aRowsOwnUnitWinsOverTheUnitsGiven() throws {
    let text = """
      Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes
      2019-01-11 12:31:54;"Leg";"Deadlift (Barbell)";2;102,5;kg;4;;;;0;;
      """
    let read = try ImportReader.file(text, units: .imperial, timeZone: Fixtures.utc)
    #expect(read.sets.map(\.set.weightKg) == [102.5])
  }

  @Test(arguments: [("1h 4m", 3840), ("55m", 3300), ("45s", 45), ("2h", 7200)])
  func durationsAsStrongWritesThem(text: String, seconds: Int) {
    #expect(StrongColumns.seconds(of: text) == seconds)
  }
}
