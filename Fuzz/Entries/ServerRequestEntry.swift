import Accounts
import Foundation
import HTTPServer
import JSONWire
import SQLStore
import Synchronization
import TraineeAPI
import TraineeData
import TraineeServer

// NB: docs/architecture.md, "The server at scale": every answer to anything a client can send is a
// 2xx or 4xx JSON body. The input goes through the real `Router` of `TraineeAPIRoutes` over an
// in-memory SQLite store holding the demo trainee (programs, plans, history), the way
// `MicroHTTPDServer` hands a request over: query arguments first, then `admit`, then `respond`.

/// The trainee API with the fuzz input as each body and as a request target.
enum ServerRequestEntry {
  /// The routes that read a body, as openapi.yaml lists them.
  static let bodyRoutes: [(HTTPMethod, String)] = [
    (.post, "/v1/trainee/workouts/log"),
    (.post, "/v1/trainee/workouts/substitutions"),
    (.post, "/v1/trainee/technique-videos"),
    (.put, "/v1/trainee/nutrition/day"),
    (.post, "/v1/trainee/nutrition/logs"),
  ]

  /// The longest input tried as a request target; MHD's own limit on a request line is lower.
  static let maximumTargetBytes = 8192

  static func run(_ input: Data) throws(FuzzFinding) {
    let server = FuzzedServer.next()
    // The strict reader on its own, as every body meets it first, and the server's decoder of the
    // tree it reads beside Foundation's
    // (docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md, "Throughput: kept
    // answers, group commit and paged history", "bodies are read once").
    if let tree = try? StrictJSON.parse(input) {
      try sameOutcome(LogWorkoutPayload.self, input, tree)
      try sameOutcome(NutritionDaySnapshot.self, input, tree)
      // The one-pass read of a log gives the tree decoder's log, or leaves the body to it.
      let plain = LogWorkoutPayload(plainTree: tree)
      let decoded = try? JSONTreeDecoder.decode(LogWorkoutPayload.self, from: tree)
      guard plain == decoded else {
        throw FuzzFinding("LogWorkoutPayload: one pass \(plain as Any), the tree \(decoded as Any)")
      }
      // A log is stored as written by hand (`storedJSON`): the bytes Foundation's encoder writes.
      if let plain {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let foundation = (try? encoder.encode(plain)).map { String(decoding: $0, as: UTF8.self) }
        guard plain.storedJSON == foundation else {
          throw FuzzFinding(
            "LogWorkoutPayload stored as \(plain.storedJSON), by JSONEncoder \(foundation ?? "nil")"
          )
        }
      }
      // The one-pass check of a day save's body accepts only what the tree decoder accepts.
      if let checked = DayBody(plainTree: tree) {
        let decodedDay = try? JSONTreeDecoder.decode(
          DayBody.self, from: tree, userInfo: [.checkedInput: true])
        guard checked == decodedDay else {
          throw FuzzFinding("DayBody: one pass \(checked), the tree \(decodedDay as Any)")
        }
      }
    }
    for (method, path) in bodyRoutes {
      var headers = server.headers
      headers["Idempotency-Key"] = "fuzz-\(UInt(bitPattern: input.hashValue))"
      let request = HTTPRequest(method: method, path: path, headers: headers, body: input)
      try check(server.router.serverAnswer(to: request), to: request)
    }
    guard input.count <= maximumTargetBytes else { return }
    // MHD hands the target over as a C string: it ends at the first NUL.
    let raw = String(decoding: input.prefix { $0 != 0 }, as: UTF8.self)
    let target = RequestTarget(raw)
    _ = target.segments
    for method in [HTTPMethod.get, .delete] {
      let request = HTTPRequest(
        method: method, path: String(target.path), headers: server.headers)
      let response: HTTPResponse
      do {
        var routed = request
        routed.query = try target.queryArguments()
        response = server.router.serverAnswer(to: routed)
      } catch {
        response = error.response
      }
      try check(response, to: request)
    }
  }

