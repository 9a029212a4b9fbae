import Foundation
import JSONWire
import TraineeAPI

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
  /// The trainee the request's token named when its headers were admitted (`Router.admit(_:)`),
  /// so that the handler does not look the token up again; not part of the request's value.
  var admittedTrainee: Trainee?

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

  /// Decodes the JSON body as `type`: a body that is not strict JSON (`StrictJSON`) is a 400
  /// `invalid_body` naming the byte offset of the problem, and one that does not fit `type` a
  /// 400 `invalid_body` naming the offending field. Amounts (kcal, protein...) are bounded
  /// (`CodingUserInfoKey.checkedInput`).
  public func decodeJSON<Value: Decodable>(_ type: Value.Type) throws(HTTPError) -> Value {
    try decodeJSONTree(type).value
  }

  /// `decodeJSON`, and the body as read (`JSONTree`): where each member's text is.
  func decodeJSONTree<Value: Decodable>(
    _ type: Value.Type
  ) throws(HTTPError) -> (
    value: Value, tree: JSONTree
  ) {
    let tree: JSONTree
    do {
      tree = try StrictJSON.parse(body)
    } catch {
      throw HTTPError(
        .badRequest, code: "invalid_body", message: "Body is not valid JSON \(error).")
    }
    if let plain = type as? any PlainTreeDecodable.Type,
      let value = plain.init(plainTree: tree) as? Value
    {
      return (value, tree)
    }
    do {
      return (try JSONTreeDecoder.decode(type, from: tree, userInfo: [.checkedInput: true]), tree)
    } catch {
      throw HTTPError(
        .badRequest, code: "invalid_body", message: "Body: \(PayloadError(error).description).")
    }
  }

  /// The exact text the body sent for its top-level member `name` (`tree`, this body as read),
  /// or `nil` when it has none.
  func memberText(_ name: String, of tree: JSONTree) -> Data? {
    tree[member: name].map {
      body[body.startIndex + $0.bytes.lowerBound..<body.startIndex + $0.bytes.upperBound]
    }
  }

}
