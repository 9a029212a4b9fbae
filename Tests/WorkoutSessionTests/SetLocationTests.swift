import Foundation
import Testing
import TraineeAPI

@testable import WorkoutSession

/// The set due next (`SetLocation.due(in:)`): round by round across a superset's members.
struct SetLocationTests {
  /// A row of the table: exercises written as `id:group:sets:done` and the set due, if any.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    /// One per exercise: its id, superset group (`-` for none), set count, the set numbers
    /// done, and whether the exercise itself is marked done.
    var exercises: [(id: String, group: String?, sets: Int, done: [Int], completed: Bool)]
    /// `exerciseId` and `setNumber` of the set due, or `nil`.
    var due: (String, Int)?
    /// The exercise whose set was checked last, if any.
    var lastChecked: String? = nil

    var testDescription: String { name }

    var session: WorkoutSession {
      var session = SampleWorkouts.session(
        exercises.map {
          SampleWorkouts.strengthExercise(
            id: "row_" + $0.id, exerciseId: $0.id, supersetGroup: $0.group,
            sets: SampleWorkouts.workingSets($0.sets))
        })
      for (index, exercise) in exercises.enumerated() {
        session.exercises[index].done = exercise.completed
        for set in session.exercises[index].sets.indices
        where exercise.done.contains(session.exercises[index].sets[set].setNumber) {
          session.exercises[index].sets[set].done = true
        }
      }
      session.lastChecked = lastChecked
      return session
    }

