// NB: docs/decisions/the-coachs-events.md, "The events": each kind names what happened and which
// id its subject is fetched by; a kind added later (records, meal plans, nutrition days) is one
// case more here and one append in the write that causes it, with no schema step.

/// What happened in a studio, as its events feed tells it.
public enum StudioEventKind: String, CaseIterable, Sendable {
  /// A workout was logged; the subject is the log's id.
  case workoutLogged
  /// A logged workout was deleted; the subject is the deleted log's id.
  case workoutDeleted
  /// A workout arrived with the trainee's words (a note on the workout or a set, a reason for a
  /// substitution); the subject is the log's id.
  case traineeWords
  /// A technique video was sent; the subject is the video's id.
  case techniqueVideoSent
  /// A coach of the studio reviewed a workout (or changed the review); the subject is the log's
  /// id.
  case workoutReviewed
  /// A coach of the studio gave feedback on a technique video; the subject is the video's id.
  case videoFeedbackGiven
  /// A trainee joined the studio (or joined again after leaving).
  case traineeJoined
  /// A trainee's link to the studio ended: they left.
  case traineeLeft
  /// The trainee began sharing earlier records with the studio.
  case sharingStarted
  /// The trainee stopped sharing earlier records with the studio.
  case sharingStopped

  /// Whether the event tells of the trainee's link to the studio rather than of a record: such
  /// an event is the studio's own and stays in its feed after the link ends.
  public var isAboutTheLink: Bool {
    switch self {
    case .traineeJoined, .traineeLeft, .sharingStarted, .sharingStopped: true
    default: false
    }
  }

  /// The member of the event's answer that holds its subject's id: `workoutId`, `videoId`, or
  /// `nil` for an event about the link.
  public var subjectMember: String? {
    switch self {
    case .workoutLogged, .workoutDeleted, .traineeWords, .workoutReviewed: "workoutId"
    case .techniqueVideoSent, .videoFeedbackGiven: "videoId"
    case .traineeJoined, .traineeLeft, .sharingStarted, .sharingStopped: nil
    }
  }
}
