import Foundation
import Testing
import WorkoutSession

@testable import LiveActivity

/// Times past what whole milliseconds hold: found by fuzzing (docs/fuzzing.md), they decoded
/// and then trapped where the applier compares times; now they are malformed commands.
struct PendingCommandFarTimeTests {
  typealias F = CardFixtures

  var state: WorkoutState {
    F.state(
      F.session([F.strength(sets: [F.set(1, weight: "72.5", reps: "8"), F.set(2)])]),
      restStart: F.now - 30, restEnd: F.now + 60)
  }

  @Test(arguments: [
    (
      #"{"command":"adjustRest","issuedAt":1767607790000,"restEndsAt":1767607860000,"#
        + #""restStartedAt":1767607770000,"seconds":-15,"version":1,"#
        + #""workoutStartedAt":6666666666666666666666666666666661767600000000}"#,
      "invalid workoutStartedAt"
    ),
    (
      #"{"command":"skipRest","issuedAt":1e30,"restEndsAt":1767607860000,"#
        + #""restStartedAt":1767607770000,"version":1}"#,
      "invalid issuedAt"
    ),
    (
      #"{"command":"skipRest","issuedAt":1767607790000,"restEndsAt":1e300,"#
        + #""restStartedAt":1767607770000,"version":1}"#,
      "invalid restEndsAt"
    ),
    (
      #"{"command":"skipRest","issuedAt":1767607790000,"restEndsAt":1767607860000,"#
        + #""restStartedAt":-1e300,"version":1}"#,
      "invalid restStartedAt"
    ),
  ])
  func aTimeNoCardWritesIsMalformedAndChangesNothing(text: String, reason: String) throws {
    try withTemporaryDirectory { root in
      let queue = PendingCommandQueue(dataDirectory: root)
      try FileManager.default.createDirectory(
        at: queue.directory, withIntermediateDirectories: true)
      let name = "001767607790000-far.json"
      try Data(text.utf8).write(to: queue.directory.appendingPathComponent(name))
      var current = state
      let results = try applyPendingCommands(queue, to: &current, now: F.now)
      #expect(current == state)
      guard case .malformed(let problem) = results.first?.outcome else {
        Issue.record("not set aside: \(results)")
        return
      }
      #expect(problem.description.contains(reason))
      #expect(try queue.pendingNames().isEmpty)
    }
  }
}
