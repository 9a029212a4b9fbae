import Foundation
import Testing
import TraineeAPI
import WorkoutSession

@testable import TrainingHistory

@Suite struct ExerciseProgressTests {
  static let bench = NamedExercise(id: "bench", name: "Bench Press")

  static let sets = [
    Fixtures.set(log: "1", day: 0, setNumber: 1, type: .warmup, weight: 140, reps: 5),
    Fixtures.set(log: "1", day: 0, setNumber: 2, weight: 100, reps: 5),
    Fixtures.set(log: "1", day: 0, setNumber: 3, weight: 90, reps: 10),
    Fixtures.set(log: "2", number: 2, day: 2, setNumber: 1, weight: 105, reps: 3),
    Fixtures.set(log: "3", number: 3, day: 8, setNumber: 1, weight: 0, reps: 10),
    Fixtures.set(log: "4", number: 4, day: 9, exercise: "row", name: "Row", weight: 80, reps: 8),
  ]

  @Test func estimatedOneRepMaxSkipsWarmUpsAndTakesTheBestSet() {
    let progress = ExerciseProgress(exercise: Self.bench, sets: Self.sets, timeZone: Fixtures.utc)
    #expect(progress.bestSets.map(\.workoutNumber) == [1, 2])
    #expect(progress.bestSets[0].weightKg == 90)
    #expect(progress.bestSets[0].reps == 10)
    #expect(
      progress.estimatedOneRepMax(in: .metric).map(\.value) == [
        ExerciseProgress.rounded(estimatedOneRepMax(weight: 90, reps: 10)),
        ExerciseProgress.rounded(estimatedOneRepMax(weight: 105, reps: 3)),
      ])
    #expect(progress.estimatedOneRepMax(in: .imperial).map(\.value) == [264.6, 254.6])
  }

  @Test func weeklyVolumeCountsWarmUpsAndStartsOnMonday() {
    let progress = ExerciseProgress(exercise: Self.bench, sets: Self.sets, timeZone: Fixtures.utc)
    #expect(
      progress.weeklyVolume == [
        ProgressPoint(date: Fixtures.day(0) - 8 * 3600, value: 700 + 500 + 900 + 315)
      ])
  }

  @Test func csvHoldsTheChartsNumbers() {
    let progress = ExerciseProgress(exercise: Self.bench, sets: Self.sets, timeZone: Fixtures.utc)
    #expect(
      progress.csv(in: .metric, timeZone: Fixtures.utc) == """
        series,date,value_kg,reps\r
        estimated_1rm,2026-01-05T08:00:00Z,120.0,\r
        estimated_1rm,2026-01-07T08:00:00Z,115.5,\r
        best_set,2026-01-05T08:00:00Z,90.0,10\r
        best_set,2026-01-07T08:00:00Z,105.0,3\r
        weekly_volume,2026-01-05,2415.0,\r

        """)
  }
}

@Suite struct RecordFlagsTests {
  @Test func derivesRecordsAsTheEngineFlagsThem() {
    let sets = [
      Fixtures.set(log: "1", day: 0, setNumber: 1, weight: 100, reps: 5),
      Fixtures.set(log: "2", day: 1, setNumber: 1, type: .warmup, weight: 150, reps: 5),
      Fixtures.set(log: "2", day: 1, setNumber: 2, weight: 102.5, reps: 5),
      Fixtures.set(log: "2", day: 1, setNumber: 3, weight: 105, reps: 5),
      Fixtures.set(log: "3", day: 2, setNumber: 1, weight: 105, reps: 5),
      Fixtures.set(log: "4", day: 3, setNumber: 1, weight: 110, reps: 5, record: false),
      Fixtures.set(log: "5", day: 4, setNumber: 1, weight: 107.5, reps: 5),
    ]
    let flags = RecordFlags.filled(sets).map(\.isRecord)
    #expect(flags == [false, false, false, true, false, false, false])
  }
}

@Suite struct HistoryExportTests {
  @Test func csvHasTheUnitInItsHeaderAndOneRowASet() {
    let sets = [
      Fixtures.set(log: "2", number: 2, day: 1, name: "Bench, \"wide\"", weight: 102.5, reps: 5),
      Fixtures.set(log: "1", day: 0, weight: 100, reps: 5),
    ]
    let lines = [
      "date,workout,day,exercise,exercise_id,set,set_type,weight_lb,reps,rir,duration_s,"
        + "distance_mi,record",
      "2026-01-05T08:00:00Z,1,Push,Bench Press,bench,1,working,220.5,5,,,,false",
      #"2026-01-06T08:00:00Z,2,Push,"Bench, ""wide""",bench,1,working,226,5,,,,true"#,
    ]
    #expect(
      HistoryExport(sets: sets, units: .imperial).csv == lines.map { $0 + "\r\n" }.joined())
  }

  @Test func jsonHoldsTheSameRows() throws {
    let export = HistoryExport(sets: [Fixtures.set(log: "1", day: 0)], units: .metric)
    let object = try JSONSerialization.jsonObject(with: export.json) as? [String: Any]
    #expect(object?["unit"] as? String == "kg")
    let sets = object?["sets"] as? [[String: Any]]
    #expect(sets?.count == 1)
    #expect(sets?.first?["weight"] as? Double == 100)
    #expect(sets?.first?["date"] as? String == "2026-01-05T08:00:00Z")
    #expect(sets?.first?["rir"] is NSNull)
  }

  @Test func setsOfALogAreItsDoneSets() throws {
    let log = WorkoutLogDto(
      id: "7", workoutNumber: 3, loggedAt: "2026-01-05T08:00:00.000Z", programId: nil,
      dayId: nil, label: "Push", durationSec: nil, completed: true, exerciseCount: 1,
      doneSetCount: 1, volumeKg: 500,
      entries: [
        LogEntry(
          exerciseId: "bench", name: "Bench Press", done: true, tempo: nil,
          sets: [
            .strength(
              StrengthLogSet(
                setNumber: 1, reps: 5, targetReps: 5, weight: 100, rir: "2", rm: nil, done: true,
                setType: .drop, isRecord: true)),
            .strength(
              StrengthLogSet(
                setNumber: 2, reps: nil, targetReps: 5, weight: nil, rir: nil, rm: nil, done: false)
            ),
          ])
      ])
    let sets = try #require(LoggedSet.sets(of: log))
    #expect(sets.count == 1)
    #expect(sets[0].performedAt == Fixtures.day(0))
    #expect(sets[0].rir == "2")
    #expect(sets[0].setType == .drop)
    #expect(sets[0].isRecord == true)
    #expect(sets[0].workoutNumber == 3)
  }
}
