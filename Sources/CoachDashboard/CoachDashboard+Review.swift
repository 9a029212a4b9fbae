import Accounts
import Foundation
import HTTPServer
import TraineeAPI
import TraineeData
import WireFormat

// NB: docs/decisions/the-coachs-dashboard.md, "Reviewing a workout": the form posts the verdict
// and a one-line comment to the store's `reviewWorkout` (the coach API's checks: a comment of 1
// to 2000 characters without control characters, or none) and answers `303 See Other` back to
// the workout's page (post, redirect, get), so reloading or going back never posts again.

extension CoachDashboard {
  /// The longest comment, as the coach API takes it.
  static let longestComment = 2000

  /// The review as it stands, and the form that gives or changes it.
  static func reviewSection(
    _ review: WorkoutReview?, action: String, session: PageSession,
    _ language: DashboardLanguage
  ) -> HTML {
    let current: HTML =
      if let review {
        """
        <p class="verdict \(review.verdict.rawValue)">\
        \(language.text(review.verdict == .reviewed ? .reviewed : .needsWork)) · \
        \(language.text(.reviewedOn, ["date": day(review.reviewedAt, zone: "UTC")]))</p>
        \(review.comment.map { "<blockquote class=\"comment\">\($0)</blockquote>" as HTML } ?? .empty)
        """
      } else { "<p class=\"muted\">\(language.text(.notReviewed))</p>" }
    let verdict = review?.verdict ?? .reviewed
    let options = ReviewVerdict.allCases.map { choice -> HTML in
      let checked: HTML = choice == verdict ? " checked" : ""
      let label = language.text(choice == .reviewed ? .reviewed : .needsWork)
      return """
        <label class="choice"><input type="radio" name="verdict" value="\(choice.rawValue)"\
        \(checked)> \(label)</label>
        """
    }
    return """
      <section class="review">
      <h2>\(language.text(.review))</h2>
      \(current)
      <form method="post" action="\(action)">
      <input type="hidden" name="csrf" value="\(session.csrfToken)">
      <fieldset><legend>\(language.text(.review))</legend>\(options)</fieldset>
      <label for="comment">\(language.text(.comment))</label>
      <input id="comment" name="comment" type="text" maxlength="\(longestComment)" \
      value="\(review?.comment ?? "")">
      <button type="submit">\(language.text(.saveReview))</button>
      </form>
      </section>
      """
  }

  /// Registers the review form's post.
  func registerReview(on router: inout Router) {
    let dashboard = self
    router.add(
      .post, "/coach/trainees/:traineeId/workouts/:workoutId/review",
      admission: { request in try dashboard.admitForm(&request) }, body: .afterAdmission
    ) { request in
      dashboard.timed(request) { _ in
        let form = try FormBody.fields(of: request)
        let session = try dashboard.postingSession(request, form: form)
        let (trainee, _, workout) = try dashboard.seenWorkout(request, session)
        let review = try Self.checkedReview(form)
        guard
          let given = try dashboard.store.reviewWorkout(
            workout.log.id, of: trainee, by: session.studio, review), given != nil
        else { throw PageRefusal.notFound }
        return DashboardAnswer.redirect(
          to: "/coach/trainees/\(trainee.description)/workouts/\(workout.log.id.description)")
      }
    }
  }

  /// The review the form gives: 400 `invalid_body` naming `verdict` or `comment` otherwise.
  static func checkedReview(_ form: [String: String]) throws(HTTPError) -> WorkoutReviewRequestDto {
    guard let verdict = form["verdict"].flatMap(ReviewVerdict.init(rawValue:)) else {
      throw HTTPError(
        .badRequest, code: "invalid_body", message: "Form: verdict must be reviewed or needsWork.")
    }
    let comment = form["comment"].flatMap { $0.isEmpty ? nil : $0 }
    if let comment {
      guard comment.count <= longestComment else {
        throw HTTPError(
          .badRequest, code: "invalid_body",
          message: "Form: comment is longer than \(longestComment) characters.")
      }
      guard !ControlCharacters.found(in: comment) else {
        throw HTTPError(
          .badRequest, code: "invalid_body", message: "Form: comment holds a control character.")
      }
    }
    return WorkoutReviewRequestDto(verdict: verdict, comment: comment)
  }
}
