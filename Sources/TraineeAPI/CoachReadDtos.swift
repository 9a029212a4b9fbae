// NB: docs/decisions/accounts.md, "What a coach sees", "The coach's reads": a coach reads a
// trainee's records in the shapes the trainee's own reads answer.

/// The answer of `GET /v1/coach/trainees/{traineeId}/nutrition/days?from=&to=`: the days in
/// the range the coach's studio may see, oldest first, each as the trainee's own day read
/// answers it.
public struct NutritionDaysDto: Decodable, Equatable, Sendable {
  /// The stored days of the range the studio may see; a day with nothing stored is absent.
  public var days: [CoachNutritionDayDto]
  /// The studio's tolerance of the trainee, by which each day's `withinTolerance` was said;
  /// `nil` from a server before it.
  public var tolerance: NutritionToleranceDto?

  /// The days.
  public init(days: [CoachNutritionDayDto], tolerance: NutritionToleranceDto? = nil) {
    self.days = days
    self.tolerance = tolerance
  }
}

/// The answer of `GET /v1/coach/trainees/{traineeId}/technique-videos`: a page of the videos
/// the coach's studio may see, the latest sent first.
public struct TechniqueVideosDto: Codable, Equatable, Sendable {
  /// The page's videos.
  public var videos: [TechniqueVideoDto]
  /// The `cursor` that asks for the next (older) page; `nil` on the last page.
  public var nextCursor: String?

  /// A page of videos.
  public init(videos: [TechniqueVideoDto], nextCursor: String?) {
    self.videos = videos
    self.nextCursor = nextCursor
  }
}
