import Foundation
import TerminalScreens
import WorkoutSession

extension LiveWorkoutScreen {
  /// `W`: the warm-up ladder to the selected set's weight, added before the exercise's sets; the
  /// cursor goes to the first warm-up.
  func addWarmUps(in session: WorkoutSession) {
    guard let exercise = selectedExercise, let set = selectedSet else { return }
    guard exercise.equipment.loadsBar else {
      host?.show(message: text(.warmUpsNotBarbell, ["exercise": exercise.name]))
      return
    }
    let settings = settings?.current ?? AppSettings(units: session.units)
    let sets = warmUpSets(for: set, exercise: exercise, session: session, settings: settings)
    guard !sets.isEmpty else {
      let weight = weightKilograms(set, units: session.units).map {
        text.weight(kilograms: $0, in: settings.units)
      }
      host?.show(
        message: text(weight == nil ? .platesNoWeight : .warmUpsNone, ["weight": weight ?? ""]))
      return
    }
    let effects = coordinator.send(.addWarmUpSets(exerciseId: exercise.exerciseId, sets: sets))
    guard !effects.contains(where: { if case .actionRefused = $0 { true } else { false } }) else {
      return
    }
    host?.show(
      message: text(
        .warmUpsAdded, count: sets.count, ["count": String(sets.count), "exercise": exercise.name]))
    if let session = self.session {
      cursor.select(exerciseId: exercise.exerciseId, setNumber: 1, in: session)
    }
  }
}
