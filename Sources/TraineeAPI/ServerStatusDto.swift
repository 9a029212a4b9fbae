/// `GET /healthz` and `GET /readyz` answered 200: `{ "status": "ok" }` or
/// `{ "status": "ready" }`.
public struct ServerStatusDto: Codable, Equatable, Sendable {
  /// `ok` (the process answers) or `ready` (it can serve).
  public var status: String

  /// A status.
  public init(status: String) {
    self.status = status
  }
}
