import Foundation
import Testing
import TraineeAPI
import WorkoutSession

@testable import LiveActivity

/// The set line: what checking the set would commit, written per language and unit system.
struct SetLineTests {
  @Test(
    arguments: [
      (ActivityLanguage.en, "72.5 kg × 8 reps (RIR 2)"),
      (.de, "72,5 kg × 8 Wdh. (RIR 2)"),
      (.fr, "72,5 kg × 8 rép. (RIR 2)"),
      (.it, "72,5 kg × 8 rip. (RIR 2)"),
      (.ja, "72.5 kg × 8回 (RIR 2)"),
    ])
  func strengthLineInEveryLanguage(_ language: ActivityLanguage, _ expected: String) throws {
    let state = CardFixtures.stateShowing(CardFixtures.set(1, weight: "72.5", reps: "8", rir: "2"))
    let card = try #require(CardFixtures.content(state, language)?.currentSet)
    #expect(card.line == expected)
    #expect(card.checkmark == .enabled)
  }

  /// (session units, entered weight, card language, card units, shown weight)
  @Test(
    arguments: [
      (UnitSystem.metric, "72.5", ActivityLanguage.de, UnitSystem.metric, "72,5 kg"),
      (.metric, "72,5", .en, .metric, "72.5 kg"),
      (.metric, "72.5", .en, .imperial, "159.8 lb"),
      (.metric, "72.5", .fr, .imperial, "159,8 lb"),
      (.imperial, "100", .en, .metric, "45.4 kg"),
      (.imperial, "100", .it, .metric, "45,4 kg"),
      (.imperial, "135", .ja, .imperial, "135 lb"),
      (.metric, "60.00", .de, .metric, "60 kg"),
      (.metric, "0", .en, .metric, "0 kg"),
    ])
  func weightIsConvertedAndWrittenPerLanguage(
    _ sessionUnits: UnitSystem, _ entered: String, _ language: ActivityLanguage,
    _ cardUnits: UnitSystem, _ expected: String
  ) throws {
    let state = CardFixtures.stateShowing(
      CardFixtures.set(1, weight: entered, reps: "8"), units: sessionUnits)
    let card = try #require(CardFixtures.content(state, language, units: cardUnits)?.currentSet)
    #expect(card.values.weight == expected)
  }

  /// An imperial trainee's placeholder on a card in kilograms is last time's kilograms, as the log
  /// has them, not the rounded pounds converted back (docs/decisions/the-live-workout.md, "Weights
  /// in pounds").
  /// (entered weight, card language, card units, shown weight)
  @Test(
    arguments: [
      ("", ActivityLanguage.en, UnitSystem.metric, "60.25 kg"),
      ("132.8", .de, .metric, "60,25 kg"),
      ("132,8", .en, .metric, "60.25 kg"),
      ("", .en, .imperial, "132.8 lb"),
      ("133", .en, .metric, "60.3 kg"),
    ])
  func anImperialPlaceholderIsLastTimesKilogramsOnAMetricCard(
    _ entered: String, _ language: ActivityLanguage, _ cardUnits: UnitSystem, _ expected: String
  ) throws {
    var set = CardFixtures.set(1, weight: entered, reps: "8", lastWeight: "132.8", lastReps: "8")
    set.lastWeightKg = 60.25
    let state = CardFixtures.stateShowing(set, units: .imperial)
    let card = try #require(CardFixtures.content(state, language, units: cardUnits)?.currentSet)
    #expect(card.values.weight == expected)
  }

  /// (entered weight, entered reps, last weight, last reps, shown weight, shown reps, checkmark)
  @Test(
    arguments: [
      ("80", "5", "57.5", "10", "80 kg", "5 reps", CheckmarkState.enabled),
      ("", "", "57.5", "10", "57.5 kg", "10 reps", .enabled),
      (" ", "6", "57.5", "10", "57.5 kg", "6 reps", .enabled),
      ("", "", "", "", "–", "–", .opensApp),
      ("", "8", "", "", "–", "8 reps", .opensApp),
      ("60", "", "", "", "60 kg", "–", .opensApp),
      ("7o", "8", "57.5", "", "–", "8 reps", .opensApp),
      ("2500", "8", "", "", "–", "8 reps", .opensApp),
      ("60", "1", "", "", "60 kg", "1 rep", .enabled),
    ])
  func valuesAreWhatCheckingWouldCommit(
    _ weight: String, _ reps: String, _ lastWeight: String, _ lastReps: String,
    _ shownWeight: String, _ shownReps: String, _ checkmark: CheckmarkState
  ) throws {
    // The plan's target (60 x 8) is never shown: only entered values and last time's.
    let state = CardFixtures.stateShowing(
      CardFixtures.set(
        1, weight: weight, reps: reps, lastWeight: lastWeight, lastReps: lastReps))
    let card = try #require(CardFixtures.content(state)?.currentSet)
    #expect(card.values == CardSetValues(weight: shownWeight, reps: shownReps))
    #expect(card.line == "\(shownWeight) × \(shownReps)")
    #expect(card.checkmark == checkmark)
  }

