/// What a tap on the card's checkmark did.
public enum CardCheckmarkTap: Equatable, Sendable {
  /// The tap was queued and the queue applied; what was refused or could not be done, to show.
  case queued(problems: [String])
  /// The checkmark is inert (a value is missing, unreadable or beyond the engine's limits: a
  /// strength set's weight or reps, a cardio set's duration or distance): nothing was queued, and
  /// the app opens on this set instead.
  case opensApp(exerciseId: String, setNumber: Int)
  /// The card shows no set.
  case noSet
}
