import Foundation
import Testing
import TraineeAPI

@testable import WorkoutSession

/// The pure mappings of docs/behaviour.md, "The live workout" (data in): findDay, getLiveWorkout, dayToLive,
/// restToSeconds, makeSets, targets, last time's values, cardio rows and the overview.
struct ProgramMappingTests {
  /// The issue's example day.
  private static let pushDay = ProgramDayDto(
    id: "day_push", label: "Day 1", title: "Push", subtitle: "Chest and triceps",
    heroImage: "https://img.example/push.jpg", rirColumn: true,
    strength: [
      StrengthDto(
        id: "row_1", exerciseId: "ex_bench", name: "Bench press", sets: "3-4", reps: "8-10",
        weight: "60", rest: "1:30", tempo: "3-0-1-0", videoRequired: false,
        setRows: [SetRowDto(setNumber: 1, type: .warmup, reps: "12", weight: "40")],
        lastSets: [LastSetDto(setNumber: 1, weight: "57.5", reps: "10")],
        best: BestDto(weight: 80, reps: 5),
        substitutes: [SubstituteDto(exerciseId: "ex_db_bench", name: "Dumbbell bench press")])
    ],
    cardio: [CardioDto(id: "row_9", exerciseId: "ex_treadmill", name: "Treadmill", sets: "1")])

  /// Two plans that both have a day `day_a`; only the second has `day_b`.
  private static let twoPlans = TrainingProgramsDto(plans: [
    ProgramPlanDto(
      id: "plan_1", name: "Block 1",
      days: [ProgramDayDto(id: "day_a", title: "A in block 1")]),
    ProgramPlanDto(
      id: "plan_2", name: "Block 2",
      days: [
        ProgramDayDto(id: "day_a", title: "A in block 2"),
        ProgramDayDto(id: "day_b", title: "B in block 2"),
      ]),
  ])

  private static func row(
    sets: String? = nil, reps: String? = nil, weight: String? = nil,
    setRows: [SetRowDto] = [], lastSets: [LastSetDto] = []
  ) -> StrengthDto {
    StrengthDto(
      id: "row", exerciseId: "ex", name: "Lift", sets: sets, reps: reps, weight: weight,
      setRows: setRows, lastSets: lastSets)
  }

  // MARK: findDay and getLiveWorkout

  @Test func findDayWithPlanIdLooksOnlyInThatPlan() {
    let found = findDay(Self.twoPlans, dayId: "day_a", planId: "plan_2")
    #expect(found?.plan.id == "plan_2")
    #expect(found?.day == ProgramDayDto(id: "day_a", title: "A in block 2"))
    #expect(findDay(Self.twoPlans, dayId: "day_b", planId: "plan_1") == nil)
  }

  @Test func findDayWithoutPlanIdTakesTheFirstPlanHavingTheDay() {
    let first = findDay(Self.twoPlans, dayId: "day_a", planId: nil)
    #expect(first?.plan.id == "plan_1")
    #expect(first?.day == ProgramDayDto(id: "day_a", title: "A in block 1"))
    let onlyInSecond = findDay(Self.twoPlans, dayId: "day_b", planId: nil)
    #expect(onlyInSecond?.plan.id == "plan_2")
    #expect(onlyInSecond?.day == ProgramDayDto(id: "day_b", title: "B in block 2"))
  }

  @Test(arguments: [
    ("day_missing", String?.none), ("day_missing", "plan_1"), ("day_a", "plan_missing"),
  ])
  func findDayOfAMissingDayIsNil(dayId: String, planId: String?) {
    #expect(findDay(Self.twoPlans, dayId: dayId, planId: planId) == nil)
  }

  @Test func getLiveWorkoutMapsTheDayOfTheRequestedPlan() {
    let live = getLiveWorkout(Self.twoPlans, dayId: "day_a", planId: "plan_2")
    #expect(live == LiveWorkout(dayId: "day_a", programId: "plan_2", title: "A in block 2"))
  }

  @Test func getLiveWorkoutWithoutPlanIdTakesTheDaysOwnPlan() {
    let live = getLiveWorkout(Self.twoPlans, dayId: "day_b", planId: nil)
    #expect(live == LiveWorkout(dayId: "day_b", programId: "plan_2", title: "B in block 2"))
  }

  @Test(arguments: [
    ("day_missing", String?.none), ("day_missing", "plan_2"), ("day_b", "plan_1"),
  ])
  func getLiveWorkoutOfAMissingDayIsEmptyWithoutProgram(dayId: String, planId: String?) {
    let live = getLiveWorkout(Self.twoPlans, dayId: dayId, planId: planId)
    #expect(live == LiveWorkout(dayId: dayId, programId: nil))
    #expect(live.programId == nil)
    #expect(live.exercises.isEmpty)
  }

