import Foundation
import TraineeAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// NB: docs/architecture.md, "Offline first" and "One endpoint table": the copy's name and stale
// time of each read are its endpoint's `KeptReadPolicy` in the table; a `KeptRead` adds the
// query of one request and the copy's key made from it.

/// A read the app keeps the last good answer of: the endpoint, the copy's key, and the age after
/// which the copy is refreshed in the background.
public struct KeptRead<Value: Decodable & Sendable>: Sendable {
  /// The copy's name in `AnswerCopies` (`workouts`, `nutrition-menu-2025-12-01`, ...).
  public let key: String
  /// After this many seconds the app fetches the answer again, even when nothing else asks.
  public let staleAfter: TimeInterval
  let endpoint: Endpoint<NoBody, Value>
  let query: [URLQueryItem]

  /// The read of `endpoint` with `query`, kept as the endpoint's policy says: its key made from
  /// `date` and `hint` (`KeptReadPolicy.key(date:hint:)`). The endpoint must have a policy.
  init(
    _ endpoint: Endpoint<NoBody, Value>, date: String = "", hint: PlanDayHint? = nil,
    query: [URLQueryItem] = []
  ) {
    guard let policy = endpoint.keptRead else {
      preconditionFailure("\(endpoint.method.rawValue) \(endpoint.path) is not a kept read")
    }
    self.key = policy.key(date: date, hint: hint)
    self.staleAfter = policy.staleAfter
    self.endpoint = endpoint
    self.query = query
  }
}

extension KeptRead where Value == TrainingProgramsDto {
  /// `GET /v1/trainee/workouts`, the programs with last time's values.
  public static var workouts: Self { KeptRead(TraineeEndpoints.table.getWorkouts) }
}

extension KeptRead where Value == WorkoutHistoryDto {
  /// `GET /v1/trainee/workouts/history`, the history's first page.
  public static var workoutHistory: Self { KeptRead(TraineeEndpoints.table.getWorkoutHistory) }
}

extension KeptRead where Value == [NotificationConfigDto] {
  /// `GET /v1/trainee/notification-configs`.
  public static var notificationConfigs: Self {
    KeptRead(TraineeEndpoints.table.getNotificationConfigs)
  }
}

extension KeptRead where Value == NutritionPlansDto {
  /// `GET /v1/trainee/nutrition/plans`.
  public static var nutritionPlans: Self { KeptRead(TraineeEndpoints.table.getNutritionPlans) }
}

extension KeptRead where Value == NutritionMenuDto {
  /// `GET /v1/trainee/nutrition/menu?date=` for `date` (`YYYY-MM-DD`) and the plan day `hint`
  /// names, one copy per date and hint.
  public static func nutritionMenu(date: String, hint: PlanDayHint? = nil) -> Self {
    KeptRead(
      TraineeEndpoints.table.getNutritionMenu, date: date, hint: hint,
      query: TraineeAPIClient.dateQuery(date, hint: hint))
  }
}

extension KeptRead {
  /// `GET /v1/trainee/nutrition/day?date=` for `date` (`YYYY-MM-DD`), one copy per date.
  ///
  /// NB: the sync engine hydrates a day from the server's answer only, never from this copy: a copy
  /// merged as if it were the server's day would then be saved over a change made elsewhere
  /// meanwhile (docs/architecture.md, "Offline first"). Offline, the day shows from the edits the
  /// device keeps, and the copy tells the app the day was loaded before.
  public static func nutritionDay<Snapshot>(date: String) -> Self
  where Value == NutritionDayDto<Snapshot> {
    KeptRead(
      TraineeEndpoints.table.getNutritionDay.reading(Snapshot.self), date: date,
      query: TraineeAPIClient.dateQuery(date))
  }
}

extension KeptRead where Value == HomeDto {
  /// `GET /v1/trainee/home`.
  public static var home: Self { KeptRead(TraineeEndpoints.table.getHome) }

  /// `GET /v1/trainee/home?planId=&dayId=` with the home day hint (without one, plain
  /// ``home``); one copy is kept whatever the hint, the last answer.
  public static func home(hint: PlanDayHint?) -> Self {
    KeptRead(TraineeEndpoints.table.getHome, hint: hint, query: hint?.queryItems ?? [])
  }
}
