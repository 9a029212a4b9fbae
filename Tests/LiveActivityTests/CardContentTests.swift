import Foundation
import RestTimer
import Testing
import WorkoutSession

@testable import LiveActivity

/// Which set, routine, rest and action the card shows.
struct CardContentTests {
  @Test func noContentWithoutAStartedSession() {
    #expect(CardFixtures.content(WorkoutState()) == nil)
    var session = CardFixtures.session([
      CardFixtures.strength(sets: [CardFixtures.set(1, weight: "60", reps: "8")])
    ])
    session.started = false
    #expect(CardFixtures.content(CardFixtures.state(session)) == nil)
  }

  /// (title, day label, language, routine name)
  @Test(
    arguments: [
      ("Push Day", "Day 1", ActivityLanguage.en, "Push Day"),
      ("  ", "Day 1", .en, "Day 1"),
      ("", "", .en, "Workout"),
      ("", "", .de, "Training"),
      ("", "", .ja, "ワークアウト"),
    ])
  func routineName(
    _ title: String, _ dayLabel: String, _ language: ActivityLanguage, _ expected: String
  ) throws {
    let session = CardFixtures.session(
      [CardFixtures.strength(sets: [CardFixtures.set(1)])], title: title, dayLabel: dayLabel)
    let content = try #require(CardFixtures.content(CardFixtures.state(session), language))
    #expect(content.routineName == expected)
    #expect(content.surfaces.lockScreen.header == expected)
    #expect(content.workoutStartedAt == CardFixtures.startedAt)
  }

  @Test func showsTheNextOpenSetOfTheNextExercise() throws {
    let session = CardFixtures.session([
      CardFixtures.strength(
        "ex_bench",
        sets: (1...2).map { CardFixtures.set($0, weight: "60", reps: "8", done: true) }),
      CardFixtures.strength(
        "ex_row", name: "Seated row",
        sets: [
          CardFixtures.set(1, weight: "50", reps: "12", done: true),
          CardFixtures.set(4, weight: "50", reps: "12", done: true),
          CardFixtures.set(7, lastWeight: "52.5", lastReps: "10"),
          CardFixtures.set(9),
          CardFixtures.set(10),
        ]),
    ])
    let content = try #require(CardFixtures.content(CardFixtures.state(session), .de))
    let card = try #require(content.currentSet)
    #expect(card.exerciseId == "ex_row")
    #expect(card.exerciseName == "Seated row")
    #expect(card.setNumber == 7)
    #expect(card.position == 3 && card.count == 5)
    #expect(card.positionText == "Satz 3 von 5")
    #expect(card.line == "52,5 kg × 10 Wdh.")
    #expect(content.primaryAction == nil)
    #expect(
      content.surfaces.lockScreen
        == LockScreenText(
          header: "Push Day", title: "Seated row", trailing: "Satz 3 von 5",
          detail: "52,5 kg × 10 Wdh."))
    #expect(
      content.surfaces.expanded
        == ExpandedText(
          leading: "Seated row", trailing: "Satz 3 von 5", center: "Push Day",
          bottom: "52,5 kg × 10 Wdh."))
    #expect(content.surfaces.compactLeading == "3/5")
    #expect(content.surfaces.compactTrailing == "52,5 × 10")
    #expect(content.surfaces.minimal == "52,5×10")
  }

  /// (exercises, action, lock screen title, minimal)
  @Test(
    arguments: [
      (true, CardAction(kind: .addExercise, title: "Übung hinzufügen"), "Alle Sätze erledigt", "✓"),
      (false, CardAction(kind: .openApp, title: "App öffnen"), "Noch keine Übungen", "–"),
    ])
  func primaryActionWhenNoSetIsLeft(
    _ hasExercises: Bool, _ action: CardAction, _ title: String, _ minimal: String
  ) throws {
    let exercises =
      hasExercises
      ? [
        CardFixtures.strength(sets: [CardFixtures.set(1, weight: "60", reps: "8", done: true)])
      ] : []
    let content = try #require(
      CardFixtures.content(CardFixtures.state(CardFixtures.session(exercises)), .de))
    #expect(content.currentSet == nil)
    #expect(content.primaryAction == action)
    #expect(content.surfaces.lockScreen.title == title)
    #expect(content.surfaces.expanded.bottom == action.title)
    #expect(content.surfaces.minimal == minimal)
  }

  @Test func minimalShowsTheNumbersOfACardioSet() throws {
    let state = CardFixtures.state(
      CardFixtures.session([CardFixtures.cardio(duration: "20", distance: "5")]))
    let surfaces = try #require(CardFixtures.content(state)).surfaces
    #expect(surfaces.compactTrailing == "20:00 · 5.00")
    #expect(surfaces.minimal == "20:00")
  }

  /// (language, rest title, -15s, +15s, Skip)
  @Test(
    arguments: [
      (ActivityLanguage.en, "Rest", "-15s", "+15s", "Skip"),
      (.de, "Pause", "-15s", "+15s", "Überspringen"),
      (.fr, "Repos", "-15s", "+15s", "Passer"),
      (.it, "Recupero", "-15s", "+15s", "Salta"),
      (.ja, "休憩", "-15秒", "+15秒", "スキップ"),
    ])
  func restRowCarriesAbsoluteDatesAndLabels(
    _ language: ActivityLanguage, _ title: String, _ less: String, _ more: String,
    _ skip: String
  ) throws {
    let restStart = CardFixtures.now
    let restEnd = restStart + 90
    let state = CardFixtures.state(
      CardFixtures.session([CardFixtures.strength(sets: [CardFixtures.set(1)])]),
      restStart: restStart, restEnd: restEnd)
    let rest = try #require(CardFixtures.content(state, language)?.rest)
    #expect(
      rest
        == CardRest(
          startedAt: restStart, endsAt: restEnd, title: title, decreaseLabel: less,
          increaseLabel: more, skipLabel: skip, stepSeconds: 15))
  }

  @Test func restTurnsOverdueExactlyAtItsEndWithoutANewContent() throws {
    let restEnd = CardFixtures.now + 90
    let state = CardFixtures.state(
      CardFixtures.session([CardFixtures.strength(sets: [CardFixtures.set(1)])]),
      restStart: CardFixtures.now, restEnd: restEnd)
    let before = try #require(CardFixtures.content(state, at: restEnd - 0.001))
    let after = try #require(CardFixtures.content(state, at: restEnd + 30))
    #expect(before == after)
    let rest = try #require(before.rest)
    #expect(!rest.isOverdue(at: restEnd - 0.001))
    #expect(rest.isOverdue(at: restEnd))
  }

  @Test func noRestRowWithoutARest() throws {
    let state = CardFixtures.stateShowing(CardFixtures.set(1, weight: "60", reps: "8"))
    #expect(try #require(CardFixtures.content(state)).rest == nil)
  }

  @Test func contentRoundTripsThroughJSON() throws {
    let state = CardFixtures.state(
      CardFixtures.session(
        [CardFixtures.strength(sets: [CardFixtures.set(1, weight: "60", reps: "8", rir: "2")])],
        rirColumn: true),
      restStart: CardFixtures.now, restEnd: CardFixtures.now + 90)
    let content = try #require(CardFixtures.content(state, .fr, units: .imperial))
    let decoded = try JSONDecoder().decode(
      WorkoutActivityContent.self, from: JSONEncoder().encode(content))
    #expect(decoded == content)
  }
}
