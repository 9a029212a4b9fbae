import Foundation

/// One request as the server saw it once it is over, for the access log: never its body, its
/// headers or its query (which may hold a token or a trainee's data).
public struct CompletedRequest: Sendable {
  /// The request's id, sent back as `X-Request-Id`.
  public var id: String
  /// The request as its headers described it, without its body (for the route's pattern).
  public var head: HTTPRequest
  /// The status of the answer sent; `nil` when the client went away before one was.
  public var status: Int?
  /// Bytes of the request's body read, and of the answer's body sent.
  public var bytesIn: Int
  public var bytesOut: Int
  /// When its headers came in, and how long until it was over.
  public var startedAt: Date
  public var duration: Duration

  /// A request that is over, as the server reports it (also how a fuzz target or a test feeds the
  /// metrics and the access log one).
  public init(
    id: String, head: HTTPRequest, status: Int?, bytesIn: Int, bytesOut: Int, startedAt: Date,
    duration: Duration
  ) {
    self.id = id
    self.head = head
    self.status = status
    self.bytesIn = bytesIn
    self.bytesOut = bytesOut
    self.startedAt = startedAt
    self.duration = duration
  }
}
