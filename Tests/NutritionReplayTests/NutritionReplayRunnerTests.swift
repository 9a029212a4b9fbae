import Foundation
import NutritionLog
import Testing
import TraineeAPI

@testable import NutritionReplay

/// Whole runs through the public runner: the store before and after mount, the debounce, the
/// merge, refusals, and the same document every time.
@MainActor
struct NutritionReplayRunnerTests {
  let runner = NutritionReplayRunner()

  @Test func editsBeforeTheTabMountsStayLocal() async throws {
    let result = try await runner.run(
      Sample.script([Sample.tick("it1"), .wait(milliseconds: 60_000)]))

    #expect(result.requests.isEmpty)
    #expect(result.state.eaten == ["2026-0-5__it1": true])
    #expect(result.serverDays.isEmpty)
  }

  @Test func mountingMergesTheServersDayWithLocalEditsAndSavesTheMerge() async throws {
    let server = NutritionDaySnapshot(
      eaten: ["2026-0-5__it2": true], swaps: ["2026-0-5__it1": "o2", "2026-0-5__it3": "o5"])
    let result = try await runner.run(
      Sample.script(
        [
          Sample.tick("it1"), .edit(.setSwap(itemId: "it1", optionId: "o1", option: nil)),
          .mount, .wait(milliseconds: 1000),
        ], serverDays: [Sample.today: server]))

    let merged = NutritionDaySnapshot(
      eaten: ["2026-0-5__it1": true, "2026-0-5__it2": true],
      swaps: ["2026-0-5__it1": "o1", "2026-0-5__it3": "o5"])
    #expect(
      Sample.summary(result.requests) == ["GET 2026-01-05 200 @0", "PUT 2026-01-05 200 @600"])
    #expect(result.serverDays == [Sample.today: merged])
    #expect(result.state.collectDaySnapshot("2026-0-5") == merged)
  }

  @Test func theSaveLeaves600MillisecondsAfterTheLastEdit() async throws {
    let steps: [NutritionReplayStep] = [
      .mount, Sample.tick("it1"), .wait(milliseconds: 500), Sample.tick("it2"),
      .wait(milliseconds: 599),
    ]
    let early = try await runner.run(Sample.script(steps))
    let onTime = try await runner.run(Sample.script(steps + [.wait(milliseconds: 1)]))

    #expect(Sample.summary(early.requests) == ["GET 2026-01-05 200 @0"])
    #expect(
      Sample.summary(onTime.requests) == ["GET 2026-01-05 200 @0", "PUT 2026-01-05 200 @1100"])
  }

  @Test func aFutureDayCannotBeSelectedAndAReadOnlyDayCannotBeEdited() async throws {
    let result = try await runner.run(
      Sample.script([
        .mount, .selectDate(Sample.tomorrow), .selectDate(Sample.day("2026-01-03")),
        Sample.tick("it1"),
      ]))

    #expect(
      result.refused == [
        ReplayRefusal(index: 1, reason: "futureDay"),
        ReplayRefusal(index: 3, reason: "readOnlyDay"),
      ])
    #expect(result.shown == Sample.day("2026-01-03"))
    #expect(result.state.eaten.isEmpty)
  }

  @Test func emptyIdsInAScriptReachTheStoreAndAnEmptyFoodIdClearsThePortion() async throws {
    // docs/replay.md, "Actions": an empty `foodId` clears the entry; an empty id is the store's
    // `emptyId` refusal. Both used to stop the script as bad input before the engine saw them.
    let script = try NutritionReplayScriptTests.read(
      #"""
      { "do": "mount" }, { "do": "tick", "itemId": "it1" },
      { "do": "portion", "itemId": "it1", "foodId": "f_oats", "qty": 120 },
      { "do": "portion", "itemId": "it1", "foodId": "", "qty": 80 },
      { "do": "tick", "itemId": "" },
      { "do": "swap", "itemId": "it1", "optionId": "" },
      { "do": "removeMeal", "mealId": "" },
      { "do": "wait", "seconds": 1 }
      """#)
    let result = try await runner.run(script)

    #expect(result.state.portions.isEmpty)
    #expect(
      result.refused == [
        ReplayRefusal(index: 4, reason: "emptyId"),
        ReplayRefusal(index: 5, reason: "emptyId"),
        ReplayRefusal(index: 6, reason: "emptyId"),
      ])
    #expect(
      result.serverDays[Sample.today] == NutritionDaySnapshot(eaten: ["2026-0-5__it1": true]))
  }

  @Test func theSameScriptGivesTheSameDocument() async throws {
    let script = Sample.script([
      .latency(milliseconds: 300), Sample.tick("it1"), .mount, .failNext(count: 2),
      .selectDate(Sample.yesterday), Sample.tick("it2"), .network(reachable: false),
      .wait(milliseconds: 2500), .selectDate(Sample.today), Sample.tick("it3"),
      .network(reachable: true), .wait(milliseconds: 5000),
    ])
    let first = try await runner.run(script).json()
    for _ in 0..<5 {
      #expect(try await runner.run(script).json() == first)
    }
  }

  @Test func aReplayLeavesNothingSleepingOrOnItsWay() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("nutrition-replay-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let steps: [NutritionReplayStep] = [
      .latency(milliseconds: 5000), .mount, .wait(milliseconds: 6000), Sample.tick("it1"),
      .wait(milliseconds: 700),
    ]
    let session = ReplaySession(
      script: Sample.script(steps), preferredDays: PreferredDayFile(directory: directory))
    try await session.start()
    for (index, step) in steps.enumerated() { try await session.perform(step, index: index) }
    #expect(session.server.nextAnswerAt != nil, "the save's answer is on its way")

    await session.finish()

    #expect(session.device.clock.nextDeadline == nil)
    #expect(session.server.nextAnswerAt == nil)
  }

  @Test func aSecondMountIsABadScript() async {
    await #expect(
      throws: NutritionReplayScriptError(actionIndex: 1, problem: "mount: the tab is mounted")
    ) {
      try await runner.run(Sample.script([.mount, .mount]))
    }
  }
}