    /// The location `due` names in `session`.
    var expected: SetLocation? {
      due.flatMap { SetLocation(exerciseId: $0.0, setNumber: $0.1, in: session) }
    }
  }

  static let cases: [Case] = [
    Case(
      name: "straight sets: the first open set",
      exercises: [("ex_squat", nil, 3, [1], false), ("ex_row", nil, 2, [], false)],
      due: ("ex_squat", 2)),
    Case(
      name: "two members, nothing done: the lead's first set",
      exercises: [("ex_bench", "A", 3, [], false), ("ex_cable", "A", 3, [], false)],
      due: ("ex_bench", 1)),
    Case(
      name: "two members, the lead's set 1 done: the partner's set 1",
      exercises: [("ex_bench", "A", 3, [1], false), ("ex_cable", "A", 3, [], false)],
      due: ("ex_cable", 1)),
    Case(
      name: "two members, round 1 done: the lead's set 2",
      exercises: [("ex_bench", "A", 3, [1], false), ("ex_cable", "A", 3, [1], false)],
      due: ("ex_bench", 2)),
    Case(
      name: "three members, the first two done in round 1: the third",
      exercises: [
        ("ex_a", "A", 3, [1], false), ("ex_b", "A", 3, [1], false), ("ex_c", "A", 3, [], false),
      ],
      due: ("ex_c", 1)),
    Case(
      name: "three members, round 1 done: the first member's set 2",
      exercises: [
        ("ex_a", "A", 3, [1], false), ("ex_b", "A", 3, [1], false), ("ex_c", "A", 3, [1], false),
      ],
      due: ("ex_a", 2)),
    Case(
      name: "uneven: the member with more sets finishes alone",
      exercises: [("ex_a", "A", 3, [1, 2], false), ("ex_b", "A", 2, [1, 2], false)],
      due: ("ex_a", 3)),
    Case(
      name: "uneven: a later member with more sets finishes alone",
      exercises: [("ex_a", "A", 2, [1, 2], false), ("ex_b", "A", 4, [1, 2], false)],
      due: ("ex_b", 3)),
    Case(
      name: "a member completed early is skipped",
      exercises: [
        ("ex_a", "A", 3, [1], false), ("ex_b", "A", 3, [1, 2, 3], true),
        ("ex_c", "A", 3, [], false),
      ],
      due: ("ex_c", 1)),
    Case(
      name: "a member marked done with open sets is skipped, as by nextExercise",
      exercises: [("ex_a", "A", 3, [1], false), ("ex_b", "A", 3, [], true)],
      due: ("ex_a", 2)),
    Case(
      name: "a set unchecked mid-round: the earliest open round",
      exercises: [("ex_a", "A", 3, [2], false), ("ex_b", "A", 3, [1], false)],
      due: ("ex_a", 1)),
    Case(
      name: "a partner's set unchecked after the next round began",
      exercises: [("ex_a", "A", 3, [1, 2], false), ("ex_b", "A", 3, [2], false)],
      due: ("ex_b", 1)),
    Case(
      name: "a set done out of turn: the round is still the earliest open one",
      exercises: [("ex_a", "A", 3, [], false), ("ex_b", "A", 3, [1], false)],
      due: ("ex_a", 1)),
    Case(
      name: "the group's members need not be next to each other",
      exercises: [
        ("ex_a", "A", 2, [1], false), ("ex_plank", nil, 2, [], false),
        ("ex_b", "A", 2, [], false),
      ],
      due: ("ex_b", 1)),
    Case(
      name: "a finished superset hands over to the next exercise",
      exercises: [
        ("ex_a", "A", 2, [1, 2], true), ("ex_b", "A", 2, [1, 2], true),
        ("ex_c", "B", 2, [], false), ("ex_d", "B", 2, [], false),
      ],
      due: ("ex_c", 1)),
    Case(
      name: "an empty superset group is no superset",
      exercises: [("ex_a", "", 3, [1], false), ("ex_b", "", 3, [], false)],
      due: ("ex_a", 2)),
    Case(
      name: "another group does not take part in the round",
      exercises: [("ex_a", "A", 3, [1], false), ("ex_b", "B", 3, [], false)],
      due: ("ex_a", 2)),
    // Issue 29 item 7: a trainee working out of order goes on where they are.
    Case(
      name: "out of order: the exercise checked last goes on",
      exercises: [("ex_squat", nil, 4, [1, 2], false), ("ex_rdl", nil, 3, [1], false)],
      due: ("ex_rdl", 2), lastChecked: "ex_rdl"),
    Case(
      name: "out of order: a superset member checked first goes on to its partner",
      exercises: [
        ("ex_bench", nil, 2, [], false), ("ex_dips", "A", 1, [1], true),
        ("ex_pushdown", "A", 1, [], false),
      ],
      due: ("ex_pushdown", 1), lastChecked: "ex_dips"),
    Case(
      name: "out of order in a superset: the earliest open round of its group",
      exercises: [
        ("ex_plank", nil, 2, [], false), ("ex_a", "A", 3, [], false),
        ("ex_b", "A", 3, [1], false),
      ],
      due: ("ex_a", 1), lastChecked: "ex_b"),
    Case(
      name: "the exercise checked last is done: the first open exercise",
      exercises: [("ex_squat", nil, 3, [1], false), ("ex_rdl", nil, 2, [1, 2], true)],
      due: ("ex_squat", 2), lastChecked: "ex_rdl"),
    Case(
      name: "the exercise checked last is gone (swapped): the first open exercise",
      exercises: [("ex_squat", nil, 3, [1], false), ("ex_rdl", nil, 2, [], false)],
      due: ("ex_squat", 2), lastChecked: "ex_swapped_away"),
    Case(
      name: "every set done: nothing is due",
      exercises: [("ex_a", "A", 1, [1], true), ("ex_b", "A", 1, [1], true)],
      due: nil),
  ]

  @Test(arguments: cases)
  func theSetDueNext(_ row: Case) {
    #expect(SetLocation.due(in: row.session) == row.expected)
    if let due = row.due { #expect(row.expected != nil, "\(due) is not in the session") }
  }

  @Test func noSessionOrNoExercisesHasNoSetDue() {
    #expect(SetLocation.due(in: nil) == nil)
    #expect(SetLocation.due(in: SampleWorkouts.session([])) == nil)
  }

  /// Checking whatever is due, again and again: the order the trainee is led through.
  static func order(_ session: WorkoutSession) -> [String] {
    var state = WorkoutState(session: session)
    var order: [String] = []
    while let due = SetLocation.due(in: state.session), order.count < 50 {
      order.append("\(due.exerciseId) \(due.setNumber)")
      SampleWorkouts.applySession(
        [.toggleSet(exerciseId: due.exerciseId, setNumber: due.setNumber)], to: &state)
    }
    return order
  }

  @Test func membersAlternateRoundByRoundThenTheWorkoutGoesOn() {
    let session = SampleWorkouts.session([
      SampleWorkouts.strengthExercise(
        id: "row_a", exerciseId: "ex_a", supersetGroup: "A",
        sets: SampleWorkouts.workingSets(3)),
      SampleWorkouts.strengthExercise(
        id: "row_b", exerciseId: "ex_b", supersetGroup: "A",
        sets: SampleWorkouts.workingSets(2)),
      SampleWorkouts.strengthExercise(
        id: "row_c", exerciseId: "ex_c", supersetGroup: "A",
        sets: SampleWorkouts.workingSets(3)),
      SampleWorkouts.strengthExercise(
        id: "row_d", exerciseId: "ex_d", sets: SampleWorkouts.workingSets(2)),
    ])

    #expect(
      Self.order(session) == [
        "ex_a 1", "ex_b 1", "ex_c 1", "ex_a 2", "ex_b 2", "ex_c 2", "ex_a 3", "ex_c 3", "ex_d 1",
        "ex_d 2",
      ])
  }

  /// The case: an RDL warm-up checked while squat set 3 is open; the RDL goes on (its
  /// next set) until it is done, and only then the squat's set 3 is due again.
  @Test func aWarmUpCheckedOutOfOrderGoesOnUntilItsExerciseIsDone() throws {
    var state = SampleWorkouts.state([
      SampleWorkouts.strengthExercise(
        id: "row_squat", exerciseId: "ex_squat", sets: SampleWorkouts.workingSets(3)),
      SampleWorkouts.strengthExercise(
        id: "row_rdl", exerciseId: "ex_rdl", sets: SampleWorkouts.workingSets(2)),
    ])
    SampleWorkouts.applySession(
      [
        .toggleSet(exerciseId: "ex_squat", setNumber: 1),
        .toggleSet(exerciseId: "ex_squat", setNumber: 2),
        .addWarmUpSets(exerciseId: "ex_rdl", sets: [WarmUpSet(weight: "40", reps: "5")]),
        .toggleSet(exerciseId: "ex_rdl", setNumber: 1),
      ], to: &state)
    #expect(state.session?.lastChecked == "ex_rdl")
    let session = try #require(state.session)
    #expect(Self.order(session) == ["ex_rdl 2", "ex_rdl 3", "ex_squat 3"])
  }

  @Test func uncheckingKeepsTheExerciseCheckedLast() {
    var state = SampleWorkouts.state([
      SampleWorkouts.strengthExercise(
        id: "row_squat", exerciseId: "ex_squat", sets: SampleWorkouts.workingSets(3)),
      SampleWorkouts.strengthExercise(
        id: "row_rdl", exerciseId: "ex_rdl", sets: SampleWorkouts.workingSets(2)),
    ])
    SampleWorkouts.applySession(
      [
        .toggleSet(exerciseId: "ex_rdl", setNumber: 1),
        .toggleSet(exerciseId: "ex_squat", setNumber: 1),
        .toggleSet(exerciseId: "ex_squat", setNumber: 1),
      ], to: &state)
    // The uncheck leaves `lastChecked` on the squat, which is open: its set 1 is due.
    #expect(
      SetLocation.due(in: state.session)
        == SetLocation(exerciseIndex: 0, setIndex: 0, exerciseId: "ex_squat", setNumber: 1))
  }

  @Test func theExerciseCheckedLastSurvivesAnEncodingAndIsLeftOutBeforeAnyCheck() throws {
    var state = SampleWorkouts.state([
      SampleWorkouts.strengthExercise(
        id: "row_squat", exerciseId: "ex_squat", sets: SampleWorkouts.workingSets(2))
    ])
    let fresh = try JSONEncoder().encode(state.session)
    #expect(!String(decoding: fresh, as: UTF8.self).contains("lastChecked"))
    SampleWorkouts.applySession([.toggleSet(exerciseId: "ex_squat", setNumber: 1)], to: &state)
    let data = try JSONEncoder().encode(state.session)
    #expect(try JSONDecoder().decode(WorkoutSession.self, from: data) == state.session)
  }

  @Test func aSubstituteInASupersetStartsAtTheEarliestOpenRound() {
    var state = SampleWorkouts.state([
      SampleWorkouts.strengthExercise(
        id: "row_bench", exerciseId: "ex_bench", name: "Bench press", supersetGroup: "A"),
      SampleWorkouts.strengthExercise(
        id: "row_row", exerciseId: "ex_cable", name: "Cable row", supersetGroup: "A",
        substitutes: [SubstituteDto(exerciseId: "ex_db_row", name: "Dumbbell row")]),
    ])
    SampleWorkouts.applySession(
      [
        .toggleSet(exerciseId: "ex_bench", setNumber: 1),
        .toggleSet(exerciseId: "ex_cable", setNumber: 1),
        .substitute(exerciseId: "ex_cable", option: "ex_db_row"),
      ], to: &state)

    // The swap clears the row's done flags: its set 1 is open, so round 1 is due again.
    #expect(
      SetLocation.due(in: state.session)
        == SetLocation(exerciseIndex: 1, setIndex: 0, exerciseId: "ex_db_row", setNumber: 1))

    SampleWorkouts.applySession([.toggleSet(exerciseId: "ex_db_row", setNumber: 1)], to: &state)
    #expect(
      SetLocation.due(in: state.session)
        == SetLocation(exerciseIndex: 0, setIndex: 1, exerciseId: "ex_bench", setNumber: 2))
  }

  @Test func aLocationNamesTheSetTheActionsReach() throws {
    let session = SampleWorkouts.session([
      SampleWorkouts.benchPress(), SampleWorkouts.seatedRow(),
    ])
    let location = try #require(SetLocation(exerciseId: "ex_row", setNumber: 2, in: session))

    #expect(
      location == SetLocation(exerciseIndex: 1, setIndex: 1, exerciseId: "ex_row", setNumber: 2))
    #expect(location.set(in: session) == session.exercises[1].sets[1])
    #expect(SetLocation(exerciseId: "ex_row", setNumber: 3, in: session) == nil)
    #expect(SetLocation(exerciseId: "ex_squat", setNumber: 1, in: session) == nil)
  }

  @Test func aFinishedWorkoutHasNoSetDue() {
    var session = SampleWorkouts.session([SampleWorkouts.benchPress()])
    #expect(SetLocation.due(in: session)?.setNumber == 1)
    session.finishedAt = Date(timeIntervalSince1970: 1_767_607_200)
    #expect(SetLocation.due(in: session) == nil)
  }
}
