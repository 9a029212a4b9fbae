// NB: docs/decisions/the-coachs-events.md, "The events": each event names its kind, when the
// server stored it, the trainee, and the id to fetch what it tells of by its own endpoint.

/// One event of the coach's studio's feed.
public struct StudioEventDto: Codable, Equatable, Sendable {
  /// What happened: `workoutLogged`, `workoutDeleted`, `traineeWords`, `techniqueVideoSent`,
  /// `workoutReviewed`, `videoFeedbackGiven`, `traineeJoined`, `traineeLeft`, `sharingStarted`,
  /// `sharingStopped`; a client ignores a kind it does not know.
  public var kind: String
  /// When the server stored it, ISO 8601 with milliseconds.
  public var at: String
  /// The trainee it is about.
  public var traineeId: String
  /// The workout log it tells of (`GET /v1/coach/trainees/{traineeId}/workouts/{workoutId}`).
  public var workoutId: String?
  /// The technique video it tells of.
  public var videoId: String?

  /// An event.
  public init(
    kind: String, at: String, traineeId: String, workoutId: String? = nil,
    videoId: String? = nil
  ) {
    self.kind = kind
    self.at = at
    self.traineeId = traineeId
    self.workoutId = workoutId
    self.videoId = videoId
  }
}

/// The answer of `GET /v1/coach/events?after=&limit=&traineeId=`: the events after the cursor
/// that the coach's studio may see, in the feed's order, and the cursor to poll with next.
public struct StudioEventsDto: Codable, Equatable, Sendable {
  /// The page's events, oldest first.
  public var events: [StudioEventDto]
  /// The `after` of the next poll: past every event this page read, shown or not.
  public var nextCursor: String
  /// Whether more events were already in the feed: poll again at once with `nextCursor`.
  public var more: Bool

  /// A page of events.
  public init(events: [StudioEventDto], nextCursor: String, more: Bool) {
    self.events = events
    self.nextCursor = nextCursor
    self.more = more
  }
}
