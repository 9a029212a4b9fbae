import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// The nutrition routes through the real libmicrohttpd server on a loopback port.
struct NutritionRoutesHTTPTests {
  @Test(arguments: StoreBackend.available) func aDaySavedOverHTTPIsReadBackByteForByte(
    _ backend: StoreBackend
  ) async throws {
    let api = try NutritionRoutesFixture(backend)
    let server = try TraineeAPIServer.loopback(
      store: api.store, now: { NutritionRoutesFixture.lateMonday })
    defer { server.stop() }
    let client = LoopbackClient(port: server.port)
    let headers = ["Authorization": "Bearer \(api.alice.token)", "X-Timezone": "Europe/Berlin"]
    let data = #"{"eaten":{"2026-0-6__it1":true},"portions":{ }}"#
    let put = try await client.answer(
      "PUT", "/v1/trainee/nutrition/day", headers: headers,
      body: Data(#"{"date":"2026-01-06","data":\#(data)}"#.utf8))
    #expect(put.status == 200)
    let got = try await client.answer(
      "GET", "/v1/trainee/nutrition/day?date=2026-01-06", headers: headers)
    #expect(got.status == 200)
    #expect(got.contentType == "application/json")
    #expect(String(decoding: got.body, as: UTF8.self) == #"{"data":\#(data),"date":"2026-01-06"}"#)
    let home = try await client.answer("GET", "/v1/trainee/home", headers: headers)
    #expect(String(decoding: home.body, as: UTF8.self).hasPrefix(#"{"date":"2026-01-06""#))
  }

  @Test(arguments: StoreBackend.available) func foodRoutesOverHTTPNeedATokenAndAnswerJSONErrors(
    _ backend: StoreBackend
  ) async throws {
    let api = try NutritionRoutesFixture(backend)
    let server = try TraineeAPIServer.loopback(
      store: api.store, now: { NutritionRoutesFixture.lateMonday })
    defer { server.stop() }
    let client = LoopbackClient(port: server.port)
    let anonymous = try await client.answer("GET", "/v1/foods/search?q=oats")
    #expect(anonymous.status == 401)
    #expect(anonymous.error?.error.code == "unauthorized")
    let headers = ["Authorization": "Bearer \(api.bob.token)"]
    let search = try await client.answer("GET", "/v1/foods/search?q=R%C3%8CCE", headers: headers)
    let foods = try JSONDecoder().decode(FoodsOnly.self, from: search.body).foods
    #expect(foods.map(\.id) == ["f_rice_brown", "f_rice_white"])
    let missing = try await client.answer(
      "GET", "/v1/foods/barcode/2000000000992", headers: headers)
    #expect(missing.status == 404)
    #expect(missing.error?.error.code == "not_found")
  }
}

private struct FoodsOnly: Decodable {
  struct Food: Decodable { var id: String }
  var foods: [Food]
}
