import Foundation
import NutritionLog
import TerminalScreens
import TraineeAPI
import TraineeClient

/// The nutrition endpoints the Nutrition screen calls besides the day itself: the API client in
/// the app, a fake in tests.
public protocol NutritionAPI: Sendable {
  /// `GET /v1/trainee/nutrition/plans`: the coach's meal plans.
  func nutritionPlans() async throws(TraineeAPIError) -> NutritionPlansDto
  /// `GET /v1/trainee/nutrition/menu?date=`: the diary of a day without a saved snapshot.
  func nutritionMenu(
    date: String, hint: PlanDayHint?
  ) async throws(TraineeAPIError) -> NutritionMenuDto
  /// `GET /v1/foods/search?q=`: catalog foods matching `query`, best first.
  func searchFoods(_ query: String, limit: Int?) async throws(TraineeAPIError) -> FoodSearchDto
  /// `GET /v1/foods/barcode/:code`: the food with that barcode; HTTP 404 when there is none.
  func food(barcode: String) async throws(TraineeAPIError) -> FoodDto
  /// The plans, or their last good copy when the server cannot answer.
  func keptNutritionPlans() async throws(TraineeAPIError) -> KeptAnswer<NutritionPlansDto>
}

extension NutritionAPI {
  /// Without copies: the server's answer, dated now.
  public func keptNutritionPlans() async throws(TraineeAPIError) -> KeptAnswer<NutritionPlansDto> {
    KeptAnswer(value: try await nutritionPlans(), fetchedAt: Date())
  }
}

extension TraineeAPIClient: NutritionAPI {}

/// The nutrition endpoints of the app: the plans and the diary fall back to their last good
/// copies (`KeptReads`) when the server cannot answer; the food catalog is asked live.
public struct KeptNutritionAPI: NutritionAPI {
  public let reads: KeptReads

  public init(reads: KeptReads) {
    self.reads = reads
  }

  public func nutritionPlans() async throws(TraineeAPIError) -> NutritionPlansDto {
    try await reads.read(.nutritionPlans).value
  }

  public func keptNutritionPlans() async throws(TraineeAPIError) -> KeptAnswer<NutritionPlansDto> {
    try await reads.read(.nutritionPlans)
  }

  public func nutritionMenu(
    date: String, hint: PlanDayHint?
  ) async throws(TraineeAPIError) -> NutritionMenuDto {
    try await reads.read(.nutritionMenu(date: date, hint: hint)).value
  }

  public func searchFoods(
    _ query: String, limit: Int?
  ) async throws(TraineeAPIError)
    -> FoodSearchDto
  {
    try await reads.client.searchFoods(query, limit: limit)
  }

  public func food(barcode: String) async throws(TraineeAPIError) -> FoodDto {
    try await reads.client.food(barcode: barcode)
  }
}

/// What the Nutrition screen needs from the app: the sync engine that owns the edits, the
/// server, the clock, the device's zone and where the preferred day is kept.
@MainActor
public struct NutritionScreenEnvironment {
  /// The mounted sync engine; every edit the screen makes goes through it. Its `today` must be
  /// the day of `now()` in `timeZone()`.
  public var sync: NutritionSync
  /// `GET /v1/trainee/nutrition/day`, used to read days older than the editable window (the
  /// engine's own transport, usually).
  public var dayTransport: any NutritionDayTransport
  /// Plans, the diary and the food catalog.
  public var api: any NutritionAPI
  /// The directory of `perform-preferred-nutrition-day.json`; `nil` keeps nothing on disk.
  public var dataDirectory: URL?
  /// The wall clock, read when something happens outside a key press (a network answer).
  public var now: @Sendable () -> Date
  /// The device's time zone, read whenever today is worked out.
  public var timeZone: @Sendable () -> TimeZone
  /// A new id for an added food, a composed meal or a replacement.
  public var newID: @MainActor () -> String
  /// Whether an editable day was loaded from the server before (its copy is kept): such a day
  /// is not said to be "never loaded" while the server cannot be reached.
  public var dayWasLoadedBefore: @MainActor (CalendarDay) -> Bool = { _ in false }

  /// An environment from its parts; `newID` defaults to lowercased UUIDs.
  public init(
    sync: NutritionSync, dayTransport: any NutritionDayTransport, api: any NutritionAPI,
    dataDirectory: URL?, now: @escaping @Sendable () -> Date,
    timeZone: @escaping @Sendable () -> TimeZone,
    newID: @escaping @MainActor () -> String = { UUID().uuidString.lowercased() }
  ) {
    self.sync = sync
    self.dayTransport = dayTransport
    self.api = api
    self.dataDirectory = dataDirectory
    self.now = now
    self.timeZone = timeZone
    self.newID = newID
  }

  /// The environment of the app: `client` for plans, diary, foods and older days, `sync` for
  /// the editable days.
  public init(
    client: TraineeAPIClient, sync: NutritionSync, dataDirectory: URL?,
    now: @escaping @Sendable () -> Date = { Date() },
    timeZone: @escaping @Sendable () -> TimeZone
  ) {
    self.init(
      sync: sync, dayTransport: HTTPNutritionDayTransport(client: client), api: client,
      dataDirectory: dataDirectory, now: now, timeZone: timeZone)
  }
}
