import Testing

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// `RequestTarget`: split on the raw `/` and `?` first, decode each piece after, refuse what
/// cannot be decoded exactly.
struct RequestTargetTests {
  @Test(arguments: [
    ("/v1/trainee/session", ["v1", "trainee", "session"]),
    ("/echo/a%20b/c+d", ["echo", "a b", "c+d"]),
    ("/a%2Fb/c", ["a/b", "c"]),
    ("/j%C3%BCrgen", ["jürgen"]),
    ("/", [""]),
    ("/a//b/", ["a", "", "b", ""]),
  ])
  func segmentsAreSplitBeforeTheyAreDecoded(_ raw: String, _ segments: [String]) {
    #expect(RequestTarget(raw).segments == segments)
  }

  @Test(arguments: ["/a%00b", "/a%0", "/a%zz", "/a%FF", "/%C3", "/%ED%A0%80"])
  func aSegmentThatCannotBeDecodedExactlyIsRefused(_ raw: String) {
    #expect(RequestTarget(raw).segments == nil)
  }

  @Test func queryArgumentsAreDecodedWithPlusAsSpaceAndTheFirstOfRepeatedNamesWins() throws {
    let target = RequestTarget("/p?name=J%C3%BCrgen+K&flag&dup=1&dup=2&&empty=&a%3Db=c%26d")
    #expect(target.path == "/p")
    #expect(target.queryArgumentCount == 6)
    #expect(
      try target.queryArguments() == [
        "name": "Jürgen K", "flag": "", "dup": "1", "empty": "", "a=b": "c&d",
      ])
    #expect(try RequestTarget("/p").queryArguments() == [:])
    #expect(try RequestTarget("/p?").queryArguments() == [:])
  }

  @Test(arguments: ["/p?date=2026%00", "/p?a%zz=1", "/p?a=%FF"])
  func aQueryArgumentThatCannotBeDecodedIsA400(_ raw: String) {
    let error = #expect(throws: HTTPError.self) { try RequestTarget(raw).queryArguments() }
    #expect(error?.status == .badRequest)
    #expect(error?.code == "invalid_query")
  }

  @Test func moreArgumentsThanTheLimitAreA414() throws {
    let limit = RequestTarget.maximumQueryArguments
    let query = { (count: Int) in (0..<count).map { "a\($0)=1" }.joined(separator: "&") }
    #expect(try RequestTarget("/p?" + query(limit)).queryArguments().count == limit)
    let error = #expect(throws: HTTPError.self) {
      try RequestTarget("/p?" + query(limit + 1)).queryArguments()
    }
    #expect(error?.status == .uriTooLong)
    #expect(error?.code == "too_many_query_arguments")
  }

  @Test(arguments: ["1", "42", "9223372036854775807"])
  func anIdHasOneSpelling(_ text: String) {
    #expect(WorkoutLogID(text)?.description == text)
  }

  @Test(arguments: ["01", "+1", "0", "-1", "1.0", " 1", "1 ", "٣", "9223372036854775808", ""])
  func otherSpellingsNameNoRecord(_ text: String) {
    #expect(WorkoutLogID(text) == nil)
  }
}
