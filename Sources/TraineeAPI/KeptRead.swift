import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// NB: docs/architecture.md, "Offline first": each read the app depends on names the file its last
// good answer is kept in and how long that answer is fresh. The spec gives only the notification
// configs' stale time (10 minutes, docs/specs/workout-session.md, "Alert texts and configs"); the
// others are chosen in docs/decisions/the-apps-files-and-the-api-client.md, "Offline reads".

/// A read the app keeps the last good answer of: the endpoint, the copy's key, and the age after
/// which the copy is refreshed in the background.
public struct KeptRead<Value: Decodable & Sendable>: Sendable {
  /// The copy's name in `AnswerCopies` (`workouts`, `nutrition-menu-2025-12-01`, ...).
  public let key: String
  /// After this many seconds the app fetches the answer again, even when nothing else asks.
  public let staleAfter: TimeInterval
  let path: String
  let query: [URLQueryItem]

  init(key: String, staleAfter: TimeInterval, path: String, query: [URLQueryItem] = []) {
    self.key = key
    self.staleAfter = staleAfter
    self.path = path
    self.query = query
  }
}

extension KeptRead where Value == TrainingProgramsDto {
  /// `GET /v1/trainee/workouts`, the programs with last time's values: fresh for 5 minutes.
  public static var workouts: Self {
    KeptRead(key: "workouts", staleAfter: 5 * 60, path: "/v1/trainee/workouts")
  }
}

extension KeptRead where Value == WorkoutHistoryDto {
  /// `GET /v1/trainee/workouts/history`, the history's first page: fresh for 5 minutes.
  public static var workoutHistory: Self {
    KeptRead(key: "workout-history", staleAfter: 5 * 60, path: "/v1/trainee/workouts/history")
  }
}

extension KeptRead where Value == [NotificationConfigDto] {
  /// `GET /v1/trainee/notification-configs`: fresh for the spec's 10 minutes.
  public static var notificationConfigs: Self {
    KeptRead(
      key: "notification-configs", staleAfter: 10 * 60, path: "/v1/trainee/notification-configs")
  }
}

extension KeptRead where Value == NutritionPlansDto {
  /// `GET /v1/trainee/nutrition/plans`: fresh for 30 minutes.
  public static var nutritionPlans: Self {
    KeptRead(key: "nutrition-plans", staleAfter: 30 * 60, path: "/v1/trainee/nutrition/plans")
  }
}

extension KeptRead where Value == NutritionMenuDto {
  /// `GET /v1/trainee/nutrition/menu?date=` for `date` (`YYYY-MM-DD`) and the plan day `hint`
  /// names, one copy per date and hint: fresh for 1 minute (the eaten sums change as the trainee
  /// logs).
  public static func nutritionMenu(date: String, hint: PlanDayHint? = nil) -> Self {
    var key = "nutrition-menu-\(date)"
    if let hint {
      key += "." + Self.keySafe(hint.planId) + "." + Self.keySafe(hint.dayId)
    }
    return KeptRead(
      key: key, staleAfter: 60, path: "/v1/trainee/nutrition/menu",
      query: [URLQueryItem(name: "date", value: date)] + (hint?.queryItems ?? []))
  }
}

extension KeptRead {
  /// `GET /v1/trainee/nutrition/day?date=` for `date` (`YYYY-MM-DD`), one copy per date: fresh
  /// for 1 minute.
  ///
  /// NB: the sync engine hydrates a day from the server's answer only, never from this copy: a copy
  /// merged as if it were the server's day would then be saved over a change made elsewhere
  /// meanwhile (docs/architecture.md, "Offline first"). Offline, the day shows from the edits the
  /// device keeps, and the copy tells the app the day was loaded before.
  public static func nutritionDay<Snapshot>(date: String) -> Self
  where Value == NutritionDayDto<Snapshot> {
    KeptRead(
      key: "nutrition-day-\(keySafe(date))", staleAfter: 60, path: "/v1/trainee/nutrition/day",
      query: [URLQueryItem(name: "date", value: date)])
  }
}

extension KeptRead where Value == HomeDto {
  /// `GET /v1/trainee/home`: fresh for 1 minute.
  public static var home: Self {
    KeptRead(key: "home", staleAfter: 60, path: "/v1/trainee/home")
  }
}

extension KeptRead {
  /// `text` with anything but ASCII letters, digits, `-` and `_` as `_`, for a copy's key.
  static func keySafe(_ text: String) -> String {
    String(
      text.unicodeScalars.prefix(60).map { scalar in
        scalar.isASCII
          && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_")
          ? Character(scalar) : "_"
      })
  }
}

extension KeptRead where Value == HomeDto {
  /// `GET /v1/trainee/home?planId=&dayId=` with the home day hint (without one, plain
  /// ``home``); one copy is kept whatever the hint, the last answer.
  public static func home(hint: PlanDayHint?) -> Self {
    KeptRead(key: "home", staleAfter: 60, path: "/v1/trainee/home", query: hint?.queryItems ?? [])
  }
}
