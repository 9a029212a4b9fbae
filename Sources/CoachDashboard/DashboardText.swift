import Foundation

// NB: docs/decisions/the-coachs-dashboard.md, "Languages": every word a page shows is one of
// these texts; English is complete by the switch, German too; a language without a text of its
// own shows the English one. `{name}` slots are filled by `text(_:_:)` with escaped values
// later (the template escapes them, not the table).

/// A text of the dashboard's pages.
public enum DashboardText: String, CaseIterable, Sendable {
  case productName, signInTitle, email, password, signInButton, signOut
  case invalidCredentials, tooManyAttempts, accountSuspended, coachesOnly, formExpired
  case sessionEnded, notFound, notFoundBody, missingField
  case roster, trainee, needsAttention, last7Days, last30Days, lastWorkout, toReview
  case noTrainees, allWell, setsOf, nothingPrescribed, never
  case complianceDropped, noRecentWorkout, videoWaiting
  case lastWorkouts, date, workout, setsDone, volume, older, newest, noWorkouts, backToRoster
  case prescribed, performed, againstTarget, exercise, set, substituted, added, notDone, skipped,
    removed
  case within, below, above, traineeNote, setNote, review, reviewed, needsWork, comment
  case saveReview, reviewedOn, notReviewed, backToTrainee, noPrescription, completed, unfinished

  /// The text in `language`: its own when it has one, else English.
  public func text(in language: DashboardLanguage) -> String {
    switch language {
    case .de: german
    case .en, .fr, .it, .ja: english
    }
  }
}

extension DashboardLanguage {
  /// `key`'s text in this language, each `{name}` replaced by `values[name]`.
  public func text(_ key: DashboardText, _ values: [String: String] = [:]) -> String {
    var text = key.text(in: self)
    for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
    return text
  }
}
