import Foundation
import Testing
import TraineeAPI

@testable import CoachPrograms
@testable import TraineeData

/// Each set prescribed beside performed, as the coach's read of a workout shows it
/// (docs/decisions/what-the-coach-sees.md, "Prescribed beside performed" and "How a target
/// compares").
struct PrescribedBesidePerformedTests {
  @Test(arguments: [
    ("8", 8.0, 8.0), ("8-12", 8, 12), ("8–12", 8, 12), (" 8 - 12 ", 8, 12), ("8+", 8, .infinity),
    ("60 kg", 60, 60), ("60kg", 60, 60), ("62.5", 62.5, 62.5), ("1-2", 1, 2),
  ])
  func aNumberARangeOrAFloorIsATarget(_ text: String, _ low: Double, _ high: Double) {
    #expect(TargetRange(text) == TargetRange(low: low, high: high))
  }

  @Test(arguments: ["AMRAP", "RPE 8", "BW", "60 lb", "12-8", "", "max", "8-", "-8", ".5", "8x3"])
  func wordsAreNotATarget(_ text: String) {
    #expect(TargetRange(text) == nil)
  }

  @Test(arguments: [
    (JSONValue.number(10), "8-12", TargetComparison.within),
    (.number(7), "8-12", .below), (.number(13), "8-12", .above), (.number(8), "8", .within),
    (.number(20), "8+", .within), (.number(57.5), "60", .below), (.number(60), "60 kg", .within),
    (.string("2"), "1-2", .within), (.string("3"), "2", .above),
    (.string("easy"), "2", .notCompared),
    (.null, "8", .notCompared), (.number(10), "AMRAP", .notCompared),
  ])
  func aLoggedValueComparesWithItsTarget(
    _ value: JSONValue, _ target: String, _ expected: TargetComparison
  ) {
    #expect(TargetComparison.of(value, against: target) == expected)
  }

  static func set(
    _ number: Int, _ weight: Double?, _ reps: Int?, rir: String? = nil, done: Bool = true
  )
    -> LogSet
  {
    .strength(
      StrengthLogSet(
        setNumber: number, reps: reps, targetReps: nil, weight: weight, rir: rir, rm: nil,
        done: done))
  }

  static func entry(_ exerciseId: String, _ sets: [LogSet]) -> LogEntry {
    LogEntry(exerciseId: exerciseId, name: exerciseId, done: true, tempo: nil, sets: sets)
  }

