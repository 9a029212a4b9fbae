import Foundation
import TraineeAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// NB: docs/architecture.md, "One endpoint table": every method of the client names its endpoint
// from the table and sends through one of these, so the body it sends and the answer it decodes
// are the types the table declares.

extension TraineeAPIClient {
  /// The endpoint table.
  var endpoints: TraineeEndpoints { .table }

  /// Sends `endpoint` (no body) with the path parameters `path` and `query`; decodes its answer.
  func call<Answer: Decodable>(
    _ endpoint: Endpoint<NoBody, Answer>, path: [String: String] = [:],
    query: [URLQueryItem] = [], headers: [String: String] = [:]
  ) async throws(TraineeAPIError) -> Answer {
    try await send(
      request(endpoint, path: path, query: query, headers: headers), as: Answer.self)
  }

  /// Sends `endpoint` with `body`; decodes its answer.
  func call<Request: Encodable, Answer: Decodable>(
    _ endpoint: Endpoint<Request, Answer>, body: Request, headers: [String: String] = [:]
  ) async throws(TraineeAPIError) -> Answer {
    try await send(
      request(endpoint, body: self.body(body), headers: headers), as: Answer.self)
  }

  /// Sends `endpoint` (no body, no answer body) with the path parameters `path`.
  func call(
    _ endpoint: Endpoint<NoBody, NoBody>, path: [String: String] = [:]
  ) async throws(TraineeAPIError) {
    _ = try await send(request(endpoint, path: path))
  }

  /// Sends `endpoint` with `body`; its answer has no body.
  func call<Request: Encodable>(
    _ endpoint: Endpoint<Request, NoBody>, body: Request
  ) async throws(TraineeAPIError) {
    _ = try await send(request(endpoint, body: self.body(body)))
  }
}
