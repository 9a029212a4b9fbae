import Foundation
import NutritionLog
import TerminalScreens
import TraineeAPI
import TraineeClient

// NB: docs/architecture.md, "Effects at the edge". The reducer decides; this file only does: the
// engine's store, the preferred day's file, the status bar, the network, the meal log outbox.
// Effects run in the order asked for; an answer comes back as an action.

extension NutritionScreen {
  /// Reduces `action` at `now` and performs the effects it asked for; answers them.
  @discardableResult
  func send(_ action: NutritionScreenAction, now: Date) -> [NutritionScreenEffect] {
    let effects = state.reduce(action, now: now, context: context)
    for effect in effects { perform(effect) }
    return effects
  }

  private func perform(_ effect: NutritionScreenEffect) {
    switch effect {
    case .passKeyOn: break
    case .say(let message): host?.show(message: message)
    case .redraw: host?.setNeedsRedraw()
    case .changeStore(let change):
      _ = try? sync.edit { (edits: inout NutritionEdits) throws(NutritionEditRefusal) in
        change.apply(to: &edits)
      }
    case .edit(let edit, let date, let moment):
      do {
        try sync.edit(edit, on: date, at: moment)
      } catch {
        host?.show(message: NutritionText.$text.withValue(text) { NutritionText.describe(error) })
      }
    case .keepPreferredDay(let day, let now):
      guard let file = preferredDayFile else { return }
      do {
        try file.save(day, now: now)
      } catch {
        host?.show(message: "The plan day could not be kept: \(error).")
      }
    case .forgetExpiredPreferredDay(let now):
      _ = preferredDayFile?.removeIfExpired(now: now)
    case .showDay(let date): sync.show(date)
    case .todayChanged: sync.todayChanged()
    case .serverAnswered:
      if sync.statuses.values.contains(.offlineWillRetry) { sync.networkBecameReachable() }
    case .fetchPlans: fetchPlans()
    case .fetchReadOnlyDay(let date, let plans, let hint):
      fetchReadOnlyDay(date, plans: plans, hint: hint)
    case .searchFoods(let query, let target, let request):
      searchFoods(query, for: target, request: request)
    case .lookUpBarcode(let barcode, let target, let request):
      lookUp(barcode: barcode, for: target, request: request)
    case .checkPhoto(let path):
      send(.photoChecked(path: path, readable: Self.isReadableFile(path)), now: environment.now())
    case .keepMealLog(let log, let name):
      guard let outbox = mealLogs else { return }
      do {
        try outbox.add(log)
        host?.show(message: text(.nutritionLogged, ["meal": name]))
      } catch {
        host?.show(
          message: "\(name) is in the day, but its meal log could not be kept to send: \(error).")
      }
    }
  }

  static func isReadableFile(_ path: String) -> Bool {
    var directory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &directory)
      && !directory.boolValue && FileManager.default.isReadableFile(atPath: path)
  }

  // MARK: The network

  private func fetchPlans() {
    let api = environment.api
    Task { [weak self] in
      let result: Result<KeptAnswer<NutritionPlansDto>, TraineeAPIError>
      do throws(TraineeAPIError) {
        result = .success(try await api.keptNutritionPlans())
      } catch {
        result = .failure(error)
      }
      guard let self else { return }
      send(.plansFetched(result), now: environment.now())
    }
  }

  private func fetchReadOnlyDay(_ date: CalendarDay, plans: [NutritionPlanDto], hint: PlanDayHint?)
  {
    let transport = environment.dayTransport
    let api = environment.api
    Task { [weak self] in
      let result: Result<ReadOnlyDay, ReadOnlyDayLoadError>
      do throws(ReadOnlyDayLoadError) {
        result = .success(
          try await Self.fetchReadOnlyDay(
            date, plans: plans, hint: hint, transport: transport, api: api))
      } catch {
        result = .failure(error)
      }
      guard let self else { return }
      send(.readOnlyDayFetched(date, result), now: environment.now())
    }
  }

  /// `ReadOnlyDay.load` off the main actor, its diary read through `api`.
  nonisolated private static func fetchReadOnlyDay(
    _ date: CalendarDay, plans: [NutritionPlanDto], hint: PlanDayHint?,
    transport: any NutritionDayTransport, api: any NutritionAPI
  ) async throws(ReadOnlyDayLoadError) -> ReadOnlyDay {
    try await ReadOnlyDay.load(
      date, plans: plans, viewing: hint, transport: transport,
      menu: { date, hint in try await api.nutritionMenu(date: date.isoDate, hint: hint) })
  }

  private func searchFoods(_ query: String, for target: NutritionFoodTarget, request: Int) {
    let api = environment.api
    Task { [weak self] in
      let result: Result<[FoodDto], TraineeAPIError>
      do throws(TraineeAPIError) {
        result = .success(try await api.searchFoods(query, limit: 20).foods)
      } catch {
        result = .failure(error)
      }
      guard let self else { return }
      send(
        .foodsFound(query: query, for: target, request: request, result), now: environment.now())
    }
  }

  private func lookUp(barcode: String, for target: NutritionFoodTarget, request: Int) {
    let api = environment.api
    Task { [weak self] in
      let result: Result<FoodDto, TraineeAPIError>
      do throws(TraineeAPIError) {
        result = .success(try await api.food(barcode: barcode))
      } catch {
        result = .failure(error)
      }
      guard let self else { return }
      send(
        .barcodeFound(barcode: barcode, for: target, request: request, result),
        now: environment.now())
    }
  }
}
