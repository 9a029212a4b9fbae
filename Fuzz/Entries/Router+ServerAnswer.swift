import Foundation
import HTTPServer

// NB: docs/fuzzing.md, "Targets": every server entry hands a request over as `MicroHTTPDServer`
// does, so that what the fuzzer finds is what a client could cause: the head alone to `admit`
// (which may refuse it before any byte of the body), then the whole request to `respond`.

extension Router {
  /// The answer as the server gives it: refused from the head alone, or answered in full, the
  /// route `admit` found kept in the head the handler is given.
  func serverAnswer(to request: HTTPRequest) -> HTTPResponse {
    var head = request
    head.body = Data()
    if let refusal = admit(&head) { return refusal }
    head.body = request.body
    return respond(to: head)
  }
}
