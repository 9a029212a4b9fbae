import Foundation
import SQLStore
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-coachs-roster.md, "Nutrition within tolerance": a studio's tolerance of
// a trainee is read and set through the visibility rule, in the transaction that asks it, so a
// studio without a live link to the trainee neither reads nor sets one. A setting is a write of
// the trainee (it raises their answer version); the roster reads it with each line anyway.

extension DatabaseAccountStore {
  /// `studio`'s tolerance of `trainee` (the default when it set none); `nil` while the trainee
  /// has no live link to the studio.
  public func nutritionTolerance(
    of trainee: TraineeID, by studio: StudioID
  ) throws -> NutritionTolerance? {
    try store.visibleRead(of: trainee, to: studio) { _, db in
      try NutritionTolerance.read(of: trainee, by: studio, db)
    }
  }

  /// Sets `studio`'s tolerance of `trainee`; `false` (and nothing changed) while the trainee has
  /// no live link to the studio.
  public func setNutritionTolerance(
    _ tolerance: NutritionTolerance, of trainee: TraineeID, by studio: StudioID
  ) throws -> Bool {
    let at = store.now()
    return try store.visibleWrite(of: trainee, to: studio) { _, db in
      try tolerance.write(of: trainee, by: studio, at: at, db)
    } != nil
  }
}
