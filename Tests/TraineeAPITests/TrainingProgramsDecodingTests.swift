import Foundation
import Testing

@testable import TraineeAPI

/// `GET /v1/trainee/workouts` as docs/behaviour.md ("The live workout") and docs/architecture.md describe
/// it: the example decodes, everything but ids and names is optional, unknown fields are ignored,
/// and a malformed payload is a `PayloadError` naming the field.
struct TrainingProgramsDecodingTests {
  /// The issue's example, verbatim.
  private static let issueExample = """
    { "plans": [ { "id": "plan_1", "name": "Strength block", "days": [ {
        "id": "day_push", "label": "Day 1", "title": "Push", "subtitle": "Chest and triceps",
        "heroImage": "https://img.example/push.jpg", "rirColumn": true,
        "strength": [ {
          "id": "row_1", "exerciseId": "ex_bench", "name": "Bench press", "image": null,
          "sets": "3-4", "reps": "8-10", "weight": "60", "rest": "1:30", "tempo": "3-0-1-0",
          "supersetGroup": null, "videoRequired": false, "coachFeedback": null,
          "setRows": [ { "setNumber": 1, "type": "warmup", "reps": "12", "weight": "40" } ],
          "lastSets": [ { "setNumber": 1, "weight": "57.5", "reps": "10" } ],
          "best": { "weight": 80, "reps": 5 },
          "substitutes": [ { "exerciseId": "ex_db_bench", "name": "Dumbbell bench press",
                             "image": null, "lastSets": [], "best": null } ] } ],
        "cardio": [ { "id": "row_9", "exerciseId": "ex_treadmill", "name": "Treadmill",
                      "sets": "1" } ]
      } ] } ],
      "movement": null }
    """

  private static let issueExampleDecoded = TrainingProgramsDto(
    plans: [
      ProgramPlanDto(
        id: "plan_1", name: "Strength block",
        days: [
          ProgramDayDto(
            id: "day_push", label: "Day 1", title: "Push", subtitle: "Chest and triceps",
            heroImage: "https://img.example/push.jpg", rirColumn: true,
            strength: [
              StrengthDto(
                id: "row_1", exerciseId: "ex_bench", name: "Bench press", image: nil,
                sets: "3-4", reps: "8-10", weight: "60", rest: "1:30", tempo: "3-0-1-0",
                supersetGroup: nil, videoRequired: false, coachFeedback: nil,
                setRows: [SetRowDto(setNumber: 1, type: .warmup, reps: "12", weight: "40")],
                lastSets: [LastSetDto(setNumber: 1, weight: "57.5", reps: "10")],
                best: BestDto(weight: 80, reps: 5),
                substitutes: [
                  SubstituteDto(
                    exerciseId: "ex_db_bench", name: "Dumbbell bench press", image: nil,
                    lastSets: [], best: nil)
                ])
            ],
            cardio: [
              CardioDto(id: "row_9", exerciseId: "ex_treadmill", name: "Treadmill", sets: "1")
            ])
        ])
    ],
    movement: nil)

  @Test func issueExampleDecodesToExpectedValues() throws {
    #expect(try decode(Self.issueExample) == Self.issueExampleDecoded)
  }

  @Test func emptyDocumentDecodesToNoPlans() throws {
    #expect(try decode("{}") == TrainingProgramsDto(plans: []))
    #expect(try decode(#"{ "plans": null, "movement": null }"#) == TrainingProgramsDto(plans: []))
  }

