import Accounts
import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-coachs-dashboard.md, "A workout's page": the log as the coach API's
// `GET /v1/coach/trainees/{traineeId}/workouts/{workoutId}` reads it (the same store read and
// `PrescribedBesidePerformed.compare`), each set prescribed beside performed with its marks,
// the trainee's notes, and the review form.

extension CoachDashboard {
  /// The workout in the path, of a trainee the session's studio may see.
  func seenWorkout(
    _ request: HTTPRequest, _ session: PageSession
  ) throws -> (trainee: TraineeID, name: String, workout: PrescribedWorkoutLog) {
    let (trainee, name) = try seenTrainee(request, session)
    guard let id = request.pathParameters["workoutId"].flatMap(WorkoutLogID.init),
      let seen = try store.workoutLog(id, of: trainee, visibleTo: session.studio),
      let workout = seen
    else { throw PageRefusal.notFound }
    return (trainee, name, workout)
  }

  /// One workout: prescribed beside performed, the notes, the review.
  func workoutPage(
    _ request: HTTPRequest, _ session: PageSession, _ language: DashboardLanguage
  ) throws -> HTTPResponse {
    let (trainee, name, workout) = try seenWorkout(request, session)
    let log = workout.log
    let compared = PrescribedBesidePerformed.compare(log.payload, workout.prescription)
    let review = try store.workoutReview(of: log.id, for: trainee)
    let title = "\(log.payload.label ?? language.text(.workout)) #\(log.workoutNumber)"
    let note: HTML =
      if let text = log.payload.note {
        "<h2>\(language.text(.traineeNote))</h2>\n<blockquote class=\"note\">\(text)</blockquote>"
      } else { .empty }
    let kept: HTML =
      compared.prescription == .none
      ? "<p class=\"muted\">\(language.text(.noPrescription))</p>" : .empty
    let path = "/coach/trainees/\(trainee.description)/workouts/\(log.id.description)"
    return DashboardAnswer.page(
      title: title, language: language, signedIn: session,
      main: """
        <p class="crumbs"><a href="/coach/trainees/\(trainee.description)">\
        \(language.text(.backToTrainee, ["name": name]))</a></p>
        <h1>\(title)</h1>
        <p class="muted">\(name) · \(Self.day(log.loggedAt, zone: "UTC")) · \
        \(language.text(log.payload.completed ? .completed : .unfinished))</p>
        \(kept)
        \(compared.exercises.map { Self.exerciseTable($0, language) })
        \(note)
        \(Self.reviewSection(review, action: path + "/review", session: session, language))
        """)
  }

  /// One exercise's sets, prescribed beside performed.
  static func exerciseTable(
    _ exercise: ExerciseBesidePrescribedDto, _ language: DashboardLanguage
  ) -> HTML {
    let marks = HTML.joined(
      exercise.marks.map { "<span class=\"mark\">\(language.text(text(of: $0)))</span> " })
    let prescribedName: HTML =
      if let prescribed = exercise.prescribedName, let name = exercise.name, prescribed != name {
        "<span class=\"muted\">(\(language.text(.prescribed)): \(prescribed))</span>"
      } else { .empty }
    let rows = exercise.sets.map { set -> HTML in
      let target = (set.target ?? [:]).sorted { $0.key < $1.key }
        .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
      let setMarks = HTML.joined(
        set.marks.map { "<span class=\"mark\">\(language.text(text(of: $0)))</span> " })
      let comparison = (set.comparison ?? [:]).sorted { $0.key < $1.key }
        .compactMap { key, value in text(of: value).map { "\(key) \(language.text($0))" } }
        .joined(separator: ", ")
      return """
        <tr><td>\(set.setNumber)</td><td>\(target)</td>\
        <td>\(set.performed.map(performedText) ?? "")</td>\
        <td>\(setMarks)\(comparison)</td><td>\(set.performed.flatMap(note) ?? "")</td></tr>
        """
    }
    return """
      <section class="exercise">
      <h2>\(exercise.name ?? exercise.prescribedName ?? "") \(prescribedName) \(marks)</h2>
      <table class="sets">
      <thead><tr><th scope="col">\(language.text(.set))</th>\
      <th scope="col">\(language.text(.prescribed))</th>\
      <th scope="col">\(language.text(.performed))</th>\
      <th scope="col">\(language.text(.againstTarget))</th>\
      <th scope="col">\(language.text(.setNote))</th></tr></thead>
      <tbody>
      \(rows)
      </tbody>
      </table>
      </section>
      """
  }

  /// A logged set in a few words: `80 kg × 5 · RIR 2`, `20:00 · 5 km`.
  static func performedText(_ set: LogSet) -> String {
    switch set {
    case .strength(let set):
      var parts: [String] = []
      switch (set.weight, set.reps) {
      case (let weight?, let reps?): parts.append("\(number(weight)) kg × \(reps)")
      case (nil, let reps?): parts.append("× \(reps)")
      case (let weight?, nil): parts.append("\(number(weight)) kg")
      case (nil, nil): break
      }
      if let rir = set.rir { parts.append("RIR \(rir)") }
      return parts.joined(separator: " · ")
    case .cardio(let set):
      var parts: [String] = []
      if let seconds = set.durationSec {
        parts.append(String(format: "%d:%02d", seconds / 60, seconds % 60))
      }
      if let distance = set.distanceKm { parts.append("\(number(distance)) km") }
      if let rpe = set.rpe { parts.append("RPE \(rpe)") }
      return parts.joined(separator: " · ")
    }
  }

  /// A logged set's note.
  static func note(_ set: LogSet) -> String? {
    switch set {
    case .strength(let set): set.note
    case .cardio(let set): set.note
    }
  }

  static func text(of mark: ExerciseMark) -> DashboardText {
    switch mark {
    case .substituted: .substituted
    case .added: .added
    case .notDone: .notDone
    }
  }

  static func text(of mark: SetMark) -> DashboardText {
    switch mark {
    case .added: .added
    case .skipped: .skipped
    case .removed: .removed
    }
  }

  /// A comparison's words; none when it could not be compared.
  static func text(of comparison: TargetComparison) -> DashboardText? {
    switch comparison {
    case .within: .within
    case .below: .below
    case .above: .above
    case .notCompared: nil
    }
  }
}
