import Foundation
import NutritionLog
import TerminalScreens
import TraineeAPI
import TraineeClient

// NB: docs/decisions/the-terminal-app-and-the-perform-command.md, "The terminal app". A search or
// barcode answer moves the flow on only when the flow still waits for that very request; a late
// answer after Esc is dropped.

extension NutritionScreenState {
  /// Asks the catalog for foods matching `query`; the flow waits for this very answer.
  mutating func search(
    _ query: String, for target: NutritionFoodTarget, _ turn: inout NutritionScreenTurn
  ) {
    waitForCatalog(target, what: turn.text(.nutritionFoodsMatching, ["query": query]), &turn) {
      .searchFoods(query, for: target, request: $0)
    }
  }

  mutating func finishSearch(
    _ query: String, for target: NutritionFoodTarget, request: Int,
    _ result: Result<[FoodDto], TraineeAPIError>, _ turn: inout NutritionScreenTurn
  ) {
    guard waits(for: request) else { return }
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
    waitForCatalog(target, what: turn.text(.nutritionBarcodeWhat, ["barcode": barcode]), &turn) {
      .lookUpBarcode(barcode, for: target, request: $0)
    }
  }

  mutating func finishLookUp(
    _ barcode: String, for target: NutritionFoodTarget, request: Int,
    _ result: Result<FoodDto, TraineeAPIError>, _ turn: inout NutritionScreenTurn
  ) {
    guard waits(for: request) else { return }
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

  /// Numbers the next catalog request, shows `what` while the flow waits for that very answer,
  /// and asks for it with the effect `ask` makes of its number.
  private mutating func waitForCatalog(
    _ target: NutritionFoodTarget, what: String, _ turn: inout NutritionScreenTurn,
    ask: (Int) -> NutritionScreenEffect
  ) {
    requestCount += 1
    mode = .searching(target, what: what, request: requestCount)
    turn.ask(ask(requestCount))
  }

  /// Whether the flow waits for the catalog's answer to `request`; an older answer is dropped.
  private func waits(for request: Int) -> Bool {
    guard case .searching(_, _, let waiting) = mode else { return false }
    return waiting == request
  }
}
