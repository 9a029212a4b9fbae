import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import SQLStore
@testable import TraineeData

/// The studio's meal plans with versions and assignments in the store
/// (docs/decisions/the-coachs-meal-plans.md), on both backends.
@Suite struct CoachMealPlanStoreTests {
  typealias Studio = CoachProgramStoreTests.Studio
  typealias Refused = CoachProgramStoreTests.Refused

  /// A training day of two meals: breakfast of oats (or bread) and lunch of rice, with targets.
  static func document(oatsKcal: Double = 380, name: String = "Lean") -> CoachMealPlanDocumentDto {
    CoachMealPlanDocumentDto(
      name: name,
      days: [
        NutritionPlanDayDto(
          id: "training", label: "Training day",
          targets: NutritionTargetsDto(kcal: 2400, protein: 160, carbs: 280, fat: 70),
          meals: [
            NutritionMealDto(
              id: "breakfast", name: "Breakfast", time: "07:30",
              items: [
                NutritionItemDto(
                  id: "oats",
                  options: [
                    NutritionOptionDto(
                      id: "oats-80", name: "Oats", qty: 80, unit: "g", kcal: oatsKcal,
                      protein: 13, carbs: 54, fat: 6),
                    NutritionOptionDto(
                      id: "bread", name: "Rye bread", qty: 100, unit: "g", kcal: 250,
                      protein: 8, carbs: 48, fat: 2),
                  ])
              ]),
            NutritionMealDto(
              id: "lunch", name: "Lunch",
              items: [
                NutritionItemDto(
                  id: "rice",
                  options: [NutritionOptionDto(id: "rice", name: "Rice", kcal: 350, carbs: 78)])
              ]),
          ])
      ])
  }

