import Foundation
import HTTPServer
import JSONWire
import TraineeAPI
import TraineeData

// How the trainee API reads a request: the trainee its token named, and its JSON body as the
// wire types (amounts bounded by `CodingUserInfoKey.checkedInput`, a refusal naming the field).

extension HTTPRequest {
  /// The trainee the request's token named when its headers were admitted (`Router.admit(_:)`),
  /// so that the handler does not look the token up again; not part of the request's value.
  /// Setting it names the trainee's account (`HTTPRequest.account`), whose line the request
  /// waits in for a worker.
  var admittedTrainee: Trainee? {
    get { admission as? Trainee ?? admittedVersionedTrainee?.trainee }
    set {
      admission = newValue
      account = newValue?.id.description
    }
  }

  /// The trainee the request's token named, with the trainee's answer version, when a kept
  /// route's headers were admitted; naming the trainee's account as `admittedTrainee` does.
  var admittedVersionedTrainee: VersionedTrainee? {
    get { admission as? VersionedTrainee }
    set {
      admission = newValue
      account = newValue?.trainee.id.description
    }
  }

  /// The studio the admitted token's session uses, which tags the records the request writes;
  /// `nil` when the session uses none (the store then tags the default studio).
  var studioInUse: StudioID? { admittedVersionedTrainee?.studio }

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
