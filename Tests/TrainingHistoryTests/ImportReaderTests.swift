import Foundation
import Testing
import TraineeAPI
import WorkoutSession

@testable import TrainingHistory

@Suite struct ImportReaderTests {
  static let strong = #"""
    Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
    2025-07-26 07:06:00,"Push, heavy",1h 5m,Bench Press (Barbell),1,60,10,0,0,,,
    2025-07-26 07:06:00,"Push, heavy",1h 5m,Bench Press (Barbell),2,80,5,0,0,"felt ""good""",,8
    2025-07-26 07:06:00,"Push, heavy",1h 5m,Running,1,0,0,5,1500,,,
    2025-07-28 18:00:00,Pull,50m,Barbell Row,1,70,8,0,0,,,

    """#

  @Test func readsStrong() throws {
    let (layout, sets) = try ImportReader.read(Self.strong, units: .metric, timeZone: Fixtures.utc)
    #expect(layout == .strong)
    #expect(sets.map(\.line) == [2, 3, 4, 5])
    #expect(sets[1].set.exerciseName == "Bench Press (Barbell)")
    #expect(sets[1].set.dayLabel == "Push, heavy")
    #expect(sets[1].set.weightKg == 80)
    #expect(sets[1].set.reps == 5)
    #expect(ISO8601Instant.text(sets[1].set.performedAt) == "2025-07-26T07:06:00Z")
    #expect(sets[2].set.durationSec == 1500)
    #expect(sets[2].set.distanceKm == 5)
    #expect(sets[2].set.weightKg == nil)
  }

  @Test func readsStrongsOlderSemicolonLayoutWithItsUnits() throws {
    let text = """
      Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes
      2019-01-11 12:31:54;"Leg";"Deadlift (Barbell)";1;225;lbs;5;;;;0;"";""
      2019-01-11 12:31:54;"Leg";"Deadlift (Barbell)";2;102,5;kg;4;;;;0;;
      """
    let (_, sets) = try ImportReader.read(text, units: .metric, timeZone: Fixtures.utc)
    #expect(sets.map(\.set.weightKg) == [102.058, 102.5])
  }

  @Test func readsStrongWeightsInTheChosenUnitWithoutAUnitColumn() throws {
    let (_, sets) = try ImportReader.read(Self.strong, units: .imperial, timeZone: Fixtures.utc)
    #expect(sets[0].set.weightKg == 27.216)
  }

  static let hevy = """
    "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_lbs","reps","distance_miles","duration_seconds","rpe"
    "Week 12 - Lower","26 Jul 2025, 07:06","26 Jul 2025, 08:11","","Lying Leg Curl (Machine)",,"",0,"warmup",100,10,,,
    "Week 12 - Lower","26 Jul 2025, 07:06","26 Jul 2025, 08:11","","Lying Leg Curl (Machine)",,"",1,"normal",140,8,,,8.5
    "Week 12 - Lower","26 Jul 2025, 07:06","26 Jul 2025, 08:11","","Squat (Barbell)",,"",0,"dropset",225,6,,,
    """

  @Test func readsHevy() throws {
    let (layout, sets) = try ImportReader.read(Self.hevy, units: .metric, timeZone: Fixtures.utc)
    #expect(layout == .hevy)
    #expect(sets.map(\.set.setType) == [.warmup, .working, .drop])
    #expect(sets.map(\.set.weightKg) == [45.359, 63.503, 102.058])
    #expect(sets[0].workoutDurationSec == 3900)
    #expect(ISO8601Instant.text(sets[0].set.performedAt) == "2025-07-26T07:06:00Z")
  }

  @Test func readsHevyInKilograms() throws {
    let text = Self.hevy.replacingOccurrences(of: "weight_lbs", with: "weight_kg")
    let (_, sets) = try ImportReader.read(text, units: .imperial, timeZone: Fixtures.utc)
    #expect(sets.map(\.set.weightKg) == [100, 140, 225])
  }

  @Test func readsDatesInTheGivenZone() throws {
    let zone = TimeZone(identifier: "Europe/Berlin")!
    let (_, sets) = try ImportReader.read(Self.hevy, units: .metric, timeZone: zone)
    #expect(ISO8601Instant.text(sets[0].set.performedAt) == "2025-07-26T05:06:00Z")
  }

  @Test func aDateAfterTheLatestAcceptedIsReportedWithItsLine() {
    #expect(
      throws: ImportProblem(line: 5, problem: "the date 2025-07-28T18:00:00Z is in the future")
    ) {
      try ImportReader.read(
        Self.strong, units: .metric, timeZone: Fixtures.utc,
        notAfter: ISO8601Instant.date(from: "2025-07-27T00:00:00Z"))
    }
  }

  @Test(arguments: [Fixtures.utc, TimeZone(identifier: "America/New_York")!])
  func ownExportRoundTrips(zone: TimeZone) throws {
    let sets = [
      Fixtures.set(log: "1", day: 0, name: "Bench, \"Paused\"\nPress", setNumber: 1, type: .warmup),
      Fixtures.set(log: "1", day: 0, name: "Bench, \"Paused\"\nPress", setNumber: 2),
      Fixtures.set(log: "2", number: 2, day: 3, exercise: "row", name: "Row", weight: 70, reps: 8),
    ]
    for units in UnitSystem.allCases {
      let export = HistoryExport(sets: sets, units: units)
      let (layout, read) = try ImportReader.read(export.csv, units: .metric, timeZone: zone)
      #expect(layout == .perform)
      #expect(read.map(\.set.exerciseName) == sets.map(\.exerciseName))
      #expect(read.map(\.set.exerciseId) == sets.map(\.exerciseId))
      #expect(read.map(\.set.setType) == sets.map(\.setType))
      #expect(read.map(\.set.reps) == sets.map(\.reps))
      #expect(read.map(\.set.performedAt) == sets.map(\.performedAt))
      let weights = read.map { $0.set.weightKg.map { units.displayWeight(kilograms: $0) } }
      #expect(weights == sets.map { $0.weightKg.map { units.displayWeight(kilograms: $0) } })
    }
  }

  @Test(arguments: [
    (
      "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n2025-07-26 07:06:00,A,Squat,1,100,5\n"
        + "2025-07-26 07:06:00,A,Squat,2,1OO,5\n", 3, "Weight \"1OO\" is not a number"
    ),
    (
      "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n2025-07-26 07:06:00,\"A\nB\",Squat,1,1,5\n"
        + "2025-07-26,A,Squat,2,100,5\n", 4, "Date \"2025-07-26\" is not a date"
    ),
    (
      "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n2025-07-26 07:06:00,A,Squat,1,100\n",
      2,
      "has 5 fields where the header has 6"
    ),
    (
      "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n2025-07-26 07:06:00,A,Squat,1,1001,5\n",
      2, "the weight is over 1000 kg"
    ),
    (
      "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n2025-07-26 07:06:00,A,,1,100,5\n", 2,
      "Exercise Name is empty"
    ),
    (
      "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n2025-07-26 07:06:00,A,Squat,1,100,5.5\n",
      2, "Reps \"5.5\" is not a whole number"
    ),
    ("name,weight\nsquat,100\n", 1, ""),
  ])
  func malformedRowsAreReportedWithTheirLine(text: String, line: Int, problem: String) {
    do {
      _ = try ImportReader.read(text, units: .metric, timeZone: Fixtures.utc)
      Issue.record("read a malformed file")
    } catch {
      #expect(error.line == line)
      if !problem.isEmpty { #expect(error.problem == problem) }
    }
  }
}
