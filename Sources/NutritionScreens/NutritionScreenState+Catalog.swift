import Foundation
import NutritionLog
import TerminalScreens
import TraineeAPI

// NB: docs/decisions/the-terminal-app-and-the-perform-command.md, "The terminal app". A search or
// barcode answer moves the flow on only when the flow still waits for that very request; a late
// answer after Esc is dropped.

extension NutritionScreenState {
  /// Asks the catalog for foods matching `query`; the flow waits for this very answer.
  mutating func search(
    _ query: String, for target: NutritionFoodTarget, _ turn: inout NutritionScreenTurn
  ) {
    requestCount += 1
    let request = requestCount
    mode = .searching(
      target, what: turn.text(.nutritionFoodsMatching, ["query": query]), request: request)
    turn.ask(.searchFoods(query, for: target, request: request))
  }

  mutating func finishSearch(
    _ query: String, for target: NutritionFoodTarget, request: Int,
    _ result: Result<[FoodDto], TraineeAPIError>, _ turn: inout NutritionScreenTurn
  ) {
    guard case .searching(_, _, let waiting) = mode, waiting == request else { return }
    switch result {
    case .success(let foods) where foods.isEmpty:
      mode = .searchText(target, searchEditor(query))
      turn.say(turn.text(.nutritionNoFoodMatches, ["query": query]))
    case .success(let foods):
      mode = .results(target, query: query, foods: foods, index: 0)
      turn.ask(.serverAnswered)
    case .failure(let error):
      mode = .searchText(target, searchEditor(query))
      turn.say(
        said(turn) { $0(.nutritionSearchFailed, ["problem": NutritionText.describe(error)]) })
    }
    turn.ask(.redraw)
  }

  /// Asks the catalog for the food with `barcode`; the flow waits for this very answer.
  mutating func lookUp(
    barcode: String, for target: NutritionFoodTarget, _ turn: inout NutritionScreenTurn
  ) {
    requestCount += 1
    let request = requestCount
    mode = .searching(
      target, what: turn.text(.nutritionBarcodeWhat, ["barcode": barcode]), request: request)
    turn.ask(.lookUpBarcode(barcode, for: target, request: request))
  }

  mutating func finishLookUp(
    _ barcode: String, for target: NutritionFoodTarget, request: Int,
    _ result: Result<FoodDto, TraineeAPIError>, _ turn: inout NutritionScreenTurn
  ) {
    guard case .searching(_, _, let waiting) = mode, waiting == request else { return }
    switch result {
    case .success(let food):
      mode = .amount(target, food, source: .barcode, amountEditor(100))
      turn.ask(.serverAnswered)
    case .failure(.http(404, _)):
      mode = .barcodeText(target, barcodeEditor(barcode))
      turn.say(turn.text(.nutritionNoBarcodeFood, ["barcode": barcode]))
    case .failure(let error):
      mode = .barcodeText(target, barcodeEditor(barcode))
      turn.say(
        said(turn) { $0(.nutritionBarcodeFailed, ["problem": NutritionText.describe(error)]) })
    }
    turn.ask(.redraw)
  }
}
