import Foundation
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// Data and helpers the store tests share.
enum StoreFixture {
  /// 2026-01-05 08:00 UTC, the store's clock in these tests.
  static let monday = Date(timeIntervalSince1970: 1_767_600_000)

  /// A store on a new database of `backend`, on the fixed clock; `recordIDs` as a server's
  /// unless a test's expectations name ids.
  static func makeStore(
    _ backend: StoreBackend, recordIDs: NewRecordIDs = .random
  ) throws -> DatabaseTraineeStore {
    try DatabaseTraineeStore(
      database: backend.makeDatabase(), now: { monday }, recordIDs: recordIDs)
  }

  static func strength(
    _ number: Int, _ weight: Double?, _ reps: Int?, done: Bool = true
  )
    -> LogSet
  {
    .strength(
      StrengthLogSet(
        setNumber: number, reps: reps, targetReps: 10, weight: weight, rir: nil, rm: nil,
        done: done))
  }

  static func workout(_ entries: [LogEntry], day: String = "day-a") -> LogWorkoutPayload {
    LogWorkoutPayload(
      programId: "plan-1", dayId: day, label: "Day A", durationSec: 3600, completed: true,
      entries: entries)
  }

  static func entry(_ exerciseId: String, _ sets: [LogSet]) -> LogEntry {
    LogEntry(exerciseId: exerciseId, name: exerciseId, done: true, tempo: nil, sets: sets)
  }

  static let benchDay = workout([entry("bench", [strength(1, 60, 10), strength(2, 62.5, 8)])])

  static let programs = TrainingProgramsDto(
    plans: [
      ProgramPlanDto(
        id: "plan-1", name: "Strength",
        days: [
          ProgramDayDto(
            id: "day-a", label: "A", title: "Push",
            strength: [
              StrengthDto(
                id: "row-1", exerciseId: "bench", name: "Bench press", sets: "3", reps: "10",
                substitutes: [SubstituteDto(exerciseId: "db-press", name: "Dumbbell press")])
            ],
            cardio: [CardioDto(id: "row-2", exerciseId: "bike", name: "Bike", sets: "1")])
        ])
    ],
    movement: .object(["steps": .number(8000)]))

  /// Everything the store answers about one trainee, to compare before and after.
  static func answers(
    _ trainee: TraineeID, _ store: some TraineeStore, _ day: CalendarDate
  )
    throws -> [String]
  {
    [
      "\(try store.programs(for: trainee) as Any)", "\(try store.substitutions(for: trainee))",
      "\(try store.workoutHistory(for: trainee))", "\(try store.exerciseHistory(for: trainee))",
      "\(try store.techniqueVideos(for: trainee))",
      "\(try store.notificationConfigs(for: trainee))",
      "\(try store.nutritionPlans(for: trainee) as Any)",
      "\(try store.nutritionDay(day, for: trainee) as Any)",
      "\(try store.mealLogs(on: day, for: trainee))",
    ]
  }
}