  /// Throws unless `JSONTreeDecoder` decodes `type` from `tree` (the strict reading of `input`)
  /// as Foundation's `JSONDecoder` decodes it from `input`, or fails as it fails; where
  /// Foundation calls a fractional or huge whole number invalid JSON, the tree names the field.
  static func sameOutcome<T: Decodable & Equatable>(
    _ type: T.Type, _ input: Data, _ tree: JSONTree
  ) throws(FuzzFinding) {
    let decoder = JSONDecoder()
    decoder.userInfo[.checkedInput] = true
    let foundation = Result(catching: { () throws(PayloadError) -> T in
      try decoder.decodePayload(type, from: input)
    })
    let fromTree = Result(catching: { () throws(PayloadError) -> T in
      do {
        return try JSONTreeDecoder.decode(type, from: tree, userInfo: [.checkedInput: true])
      } catch {
        throw PayloadError(error)
      }
    })
    switch (foundation, fromTree) {
    case (.success(let expected), .success(let value)) where expected == value: return
    case (.failure(let expected), .failure(let error)) where expected == error: return
    case (.failure(let expected), .failure(let error))
    where expected.field == "(document)" && expected.problem.hasPrefix("is not valid JSON")
      && ["is not a whole number", "is out of range"].contains(error.problem):
      return
    case (.failure(let expected), .failure(let error))
    where withinOneObject(expected.field, error.field):
      // Foundation decodes a dictionary's entries in its hash order, seeded per process; the
      // tree decoder in the body's order. With two bad entries each may name another first
      // (the exact error of one bad value is compared by JSONTreeDecoderTests' variations).
      return
    default:
      throw FuzzFinding("\(T.self): Foundation \(foundation), the tree \(fromTree)")
    }
  }

  /// Whether two different fields are inside one object below the top level (they share their
  /// first dotted parts and part after that), as two entries of one dictionary are. A member
  /// may be named by the empty string (`aiMeals.` is the entry `""` of `aiMeals`).
  static func withinOneObject(_ first: String, _ second: String) -> Bool {
    let a = first.split(separator: ".", omittingEmptySubsequences: false)
    let b = second.split(separator: ".", omittingEmptySubsequences: false)
    let common = zip(a, b).prefix { $0 == $1 }.count
    return common >= 1 && common < a.count && common < b.count
  }

  /// Throws unless `response` is a 2xx or 4xx answer whose body, if any, is strict JSON.
  static func check(_ response: HTTPResponse, to request: HTTPRequest) throws(FuzzFinding) {
    let status = response.status.code
    let body = String(decoding: response.body.prefix(500), as: UTF8.self)
    guard (200..<300).contains(status) || (400..<500).contains(status) else {
      throw FuzzFinding("\(request.method) \(request.path) answered \(status): \(body)")
    }
    if status == 204, response.body.isEmpty { return }
    guard response.headers["Content-Type"] == "application/json" else {
      throw FuzzFinding(
        "\(request.method) \(request.path) answered \(status) without a JSON content type")
    }
    do {
      try StrictJSON.validate(response.body)
    } catch {
      throw FuzzFinding(
        "\(request.method) \(request.path) answered \(status) with a body that is not JSON"
          + " (\(error)): \(body)")
    }
  }
}

// NB: a store shared by every input grows with each log it accepts (workout logs are bounded
// per log, not in number), and the history routes read them all: the first run fell from 830 to
// 190 inputs a second in 15 minutes. A fresh store every `inputsPerStore` inputs keeps the
// cost of an input flat and still lets one input meet what earlier ones stored.

/// A store and router shared by a run of inputs, replaced by a fresh one every
/// `inputsPerStore` inputs.
struct FuzzedServer: Sendable {
  /// 2026-01-05 08:00 UTC, a Monday: "today" for every request.
  static let now = Date(timeIntervalSince1970: 1_767_600_000)
  static let inputsPerStore = 1000
  private static let current = Mutex<(inputs: Int, server: FuzzedServer?)>((0, nil))

  /// Lets the current server go, with its store and answer cache, so that everything it held is
  /// freed before LeakSanitizer's check at exit (see `FuzzTarget.releaseKeptState()`).
  static func release() {
    current.withLock { $0 = (0, nil) }
  }

  /// The server for the next input.
  static func next() -> FuzzedServer {
    current.withLock { current in
      current.inputs += 1
      if current.inputs > inputsPerStore || current.server == nil {
        current = (1, FuzzedServer())
      }
      return current.server!
    }
  }

  let router: Router
  /// The demo trainee's token.
  let token: String
  /// The demo trainee's token, and a time zone so dated routes have a "today".
  let headers: HTTPHeaders

  private init() {
    do {
      let store = try DatabaseTraineeStore(path: ":memory:", now: { Self.now })
      let (_, token) = try DemoTrainee.ensure(in: store, now: Self.now)
      self.token = token
      // The accounts at a cheap Argon2id cost: their decoy hash is made with the store.
      let accounts = try DatabaseAccountStore(store: store, policy: FuzzedAccountServer.policy)
      router = TraineeAPIRoutes(store: store, now: { Self.now }, accounts: accounts).router()
      headers = ["Authorization": "Bearer \(token)", "X-Timezone": "Europe/Berlin"]
    } catch {
      preconditionFailure("cannot set up the fuzzed server: \(error)")
    }
  }
}
