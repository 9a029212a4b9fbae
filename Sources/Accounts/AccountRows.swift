import Foundation
import SQLStore
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-server-http-routes-and-storage.md, "Rows by column name": the accounts'
// values are read by column name, their select lists rendered from the same columns.

extension Account {
  static let columns = DatabaseColumns([
    "id", "role", "name", "email", "trainee_id", "suspended_at", "created_at",
  ])

  init(row: NamedRow) throws {
    let role: String = try row["role"]
    guard let known = AccountRole(rawValue: role) else {
      throw TraineeStoreError.storageFailed("stored account role \(role) is not known")
    }
    self.init(
      id: AccountID(rawValue: try row["id"]), role: known, name: try row["name"],
      email: try row["email"],
      trainee: (try row["trainee_id"] as Int64?).map(TraineeID.init(rawValue:)),
      suspendedAt: (try row["suspended_at"] as Int64?).map(Date.init(milliseconds:)),
      createdAt: Date(milliseconds: try row["created_at"]))
  }
}

extension Studio {
  static let columns = DatabaseColumns(["id", "name", "is_default", "created_at"])

  init(row: NamedRow) throws {
    self.init(
      id: StudioID(rawValue: try row["id"]), name: try row["name"],
      isDefault: try row["is_default"], createdAt: Date(milliseconds: try row["created_at"]))
  }
}

extension StudioMembership {
  static let columns = DatabaseColumns([
    "studio_id", "account_id", "role", "joined_at", "ended_at", "shares_earlier_records",
  ])

  init(row: NamedRow) throws {
    self.init(
      studio: StudioID(rawValue: try row["studio_id"]),
      account: AccountID(rawValue: try row["account_id"]),
      role: AccountRole(rawValue: try row["role"]) ?? .trainee,
      joinedAt: Date(milliseconds: try row["joined_at"]),
      endedAt: (try row["ended_at"] as Int64?).map(Date.init(milliseconds:)),
      sharesEarlierRecords: try row["shares_earlier_records"])
  }
}

extension DeviceSession {
  static let columns = DatabaseColumns([
    "id", "account_id", "name", "studio_id", "created_at", "last_seen_at", "refresh_token_sha256",
    "ended_at", "end_reason",
  ])

  init(row: NamedRow) throws {
    let id: String = try row["id"]
    guard let session = SessionID(rawValue: id) else {
      throw TraineeStoreError.storageFailed("stored session id \(id) is not a handle")
    }
    self.init(
      id: session, account: AccountID(rawValue: try row["account_id"]), name: try row["name"],
      studio: (try row["studio_id"] as Int64?).map(StudioID.init(rawValue:)),
      createdAt: Date(milliseconds: try row["created_at"]),
      lastSeenAt: Date(milliseconds: try row["last_seen_at"]),
      isLegacy: (try row["refresh_token_sha256"] as String?) == nil,
      endedAt: (try row["ended_at"] as Int64?).map(Date.init(milliseconds:)),
      endReason: (try row["end_reason"] as String?).flatMap(SessionEnd.init(rawValue:)))
  }
}

extension Invite {
  static let columns = DatabaseColumns([
    "id", "studio_id", "created_by", "created_at", "expires_at", "used_at", "used_by",
    "revoked_at",
  ])

  init(row: NamedRow) throws {
    let id: String = try row["id"]
    guard let invite = InviteID(rawValue: id) else {
      throw TraineeStoreError.storageFailed("stored invite id \(id) is not a handle")
    }
    func date(_ name: String) throws -> Date? {
      (try row[name] as Int64?).map(Date.init(milliseconds:))
    }
    self.init(
      id: invite, studio: StudioID(rawValue: try row["studio_id"]),
      createdBy: (try row["created_by"] as Int64?).map(AccountID.init(rawValue:)),
      createdAt: Date(milliseconds: try row["created_at"]),
      expiresAt: Date(milliseconds: try row["expires_at"]), usedAt: try date("used_at"),
      usedBy: (try row["used_by"] as Int64?).map(AccountID.init(rawValue:)),
      revokedAt: try date("revoked_at"))
  }
}

extension AuthEvent {
  static let columns = DatabaseColumns([
    "id", "event", "account_id", "studio_id", "session_id", "address", "at", "account_marker",
  ])

  init(row: NamedRow) throws {
    let event: String = try row["event"]
    guard let kind = AuthEventKind(rawValue: event) else {
      throw TraineeStoreError.storageFailed("stored audit event \(event) is not known")
    }
    self.init(
      id: try row["id"], kind: kind,
      account: (try row["account_id"] as Int64?).map(AccountID.init(rawValue:)),
      studio: (try row["studio_id"] as Int64?).map(StudioID.init(rawValue:)),
      session: (try row["session_id"] as String?).flatMap(SessionID.init(rawValue:)),
      address: try row["address"], at: Date(milliseconds: try row["at"]),
      accountMarker: try row["account_marker"])
  }
}
