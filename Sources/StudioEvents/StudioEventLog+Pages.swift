import Foundation
import SQLStore
import TraineeRecords

// NB: docs/decisions/the-coachs-events.md, "Who sees what", "Cheap to poll": a page is a key
// range of the studio's feed (`studio_id, number`, or `studio_id, trainee_id, number` for one
// trainee) of at most `limit` rows after the cursor, each joined with its trainee's live link to
// the studio: an event about a record shows while the link lasts and the record is tagged with
// the studio or the trainee shares; an event about the link always shows. The cursor moves past
// every row read, shown or not, so a page may show fewer than `limit` events and the cost of a
// page follows `limit`, never the history or the studio's trainees.

/// One event of a studio's feed as stored.
public struct StudioEvent: Equatable, Sendable {
  /// Its number in the studio's feed, the order of the feed.
  public var number: Int64
  /// What happened; `nil` for a kind this build does not know (written by a newer server).
  public var kind: StudioEventKind?
  /// When the server stored it, in milliseconds since 1970.
  public var at: Int64
  /// The trainee it is about.
  public var trainee: TraineeID
  /// The id of what it tells of (a workout log, a technique video); `nil` for the link.
  public var subject: Int64?

  /// An event.
  public init(
    number: Int64, kind: StudioEventKind?, at: Int64, trainee: TraineeID, subject: Int64?
  ) {
    self.number = number
    self.kind = kind
    self.at = at
    self.trainee = trainee
    self.subject = subject
  }
}

/// A page of a studio's feed: the events the studio may see among those read, and the cursor
/// after the last one read.
public struct StudioEventPage: Equatable, Sendable {
  /// The events shown, in the feed's order.
  public var events: [StudioEvent]
  /// The cursor after every event read, shown or not.
  public var next: StudioEventCursor
  /// Whether events after ``next`` were already in the feed when the page was read.
  public var more: Bool

  /// A page.
  public init(events: [StudioEvent], next: StudioEventCursor, more: Bool) {
    self.events = events
    self.next = next
    self.more = more
  }
}

extension StudioEventLog {
  /// The page of `studio`'s feed after `cursor`, at most `limit` events read, of `trainee`
  /// alone when given, in the read transaction of `db`.
  public static func page(
    of studio: StudioID, after cursor: StudioEventCursor, limit: Int, trainee: TraineeID?,
    _ db: any DatabaseConnection
  ) throws -> StudioEventPage {
    let byTrainee = trainee == nil ? "" : "AND trainee_id = ?"
    let traineeValues: [DatabaseValue] = trainee.map { [.integer($0.rawValue)] } ?? []
    let rows = try db.rows(
      """
      SELECT e.number, e.kind, e.at, e.trainee_id, e.subject_id,
        CASE WHEN e.record_studio_id = e.studio_id OR m.shares_earlier_records = 1 THEN 1
          ELSE 0 END,
        CASE WHEN m.studio_id IS NULL THEN 0 ELSE 1 END
      FROM (
        SELECT studio_id, number, kind, at, trainee_id, record_studio_id, subject_id
        FROM studio_events WHERE studio_id = ? \(byTrainee) AND number > ?
        ORDER BY number LIMIT ?
      ) AS e
      LEFT JOIN accounts AS a ON a.trainee_id = e.trainee_id
      LEFT JOIN studio_members AS m ON m.studio_id = e.studio_id AND m.account_id = a.id
        AND m.role = 'trainee' AND m.ended_at IS NULL
      ORDER BY e.number
      """,
      [.integer(studio.rawValue)] + traineeValues + [
        .integer(cursor.number), DatabaseValue(limit + 1),
      ]
    ) { row -> (event: StudioEvent, tagged: Bool, linked: Bool) in
      (
        StudioEvent(
          number: try row.int64(0), kind: StudioEventKind(rawValue: try row.string(1)),
          at: try row.int64(2), trainee: TraineeID(rawValue: try row.int64(3)),
          subject: try row.optionalInt64(4)),
        try row.int64(5) == 1, try row.int64(6) == 1
      )
    }
    let read = rows.prefix(limit)
    let shown = read.filter { row in
      guard let kind = row.event.kind else { return false }
      return kind.isAboutTheLink || (row.linked && row.tagged)
    }
    return StudioEventPage(
      events: shown.map(\.event),
      next: StudioEventCursor(number: read.last?.event.number ?? cursor.number),
      more: rows.count > limit)
  }
}
