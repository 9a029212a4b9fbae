import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history": a cached route reads the trainee and the trainee's
// answer version with the token (the lookup every authenticated request makes), then answers from
// the cache when an answer of that version is kept. Only 200 answers are kept, each with its `ETag`
// (a digest of the body, computed once when the answer is built), so conditional GET costs a
// comparison.

extension Router {
  /// Registers `endpoint`, a `GET` for the authenticated trainee whose 200 answers are kept in
  /// `cache` under `key`, which must name every input the answer depends on besides the
  /// trainee's stored data (path, query, the day today in the request's time zone); `key` may
  /// throw the request's 4xx. Without a cache, the route is an ordinary authenticated route with
  /// an `ETag`.
  public mutating func addCached<Answer>(
    _ endpoint: Endpoint<NoBody, Answer>, store: any TraineeStore, cache: AnswerCache?,
    key: @escaping @Sendable (HTTPRequest) throws -> String,
    handler: @escaping @Sendable (HTTPRequest, Trainee) throws -> HTTPResponse
  ) {
    // NB: the admission reads the token, with the trainee's answer version, before a body is
    // read, so no unauthenticated client makes the server hold a body, and the request waits for
    // a worker in its account's line (docs/security.md, "Workers shared by account"). The kept
    // answer and the handler use what it found: one digest and one query per read, as when the
    // kept answer read the token itself. A write that commits after the admission raises the
    // version past the one the answer is kept at: a miss later, never a stale answer. A GET takes
    // no body: one that declares one is 413 from its headers, with a valid token or not
    // (docs/security.md, "Bodies before the token").
    precondition(endpoint.method == .get, "\(endpoint.path) is kept but not a GET")
    add(
      .get, endpoint.routePattern,
      admission: { request in
        request.admittedVersionedTrainee = try authenticatedVersionedTrainee(request, in: store)
      },
      body: .takesNone,
      kept: { request in
        guard let cache, !request.declaresBody else { return nil }
        let versioned =
          try request.admittedVersionedTrainee ?? authenticatedVersionedTrainee(request, in: store)
        return cache.answer(
          try key(request), of: versioned.trainee.id, at: versioned.answerVersion,
          countingMiss: false)
      },
      handler: { request in
        try WorkoutRoutes.mappingStoreErrors {
          let versioned =
            try request.admittedVersionedTrainee
            ?? authenticatedVersionedTrainee(request, in: store)
          let trainee = versioned.trainee
          let answer = try key(request)
          if let kept = cache?.answer(answer, of: trainee.id, at: versioned.answerVersion) {
            return kept
          }
          var response = try handler(request, trainee)
          guard response.status == .ok else { return response }
          response = response.tagged()
          cache?.keep(response, as: answer, of: trainee.id, at: versioned.answerVersion)
          return response
        }
      })
  }
}

/// The trainee a request's `Authorization: Bearer <token>` names, with the trainee's answer
/// version; refuses as `authenticatedTrainee` does.
public func authenticatedVersionedTrainee(
  _ request: HTTPRequest, in store: any TraineeStore
) throws -> VersionedTrainee {
  let token = try bearerToken(request)
  guard let versioned = try store.versionedTrainee(forToken: token) else {
    throw try refusedToken(token, in: store)
  }
  return versioned
}

/// A cache key of `parts`, each prefixed with its length so that no two lists give one key.
func answerKey(_ parts: String...) -> String {
  parts.map { "\($0.utf8.count):\($0)" }.joined(separator: " ")
}

extension HTTPRequest {
  /// Whether the headers announce a body (`Content-Length` other than 0, or `Transfer-Encoding`).
  var declaresBody: Bool {
    if headers["Transfer-Encoding"] != nil { return true }
    guard let length = headers["Content-Length"] else { return false }
    return length.trimmingCharacters(in: .whitespaces) != "0"
  }
}
