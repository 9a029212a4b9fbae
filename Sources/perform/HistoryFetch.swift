import Foundation
import OperatorCommands
import PerformApp
import TerminalScreens
import TraineeAPI
import TraineeClient
import TrainingHistory
import WorkoutSession

/// The trainee's logged sets and program exercises, read from the server.
enum HistoryFetch {
  /// Every done set of every logged workout (of one exercise when `exerciseId` is given), page by
  /// page; from a server without the paged endpoint (404), the history and each workout.
  static func sets(
    _ client: TraineeAPIClient, exerciseId: String? = nil
  ) async throws(TraineeAPIError) -> [LoggedSet] {
    var sets: [LoggedSet] = []
    var after: String?
    do {
      repeat {
        let page = try await client.loggedSets(exerciseId: exerciseId, after: after, limit: 500)
        for dto in page.sets {
          guard let set = LoggedSet(dto) else {
            throw TraineeAPIError.decoding(
              PayloadError(
                field: "sets[].performedAt", problem: "\"\(dto.performedAt)\" is not a time"))
          }
          sets.append(set)
        }
        after = page.next
      } while after != nil
      return sets
    } catch let error as TraineeAPIError {
      guard case .http(status: 404, _) = error else { throw error }
      return try await workoutByWorkout(client).filter {
        exerciseId == nil || $0.exerciseId == exerciseId
      }
    } catch {
      throw .transport("\(error)")
    }
  }

  /// Every done set, read workout by workout (servers before the paged endpoint).
  private static func workoutByWorkout(
    _ client: TraineeAPIClient
  ) async throws(TraineeAPIError) -> [LoggedSet] {
    var sets: [LoggedSet] = []
    for workout in try await client.workoutHistory().workouts {
      let log = try await client.workoutLog(id: workout.id)
      guard let logged = LoggedSet.sets(of: log) else {
        throw .decoding(
          PayloadError(field: "loggedAt", problem: "\"\(log.loggedAt)\" is not an ISO 8601 time"))
      }
      sets += logged
    }
    return sets
  }

  /// Every logged workout, page by page (newest first), without entries.
  static func allWorkouts(
    _ client: TraineeAPIClient
  ) async throws(TraineeAPIError) -> [WorkoutLogDto] {
    var workouts: [WorkoutLogDto] = []
    var cursor: String?
    repeat {
      let page = try await client.workoutHistory(limit: 100, cursor: cursor)
      workouts += page.workouts
      cursor = page.nextCursor
    } while cursor != nil
    return workouts
  }

  /// The exercises of the trainee's programs, prescribed and substitutes, each id once.
  static func programExercises(
    _ client: TraineeAPIClient
  ) async throws(TraineeAPIError) -> [NamedExercise] {
    let programs = try await client.workouts()
    var seen: Set<String> = []
    var exercises: [NamedExercise] = []
    func add(_ id: String, _ name: String) {
      if seen.insert(id).inserted { exercises.append(NamedExercise(id: id, name: name)) }
    }
    for program in programs.plans {
      for day in program.days {
        for row in day.strength {
          add(row.exerciseId, row.name)
          for substitute in row.substitutes { add(substitute.exerciseId, substitute.name) }
        }
        for row in day.cardio { add(row.exerciseId, row.name) }
      }
    }
    return exercises
  }
}

// NB: docs/decisions/history-progress-and-moving-data.md "History export and import": without
// --units a command uses the app's units, the ones chosen in its settings tab (DIR/settings.json),
// else the environment's, so the export of a trainee who sees pounds in the app is in pounds.

/// `--units metric|imperial` as given, `nil` when absent (an import whose file does not say its
/// units needs it: docs/decisions/history-progress-and-moving-data.md "History export and import").
func explicitUnitsOption(_ options: Options) throws(UsageError) -> UnitSystem? {
  switch options.values["units"] {
  case "metric": return .metric
  case "imperial": return .imperial
  case let other?: throw UsageError("--units is metric or imperial, not \"\(other)\"")
  case nil: return nil
  }
}

/// `--units metric|imperial`; when absent, the units the app shows for the data directory.
func unitsOption(
  _ options: Options, environment: [String: String] = ProcessInfo.processInfo.environment
) throws(UsageError) -> UnitSystem {
  switch options.values["units"] {
  case "metric": return .metric
  case "imperial": return .imperial
  case let other?: throw UsageError("--units is metric or imperial, not \"\(other)\"")
  case nil:
    return AppSettingsStore.units(dataDirectory: dataDirectory(options), environment: environment)
  }
}
