import Foundation
import Testing

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// `Authorization` read as `Bearer <token>`: the quick reading of an ASCII field gives what the
/// general one gives, token or refusal, for every shape of field.
@Suite struct BearerTokenHeaderTests {
  private static let long = String(repeating: "a", count: 256)

  static let fields: [(String, String?)] = [
    ("Bearer abc", "abc"),
    ("bearer abc", "abc"),
    ("BEARER abc", "abc"),
    ("BeArEr abc", "abc"),
    ("Bearer   abc", "abc"),
    ("Bearer \tabc\t ", "abc"),
    ("  Bearer abc", "abc"),
    ("Bearer abc def", "abc def"),
    ("Bearer " + long, long),
    ("Bearer " + long + "a", nil),
    ("Bearer", nil),
    ("Bearer ", nil),
    ("Bearer \t", nil),
    ("Bearer\tabc", nil),
    ("Bearerabc", nil),
    ("Basic abc", nil),
    ("Bearex abc", nil),
    ("Bearer@ abc", nil),
    ("", nil),
    ("Bearer ab\u{00A0}", "ab"),
    ("Bearer \u{00A0}ab", "ab"),
    ("Bearer é", "é"),
    ("Bearer " + String(repeating: "é", count: 256), String(repeating: "é", count: 256)),
    ("Bearer " + String(repeating: "é", count: 257), nil),
  ]

  @Test(arguments: fields)
  func aFieldGivesItsTokenOrA401(field: String, token: String?) {
    let request = HTTPRequest(method: .get, path: "/", headers: ["Authorization": field])
    let read = Result { () throws(HTTPError) in try bearerToken(request) }
    switch (read, token) {
    case (.success(let found), let expected?):
      #expect(found == expected)
    case (.failure(let error), nil):
      #expect(error.response.status == .unauthorized)
    default:
      Issue.record("\(field.debugDescription): read \(read), expected \(String(describing: token))")
    }
  }

  @Test func noAuthorizationIsA401() {
    let request = HTTPRequest(method: .get, path: "/")
    #expect(throws: HTTPError.self) { try bearerToken(request) }
  }
}
