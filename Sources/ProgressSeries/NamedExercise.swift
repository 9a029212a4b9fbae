/// An exercise as a name and an id.
public struct NamedExercise: Equatable, Hashable, Sendable {
  public var id: String
  public var name: String

  /// An exercise.
  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }
}
