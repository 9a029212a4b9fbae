import HTTPServer
import TraineeData

// NB: docs/security.md, "One trainee cannot fill the disk": the store refuses a write past a
// quota and stores nothing; the service answers 507 `quota_exceeded` naming the quota (waiting
// does not help: the trainee must delete first, or the operator raise it), and 429
// `write_rate_exceeded` with `Retry-After` for the write rate.

/// The answer to a write the trainee's quotas refused.
struct QuotaAnswer: HTTPResponseError, Equatable {
  /// 507 Insufficient Storage.
  static let insufficientStorage: HTTPStatus = 507
  /// 429 Too Many Requests.
  static let tooManyRequests: HTTPStatus = 429

  var response: HTTPResponse

  /// 507 `quota_exceeded`, naming the quota, its limit and what the trainee keeps.
  init(_ refusal: QuotaRefusal) {
    let unit = refusal.measure == .records ? "records" : "bytes"
    response = .error(
      Self.insufficientStorage, code: "quota_exceeded",
      message:
        "Quota \(refusal.quotaName) reached: the trainee keeps \(refusal.used) of at most"
        + " \(refusal.limit) \(unit), and this write adds \(refusal.adding). Nothing was stored.")
  }

  /// 429 `write_rate_exceeded` with `Retry-After: seconds`.
  init(retryAfterSeconds seconds: Int) {
    var response = HTTPResponse.error(
      Self.tooManyRequests, code: "write_rate_exceeded",
      message:
        "Too many writes for this trainee; nothing was stored. Send it again in \(seconds) s.")
    response.headers["Retry-After"] = String(seconds)
    self.response = response
  }
}