  @Test func minimalRowsDecodeWithDefaults() throws {
    let json = """
      { "plans": [ { "id": "p", "name": "P" }, { "id": "q", "name": "Q", "days": [ {
          "id": "d",
          "strength": [ { "id": "r", "exerciseId": "e", "name": "Row",
                          "setRows": [ { "setNumber": 1 } ], "lastSets": [ { "setNumber": 2 } ],
                          "substitutes": [ { "exerciseId": "s", "name": "Sub" } ] } ],
          "cardio": [ { "id": "c", "exerciseId": "t", "name": "Bike" } ] } ] } ] }
      """
    let expected = TrainingProgramsDto(plans: [
      ProgramPlanDto(id: "p", name: "P", days: []),
      ProgramPlanDto(
        id: "q", name: "Q",
        days: [
          ProgramDayDto(
            id: "d",
            strength: [
              StrengthDto(
                id: "r", exerciseId: "e", name: "Row", setRows: [SetRowDto(setNumber: 1)],
                lastSets: [LastSetDto(setNumber: 2)],
                substitutes: [SubstituteDto(exerciseId: "s", name: "Sub")])
            ],
            cardio: [CardioDto(id: "c", exerciseId: "t", name: "Bike")])
        ]),
    ])
    #expect(try decode(json) == expected)
  }

  @Test func explicitNullsDecodeLikeAbsentFields() throws {
    let json = """
      { "plans": [ { "id": "p", "name": "P", "days": [ {
          "id": "d", "label": null, "title": null, "subtitle": null, "heroImage": null,
          "rirColumn": null,
          "strength": [ {
            "id": "r", "exerciseId": "e", "name": "Row", "image": null, "sets": null,
            "reps": null, "weight": null, "rest": null, "tempo": null, "supersetGroup": null,
            "videoRequired": null, "coachFeedback": null, "lastSets": null,
            "best": null, "substitutes": null,
            "setRows": [ { "setNumber": 1, "type": null, "reps": null, "weight": null } ] } ],
          "cardio": null } ] } ],
        "movement": null }
      """
    let expected = TrainingProgramsDto(plans: [
      ProgramPlanDto(
        id: "p", name: "P",
        days: [
          ProgramDayDto(
            id: "d",
            strength: [
              StrengthDto(
                id: "r", exerciseId: "e", name: "Row", setRows: [SetRowDto(setNumber: 1)])
            ])
        ])
    ])
    #expect(try decode(json) == expected)
  }

  @Test func unknownFieldsAreIgnoredAtEveryLevel() throws {
    let json = """
      { "version": 7, "plans": [ { "id": "plan_1", "name": "Strength block", "owner": "coach",
          "days": [ { "id": "day_push", "label": "Day 1", "title": "Push",
            "subtitle": "Chest and triceps", "heroImage": "https://img.example/push.jpg",
            "rirColumn": true, "weekday": 1,
            "strength": [ {
              "id": "row_1", "exerciseId": "ex_bench", "name": "Bench press", "image": null,
              "sets": "3-4", "reps": "8-10", "weight": "60", "rest": "1:30", "tempo": "3-0-1-0",
              "supersetGroup": null, "videoRequired": false, "coachFeedback": null,
              "notes": { "text": "Pause at the bottom" },
              "setRows": [ { "setNumber": 1, "type": "warmup", "reps": "12", "weight": "40",
                             "cue": 6 } ],
              "lastSets": [ { "setNumber": 1, "weight": "57.5", "reps": "10",
                              "date": "2026-01-01" } ],
              "best": { "weight": 80, "reps": 5, "date": "2025-12-01" },
              "substitutes": [ { "exerciseId": "ex_db_bench", "name": "Dumbbell bench press",
                                 "image": null, "lastSets": [], "best": null,
                                 "equipment": ["dumbbells"] } ] } ],
            "cardio": [ { "id": "row_9", "exerciseId": "ex_treadmill", "name": "Treadmill",
                          "sets": "1", "zone": 2 } ] } ] } ],
        "movement": null }
      """
    #expect(try decode(json) == Self.issueExampleDecoded)
  }

