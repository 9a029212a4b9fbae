// NB: docs/decisions/accounts.md, "What a coach sees": the trainee's switch per studio.

/// `PUT /v1/account/studios/{studioId}/sharing`: whether the studio's coaches see the trainee's
/// earlier records (every record not tagged with the studio).
public struct StudioSharingRequestDto: Codable, Equatable, Sendable {
  public var shareEarlierRecords: Bool

  /// A request to turn the switch on or off.
  public init(shareEarlierRecords: Bool) {
    self.shareEarlierRecords = shareEarlierRecords
  }
}
