/// A trainee with the version of everything the trainee's answers are built from.
///
/// The store raises `answerVersion` in the same transaction as every write for the trainee, so
/// an answer built after reading version `v` is current for as long as the version read is `v`.
public struct VersionedTrainee: Equatable, Sendable {
  /// The trainee.
  public var trainee: Trainee
  /// Raised by every committed write for the trainee; never lowered.
  public var answerVersion: Int64
  /// The studio the token's session uses, which tags the records the trainee makes through it;
  /// `nil` when the session uses none (the store then tags the default studio).
  public var studio: StudioID?

  /// A trainee at `answerVersion`, using `studio`.
  public init(trainee: Trainee, answerVersion: Int64, studio: StudioID? = nil) {
    self.trainee = trainee
    self.answerVersion = answerVersion
    self.studio = studio
  }
}
