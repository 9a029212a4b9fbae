import Foundation
import Testing
import TraineeAPI

@testable import WorkoutSession

/// Weights through both unit systems, end to end from the server's kilograms to the log: an
/// unchanged placeholder logs last time's kilograms exactly, a weight typed in pounds converts
/// once, to the gram, and no record comes from conversion noise
/// (docs/decisions/the-live-workout.md, "Weights in pounds").
struct WeightUnitsTests {
  /// Common loads: 2.5 kg steps from 0 to 300 kg.
  static let kilogramLoads: [Double] = Array(stride(from: 0, through: 300, by: 2.5))
  /// Common loads: 5 lb steps from 0 to 300 kg (660 lb).
  static let poundLoads: [Double] = Array(stride(from: 0, through: 660, by: 5))

  /// What one checked set of a one-exercise day came to.
  struct Outcome: Equatable, CustomStringConvertible {
    var placeholder: String
    var loggedKg: Double?
    var record: Bool
    var volumeKg: Int

    var description: String {
      "placeholder \(placeholder), logged \(loggedKg.map { "\($0)" } ?? "nil"), "
        + "record \(record), volume \(volumeKg)"
    }
  }

  /// Opens a day whose one set was last done as `last` kg x 5 (the server's text), with a best
  /// of `best` x 5; types `typed` into the weight (nothing when `nil`), checks the set and
  /// finishes.
  static func check(
    units: UnitSystem, last: String?, best: Double?, typed: String?
  ) -> Outcome {
    let row = StrengthDto(
      id: "row_bench", exerciseId: "ex_bench", name: "Bench press", sets: "1", reps: "5",
      lastSets: last.map { [LastSetDto(setNumber: 1, weight: $0, reps: "5")] } ?? [],
      best: best.map { BestDto(weight: $0, reps: 5) })
    let day = ProgramDayDto(id: "day", strength: [row])
    var state = WorkoutState()
    _ = state.apply(
      .start(dayToLive(day, planId: "plan", units: units), units: units),
      now: SampleWorkouts.openedAt)
    if let typed {
      _ = state.apply(
        .setValue(exerciseId: "ex_bench", setNumber: 1, field: .weight, value: typed),
        now: SampleWorkouts.openedAt)
    }
    if last == nil {
      _ = state.apply(
        .setValue(exerciseId: "ex_bench", setNumber: 1, field: .reps, value: "5"),
        now: SampleWorkouts.openedAt)
    }
    let placeholder = computePlaceholders(state.session!.exercises)["ex_bench:1"]!.weight
    let effects = state.apply(
      .toggleSet(exerciseId: "ex_bench", setNumber: 1), now: SampleWorkouts.laterAt)
    let log = logPayload(state.session!, now: SampleWorkouts.laterAt)
    guard case .strength(let set) = log.entries[0].sets[0] else {
      Issue.record("not a strength set")
      return Outcome(placeholder: placeholder, loggedKg: nil, record: false, volumeKg: 0)
    }
    let celebrated = effects.contains { if case .personalRecord = $0 { true } else { false } }
    #expect(celebrated == state.session!.exercises[0].sets[0].isPr)
    return Outcome(
      placeholder: placeholder, loggedKg: set.weight, record: celebrated,
      volumeKg: sessionStats(state.session).volumeKg)
  }

  /// The kilograms as the server writes them back as last time's weight.
  static func serverText(_ kilograms: Double) -> String { EnteredValue.text(kilograms) }

  @Test(arguments: UnitSystem.allCases, kilogramLoads)
  func anUnchangedPlaceholderLogsLastTimesKilograms(units: UnitSystem, kilograms: Double) {
    let outcome = Self.check(
      units: units, last: Self.serverText(kilograms), best: kilograms, typed: nil)

    #expect(
      outcome
        == Outcome(
          placeholder: EnteredValue.text(units.displayWeight(kilograms: kilograms)),
          loggedKg: kilograms, record: false, volumeKg: Int((kilograms * 5).rounded())))
  }

  @Test(arguments: UnitSystem.allCases, kilogramLoads)
  func thePlaceholderTypedAsShownLogsLastTimesKilograms(units: UnitSystem, kilograms: Double) {
    let shown = EnteredValue.text(units.displayWeight(kilograms: kilograms))
    for typed in [shown, shown.replacingOccurrences(of: ".", with: ","), " \(shown) "] {
      let outcome = Self.check(
        units: units, last: Self.serverText(kilograms), best: kilograms, typed: typed)

      #expect(
        outcome
          == Outcome(
            placeholder: shown, loggedKg: kilograms, record: false,
            volumeKg: Int((kilograms * 5).rounded())),
        "typed \"\(typed)\"")
    }
  }

  @Test(arguments: poundLoads)
  func poundsConvertOnceToTheGramAndComeBackAsTyped(pounds: Double) {
    let typed = EnteredValue.text(pounds)
    let kilograms = (pounds * 0.45359237 * 1000).rounded() / 1000

    let first = Self.check(units: .imperial, last: nil, best: nil, typed: typed)
    // The next session shows the logged kilograms as the same pounds, and checking them
    // unchanged logs the same kilograms: nothing drifts, and equalling it is no record.
    let next = Self.check(
      units: .imperial, last: Self.serverText(kilograms), best: kilograms, typed: nil)

    #expect(
      first
        == Outcome(
          placeholder: "", loggedKg: kilograms, record: false,
          volumeKg: Int((kilograms * 5).rounded())))
    #expect(
      next
        == Outcome(
          placeholder: typed, loggedKg: kilograms, record: false,
          volumeKg: Int((kilograms * 5).rounded())))
  }

  @Test(arguments: [
    ("62,5", 28.35), ("62.5", 28.35), ("126,8", 57.516), ("0,5", 0.227), (",5", 0.227),
    ("135", 61.235), ("225", 102.058), ("45", 20.412),
  ])
  func poundsTypedWithAPointOrACommaConvertTheSame(typed: String, kilograms: Double) {
    #expect(Self.check(units: .imperial, last: nil, best: nil, typed: typed).loggedKg == kilograms)
  }

  @Test(arguments: UnitSystem.allCases, kilogramLoads.filter { $0 > 0 })
  func equallingTheBestAsShownIsNoRecordAndOneStepMoreIs(units: UnitSystem, best: Double) {
    let shown = units.displayWeight(kilograms: best)
    let step = units == .metric ? 2.5 : 5
    let equal = Self.check(
      units: units, last: nil, best: best, typed: EnteredValue.text(shown))
    let heavier = Self.check(
      units: units, last: nil, best: best, typed: EnteredValue.text(shown + step))

    #expect(equal.record == false)
    #expect(heavier.record == true)
  }
}