  // MARK: dayToLive

  @Test func dayToLiveMapsEveryFieldOfTheIssueExample() {
    let expected = LiveWorkout(
      dayId: "day_push", programId: "plan_1", dayLabel: "Day 1", title: "Push",
      subtitle: "Chest and triceps", heroImage: "https://img.example/push.jpg", rirColumn: true,
      exercises: [
        WorkoutExercise(
          id: "row_1", exerciseId: "ex_bench", name: "Bench press", image: nil, kind: .strength,
          restSeconds: 90, tempo: "3-0-1-0", supersetGroup: nil, videoRequired: false,
          coachFeedback: nil, setsLabel: "3-4", best: BestDto(weight: 80, reps: 5),
          substitutes: [SubstituteDto(exerciseId: "ex_db_bench", name: "Dumbbell bench press")],
          sets: [
            ExerciseSet(
              setNumber: 1, type: .warmup, targetReps: 12, targetRepsLabel: "12",
              targetWeight: 40, lastWeight: "57.5", lastReps: "10")
          ]),
        WorkoutExercise(
          id: "row_9", exerciseId: "ex_treadmill", name: "Treadmill", kind: .cardio,
          restSeconds: 0, setsLabel: "1", sets: [ExerciseSet(setNumber: 1)]),
      ])
    #expect(dayToLive(Self.pushDay, planId: "plan_1", units: .metric) == expected)
  }

  @Test func dayToLiveCarriesRowFlagsAndFeedback() {
    let feedback = CoachFeedbackDto(videoId: "vid_1", message: "Elbows in")
    let day = ProgramDayDto(
      id: "d",
      strength: [
        StrengthDto(
          id: "r", exerciseId: "e", name: "Row", image: "https://img.example/row.jpg",
          rest: "45", supersetGroup: "A", videoRequired: true, coachFeedback: feedback)
      ])
    let exercise = dayToLive(day, planId: nil, units: .metric).exercises.first
    #expect(exercise?.image == "https://img.example/row.jpg")
    #expect(exercise?.restSeconds == 45)
    #expect(exercise?.supersetGroup == "A")
    #expect(exercise?.videoRequired == true)
    #expect(exercise?.coachFeedback == feedback)
    #expect(exercise?.setsLabel == nil)
  }