  @Test(arguments: [
    ("warmup", SetType.warmup), ("working", .working), ("drop", .drop), ("failure", .failure),
    ("other", .other), ("superset", .working), ("", .working), ("WARMUP", .working),
  ])
  func setTypeDecodesUnknownKindsAsWorking(raw: String, expected: SetType) throws {
    let row = try JSONDecoder().decode(
      SetRowDto.self, from: Data(#"{ "setNumber": 1, "type": "\#(raw)" }"#.utf8))
    #expect(row == SetRowDto(setNumber: 1, type: expected))
  }

  @Test func setRowWithoutTypeIsWorking() throws {
    let row = try JSONDecoder().decode(SetRowDto.self, from: Data(#"{ "setNumber": 2 }"#.utf8))
    #expect(row == SetRowDto(setNumber: 2, type: .working))
  }

  @Test func freeTextFieldsOfARowAcceptNumbers() throws {
    let json = """
      { "id": "r", "exerciseId": "e", "name": "Row", "sets": 3, "reps": 10, "weight": 57.5,
        "rest": 90, "tempo": 3010, "supersetGroup": 1,
        "setRows": [ { "setNumber": 1, "reps": 12, "weight": 40 } ],
        "lastSets": [ { "setNumber": 1, "weight": 62.5, "reps": 8 } ] }
      """
    let row = try JSONDecoder().decode(StrengthDto.self, from: Data(json.utf8))
    let expected = StrengthDto(
      id: "r", exerciseId: "e", name: "Row", sets: "3", reps: "10", weight: "57.5", rest: "90",
      tempo: "3010", supersetGroup: "1",
      setRows: [SetRowDto(setNumber: 1, reps: "12", weight: "40")],
      lastSets: [LastSetDto(setNumber: 1, weight: "62.5", reps: "8")])
    #expect(row == expected)
  }

  @Test(arguments: [
    ("3", "3"), ("\"3\"", "3"), ("\"3-4\"", "3-4"), ("4.0", "4"), ("2.5", "2.5"), ("0", "0"),
  ])
  func setsTextAcceptsNumberOrString(json: String, expected: String) throws {
    let row = try JSONDecoder().decode(
      CardioDto.self,
      from: Data(#"{ "id": "c", "exerciseId": "t", "name": "Bike", "sets": \#(json) }"#.utf8))
    #expect(row.sets == expected)
  }

  @Test func dayTextFieldsAcceptNumbers() throws {
    let day = try JSONDecoder().decode(
      ProgramDayDto.self, from: Data(#"{ "id": "d", "label": 1, "title": 2 }"#.utf8))
    #expect(day == ProgramDayDto(id: "d", label: "1", title: "2"))
  }

  @Test func coachFeedbackDecodesAnObject() throws {
    let json = """
      { "id": "r", "exerciseId": "e", "name": "Row",
        "coachFeedback": { "videoId": "vid_1", "message": "Keep your elbows in." } }
      """
    let row = try JSONDecoder().decode(StrengthDto.self, from: Data(json.utf8))
    #expect(
      row.coachFeedback == CoachFeedbackDto(videoId: "vid_1", message: "Keep your elbows in."))
  }

  @Test(arguments: [
    #"{ "id": "r", "exerciseId": "e", "name": "Row", "coachFeedback": null }"#,
    #"{ "id": "r", "exerciseId": "e", "name": "Row" }"#,
  ])
  func coachFeedbackNullOrAbsentIsNil(json: String) throws {
    let row = try JSONDecoder().decode(StrengthDto.self, from: Data(json.utf8))
    #expect(row == StrengthDto(id: "r", exerciseId: "e", name: "Row", coachFeedback: nil))
  }

  @Test func movementIsPassedThroughUntouched() throws {
    let json = #"{ "plans": [], "movement": { "steps": [1, "two", true, null] } }"#
    let expected = TrainingProgramsDto(
      plans: [],
      movement: .object(["steps": .array([.number(1), .string("two"), .bool(true), .null])]))
    #expect(try decode(json) == expected)
  }

  /// A day wrapped in a plan, so paths start at `plans[0].days[0]`.
  private static func document(day: String) -> String {
    #"{ "plans": [ { "id": "p", "name": "P", "days": [ \#(day) ] } ] }"#
  }

  /// A strength row wrapped in a day and a plan, so paths start at
  /// `plans[0].days[0].strength[0]`.
  private static func document(strength: String) -> String {
    document(day: #"{ "id": "d", "strength": [ \#(strength) ] }"#)
  }

  @Test(arguments: [
    (
      document(strength: #"{ "id": "r", "name": "Row" }"#),
      PayloadError(field: "plans[0].days[0].strength[0].exerciseId", problem: "is missing")
    ),
    (
      document(strength: #"{ "exerciseId": "e", "name": "Row" }"#),
      PayloadError(field: "plans[0].days[0].strength[0].id", problem: "is missing")
    ),
    (
      document(strength: #"{ "id": "r", "exerciseId": "e" }"#),
      PayloadError(field: "plans[0].days[0].strength[0].name", problem: "is missing")
    ),
    (
      #"{ "plans": [ { "id": "p" } ] }"#,
      PayloadError(field: "plans[0].name", problem: "is missing")
    ),
    (
      #"{ "plans": [ { "name": "P" } ] }"#,
      PayloadError(field: "plans[0].id", problem: "is missing")
    ),
    (
      document(day: #"{ "label": "Day 1" }"#),
      PayloadError(field: "plans[0].days[0].id", problem: "is missing")
    ),
    (
      document(day: #"{ "id": "d", "cardio": [ { "id": "c", "name": "Bike" } ] }"#),
      PayloadError(field: "plans[0].days[0].cardio[0].exerciseId", problem: "is missing")
    ),
    (
      document(
        strength: #"{ "id": "r", "exerciseId": "e", "name": "Row", "substitutes": [ {} ] }"#),
      PayloadError(
        field: "plans[0].days[0].strength[0].substitutes[0].exerciseId", problem: "is missing")
    ),
    (
      #"{ "plans": [ { "id": 7, "name": "P" } ] }"#,
      PayloadError(field: "plans[0].id", problem: "is not text")
    ),
    (
      #"{ "plans": [ { "id": "p", "name": null } ] }"#,
      PayloadError(field: "plans[0].name", problem: "must not be null")
    ),
    (
      document(strength: #"{ "id": "r", "exerciseId": "e", "name": "Row", "sets": true }"#),
      PayloadError(field: "plans[0].days[0].strength[0].sets", problem: "is not text")
    ),
    (
      document(day: #"{ "id": "d", "rirColumn": "yes" }"#),
      PayloadError(field: "plans[0].days[0].rirColumn", problem: "is not true or false")
    ),
    (
      document(
        strength:
          #"{ "id": "r", "exerciseId": "e", "name": "Row", "setRows": [ { "setNumber": "one" } ] }"#
      ),
      PayloadError(
        field: "plans[0].days[0].strength[0].setRows[0].setNumber", problem: "is not a number")
    ),
    (
      document(
        strength: #"{ "id": "r", "exerciseId": "e", "name": "Row", "best": { "weight": "heavy" } }"#
      ),
      PayloadError(field: "plans[0].days[0].strength[0].best.weight", problem: "is not a number")
    ),
    (
      #"{ "plans": { "id": "p" } }"#,
      PayloadError(field: "plans", problem: "is not a list")
    ),
    (
      document(
        strength: #"{ "id": "r", "exerciseId": "e", "name": "Row", "coachFeedback": "nice" }"#),
      PayloadError(field: "plans[0].days[0].strength[0].coachFeedback", problem: "is not an object")
    ),
  ])
  func badFieldThrowsPayloadErrorNamingItsPath(json: String, expected: PayloadError) {
    let error = #expect(throws: PayloadError.self) { try decode(json) }
    #expect(error == expected)
  }

  @Test(arguments: [#"{ "plans": [ "#, "", "not json", #"{ "plans": [ { "id": "p" ] }"#])
  func malformedJSONThrowsPayloadError(json: String) {
    let error = #expect(throws: PayloadError.self) { try decode(json) }
    #expect(error?.field == "(document)")
    #expect(error?.problem.hasPrefix("is not valid JSON") == true)
  }

  @Test func payloadErrorDescriptionNamesFieldAndProblem() {
    let error = PayloadError(field: "plans[0].id", problem: "is missing")
    #expect(error.description == "plans[0].id is missing")
    #expect(PayloadError(field: "", problem: "boom").description == "boom")
  }

  private func decode(_ json: String) throws(PayloadError) -> TrainingProgramsDto {
    try JSONDecoder().decodePayload(TrainingProgramsDto.self, from: Data(json.utf8))
  }
}
