import Foundation
import NutritionLog
import TraineeAPI

/// Runs a script through the real nutrition store and sync engine, on a scripted clock and
/// zone, against an in-process server; nothing sleeps, reads the wall clock or the network.
@MainActor
public struct NutritionReplayRunner {
  /// A runner; each run gets its own device, server and temporary preferred-day directory.
  public init() {}

  /// Runs `script` and returns what it produced. Throws `NutritionReplayScriptError` when a step
  /// cannot run (an id the plan day in view does not have, a second `mount`), and the file
  /// system's error when the preferred-day file cannot be written.
  public func run(_ script: NutritionReplayScript) async throws -> NutritionReplayResult {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-nutrition-replay-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let session = ReplaySession(
      script: script, preferredDays: PreferredDayFile(directory: directory))
    do {
      try await session.start()
      for (index, step) in script.steps.enumerated() {
        try await session.perform(step, index: index)
      }
    } catch {
      await session.finish()
      throw error
    }
    let result = session.result()
    await session.finish()
    return result
  }
}
