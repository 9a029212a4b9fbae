import Foundation

// NB: no client can make the server hold unbounded memory or connections. Two budgets are kept
// while requests are being read and answered: the bytes of request bodies (reserved from the
// declared `Content-Length` when the headers are in, or as a chunked body arrives), shared by
// everyone, and the requests in flight from one client address. A request over either is
// answered 503 with `Retry-After` before its body is read. Behind a reverse proxy every request
// comes from the proxy's address, so the client's address is taken from `X-Forwarded-For`, but
// only when the peer is a proxy the operator named as trusted (anyone can send the header).

/// The bytes of request bodies in flight, against their limit (the requests per client address
/// are `ClientRequestCounts`). A value; the server keeps one under a lock.
public struct InFlightBudget: Equatable, Sendable {
  /// The most bytes of request bodies held at once, over all requests.
  public let maxBodyBytes: Int

  private(set) var bodyBytes = 0

  public init(maxBodyBytes: Int) {
    self.maxBodyBytes = maxBodyBytes
  }

  /// Reserves `bytes` of body; `false` (nothing reserved) when that would pass `maxBodyBytes`.
  public mutating func reserve(_ bytes: Int) -> Bool {
    guard bytes <= maxBodyBytes - bodyBytes else { return false }
    bodyBytes += bytes
    return true
  }

  /// Gives back `bytes` reserved before.
  public mutating func release(_ bytes: Int) {
    bodyBytes = max(0, bodyBytes - bytes)
  }

  /// The client a request came from: its peer's address, or, when the peer is one of
  /// `trustedProxies`, the right-most address of `forwardedFor` that is not a trusted proxy.
  public static func clientAddress(
    peer: String, forwardedFor: String?, trustedProxies: Set<String>
  ) -> String {
    guard trustedProxies.contains(peer), let forwardedFor else { return peer }
    let hops = forwardedFor.split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    return hops.last { !$0.isEmpty && !trustedProxies.contains($0) } ?? peer
  }
}
