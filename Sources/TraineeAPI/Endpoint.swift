// NB: docs/architecture.md, "One endpoint table": an endpoint is declared once, in
// `TraineeEndpoints`; the client, the kept reads and the server's routes are built from it.

/// An HTTP method the trainee API uses.
public enum APIMethod: String, CaseIterable, Sendable {
  case get = "GET"
  case post = "POST"
  case put = "PUT"
  case delete = "DELETE"
}

/// The body of a request that sends none, or the answer of an endpoint that answers with none
/// (204 No Content): no value of it exists.
public enum NoBody: Sendable {}

/// One endpoint of the trainee API: its method and path, the body a request sends (`Request`,
/// ``NoBody`` for none), the answer a 2xx carries (`Answer`, ``NoBody`` for 204) and, for a read
/// the app keeps for offline use, how it is kept.
///
/// Every endpoint is declared once, in ``TraineeEndpoints``.
public struct Endpoint<Request, Answer>: Sendable {
  /// The method, such as `GET`.
  public let method: APIMethod
  /// The path as openapi.yaml writes it, such as `/v1/trainee/workouts/history/{id}`.
  public let path: EndpointPath
  /// How the client keeps the last good answer; `nil` for an endpoint it does not keep.
  public let keptRead: KeptReadPolicy?

  init(_ method: APIMethod, _ path: EndpointPath, keptRead: KeptReadPolicy? = nil) {
    self.method = method
    self.path = path
    self.keptRead = keptRead
  }

  /// This endpoint with its body and answer typed as `OtherRequest` and `OtherAnswer`: only for
  /// the constrained re-typings below, which keep the wire shape.
  private func retyped<OtherRequest, OtherAnswer>() -> Endpoint<OtherRequest, OtherAnswer> {
    Endpoint<OtherRequest, OtherAnswer>(method, path, keptRead: keptRead)
  }
}

// NB: the nutrition day's snapshot is an open document on the wire (JSON in the table); a
// caller above TraineeAPI reads and writes it as its own type
// (docs/decisions/the-apps-files-and-the-api-client.md, "API client").

extension Endpoint where Request == NoBody, Answer == NutritionDayDto<JSONValue> {
  /// This read with the day's snapshot decoded as `Snapshot`.
  public func reading<Snapshot>(
    _ snapshot: Snapshot.Type
  ) -> Endpoint<NoBody, NutritionDayDto<Snapshot>> {
    retyped()
  }
}

extension Endpoint
where Request == NutritionDayRequestDto<JSONValue>, Answer == NutritionDayDto<JSONValue> {
  /// This write with the day's snapshot sent and answered as `Snapshot`.
  public func writing<Snapshot>(
    _ snapshot: Snapshot.Type
  ) -> Endpoint<NutritionDayRequestDto<Snapshot>, NutritionDayDto<Snapshot>> {
    retyped()
  }
}

/// An endpoint of the table as a plain value, without its types: what ``TraineeEndpoints/all``
/// lists and the test against openapi.yaml compares.
public struct EndpointEntry: Hashable, Sendable {
  /// The table's name of the endpoint, which is its `operationId` in openapi.yaml.
  public let name: String
  /// The method.
  public let method: APIMethod
  /// The path, such as `/v1/trainee/workouts/history/{id}`.
  public let path: EndpointPath
  /// Whether a request sends a body (its `Request` is not ``NoBody``).
  public let sendsBody: Bool
  /// Whether a 2xx answer has a body (its `Answer` is not ``NoBody``).
  public let answersBody: Bool
  /// How the client keeps the last good answer, if it does.
  public let keptRead: KeptReadPolicy?
}

/// An endpoint the table can list.
protocol ListedEndpoint {
  /// This endpoint as an entry named `name`.
  func entry(named name: String) -> EndpointEntry
}

extension Endpoint: ListedEndpoint {
  func entry(named name: String) -> EndpointEntry {
    EndpointEntry(
      name: name, method: method, path: path, sendsBody: Request.self != NoBody.self,
      answersBody: Answer.self != NoBody.self, keptRead: keptRead)
  }
}
