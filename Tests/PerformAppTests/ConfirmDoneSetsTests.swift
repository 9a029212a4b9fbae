import Foundation
import LiveWorkoutScreens
import NutritionScreens
import PerformApp
import TerminalScreens
import Testing
import WorkoutSession

/// Done sets are never dropped without a word (issue 29, item 6): a swap of an exercise with
/// done sets and `x` on a done set ask first, and the swap's question says `U` brings them back.
@MainActor
struct ConfirmDoneSetsTests {
  let screens: WorkoutScreensTests

  init() throws {
    screens = try WorkoutScreensTests()
  }

  func doneSets(_ coordinator: WorkoutCoordinator) throws -> [Int] {
    try screens.bench(coordinator).sets.filter(\.done).map(\.setNumber)
  }

  @Test func swappingAnExerciseWithDoneSetsAsksFirstAndUBringsThemBack() async throws {
    let (app, coordinator, _) = try await screens.launch()
    _ = app.handle(.enter, now: Date())
    screens.type("  ", into: app)
    try #require(try doneSets(coordinator) == [1, 2])
    screens.type("kS", into: app)
    _ = app.handle(.down, now: Date())
    _ = app.handle(.enter, now: Date())
    let question =
      "Swap Bench press for Dumbbell bench press? Its done sets go; U brings them back."
    #expect(screens.screen(app).contains(question))
    #expect(try screens.bench(coordinator).name == "Bench press")

    screens.type("n", into: app)
    #expect(try screens.bench(coordinator).name == "Bench press")
    #expect(try doneSets(coordinator) == [1, 2])
    #expect(!screens.screen(app).contains(question))

    screens.type("S", into: app)
    _ = app.handle(.down, now: Date())
    _ = app.handle(.enter, now: Date())
    screens.type("y", into: app)
    #expect(try screens.bench(coordinator).name == "Dumbbell bench press")
    #expect(try doneSets(coordinator) == [])

    screens.type("U", into: app)
    #expect(try screens.bench(coordinator).name == "Bench press")
    #expect(try doneSets(coordinator) == [1, 2])
  }

  @Test func swappingASubstituteWithDoneSetsSaysTheyAreLost() async throws {
    let (app, coordinator, _) = try await screens.launch()
    _ = app.handle(.enter, now: Date())
    screens.type("S", into: app)
    _ = app.handle(.down, now: Date())
    _ = app.handle(.enter, now: Date())
    // No done sets: the swap happens at once, as before.
    #expect(try screens.bench(coordinator).name == "Dumbbell bench press")
    screens.type(" kS", into: app)
    _ = app.handle(.up, now: Date())
    _ = app.handle(.enter, now: Date())
    #expect(
      screens.screen(app).contains(
        "Swap Dumbbell bench press for Bench press? Its done sets are lost."))
    #expect(try screens.bench(coordinator).name == "Dumbbell bench press")
  }

  @Test func xOnADoneSetAsksFirst() async throws {
    let (app, coordinator, _) = try await screens.launch()
    _ = app.handle(.enter, now: Date())
    screens.type(" k", into: app)
    try #require(try doneSets(coordinator) == [1])
    screens.type("x", into: app)
    #expect(screens.screen(app).contains("Remove done set 1 of Bench press? (y/n)"))
    #expect(try screens.bench(coordinator).sets.count == 2)
    _ = app.handle(.escape, now: Date())
    #expect(try screens.bench(coordinator).sets.count == 2)
    screens.type("xy", into: app)
    #expect(try screens.bench(coordinator).sets.map(\.setNumber) == [2])
  }
}