  @Test func dayToLiveOfABareDayUsesDefaults() {
    let live = dayToLive(ProgramDayDto(id: "d"), planId: "p", units: .metric)
    #expect(
      live
        == LiveWorkout(
          dayId: "d", programId: "p", dayLabel: "", title: "", subtitle: "", heroImage: "",
          rirColumn: false, exercises: []))
  }

  @Test func dayToLivePutsStrengthRowsBeforeCardioRowsInOrder() {
    let day = ProgramDayDto(
      id: "d",
      strength: [
        StrengthDto(id: "r1", exerciseId: "squat", name: "Squat"),
        StrengthDto(id: "r2", exerciseId: "press", name: "Press"),
      ],
      cardio: [CardioDto(id: "c1", exerciseId: "bike", name: "Bike")])
    let live = dayToLive(day, planId: nil, units: .metric)
    #expect(live.exercises.map(\.exerciseId) == ["squat", "press", "bike"])
    #expect(live.exercises.map(\.kind) == [.strength, .strength, .cardio])
  }

  // MARK: restToSeconds

  @Test(arguments: [
    ("1:30", 90), ("01:30", 90), ("0:45", 45), ("2:00", 120), ("10:05", 605), (" 1:30 ", 90),
    ("0:00", 0), ("99:59", 5999),
  ])
  func restToSecondsReadsMinutesAndSeconds(rest: String, seconds: Int) {
    #expect(restToSeconds(rest) == seconds)
  }

  @Test(arguments: [
    ("90", 90), (" 90 ", 90), ("90\n", 90), ("\t90\r\n", 90), ("0", 0), ("045", 45), ("300", 300),
  ])
  func restToSecondsReadsAPlainNumberAsSeconds(rest: String, seconds: Int) {
    #expect(restToSeconds(rest) == seconds)
  }

  @Test(arguments: [
    ("90s", 90), ("90 s", 90), ("90sec", 90), ("90 sec", 90), ("90secs", 90), ("90 secs", 90),
    ("45 S", 45), ("60 Sec", 60), ("0s", 0),
  ])
  func restToSecondsReadsSecondsWithAUnit(rest: String, seconds: Int) {
    #expect(restToSeconds(rest) == seconds)
  }

  @Test(arguments: [
    ("2m", 120), ("2 m", 120), ("2min", 120), ("2 min", 120), ("2mins", 120), ("3 mins", 180),
    ("2 MIN", 120), ("1 Min", 60), ("0 min", 0),
  ])
  func restToSecondsReadsMinutesWithAUnit(rest: String, seconds: Int) {
    #expect(restToSeconds(rest) == seconds)
  }

  /// Decimals, mixed units, words and anything around the number are no rest, not the leading
  /// digits: `2 min` must not become 2 seconds, nor `1.5` one second.
  @Test(arguments: [
    "", "   ", "abc", "1.5", "1,5", "1.5 min", "1m30s", "1m 30s", "1 min 30", "2 minutes",
    "90 seconds", "90ss", "2 h", "rest 90", "90s rest", "~90", "-90", "+90", "2-3 min", "60-90",
    "1:75", "1:5", ":30", "1:", "123:00", "1:30:00", "1:30 min", "1 :30", "1: 30", "½",
  ])
  func restToSecondsRefusesAnythingElseAsNoRest(rest: String) {
    #expect(restToSeconds(rest) == 0)
  }

  @Test(arguments: [
    ("86400", 86_400), ("86401", 86_400), ("1440 min", 86_400), ("9999 min", 86_400),
    ("99999999999999999999", 86_400), ("99999999999999999999 min", 86_400),
  ])
  func restToSecondsIsAtMostADay(rest: String, seconds: Int) {
    #expect(restToSeconds(rest) == seconds)
  }

  @Test func restToSecondsOfNilIsZero() {
    #expect(restToSeconds(nil) == 0)
  }

  // MARK: makeSets

  @Test(arguments: [
    (String?.none, 3), ("3-4", 3), ("0", 3), ("AMRAP", 3), ("", 3), ("5", 5), ("x4", 4),
    ("1", 1), ("30", 30), ("31", 30), ("300", 30),
  ])
  func makeSetsWithoutSetRowsMakesFirstNumberOrThreeWorkingSets(sets: String?, count: Int) {
    let made = makeSets(Self.row(sets: sets, reps: "8-10", weight: "60"))
    let expected = (1...count).map {
      ExerciseSet(
        setNumber: $0, type: .working, targetReps: 8, targetRepsLabel: "8-10", targetWeight: 60)
    }
    #expect(made == expected)
  }

  @Test func makeSetsUsesSetRowsWithPerRowTargetsFallingBackToTheRow() {
    let row = Self.row(
      sets: "5", reps: "8-10", weight: "60",
      setRows: [
        SetRowDto(setNumber: 1, type: .warmup, reps: "12", weight: "40"),
        SetRowDto(setNumber: 2, type: .working),
        SetRowDto(setNumber: 3, type: .drop, weight: "45"),
        SetRowDto(setNumber: 4, type: .failure, reps: "AMRAP"),
        SetRowDto(setNumber: 5, type: .other, reps: "6"),
      ])
    let expected = [
      ExerciseSet(
        setNumber: 1, type: .warmup, targetReps: 12, targetRepsLabel: "12", targetWeight: 40),
      ExerciseSet(
        setNumber: 2, type: .working, targetReps: 8, targetRepsLabel: "8-10", targetWeight: 60),
      ExerciseSet(
        setNumber: 3, type: .drop, targetReps: 8, targetRepsLabel: "8-10", targetWeight: 45),
      ExerciseSet(
        setNumber: 4, type: .failure, targetReps: nil, targetRepsLabel: "AMRAP",
        targetWeight: 60),
      ExerciseSet(
        setNumber: 5, type: .other, targetReps: 6, targetRepsLabel: "6", targetWeight: 60),
    ]
    #expect(makeSets(row) == expected)
  }

  @Test func makeSetsWithSetRowsIgnoresTheSetsText() {
    let row = Self.row(
      sets: "5", setRows: [SetRowDto(setNumber: 1), SetRowDto(setNumber: 2, type: .drop)])
    #expect(makeSets(row) == [ExerciseSet(setNumber: 1), ExerciseSet(setNumber: 2, type: .drop)])
  }

  @Test func makeSetsStartsEverySetEmpty() {
    let row = Self.row(
      sets: "2", reps: "10", weight: "60", lastSets: [LastSetDto(setNumber: 1, weight: "55")])
    for set in makeSets(row) {
      let entered = [set.weight, set.reps, set.rir, set.rm, set.duration, set.distance, set.rpe]
      #expect(entered == ["", "", "", "", "", "", ""])
      #expect(set.done == false)
      #expect(set.isPr == false)
    }
  }

  @Test(arguments: [
    (String?.none, Int?.none, ""), ("8-10", 8, "8-10"), ("12", 12, "12"), (" 8 ", 8, "8"),
    ("AMRAP", nil, "AMRAP"), ("x12", 12, "x12"), ("", nil, ""),
  ])
  func targetRepsIsTheFirstNumberOfRepsWithTheLabelKept(
    reps: String?, targetReps: Int?, label: String
  ) {
    let set = makeSets(Self.row(sets: "1", reps: reps)).first
    #expect(set?.targetReps == targetReps)
    #expect(set?.targetRepsLabel == label)
  }

  @Test(arguments: [
    (String?.none, UnitSystem.metric, Double?.none), ("60", .metric, 60),
    ("62,5 kg", .metric, 62.5),
    ("62.5", .metric, 62.5), ("BW", .metric, nil), ("60", .imperial, 132.3),
    ("100", .imperial, 220.5), ("40", .imperial, 88.2), (nil, .imperial, nil),
  ])
  func targetWeightComesFromWeightInTheTraineesUnit(
    weight: String?, units: UnitSystem, targetWeight: Double?
  ) {
    let set = makeSets(Self.row(sets: "1", weight: weight), units: units).first
    #expect(set?.targetWeight == targetWeight)
  }

  // MARK: last time's values

  @Test func lastValuesAreMatchedBySetNumberFallingBackToTheLastEntry() {
    let row = Self.row(
      sets: "4",
      lastSets: [
        LastSetDto(setNumber: 2, weight: "55", reps: "8"),
        LastSetDto(setNumber: 1, weight: "57.5", reps: "10"),
      ])
    let sets = dayToLive(ProgramDayDto(id: "d", strength: [row]), planId: nil, units: .metric)
      .exercises[0].sets
    #expect(sets.map(\.lastWeight) == ["57.5", "55", "57.5", "57.5"])
    #expect(sets.map(\.lastReps) == ["10", "8", "10", "10"])
  }

  @Test func lastValuesAreEmptyWithoutHistory() {
    let row = Self.row(sets: "2", reps: "10", weight: "60")
    let sets = dayToLive(ProgramDayDto(id: "d", strength: [row]), planId: nil, units: .metric)
      .exercises[0].sets
    #expect(sets.map(\.lastWeight) == ["", ""])
    #expect(sets.map(\.lastReps) == ["", ""])
  }

  @Test func lastValuesFollowSetRowNumbers() {
    let row = Self.row(
      setRows: [SetRowDto(setNumber: 1, type: .warmup), SetRowDto(setNumber: 2)],
      lastSets: [
        LastSetDto(setNumber: 1, weight: "20", reps: "15"),
        LastSetDto(setNumber: 2, weight: "60", reps: "8"),
      ])
    let sets = dayToLive(ProgramDayDto(id: "d", strength: [row]), planId: nil, units: .metric)
      .exercises[0].sets
    #expect(sets.map(\.lastWeight) == ["20", "60"])
    #expect(sets.map(\.lastReps) == ["15", "8"])
  }

  @Test(arguments: [
    ("57.5", UnitSystem.metric, "57.5"), ("60", .metric, "60"), ("57.5", .imperial, "126.8"),
    ("100", .imperial, "220.5"), ("60", .imperial, "132.3"), (" 57.5 ", .metric, "57.5"),
    ("n/a", .metric, ""), ("n/a", .imperial, ""),
  ])
  func lastWeightIsShownInTheTraineesUnit(kilograms: String, units: UnitSystem, shown: String) {
    let row = Self.row(
      sets: "1", lastSets: [LastSetDto(setNumber: 1, weight: kilograms, reps: "5")])
    let set = dayToLive(ProgramDayDto(id: "d", strength: [row]), planId: nil, units: units)
      .exercises[0].sets[0]
    #expect(set.lastWeight == shown)
    #expect(set.lastReps == "5")
  }

  @Test(arguments: [
    (String?.some("10"), "10"), (" 8 ", "8"), (nil, ""), ("", ""), ("10.5", ""), ("8-10", ""),
    ("5 reps", ""),
  ])
  func lastRepsIsAPlaceholderOnlyWhenAWholeNumber(reps: String?, shown: String) {
    let row = Self.row(
      sets: "1", lastSets: [LastSetDto(setNumber: 1, weight: "50", reps: reps)])
    let set = dayToLive(ProgramDayDto(id: "d", strength: [row]), planId: nil, units: .metric)
      .exercises[0].sets[0]
    #expect(set.lastReps == shown)
  }

  @Test func emptySetWithUnreadableHistoryCanStillBeChecked() throws {
    let row = Self.row(
      sets: "1", reps: "8", lastSets: [LastSetDto(setNumber: 1, weight: "50", reps: "10.5")])
    let live = dayToLive(ProgramDayDto(id: "d", strength: [row]), planId: nil, units: .metric)
    var state = WorkoutState()
    let now = Date(timeIntervalSince1970: 1_767_607_200)
    _ = state.applySession(.start(live, units: .metric), now: now)
    let effects = state.applySession(.toggleSet(exerciseId: "ex", setNumber: 1), now: now)
    #expect(!effects.contains { $0.name == "actionRefused" })
    let set = try #require(state.session?.exercises.first?.sets.first)
    #expect(set.done)
    #expect(set.weight == "50")
    #expect(set.reps == "")
  }

  @Test func lastSetFindsTheMatchingEntryOrTheLastOne() {
    let history = [
      LastSetDto(setNumber: 1, weight: "50", reps: "10"),
      LastSetDto(setNumber: 2, weight: "55", reps: "8"),
    ]
    #expect(lastSet(history, setNumber: 1) == history[0])
    #expect(lastSet(history, setNumber: 2) == history[1])
    #expect(lastSet(history, setNumber: 7) == history[1])
    #expect(lastSet([], setNumber: 1) == nil)
  }

  // MARK: cardio rows

  @Test func cardioRowsBecomeCardioExercisesWithEmptyCardioSets() {
    let day = ProgramDayDto(
      id: "d",
      cardio: [
        CardioDto(
          id: "c1", exerciseId: "ex_row", name: "Rower", image: "https://img.example/row.jpg",
          sets: "2", rest: "1:00")
      ])
    let expected = WorkoutExercise(
      id: "c1", exerciseId: "ex_row", name: "Rower", image: "https://img.example/row.jpg",
      kind: .cardio, restSeconds: 60, setsLabel: "2",
      sets: [
        ExerciseSet(setNumber: 1, duration: "", distance: "", rpe: ""),
        ExerciseSet(setNumber: 2, duration: "", distance: "", rpe: ""),
      ])
    #expect(dayToLive(day, planId: nil, units: .metric).exercises == [expected])
  }

  @Test func cardioSetsCarryNoStrengthTargetsOrHistory() {
    let day = ProgramDayDto(
      id: "d", cardio: [CardioDto(id: "c", exerciseId: "ex_bike", name: "Bike", sets: "1")])
    let set = dayToLive(day, planId: nil, units: .imperial).exercises[0].sets[0]
    #expect(set == ExerciseSet(setNumber: 1))
  }

  // MARK: getOverview

  @Test func overviewCountsExercisesAndSetsOfEveryDay() {
    let programs = TrainingProgramsDto(plans: [
      ProgramPlanDto(
        id: "plan_1", name: "Strength block",
        days: [
          Self.pushDay,
          ProgramDayDto(
            id: "day_legs", label: "Day 2", title: "Legs",
            strength: [
              StrengthDto(id: "r1", exerciseId: "squat", name: "Squat", sets: "5"),
              StrengthDto(id: "r2", exerciseId: "lunge", name: "Lunge", sets: "AMRAP"),
            ],
            cardio: [CardioDto(id: "c1", exerciseId: "bike", name: "Bike", sets: "2")]),
        ]),
      ProgramPlanDto(id: "plan_2", name: "Empty block", days: [ProgramDayDto(id: "day_rest")]),
    ])
    let expected = WorkoutsOverview(plans: [
      WorkoutsOverview.Plan(
        id: "plan_1", name: "Strength block",
        days: [
          WorkoutsOverview.Day(
            id: "day_push", label: "Day 1", title: "Push", subtitle: "Chest and triceps",
            heroImage: "https://img.example/push.jpg", exerciseCount: 2, setCount: 2),
          WorkoutsOverview.Day(
            id: "day_legs", label: "Day 2", title: "Legs", subtitle: "", heroImage: "",
            exerciseCount: 3, setCount: 10),
        ]),
      WorkoutsOverview.Plan(
        id: "plan_2", name: "Empty block",
        days: [
          WorkoutsOverview.Day(
            id: "day_rest", label: "", title: "", subtitle: "", heroImage: "", exerciseCount: 0,
            setCount: 0)
        ]),
    ])
    #expect(getOverview(programs) == expected)
  }

  @Test func overviewOfNoPlansIsEmpty() {
    #expect(getOverview(TrainingProgramsDto(plans: [])) == WorkoutsOverview(plans: []))
  }
}
