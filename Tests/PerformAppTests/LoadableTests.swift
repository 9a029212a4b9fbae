import Testing

@testable import LiveWorkoutScreens
@testable import NutritionScreens
@testable import PerformApp
@testable import TerminalScreens

/// The one loading value of the screens that load and show (docs/architecture.md, "Screens that
/// load and show").
struct LoadableTests {
  @Test func beforeAnyReadTheScreenSaysLoading() {
    let load = Loadable<Int>()
    #expect(load.value == nil && load.problem == nil && !load.isLoading)
    #expect(load.showsLoading)
  }

  @Test func aFailedFirstReadSaysWhyInsteadOfLoading() {
    var load = Loadable<Int>()
    load.start()
    #expect(load.isLoading && load.showsLoading)
    load.fail("offline")
    #expect(load.value == nil && load.problem == "offline" && !load.isLoading)
    #expect(!load.showsLoading)
  }

  @Test func aReloadKeepsTheValueAndAFailedOneKeepsItWithItsProblem() {
    var load = Loadable<Int>()
    load.start()
    load.finish(1)
    load.start()
    #expect(load.value == 1 && load.isLoading && !load.showsLoading)
    load.fail("offline")
    #expect(load.value == 1 && load.problem == "offline")
    load.start()
    load.finish(2)
    #expect(load.value == 2 && load.problem == nil && !load.isLoading)
  }
}
