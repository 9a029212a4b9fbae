import Foundation
import NutritionLog
import TraineeAPI

// NB: docs/decisions/the-terminal-app-and-the-perform-command.md, "The terminal app". A search or
// barcode answer moves the flow on only when the flow still waits for that very request; a late
// answer after Esc is dropped.

extension NutritionScreen {
  func search(_ query: String, for target: NutritionFoodTarget) {
    requestCount += 1
    let request = requestCount
    mode = .searching(
      target, what: text(.nutritionFoodsMatching, ["query": query]), request: request)
    let api = environment.api
    Task { [weak self] in
      let result: Result<[FoodDto], TraineeAPIError>
      do throws(TraineeAPIError) {
        result = .success(try await api.searchFoods(query, limit: 20).foods)
      } catch {
        result = .failure(error)
      }
      self?.finishSearch(query, for: target, request: request, result)
    }
  }

  private func finishSearch(
    _ query: String, for target: NutritionFoodTarget, request: Int,
    _ result: Result<[FoodDto], TraineeAPIError>
  ) {
    guard case .searching(_, _, let waiting) = mode, waiting == request else { return }
    switch result {
    case .success(let foods) where foods.isEmpty:
      mode = .searchText(target, searchEditor(query))
      host?.show(
        message: text(.nutritionNoFoodMatches, ["query": query]))
    case .success(let foods):
      mode = .results(target, query: query, foods: foods, index: 0)
      serverAnswered()
    case .failure(let error):
      mode = .searchText(target, searchEditor(query))
      host?.show(
        message: said { text(.nutritionSearchFailed, ["problem": NutritionText.describe(error)]) })
    }
    host?.setNeedsRedraw()
  }

  func lookUp(barcode: String, for target: NutritionFoodTarget) {
    requestCount += 1
    let request = requestCount
    mode = .searching(
      target, what: text(.nutritionBarcodeWhat, ["barcode": barcode]), request: request)
    let api = environment.api
    Task { [weak self] in
      let result: Result<FoodDto, TraineeAPIError>
      do throws(TraineeAPIError) {
        result = .success(try await api.food(barcode: barcode))
      } catch {
        result = .failure(error)
      }
      self?.finishLookUp(barcode, for: target, request: request, result)
    }
  }

  private func finishLookUp(
    _ barcode: String, for target: NutritionFoodTarget, request: Int,
    _ result: Result<FoodDto, TraineeAPIError>
  ) {
    guard case .searching(_, _, let waiting) = mode, waiting == request else { return }
    switch result {
    case .success(let food):
      mode = .amount(target, food, source: .barcode, amountEditor(100))
      serverAnswered()
    case .failure(.http(404, _)):
      mode = .barcodeText(target, barcodeEditor(barcode))
      host?.show(message: text(.nutritionNoBarcodeFood, ["barcode": barcode]))
    case .failure(let error):
      mode = .barcodeText(target, barcodeEditor(barcode))
      host?.show(
        message: said { text(.nutritionBarcodeFailed, ["problem": NutritionText.describe(error)]) })
    }
    host?.setNeedsRedraw()
  }
}
