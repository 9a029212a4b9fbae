import Foundation

/// An HTTP request method such as `GET`; any token the client sent is kept as is.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The method as sent, such as `GET`.
  public var rawValue: String

  /// A method from its token.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// `GET`.
  public static let get = HTTPMethod(rawValue: "GET")
  /// `HEAD`.
  public static let head = HTTPMethod(rawValue: "HEAD")
  /// `POST`.
  public static let post = HTTPMethod(rawValue: "POST")
  /// `PUT`.
  public static let put = HTTPMethod(rawValue: "PUT")
  /// `PATCH`.
  public static let patch = HTTPMethod(rawValue: "PATCH")
  /// `DELETE`.
  public static let delete = HTTPMethod(rawValue: "DELETE")

  public var description: String { rawValue }

  /// The methods of HTTP (RFC 9110, and `PATCH`): the names metrics and logs use as they are.
  public static let known: Set<String> = [
    "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT",
  ]

  /// The method as metrics and logs name it: a `known` method as sent, any other `other`, so
  /// that what clients send cannot add names without end (docs/security.md, "What a request
  /// leaves behind").
  public var label: String {
    Self.known.contains(rawValue) ? rawValue : "other"
  }
}

/// A complete HTTP request: the body has been read in full before a handler sees it.
public struct HTTPRequest: Equatable, Sendable {
  /// The request method.
  public var method: HTTPMethod
  /// The path as sent, percent-escapes and all, without the query string:
  /// `/v1/trainee/workouts`. The `Router` splits it on `/` before decoding each segment.
  public var path: String
  /// Query arguments, percent-decoded (`+` is a space); the first of repeated names wins and a
  /// name without `=` has the empty value.
  public var query: [String: String]
  /// The request's header fields.
  public var headers: HTTPHeaders
  /// The body bytes; empty when none was sent.
  public var body: Data
  /// Values of the route's `:name` segments, set by the `Router`.
  public var pathParameters: [String: String]
  /// The id the server gave the request (also its answer's `X-Request-Id`, and its access log
  /// line's); empty when no server gave one (tests).
  public var id: String
  /// The route `Router.admit(_:)` found for the request, so that it is looked up once; not part
  /// of the request's value (`==` ignores it).
  var route: RouteResolution?
  /// What the route's admission found when the request's headers were admitted
  /// (`Router.admit(_:)`), a value of the service's own, so that the handler does not look it up
  /// again; not part of the request's value.
  public var admission: (any Sendable)?
  /// The account the request acts for, as its route's admission authenticated it (a trainee's
  /// id), whatever the spelling of its credentials; the workers are shared among accounts, and
  /// every request without one waits in the one line of the unauthenticated
  /// (`RequestScheduler.line(of:)`). Not part of the request's value.
  public var account: String?
  /// The client's address, as the per-client limits count it (the peer, or the right-most
  /// address of `X-Forwarded-For` that is not a trusted proxy); empty when no server set it
  /// (tests). The accounts' limits on guessing and their audit log read it. Not part of the
  /// request's value.
  public var clientAddress = ""
  /// Whether the peer that sent the request is a proxy the operator named as trusted, so that
  /// its `X-Forwarded-*` fields may be believed; `false` when no server set it (tests). Not part
  /// of the request's value.
  public var viaTrustedProxy = false

  /// A request.
  public init(
    method: HTTPMethod,
    path: String,
    query: [String: String] = [:],
    headers: HTTPHeaders = [:],
    body: Data = Data(),
    pathParameters: [String: String] = [:],
    id: String = ""
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.body = body
    self.pathParameters = pathParameters
    self.id = id
  }

  public static func == (left: HTTPRequest, right: HTTPRequest) -> Bool {
    left.method == right.method && left.path == right.path && left.query == right.query
      && left.headers == right.headers && left.body == right.body
      && left.pathParameters == right.pathParameters && left.id == right.id
  }
}
