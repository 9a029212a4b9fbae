import Foundation

// NB: docs/decisions/accounts.md, "Exporting an account": the export is declared once, table by
// table: which member of the document a table becomes, which of its columns are written and
// which are left out and why. The writer (DatabaseAccountStore+Export.swift) is built from this
// list, and a test compares it with the database's own catalog, so a table or a column added
// later and not declared here fails that test.

/// What the export document holds, declared per table of the schema.
public enum AccountExport {
  /// The version of the document's shape; a change that a reader could trip on raises it.
  public static let formatVersion = 1

  /// How a column's value is written.
  public enum ValueKind: Sendable {
    /// An id: a string of its decimal digits, as ids are on the wire.
    case id
    /// An integer as a number.
    case integer
    /// A text as a string.
    case text
    /// Milliseconds since 1970 as an ISO 8601 UTC time with milliseconds.
    case time
    /// `0` or `1` as a boolean.
    case bool
    /// JSON the database checked when it was stored, written as it is, not as a string.
    case json
  }

  /// One column written into the document.
  public struct Column: Sendable {
    /// The SQL expression read (a column of the section's table, or of a joined one).
    public var sql: String
    /// The member's name in the document.
    public var member: String
    public var kind: ValueKind
    /// The table's column it writes (`nil`: a column of a joined table).
    public var tableColumn: String?

    /// Writes `column` of the section's table as `member`.
    public init(_ column: String, as member: String, _ kind: ValueKind) {
      sql = "t.\(column)"
      self.member = member
      self.kind = kind
      tableColumn = column
    }

    /// Writes `sql` (of a joined table) as `member`.
    public init(joined sql: String, as member: String, _ kind: ValueKind) {
      self.sql = sql
      self.member = member
      self.kind = kind
      tableColumn = nil
    }
  }

  /// What the rows of a section belong to: the condition's `?` are bound in order.
  public enum OwnerValue: Sendable {
    case account
    case trainee
    /// `login:` and the SHA-256 of the account's email, as the limits on guessing count it.
    case loginSubject
    /// `account:` and the account's id, as the limits on guessing count it.
    case accountSubject
  }

  /// One table's rows of the account, as an array (or one object) in the document.
  public struct Section: Sendable {
    /// The member's name in the document.
    public var member: String
    /// The table (aliased `t`).
    public var table: String
    /// A join after the table, for names a row points at (`nil`: none).
    public var join: String?
    /// The condition that selects the account's rows, over `t`.
    public var owner: String
    /// What each `?` of `owner` is bound to.
    public var ownerValues: [OwnerValue]
    /// The columns that order the rows and are unique among the account's: the pages follow
    /// them. Empty: the section has at most one row, or few enough (a quota bounds them) to be
    /// read at once.
    public var key: [String]
    /// Key columns of text, ordered byte by byte on both backends.
    public var textKey: Set<String> = []
    public var columns: [Column]
    /// The table's columns not written, each with why.
    public var leftOut: [String: String]
    /// One object (or `null`) rather than an array.
    public var single = false
  }

  /// A table of the schema that the document leaves out, and why.
  public struct LeftOutTable: Sendable {
    public var table: String
    public var reason: String
  }

  static let ownerColumn = "the account's or the trainee's id, which the document holds once"

  /// The account itself, `account` in the document.
  public static let account = Section(
    member: "account", table: "accounts", owner: "t.id = ?", ownerValues: [.account], key: [],
    columns: [
      Column("id", as: "id", .id), Column("role", as: "role", .text),
      Column("name", as: "name", .text), Column("email", as: "email", .text),
      Column("trainee_id", as: "traineeId", .id),
      Column("suspended_at", as: "suspendedAt", .time),
      Column("created_at", as: "createdAt", .time),
    ],
    leftOut: ["password_hash": "a secret's hash (docs/security.md, \"Accounts\")"],
    single: true)

  /// The trainee's own row, `trainee` in the document (with `records`).
  public static let trainee = Section(
    member: "trainee", table: "trainees", owner: "t.id = ?", ownerValues: [.trainee], key: [],
    columns: [
      Column("id", as: "id", .id), Column("name", as: "name", .text),
      Column("created_at", as: "createdAt", .time),
      Column("time_zone", as: "timeZone", .text),
    ],
    leftOut: [
      "token_sha256": "a secret's digest",
      "answer_version": "a counter of the server's kept answers",
      "last_workout_log_id": "the server's own bookkeeping of ids",
      "last_meal_log_id": "the server's own bookkeeping of ids",
      "last_technique_video_id": "the server's own bookkeeping of ids",
      "writes_paced_to": "the server's pacing of writes",
    ],
    single: true)
}
