import Foundation
import Testing
import TraineeAPI
import WorkoutSession

@testable import LiveActivity

/// ActivityKit refuses a content state of 4 KB or more: the longest names in every language must
/// still fit.
struct ContentSizeTests {
  static let limit = 4096

  /// A 60-character name of the one-character `unit` repeated (4-byte scalars are the worst case
  /// in UTF-8; a quote is escaped).
  static func name(_ unit: String) -> String {
    String(repeating: unit, count: 60)
  }

  static let nameUnits = ["W", "Ü", "é", "筋", "🏋", "\""]

  /// Every field at its longest: 60-character names, a 32-character RIR, a rest running.
  static func worstCase(nameUnit: String, cardio: Bool) -> WorkoutState {
    let name = Self.name(nameUnit)
    let exercise =
      cardio
      ? CardFixtures.cardio(
        duration: "23:59:59", distance: "999.99", rpe: "9.5", name: name)
      : CardFixtures.strength(
        name: name, supersetGroup: name,
        sets: (1...30).map {
          CardFixtures.set(
            $0, type: .warmup, weight: "1999.99", reps: "1000",
            rir: String(repeating: "9", count: 32))
        })
    return CardFixtures.state(
      CardFixtures.session([exercise], title: name, dayLabel: name, rirColumn: true),
      restStart: CardFixtures.now, restEnd: CardFixtures.now + 3600)
  }

  @Test(
    arguments: ActivityLanguage.allCases, nameUnits)
  func encodedContentStaysUnderTheLimit(_ language: ActivityLanguage, _ nameUnit: String) throws {
    #expect(Self.name(nameUnit).count == 60)
    for cardio in [false, true] {
      for units in UnitSystem.allCases {
        let content = try #require(
          activityContent(
            state: Self.worstCase(nameUnit: nameUnit, cardio: cardio), language: language,
            units: units, now: CardFixtures.now, version: Int.max))
        let encoded = try JSONEncoder().encode(content)
        #expect(encoded.count < Self.limit, "\(language) \(units) cardio: \(cardio)")
      }
    }
  }
}
