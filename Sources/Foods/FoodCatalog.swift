import Foundation
import HTTPServer
import TraineeAPI

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage":
// a small food catalog the server ships (common foods, macros per 100 g from public-domain tables).
// The foods are in FoodCatalog+Foods.swift. Search folds case and diacritics and needs every word
// of `q` in the food's name; names starting with `q` come first. `q` is 1 to 64 characters after
// trimming; at most `limit` (1...50, default 20) foods are answered. A food is TraineeAPI's
// `FoodDto`, the type the app decodes.

/// The foods `GET /v1/foods/search` and `GET /v1/foods/barcode/:code` answer from.
package struct FoodCatalog: Sendable {
  /// The longest search text read.
  package static let maximumQueryLength = 64
  /// The most foods one search answers.
  package static let maximumLimit = 50

  /// The catalog the server ships.
  package static let shared = FoodCatalog(foods: FoodCatalog.shippedFoods)

  package let foods: [FoodDto]
  private let folded: [String]

  package init(foods: [FoodDto]) {
    self.foods = foods
    folded = foods.map { Self.fold($0.name) }
  }

  /// The foods whose name holds every word of `query`, names starting with it first.
  package func search(_ query: String, limit: Int = 20) -> [FoodDto] {
    let text = Self.fold(query)
    let words = text.split(separator: " ")
    let hits = foods.indices.filter { index in
      words.allSatisfy { folded[index].contains($0) }
    }
    let ranked = hits.sorted { left, right in
      let leftFirst = folded[left].hasPrefix(text)
      let rightFirst = folded[right].hasPrefix(text)
      return leftFirst != rightFirst ? leftFirst : foods[left].name < foods[right].name
    }
    return ranked.prefix(limit).map { foods[$0] }
  }

  /// The food with this barcode, or `nil`.
  package func food(barcode: String) -> FoodDto? {
    foods.first { $0.barcode == barcode }
  }

  private static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .trimmingCharacters(in: .whitespaces)
  }
}

extension FoodCatalog {
  /// `GET /v1/foods/search?q=[&limit=]`.
  package func searchAnswer(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
    let query = (request.query["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    guard (1...Self.maximumQueryLength).contains(query.count) else {
      throw HTTPError(
        .badRequest, code: "invalid_query",
        message: "q must be 1 to \(Self.maximumQueryLength) characters.")
    }
    var limit = 20
    if let text = request.query["limit"] {
      guard let number = Int(text), (1...Self.maximumLimit).contains(number) else {
        throw HTTPError(
          .badRequest, code: "invalid_query",
          message: "limit is \"\(text.prefix(16))\", not a number from 1 to \(Self.maximumLimit).")
      }
      limit = number
    }
    return .json(.ok, FoodSearchDto(foods: search(query, limit: limit)))
  }

  /// `GET /v1/foods/barcode/:code`: 400 for a code that is not 8 to 14 digits, 404 for one the
  /// catalog does not have.
  package func barcodeAnswer(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
    let code = request.pathParameters["code"] ?? ""
    guard (8...14).contains(code.count), code.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      throw HTTPError(
        .badRequest, code: "invalid_barcode",
        message: "code is \"\(code.prefix(20))\", not a barcode of 8 to 14 digits.")
    }
    guard let food = food(barcode: code) else {
      throw HTTPError(.notFound, code: "not_found", message: "No food has barcode \(code).")
    }
    return .json(.ok, food)
  }
}