  /// A linked assignee reads every new version; a copy keeps the one assigned; older versions
  /// stay readable; only the linked assignee's kept answers go stale; item ids stay.
  @Test(arguments: StoreBackend.available)
  func anEditReachesALinkedAssigneeAndNotACopy(_ backend: StoreBackend) throws {
    let world = try Studio(backend)
    let store = world.fixture.trainees
    let made = try store.createCoachMealPlan(Self.document(), in: world.studio)
    let id = made.mealPlan.id
    #expect(made.version == 1)
    #expect(made.plan.id == "meal-plan-\(id)")
    #expect(made.plan.version == 1)
    #expect(
      try store.assignCoachMealPlan(id, to: [world.ada], mode: .linked, in: world.studio)
        == .assigned([
          CoachMealPlanAssignment(trainee: world.ada, mealPlan: id, mode: .linked, version: 1)
        ]))
    guard
      case .assigned = try store.assignCoachMealPlan(
        id, to: [world.bo], mode: .copy, in: world.studio)
    else { throw Refused() }
    let before = (try world.answerVersion(world.ada), try world.answerVersion(world.bo))
    let edited = try #require(
      try store.editCoachMealPlan(id, Self.document(oatsKcal: 300), in: world.studio))
    #expect(edited.version == 2)
    #expect(try world.answerVersion(world.ada) == before.0 + 1)
    #expect(try world.answerVersion(world.bo) == before.1)
    let adas = try Self.plans(store, world.ada)
    let bos = try Self.plans(store, world.bo)
    #expect(adas.map(\.version) == [2])
    #expect(adas[0].days[0].meals[0].items[0].options[0].kcal == 300)
    #expect(adas[0].days[0].meals[0].items[0].id == "oats")
    #expect(bos.map(\.version) == [1])
    #expect(bos[0].days[0].meals[0].items[0].options[0].kcal == 380)
    let first = try #require(try store.coachMealPlan(id, version: 1, in: world.studio))
    #expect(first.plan == bos[0])
    #expect(first.mealPlan.latestVersion == 2)
    #expect(try store.coachMealPlan(id, version: 3, in: world.studio) == nil)
    // Assigning the copy again takes the newest version.
    _ = try store.assignCoachMealPlan(id, to: [world.bo], mode: .copy, in: world.studio)
    #expect(try Self.plans(store, world.bo).map(\.version) == [2])
  }

  /// The assigned plans come first, then the imported document's plans with their bytes; without
  /// an assignment the imported document is answered byte for byte.
  @Test(arguments: StoreBackend.available)
  func anAssignedPlanComesBeforeTheImportedOnes(_ backend: StoreBackend) throws {
    let world = try Studio(backend)
    let store = world.fixture.trainees
    let imported = #"{ "plans": [ {"id": "home", "name": "Home", "days": [], "future": 1} ] }"#
    try store.importNutritionPlans(json: imported, for: world.ada)
    #expect(try store.nutritionPlans(for: world.ada) == imported)
    #expect(try store.nutritionPlans(for: world.bo) == nil)
    let id = try store.createCoachMealPlan(Self.document(), in: world.studio).mealPlan.id
    _ = try store.assignCoachMealPlan(
      id, to: [world.ada, world.bo], mode: .linked, in: world.studio)
    let text = try #require(try store.nutritionPlans(for: world.ada))
    #expect(text.hasSuffix(#",{"id": "home", "name": "Home", "days": [], "future": 1}]}"#))
    #expect(try Self.plans(store, world.ada).map(\.id) == ["meal-plan-\(id)", "home"])
    #expect(try Self.plans(store, world.bo).map(\.id) == ["meal-plan-\(id)"])
    // An empty imported list adds nothing, and members beside `plans` are kept.
    try store.importNutritionPlans(json: #"{"plans":[],"note":"x"}"#, for: world.bo)
    let bos = try #require(try store.nutritionPlans(for: world.bo))
    #expect(bos.hasSuffix(#"],"note":"x"}"#))
    #expect(try Self.plans(store, world.bo).map(\.id) == ["meal-plan-\(id)"])
  }

  /// Every id of another studio reads as absent, and writes through it change nothing.
  @Test(arguments: StoreBackend.available)
  func anotherStudiosIdsAreAbsent(_ backend: StoreBackend) throws {
    let world = try Studio(backend)
    let store = world.fixture.trainees
    let other = try world.fixture.accounts.createStudio(name: "Other").id
    let made = try store.createCoachMealPlan(Self.document(), in: world.studio)
    let id = made.mealPlan.id
    #expect(try store.coachMealPlan(id, version: nil, in: other) == nil)
    #expect(try store.editCoachMealPlan(id, Self.document(), in: other) == nil)
    #expect(try store.copyCoachMealPlan(id, name: nil, in: other) == nil)
    #expect(try !store.archiveCoachMealPlan(id, in: other))
    #expect(
      try store.assignCoachMealPlan(id, to: [world.ada], mode: .linked, in: other) == .noMealPlan)
    #expect(try store.coachMealPlans(in: other, page: IDPage(limit: 50), archived: true) == [])
    let theirs = try store.createCoachMealPlan(Self.document(name: "Theirs"), in: other)
    #expect(
      try store.assignCoachMealPlan(
        theirs.mealPlan.id, to: [world.bo, world.ada], mode: .copy, in: other)
        == .noTrainee(index: 0))
    #expect(try store.nutritionPlans(for: world.ada) == nil)
    #expect(try store.nutritionPlans(for: world.bo) == nil)
    #expect(try store.coachMealPlan(id, version: nil, in: world.studio) == made)
  }

  /// An archived plan leaves the list and cannot be assigned; its copy can. Lists page by id.
  @Test(arguments: StoreBackend.available)
  func anArchivedPlanIsNotAssigned(_ backend: StoreBackend) throws {
    let world = try Studio(backend)
    let store = world.fixture.trainees
    let id = try store.createCoachMealPlan(Self.document(), in: world.studio).mealPlan.id
    #expect(try store.archiveCoachMealPlan(id, in: world.studio))
    #expect(
      try store.coachMealPlans(in: world.studio, page: IDPage(limit: 9), archived: false) == [])
    #expect(
      try store.coachMealPlans(in: world.studio, page: IDPage(limit: 9), archived: true).map(\.id)
        == [id])
    #expect(
      try store.assignCoachMealPlan(id, to: [world.ada], mode: .linked, in: world.studio)
        == .archived)
    #expect(try store.nutritionPlans(for: world.ada) == nil)
    let copy = try #require(try store.copyCoachMealPlan(id, name: nil, in: world.studio))
    #expect(copy.mealPlan.name == "Lean (copy)")
    #expect(copy.version == 1)
    #expect(copy.plan.days == Self.document().days)
    // Lists page by id, not by creation (ids are random).
    let both = [id, copy.mealPlan.id].sorted()
    let page = try store.coachMealPlans(
      in: world.studio, page: IDPage(after: both[0].rawValue, limit: 9), archived: true)
    #expect(page.map(\.id) == [both[1]])
    guard
      case .assigned = try store.assignCoachMealPlan(
        copy.mealPlan.id, to: [world.ada], mode: .linked, in: world.studio)
    else { throw Refused() }
  }

  /// A bad document stores nothing.
  @Test(arguments: StoreBackend.available)
  func aBadDocumentStoresNothing(_ backend: StoreBackend) throws {
    let world = try Studio(backend)
    let store = world.fixture.trainees
    var bad = Self.document()
    bad.days[0].meals[1].items[0].options[0].kcal = -1
    #expect(
      throws: TraineeStoreError.invalid(
        field: "days[0].meals[1].items[0].options[0].kcal", problem: "must be 0 to 20000")
    ) { _ = try store.createCoachMealPlan(bad, in: world.studio) }
    #expect(
      try store.coachMealPlans(in: world.studio, page: IDPage(limit: 9), archived: true) == [])
    let id = try store.createCoachMealPlan(Self.document(), in: world.studio).mealPlan.id
    #expect(throws: TraineeStoreError.self) {
      _ = try store.editCoachMealPlan(id, bad, in: world.studio)
    }
    #expect(try store.coachMealPlan(id, version: nil, in: world.studio)?.version == 1)
  }

  static func plans(
    _ store: DatabaseTraineeStore, _ trainee: TraineeID
  ) throws -> [NutritionPlanDto] {
    let text = try #require(try store.nutritionPlans(for: trainee))
    return try JSONDecoder().decode(NutritionPlansDto.self, from: Data(text.utf8)).plans
  }
}
