import DurableFiles
import Foundation
import TraineeAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// NB: docs/architecture.md, "Offline first". A read asks the server with the copy's validator
// (`If-None-Match`, `If-Modified-Since`); a 2xx answer that decodes replaces the copy, a 304
// confirms it, and any failure (no network, a timeout, a 5xx, a refused token, an answer that
// does not decode) falls back to the copy, marked with the failure so the app says why it shows
// an older answer. With no copy the failure is thrown as before.

/// An answer of a `KeptRead`: from the server just now, or the last good copy.
public struct KeptAnswer<Value: Sendable>: Sendable {
  public var value: Value
  /// When the server sent (or last confirmed) this answer.
  public var fetchedAt: Date
  /// Why the copy was used instead of a new answer; `nil` when the server answered.
  public var failure: TraineeAPIError?

  public init(value: Value, fetchedAt: Date, failure: TraineeAPIError? = nil) {
    self.value = value
    self.fetchedAt = fetchedAt
    self.failure = failure
  }

  /// Whether this is the kept copy because the server could not answer.
  public var isFromCopy: Bool { failure != nil }
}

extension KeptAnswer: Equatable where Value: Equatable {}

/// The client's reads with their last good answers kept in `copies`: what an app with a flaky
/// network reads through.
public struct KeptReads: Sendable {
  public let client: TraineeAPIClient
  public let copies: AnswerCopies
  let now: @Sendable () -> Date
  let report: @Sendable (String) -> Void

  /// Reads through `client`, keeping answers in `copies`. `now` dates the answers; `report`
  /// hears of copies that were corrupt (moved aside) or could not be written.
  public init(
    client: TraineeAPIClient, copies: AnswerCopies, now: @escaping @Sendable () -> Date,
    report: @escaping @Sendable (String) -> Void
  ) {
    self.client = client
    self.copies = copies
    self.now = now
    self.report = report
  }

  // NB: the copies are one account's: kept under a name derived from the token, so an app
  // pointed at another server or trainee with the same data directory never shows them. Not the
  // token itself: file names are seen by anyone who lists the directory.

  /// The directory of the copies of the account `token` opens, in the data directory
  /// `dataDirectory`: `last-good-answers/<16 hex digits of a 64-bit FNV-1a of the token>`.
  public static func copiesDirectory(in dataDirectory: URL, token: String) -> URL {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in token.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let name = String(hash, radix: 16)
    return DataDirectory(dataDirectory).lastGoodAnswers
      .appendingPathComponent(String(repeating: "0", count: 16 - name.count) + name)
  }

  /// The directory of the copies of the signed-in account `accountId`: named as a token's are,
  /// from `account:` and the id, since a session's access token changes every few minutes
  /// (docs/decisions/the-apps-files-and-the-api-client.md, "The session file").
  public static func copiesDirectory(in dataDirectory: URL, account accountId: String) -> URL {
    copiesDirectory(in: dataDirectory, token: "account:" + accountId)
  }

  /// Forgets the copies of nutrition days and diaries dated before `date` (`YYYY-MM-DD`): one
  /// is kept per date looked at, and days that old are not edited any more.
  public func removeDayCopies(before date: String) {
    for key in copies.keys() {
      for prefix in ["nutrition-day-", "nutrition-menu-"] where key.hasPrefix(prefix) {
        let day = key.dropFirst(prefix.count).prefix(10)
        if day.count == 10, day < date { copies.remove(key) }
      }
    }
  }

  /// The kept copy of `read`, without asking the server (nil when none is kept or it was
  /// corrupt).
  public func copy<Value>(of read: KeptRead<Value>) -> KeptAnswer<Value>? {
    switch copies.load(read.key, now: now(), decode: Self.decoder(Value.self)) {
    case .none: return nil
    case .corrupt(let problem):
      report(problem)
      return nil
    case .kept(let copy, let value): return KeptAnswer(value: value, fetchedAt: copy.fetchedAt)
    }
  }

  /// The answer of `read`: the server's, kept as the new copy, or the kept copy marked with why
  /// the server's could not be had. Throws the failure when there is no copy.
  public func read<Value>(
    _ read: KeptRead<Value>
  ) async throws(TraineeAPIError) -> KeptAnswer<Value> {
    var kept: (copy: AnswerCopy, value: Value)?
    switch copies.load(read.key, now: now(), decode: Self.decoder(Value.self)) {
    case .none: break
    case .corrupt(let problem): report(problem)
    case .kept(let copy, let value): kept = (copy, value)
    }
    do throws(TraineeAPIError) {
      var request = try client.request(read.endpoint, query: read.query)
      if let validator = kept?.copy.validator {
        if let etag = validator.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let date = validator.lastModified {
          request.setValue(date, forHTTPHeaderField: "If-Modified-Since")
        }
      }
      let fetchedAt = now()
      switch try await client.sendConditional(request) {
      case .notModified(let validator):
        guard let kept else { throw .transport("The server answered 304 to a plain request.") }
        do {
          try copies.confirm(read.key, at: fetchedAt, validator: validator)
        } catch {
          report("The saved copy of \(read.key) could not be updated: \(error)")
        }
        return KeptAnswer(value: kept.value, fetchedAt: fetchedAt)
      case .changed(let body, let validator):
        let value: Value
        do {
          value = try JSONDecoder().decodePayload(Value.self, from: body)
        } catch {
          throw .decoding(error)
        }
        do {
          try copies.save(
            AnswerCopy(body: body, fetchedAt: fetchedAt, validator: validator), for: read.key)
        } catch {
          report("The answer could not be saved for offline use: \(error)")
        }
        return KeptAnswer(value: value, fetchedAt: fetchedAt)
      }
    } catch {
      guard let kept else { throw error }
      return KeptAnswer(value: kept.value, fetchedAt: kept.copy.fetchedAt, failure: error)
    }
  }

  private static func decoder<Value: Decodable>(_ type: Value.Type) -> (Data) throws -> Value {
    { data in try JSONDecoder().decodePayload(Value.self, from: data) }
  }
}

/// The answer to a GET that may carry a validator.
enum ConditionalAnswer: Sendable {
  /// A 2xx answer: its body and validator.
  case changed(Data, AnswerValidator)
  /// 304 Not Modified, with the validator it carried (if any).
  case notModified(AnswerValidator)
}

extension TraineeAPIClient {
  /// Sends `request`: a 2xx answers its body and validator, a 304 `.notModified`, anything else
  /// is `.http`.
  func sendConditional(_ request: URLRequest) async throws(TraineeAPIError) -> ConditionalAnswer {
    let (data, response) = try await exchange(request)
    let validator = AnswerValidator(
      etag: response.header("ETag"), lastModified: response.header("Last-Modified"))
    if response.statusCode == 304 { return .notModified(validator) }
    guard (200..<300).contains(response.statusCode) else {
      let body = try? JSONDecoder().decode(APIErrorBody.self, from: data)
      throw .http(status: response.statusCode, error: body)
    }
    return .changed(data, validator)
  }
}

extension HTTPURLResponse {
  /// The value of header `name`, whatever its case.
  fileprivate func header(_ name: String) -> String? {
    for (key, value) in allHeaderFields {
      if let key = key as? String, key.caseInsensitiveCompare(name) == .orderedSame {
        return value as? String
      }
    }
    return nil
  }
}