  /// (RIR column, entered RIR, language, shown RIR)
  @Test(
    arguments: [
      (false, "", ActivityLanguage.en, String?.none),
      (true, "", .en, "RIR –"),
      (false, "2", .en, "RIR 2"),
      (true, " 1.5 ", .de, "RIR 1,5"),
      (true, "2-3", .fr, "RIR 2-3"),
    ])
  func rirShowsWhenTheSessionAsksForItOrItWasEntered(
    _ rirColumn: Bool, _ rir: String, _ language: ActivityLanguage, _ expected: String?
  ) throws {
    let state = CardFixtures.stateShowing(
      CardFixtures.set(1, weight: "60", reps: "8", rir: rir), rirColumn: rirColumn)
    let card = try #require(CardFixtures.content(state, language)?.currentSet)
    #expect(card.values.rir == expected)
  }

  /// (type, superset group, badge)
  @Test(
    arguments: [
      (SetType.warmup, String?.none, SetBadge(letter: "W", colorHex: "#FF9500")),
      (.failure, nil, SetBadge(letter: "F", colorHex: "#FF3B30")),
      (.drop, nil, SetBadge(letter: "D", colorHex: "#007AFF")),
      (.other, nil, SetBadge(letter: "O", colorHex: "#8E8E93")),
      (.working, nil, SetBadge(letter: "N", colorHex: "#8E8E93")),
      (.working, "", SetBadge(letter: "N", colorHex: "#8E8E93")),
      (.working, "A", SetBadge(letter: "S", colorHex: "#8E8E93")),
      (.warmup, "A", SetBadge(letter: "W", colorHex: "#FF9500")),
      (.drop, "A", SetBadge(letter: "D", colorHex: "#007AFF")),
    ])
  func badges(_ type: SetType, _ group: String?, _ expected: SetBadge) throws {
    let state = CardFixtures.stateShowing(
      CardFixtures.set(1, type: type, weight: "60", reps: "8"), supersetGroup: group)
    let card = try #require(CardFixtures.content(state)?.currentSet)
    #expect(card.badge == expected)
  }

  /// (duration, distance, RPE, language, card units, line, checkmark)
  @Test(
    arguments: [
      ("", "", "", ActivityLanguage.en, UnitSystem.metric, "–", CheckmarkState.opensApp),
      ("20", "5", "7", .en, .metric, "20:00 · 5.00 km (RPE 7)", .enabled),
      ("20:00", "5", "7.5", .de, .metric, "20:00 · 5,00 km (RPE 7,5)", .enabled),
      ("1:05:30", "12.3", "", .fr, .metric, "1:05:30 · 12,30 km", .enabled),
      ("20", "5", "", .en, .imperial, "20:00 · 3.11 mi", .enabled),
      ("", "5", "", .ja, .metric, "– · 5.00 km", .opensApp),
      ("20", "", "", .it, .metric, "20:00 · –", .opensApp),
      ("20", "", "7", .en, .metric, "20:00 · – (RPE 7)", .opensApp),
      ("20", "1500", "", .en, .metric, "20:00 · –", .opensApp),
      ("25:00:00", "5", "", .en, .metric, "– · 5.00 km", .opensApp),
      ("20", "5", "11", .en, .metric, "20:00 · 5.00 km (RPE –)", .opensApp),
      ("20", "5", "hard", .de, .metric, "20:00 · 5,00 km (RPE –)", .opensApp),
    ])
  func cardioLine(
    _ duration: String, _ distance: String, _ rpe: String, _ language: ActivityLanguage,
    _ units: UnitSystem, _ expected: String, _ checkmark: CheckmarkState
  ) throws {
    let state = CardFixtures.state(
      CardFixtures.session([
        CardFixtures.cardio(duration: duration, distance: distance, rpe: rpe)
      ]))
    let card = try #require(CardFixtures.content(state, language, units: units)?.currentSet)
    #expect(card.line == expected)
    #expect(card.badge == nil)
    #expect(card.checkmark == checkmark)
    #expect(card.values.weight == nil && card.values.reps == nil)
  }

  @Test func cardioDistanceEnteredInMilesIsConvertedToKilometres() throws {
    let state = CardFixtures.state(
      CardFixtures.session([CardFixtures.cardio(distance: "3")], units: .imperial))
    let card = try #require(CardFixtures.content(state, .en, units: .metric)?.currentSet)
    #expect(card.values.distance == "4.83 km")
    #expect(card.values.duration == "–")
  }
}
