import Foundation
import TraineeAPI

// NB: docs/decisions/the-apps-files-and-the-api-client.md, "The session file": what a signed-in
// device keeps, the one copy of its refresh token; times as ISO 8601 UTC with milliseconds, as on
// the wire.

/// A signed-in session as the app keeps it in `DIR/session.json`: the server, the account, and
/// the current pair of tokens with their expiries.
public struct KeptSession: Equatable, Sendable {
  /// The server's root, such as `https://perform.example`.
  public var server: URL
  /// The account signed in.
  public var accountId: String
  /// The account's email (the login), shown and offered again at the next sign-in.
  public var email: String
  /// The server's id of this device's session.
  public var sessionId: String
  /// The bearer token of every request, until `accessExpiresAt`.
  public var accessToken: String
  /// When the server stops taking `accessToken` (`token_expired`).
  public var accessExpiresAt: Date
  /// The token that buys the next pair, once; until `refreshExpiresAt`.
  public var refreshToken: String
  /// When the server stops taking `refreshToken`.
  public var refreshExpiresAt: Date

  /// A session of `accountId` (`email`) on `server`, with the tokens of `sessionId`.
  public init(
    server: URL, accountId: String, email: String, sessionId: String, accessToken: String,
    accessExpiresAt: Date, refreshToken: String, refreshExpiresAt: Date
  ) {
    self.server = server
    self.accountId = accountId
    self.email = email
    self.sessionId = sessionId
    self.accessToken = accessToken
    self.accessExpiresAt = accessExpiresAt
    self.refreshToken = refreshToken
    self.refreshExpiresAt = refreshExpiresAt
  }

  /// Whether the access token is past its expiry at `now`.
  public func accessExpired(at now: Date) -> Bool { now >= accessExpiresAt }
}

extension KeptSession: Codable {
  /// The format this app writes; a file of another is not read (and is moved aside).
  static let format = 1

  private enum Key: String, CodingKey {
    case format, server, accountId, email, sessionId, accessToken, accessExpiresAt
    case refreshToken, refreshExpiresAt
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    let format = try container.decode(Int.self, forKey: .format)
    guard format == Self.format else {
      throw DecodingError.dataCorruptedError(
        forKey: .format, in: container,
        debugDescription: "format \(format) is not one this app reads (\(Self.format))")
    }
    func date(_ key: Key) throws -> Date {
      let text = try container.decode(String.self, forKey: key)
      guard let date = ISO8601Instant.date(from: text) else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container, debugDescription: "\(text) is not an ISO 8601 time")
      }
      return date
    }
    let serverText = try container.decode(String.self, forKey: .server)
    guard let server = URL(string: serverText), server.scheme != nil, server.host != nil else {
      throw DecodingError.dataCorruptedError(
        forKey: .server, in: container, debugDescription: "\(serverText) is not a URL")
    }
    self.init(
      server: server, accountId: try container.decode(String.self, forKey: .accountId),
      email: try container.decode(String.self, forKey: .email),
      sessionId: try container.decode(String.self, forKey: .sessionId),
      accessToken: try container.decode(String.self, forKey: .accessToken),
      accessExpiresAt: try date(.accessExpiresAt),
      refreshToken: try container.decode(String.self, forKey: .refreshToken),
      refreshExpiresAt: try date(.refreshExpiresAt))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(Self.format, forKey: .format)
    try container.encode(server.absoluteString, forKey: .server)
    try container.encode(accountId, forKey: .accountId)
    try container.encode(email, forKey: .email)
    try container.encode(sessionId, forKey: .sessionId)
    try container.encode(accessToken, forKey: .accessToken)
    try container.encode(
      ISO8601Instant.textWithMilliseconds(accessExpiresAt), forKey: .accessExpiresAt)
    try container.encode(refreshToken, forKey: .refreshToken)
    try container.encode(
      ISO8601Instant.textWithMilliseconds(refreshExpiresAt), forKey: .refreshExpiresAt)
  }
}
