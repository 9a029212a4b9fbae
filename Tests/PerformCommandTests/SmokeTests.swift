import Foundation
import Testing

@Suite struct SmokeTests {
  @Test func demoWorkoutReplaysAndLogsEveryExercise() throws {
    let output = try PerformBinary.run([
      "replay", PerformBinary.packageRoot.appendingPathComponent("examples/demo-workout.json").path,
    ])
    #expect(output.status == 0, "stderr: \(output.stderr)")
    let document = try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any]
    let log = document?["log"] as? [String: Any]
    #expect((log?["entries"] as? [Any])?.count == 4)
    #expect(log?["durationSec"] as? Int == 1565)
  }
}
