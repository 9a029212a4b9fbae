import Foundation
import RestTimer
import Testing
import TraineeAPI
import WorkoutSession

@testable import LiveActivity

/// The card in a superset shows, and its checkmark completes, the set due next: the members
/// alternate round by round (docs/specs/workout-session.md, "When a rest starts").
struct SupersetCardTests {
  typealias F = CardFixtures

  @Test(arguments: SupersetCards.allCases)
  func theCardShowsTheSetDueNext(_ scenario: SupersetCards) throws {
    let content = try #require(F.content(scenario.state))
    let set = try #require(content.currentSet)
    #expect(set.exerciseId == scenario.due.exerciseId)
    #expect(set.setNumber == scenario.due.setNumber)
  }

  /// The issue's case: after bench press set 1, cable row set 1 is due, not bench press set 2.
  @Test func afterTheLeadsFirstSetThePartnersFirstSetIsShown() throws {
    let content = try #require(F.content(SupersetCards.twoMembers.state))
    #expect(
      content.currentSet
        == CardSet(
          exerciseId: "ex_cable_row", setNumber: 1, kind: .strength, exerciseName: "Cable row",
          position: 1, count: 3, positionText: "Set 1 of 3", badge: .superset,
          values: CardSetValues(weight: "45 kg", reps: "12 reps"), line: "45 kg × 12 reps",
          checkmark: .enabled))
    #expect(
      content.surfaces.lockScreen
        == LockScreenText(
          header: "Upper Day", title: "Cable row", trailing: "Set 1 of 3",
          detail: "45 kg × 12 reps"))
  }

  /// Tapping the checkmark again and again, each tap applied before the next card is drawn.
  @Test func tappingTheCheckmarkAlternatesTheMembers() throws {
    try withTemporaryDirectory { root in
      let queue = PendingCommandQueue(dataDirectory: root)
      var state = SupersetCards.state(members: 2, rowSets: 2, after: [])
      var order: [String] = []
      var tap = F.now
      while let content = F.content(state), let set = content.currentSet, order.count < 10 {
        order.append("\(set.exerciseId) \(set.setNumber)")
        tap += 1
        try queue.enqueue(.completeSet(try #require(CompleteSetCommand(tapping: content, at: tap))))
        let results = try applyPendingCommands(queue, to: &state, now: tap)
        #expect(results.count == 1)
        guard case .applied = results.first?.outcome else {
          Issue.record("not applied: \(results)")
          return
        }
      }
      #expect(
        order == ["ex_bench 1", "ex_cable_row 1", "ex_bench 2", "ex_cable_row 2", "ex_bench 3"])
    }
  }

  /// The tap names the set the card showed: still open, it is applied even when another set is
  /// due by now; already done, it is refused and changes nothing.
  @Test func aTapOnAnOpenSetIsAppliedAndOnADoneSetRefused() throws {
    try withTemporaryDirectory { root in
      let queue = PendingCommandQueue(dataDirectory: root)
      var state = SupersetCards.twoMembers.state
      let shown = try #require(F.content(state))
      let command = try #require(CompleteSetCommand(tapping: shown, at: F.now))
      #expect(command.exerciseId == "ex_cable_row" && command.setNumber == 1)

      // In the app meanwhile, bench press set 1 is unchecked: it is due again.
      _ = state.applySession(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: F.now - 30)
      #expect(F.content(state)?.currentSet?.exerciseId == "ex_bench")
      try queue.enqueue(.completeSet(command))
      let applied = try applyPendingCommands(queue, to: &state, now: F.now + 1)
      #expect(applied.count == 1)
      guard case .applied = applied.first?.outcome else {
        Issue.record("not applied: \(applied)")
        return
      }
      let row = try #require(state.session?.exercises[1].sets[0])
      #expect(row.done && row.weight == "45" && row.reps == "12")

      // The same tap again (a second tap on the card the app had not updated yet).
      let before = state
      try queue.enqueue(.completeSet(command))
      let refused = try applyPendingCommands(queue, to: &state, now: F.now + 2)
      #expect(
        refused.map(\.outcome) == [
          .rejected(
            .completeSet(command),
            .setAlreadyDone(exerciseId: "ex_cable_row", setNumber: 1))
        ])
      #expect(state == before)
    }
  }
}
