import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// The demo trainee `perform serve --demo` and the terminal app set up.
struct DemoTraineeTests {
  @Test(arguments: StoreBackend.available) func theDemoHistoryIsDatedInTheDaysBeforeNowOldestFirst(
    _ backend: StoreBackend
  ) throws {
    let store = try StoreFixture.makeStore(backend)
    let now = StoreFixture.monday
    let demo = try DemoTrainee.ensure(in: store, now: now)
    let history = try store.workoutHistory(for: demo.id)
    #expect(history.map(\.workoutNumber) == [2, 1])
    #expect(history.map(\.loggedAt) == [now - 2 * 86_400, now - 4 * 86_400])
    // lastSets and best come from that history.
    #expect(try !store.exerciseHistory(for: demo.id).isEmpty)
  }

  @Test(arguments: StoreBackend.available) func aSecondEnsureAddsNothingAndIssuesANewToken(
    _ backend: StoreBackend
  ) throws {
    let store = try StoreFixture.makeStore(backend)
    let first = try DemoTrainee.ensure(in: store, now: StoreFixture.monday)
    let second = try DemoTrainee.ensure(in: store, now: StoreFixture.monday + 86_400)
    #expect(second.id == first.id)
    #expect(second.token != first.token)
    #expect(try store.trainee(forToken: first.token) == nil)
    #expect(try store.trainee(forToken: second.token)?.id == first.id)
    #expect(try store.workoutHistory(for: first.id).count == 2)
    #expect(try store.trainees().count == 1)
  }

  @Test(arguments: StoreBackend.available) func aKeptTokenThatStillWorksIsAnsweredAgain(
    _ backend: StoreBackend
  ) throws {
    let store = try StoreFixture.makeStore(backend)
    let first = try DemoTrainee.ensure(in: store, now: StoreFixture.monday)
    let again = try DemoTrainee.ensure(
      in: store, now: StoreFixture.monday + 86_400, keeping: first.token)
    #expect(again == first)
    #expect(try store.trainee(forToken: first.token)?.id == first.id)
  }

  @Test(arguments: StoreBackend.available) func aKeptTokenOfSomeoneElseIsNotTheDemoTrainees(
    _ backend: StoreBackend
  ) throws {
    let store = try StoreFixture.makeStore(backend)
    let demo = try DemoTrainee.ensure(in: store, now: StoreFixture.monday)
    let other = try store.createTrainee(name: "Ana Lima")
    let again = try DemoTrainee.ensure(in: store, keeping: other.token)
    #expect(again.id == demo.id)
    #expect(again.token != other.token && again.token != demo.token)
    #expect(try store.trainee(forToken: other.token)?.id == other.trainee.id)
  }
}
