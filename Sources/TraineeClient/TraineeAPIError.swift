import Foundation
import TraineeAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why a call of `TraineeAPIClient` failed.
public enum TraineeAPIError: Error, Equatable, Sendable {
  /// No answer: the device is not connected, the server cannot be reached, or the connection
  /// was lost before an answer came.
  case offline
  /// The server did not answer in time.
  case timeout
  /// The server answered with a status outside 2xx; `error` is its error body when it sent one.
  case http(status: Int, error: APIErrorBody?)
  /// The server answered 2xx with a body that is not the expected shape; the error names the
  /// field.
  case decoding(PayloadError)
  /// The request was cancelled (its task was).
  case cancelled
  /// Any other failure of the transport, described.
  case transport(String)

  /// Whether the failure was the network's rather than the server's (retry when reachable).
  public var isOffline: Bool { self == .offline }
}

extension TraineeAPIError {
  /// Classifies an error a transport threw.
  ///
  /// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and
  /// storage": offline and timeout are told apart from other URL errors so the sync engine can
  /// retry an offline save when the network is reachable again.
  init(transportError error: any Error) {
    if let error = error as? TraineeAPIError {
      self = error
      return
    }
    if error is CancellationError {
      self = .cancelled
      return
    }
    guard let urlError = error as? URLError else {
      self = .transport("\(error)")
      return
    }
    switch urlError.code {
    case .timedOut:
      self = .timeout
    case .cancelled:
      self = .cancelled
    case .cannotConnectToHost, .notConnectedToInternet, .networkConnectionLost,
      .cannotFindHost, .dnsLookupFailed, .internationalRoamingOff, .dataNotAllowed,
      .callIsActive, .secureConnectionFailed:
      self = .offline
    default:
      self = .transport("URL error \(urlError.code.rawValue): \(urlError.localizedDescription)")
    }
  }
}

extension TraineeAPIError {
  /// Whether the server refused the token (401): asking again changes nothing until the app runs
  /// with another token, so nothing retries it (docs/decisions/the-apps-files-and-the-api-client.md
  /// "A refused token").
  public var isRefusedToken: Bool {
    if case .http(401, _) = self { return true }
    return false
  }

  /// Whether no answer came at all (no network, the server down or too slow): a copy shown
  /// meanwhile is "offline" rather than refused.
  public var isUnreachable: Bool {
    switch self {
    case .offline, .timeout, .transport: true
    case .http, .decoding, .cancelled: false
    }
  }
}

extension TraineeAPIError {
  /// The failure as a trainee reads it, after "not sent: ": "the server cannot be reached",
  /// "the server answered 422: …".
  public var explanation: String {
    switch self {
    case .offline: "the server cannot be reached"
    case .timeout: "the server did not answer in time"
    case .http(let status, let body):
      "the server answered \(status)\(body.map { ": \($0.error.message)" } ?? "")"
    default: "\(self)"
    }
  }
}