  /// A day as a program document holds it: bench with set rows (one carrying an `rir` target,
  /// as a newer program's row may), squat "3" x "5" at "100", pull-ups "2" x "AMRAP", bike.
  static let day: JSONValue = {
    let text = #"""
      {"id":"day-a","strength":[
        {"id":"r1","exerciseId":"bench","name":"Bench","reps":"8-12","setRows":[
          {"setNumber":1,"type":"working","reps":"10","weight":"60","rir":"2"},
          {"setNumber":2,"type":"working","weight":"60"}]},
        {"id":"r2","exerciseId":"squat","name":"Squat","sets":"3","reps":"5","weight":"100",
          "substitutes":[{"exerciseId":"leg-press","name":"Leg press"}]},
        {"id":"r3","exerciseId":"pull-up","name":"Pull-up","sets":"2","reps":"AMRAP"}],
      "cardio":[{"id":"r4","exerciseId":"bike","name":"Bike","sets":"1"}]}
      """#
    return try! JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
  }()

  static func payload(_ entries: [LogEntry]) -> LogWorkoutPayload {
    LogWorkoutPayload(
      programId: "p", dayId: "day-a", label: "A", durationSec: nil, completed: true,
      entries: entries)
  }

  @Test func eachSetIsComparedWithItsSetRowThenItsRow() throws {
    let compared = PrescribedBesidePerformed.compare(
      Self.payload([
        Self.entry("bench", [Self.set(1, 60, 9, rir: "3"), Self.set(2, 57.5, 12)])
      ]), KeptPrescription(day: Self.day))
    #expect(compared.prescription == .kept)
    let bench = try #require(compared.exercises.first)
    #expect(bench.rowId == "r1")
    #expect(bench.marks == [])
    #expect(
      bench.sets.map(\.target) == [
        ["reps": "10", "weight": "60", "rir": "2"], ["reps": "8-12", "weight": "60"],
      ])
    #expect(
      bench.sets.map(\.comparison) == [
        ["reps": .below, "weight": .within, "rir": .above],
        ["reps": .within, "weight": .below],
      ])
    #expect(bench.sets.map(\.marks) == [[], []])
  }

  @Test func theRowsNotLoggedAreNotDoneAndTheirSetsRemoved() throws {
    let compared = PrescribedBesidePerformed.compare(
      Self.payload([Self.entry("bench", [Self.set(1, 60, 10)])]), KeptPrescription(day: Self.day))
    #expect(compared.exercises.map(\.rowId) == ["r1", "r2", "r3", "r4"])
    #expect(compared.exercises.map(\.marks) == [[], [.notDone], [.notDone], [.notDone]])
    let squat = compared.exercises[1]
    #expect(squat.exerciseId == nil)
    #expect(squat.sets.map(\.setNumber) == [1, 2, 3])
    #expect(squat.sets.allSatisfy { $0.marks == [.removed] && $0.performed == nil })
    #expect(compared.exercises[0].sets.map(\.marks) == [[], [.removed]])
  }

  @Test func aSetAddedSkippedOrNotCompared() throws {
    let compared = PrescribedBesidePerformed.compare(
      Self.payload([
        Self.entry("pull-up", [Self.set(1, nil, 12), Self.set(2, nil, nil, done: false)]),
        Self.entry("pull-up", []),
        Self.entry(
          "squat",
          [
            Self.set(1, 100, 5), Self.set(2, 100, 5), Self.set(3, 100, 4), Self.set(4, 90, 5),
            Self.set(5, 80, 5, done: false),
          ]),
      ]), KeptPrescription(day: Self.day))
    let squat = compared.exercises[1]
    #expect(squat.sets.map(\.marks) == [[], [], [], [.added], [.added, .skipped]])
    #expect(squat.sets[2].comparison == ["reps": .below, "weight": .within])
    #expect(squat.sets[3].target == nil && squat.sets[3].comparison == nil)
    let pullUp = compared.exercises[2]
    #expect(pullUp.sets.map(\.marks) == [[], [.skipped]])
    #expect(pullUp.sets[0].comparison == ["reps": .notCompared])
    #expect(pullUp.sets[1].comparison == nil)
    // The second pull-up entry is beyond the prescription: added, after the prescribed rows.
    #expect(compared.exercises.last?.marks == [.added])
    #expect(compared.exercises.last?.exerciseId == "pull-up")
  }

  @Test func aSubstitutionIsTheTraineesChoiceOrOneOfTheRowsSubstitutes() throws {
    let swapped = PrescribedBesidePerformed.compare(
      Self.payload([
        Self.entry("squat", [Self.set(1, 100, 5)]),
        Self.entry("db-press", [Self.set(1, 24, 10)]),
      ]), KeptPrescription(day: Self.day, substitutions: ["r1": "db-press"]))
    #expect(swapped.exercises[0].exerciseId == "db-press")
    #expect(swapped.exercises[0].prescribedExerciseId == "bench")
    #expect(swapped.exercises[0].marks == [.substituted])
    #expect(swapped.exercises[1].marks == [])
    let substitute = PrescribedBesidePerformed.compare(
      Self.payload([Self.entry("leg-press", [Self.set(1, 140, 8)])]),
      KeptPrescription(day: Self.day))
    #expect(substitute.exercises[1].exerciseId == "leg-press")
    #expect(substitute.exercises[1].marks == [.substituted])
    #expect(substitute.exercises.allSatisfy { !$0.marks.contains(.added) })
  }

  @Test func withoutAPrescriptionThePerformedOnlyMarkedSo() {
    let payload = Self.payload([Self.entry("bench", [Self.set(1, 60, 10)])])
    let compared = PrescribedBesidePerformed.compare(payload, nil)
    #expect(
      compared
        == PrescribedBesidePerformedDto(
          prescription: .none,
          exercises: [
            ExerciseBesidePrescribedDto(
              rowId: nil, prescribedExerciseId: nil, prescribedName: nil, exerciseId: "bench",
              name: "bench", marks: [],
              sets: [
                SetBesidePrescribedDto(
                  setNumber: 1, target: nil, performed: Self.set(1, 60, 10), comparison: nil,
                  marks: [])
              ])
          ]))
  }

  @Test func aRowsSetsTextPrescribesAtMostAHundredSets() {
    let row: [String: JSONValue] = ["sets": .string("999999"), "reps": .number(5)]
    let sets = PrescribedBesidePerformed.prescribedSets(row)
    #expect(sets.count == 100)
    #expect(sets.first?.target == ["reps": "5"])
  }
}
