import Foundation
import Testing
import TraineeAPI

@testable import TrainingHistory

@Suite struct ImportPlanTests {
  static let program = [
    NamedExercise(id: "ex-bench", name: "Bench Press"),
    NamedExercise(id: "ex-run", name: "Running"),
  ]

  static func plan(_ text: String = ImportReaderTests.strong) throws -> ImportPlan {
    let (layout, sets) = try ImportReader.read(text, units: .metric, timeZone: Fixtures.utc)
    return try ImportPlan(layout: layout, sets: sets, program: program)
  }

  @Test func groupsWorkoutsAndMapsExercisesByName() throws {
    let plan = try Self.plan()
    #expect(plan.workouts.count == 2)
    let push = plan.workouts[0]
    #expect(push.title == "Push, heavy")
    #expect(push.entries.map(\.exerciseId) == ["ex-bench", "ex-run"])
    #expect(push.entries.map(\.name) == ["Bench Press", "Running"])
    #expect(push.entries[0].sets.count == 2)
    #expect(plan.workouts[1].entries.map(\.exerciseId) == ["imported-barbell-row"])
    #expect(plan.matches["Barbell Row"] == .some(nil))
    #expect(plan.matches["Bench Press (Barbell)"] == .some(Self.program[0]))
  }

  @Test func theSameFileGivesTheSameKeysAndAnotherSetAnotherKey() throws {
    let first = try Self.plan().workouts.map(\.idempotencyKey)
    let again = try Self.plan().workouts.map(\.idempotencyKey)
    #expect(first == again)
    #expect(Set(first).count == 2)
    let changed = ImportReaderTests.strong.replacingOccurrences(of: ",80,5,", with: ",82.5,5,")
    let other = try Self.plan(changed).workouts.map(\.idempotencyKey)
    #expect(other[0] != first[0])
    #expect(other[1] == first[1])
    for key in first {
      #expect(key.count <= 200)
      #expect(key.unicodeScalars.allSatisfy { (0x21...0x7E).contains($0.value) })
    }
  }

  @Test func tooManySetsForOneExerciseIsReportedWithItsLine() throws {
    var text = "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n"
    for number in 1...101 { text += "2025-07-26 07:06:00,A,Squat,\(number),100,5\n" }
    #expect(throws: ImportProblem(line: 102, problem: "the exercise has over 100 sets")) {
      try Self.plan(text)
    }
  }
}

@Suite struct ExerciseNamesTests {
  static let exercises = [
    NamedExercise(id: "ex-bench", name: "Bench Press"),
    NamedExercise(id: "ex-squat", name: "Back Squat"),
    NamedExercise(id: "ex-ohp", name: "Overhead Press"),
    NamedExercise(id: "ex-curl", name: "Dumbbell Curl"),
  ]

  @Test(arguments: [
    ("bench press", "ex-bench"), ("  BENCH   press ", "ex-bench"), ("Bénch-Press", "ex-bench"),
    ("Bench Press (Barbell)", "ex-bench"), ("ex-squat", "ex-squat"),
  ])
  func findsByNameOrId(query: String, id: String) {
    let found =
      ExerciseNames.find(query, in: Self.exercises)
      ?? ExerciseNames.match(query, in: Self.exercises)
    #expect(found?.id == id)
  }

  @Test func unknownNamesListCloseMatches() {
    #expect(ExerciseNames.find("bench pres", in: Self.exercises) == nil)
    #expect(ExerciseNames.closeMatches("bench pres", in: Self.exercises) == ["Bench Press"])
    #expect(
      ExerciseNames.closeMatches("press", in: Self.exercises) == ["Bench Press", "Overhead Press"])
    #expect(ExerciseNames.closeMatches("deadlift", in: Self.exercises) == [])
  }
}
