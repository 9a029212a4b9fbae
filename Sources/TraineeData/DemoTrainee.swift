import Foundation
import TraineeAPI

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage":
// `--demo` creates, once, a trainee with a realistic program (supersets, warm-ups, cardio, a
// technique-video exercise, logged history) and a meal plan, and prints its token on every start.
// The token is kept (DemoTokenFile in the `perform` command) so a restarted server does not log the
// app out.

/// The demo trainee `perform serve --demo` sets up.
public enum DemoTrainee {
  public static let name = "Demo trainee"

  /// The demo trainee's id and a bearer token for it, creating and filling it the first time;
  /// its logged history is dated in the days before `now`, one workout every other day.
  ///
  /// Only tokens' hashes are stored, so the token can only be printed again when the caller
  /// kept it: `keeping` is that token, answered again when it is still the demo trainee's.
  /// Without one (or with one the store does not know), a new token is issued and the previous
  /// one stops working.
  public static func ensure(
    in store: any TraineeStore, now: Date = Date(), keeping kept: String? = nil
  ) throws -> (id: TraineeID, token: String) {
    if let existing = try store.trainees().first(where: { $0.name == name }) {
      if let kept, try store.trainee(forToken: kept)?.id == existing.id {
        return (existing.id, kept)
      }
      return (existing.id, try store.replaceToken(of: existing.id))
    }
    let created = try store.createTrainee(name: name)
    let id = created.trainee.id
    try store.importPrograms(ImportFile.programs(Data(programsJSON.utf8)), for: id)
    _ = try ImportFile.nutritionPlans(Data(nutritionPlansJSON.utf8))
    try store.importNutritionPlans(json: nutritionPlansJSON, for: id)
    let decoder = JSONDecoder()
    let history = try decoder.decode([LogWorkoutPayload].self, from: Data(historyJSON.utf8))
    for (index, workout) in history.enumerated() {
      let daysAgo = 2 * (history.count - index)
      _ = try store.logWorkout(
        workout, idempotencyKey: "demo-history-\(index)",
        loggedAt: now - TimeInterval(daysAgo * 86_400), for: id)
    }
    return (id, created.token)
  }

  // The demo program and meal plan are also examples/demo-program.json and
  // examples/demo-meal-plan.json, byte for byte (DemoTrainee tests check it).

  static let programsJSON = """
    { "plans": [ { "id": "plan_strength", "name": "Strength block", "days": [
      { "id": "day_push", "label": "Day 1", "title": "Push", "subtitle": "Chest and triceps",
        "heroImage": "https://img.example/push.jpg", "rirColumn": true,
        "strength": [
          { "id": "row_bench", "exerciseId": "ex_bench", "name": "Bench press", "sets": "4",
            "reps": "6-8", "weight": "60", "rest": "2:00", "tempo": "3-0-1-0",
            "videoRequired": true,
            "setRows": [
              { "setNumber": 1, "type": "warmup", "reps": "10", "weight": "40" },
              { "setNumber": 2, "type": "working", "reps": "6-8", "weight": "60" },
              { "setNumber": 3, "type": "working", "reps": "6-8", "weight": "60" },
              { "setNumber": 4, "type": "failure", "reps": "AMRAP", "weight": "55" } ],
            "substitutes": [
              { "exerciseId": "ex_db_bench", "name": "Dumbbell bench press" },
              { "exerciseId": "ex_machine_press", "name": "Machine chest press" } ] },
          { "id": "row_incline", "exerciseId": "ex_incline_db", "name": "Incline dumbbell press",
            "sets": "3", "reps": "10-12", "weight": "22", "rest": "1:30" },
          { "id": "row_dips", "exerciseId": "ex_dips", "name": "Dips", "sets": "3", "reps": "8-12",
            "rest": "1:30", "supersetGroup": "A" },
          { "id": "row_pushdown", "exerciseId": "ex_pushdown", "name": "Cable pushdown",
            "sets": "3", "reps": "12-15", "weight": "25", "rest": "0", "supersetGroup": "A" } ],
        "cardio": [ { "id": "row_bike", "exerciseId": "ex_bike", "name": "Bike", "sets": "1" } ] },
      { "id": "day_pull", "label": "Day 2", "title": "Pull", "subtitle": "Back and biceps",
        "rirColumn": true,
        "strength": [
          { "id": "row_deadlift", "exerciseId": "ex_deadlift", "name": "Deadlift", "sets": "3",
            "reps": "5", "weight": "100", "rest": "3:00",
            "setRows": [
              { "setNumber": 1, "type": "warmup", "reps": "5", "weight": "60" },
              { "setNumber": 2, "type": "working", "reps": "5", "weight": "100" },
              { "setNumber": 3, "type": "working", "reps": "5", "weight": "100" } ] },
          { "id": "row_row", "exerciseId": "ex_row", "name": "Seated cable row", "sets": "3",
            "reps": "10", "weight": "50", "rest": "1:30" },
          { "id": "row_curl", "exerciseId": "ex_curl", "name": "Dumbbell curl", "sets": "3",
            "reps": "10-12", "weight": "12", "rest": "1:00", "supersetGroup": "B" },
          { "id": "row_face_pull", "exerciseId": "ex_face_pull", "name": "Face pull", "sets": "3",
            "reps": "15", "weight": "15", "rest": "1:00", "supersetGroup": "B" } ] },
      { "id": "day_legs", "label": "Day 3", "title": "Legs", "subtitle": "Quads and hamstrings",
        "strength": [
          { "id": "row_squat", "exerciseId": "ex_squat", "name": "Back squat", "sets": "4",
            "reps": "5", "weight": "90", "rest": "3:00" },
          { "id": "row_rdl", "exerciseId": "ex_rdl", "name": "Romanian deadlift", "sets": "3",
            "reps": "8", "weight": "70", "rest": "2:00" },
          { "id": "row_calf", "exerciseId": "ex_calf", "name": "Standing calf raise",
            "sets": "3", "reps": "12", "weight": "40", "rest": "0:45" } ],
        "cardio": [
          { "id": "row_treadmill", "exerciseId": "ex_treadmill", "name": "Treadmill", "sets": "1" } ]
      } ] } ],
      "movement": null }
    """

  static let nutritionPlansJSON = """
    { "plans": [ { "id": "np_cut", "name": "Lean cut", "days": [
      { "id": "nd_training", "label": "Training day",
        "targets": { "kcal": 2400, "protein": 180, "carbs": 250, "fat": 70 },
        "meals": [
          { "id": "m_breakfast", "name": "Breakfast", "time": "08:00", "items": [
            { "id": "it_oats", "options": [
              { "id": "o_oats", "name": "Oats", "foodId": "f_oats", "qty": 80, "unit": "g",
                "kcal": 303, "protein": 10.5, "carbs": 53, "fat": 5.5 },
              { "id": "o_muesli", "name": "Muesli", "foodId": "f_muesli", "qty": 80, "unit": "g",
                "kcal": 290, "protein": 8, "carbs": 53, "fat": 4.6 } ] },
            { "id": "it_skyr", "options": [
              { "id": "o_skyr", "name": "Skyr", "foodId": "f_skyr", "qty": 250, "unit": "g",
                "kcal": 158, "protein": 27.5, "carbs": 10, "fat": 0.5 } ] } ] },
          { "id": "m_lunch", "name": "Lunch", "time": "12:30", "items": [
            { "id": "it_chicken", "options": [
              { "id": "o_chicken", "name": "Chicken breast", "foodId": "f_chicken", "qty": 180,
                "unit": "g", "kcal": 297, "protein": 56, "carbs": 0, "fat": 6.5 },
              { "id": "o_tofu", "name": "Firm tofu", "foodId": "f_tofu", "qty": 250, "unit": "g",
                "kcal": 360, "protein": 40, "carbs": 7, "fat": 21 } ] },
            { "id": "it_rice", "options": [
              { "id": "o_rice", "name": "Cooked rice", "foodId": "f_rice", "qty": 250,
                "unit": "g", "kcal": 325, "protein": 6.8, "carbs": 70, "fat": 0.8 } ] } ] },
          { "id": "m_dinner", "name": "Dinner", "time": "19:00", "items": [
            { "id": "it_salmon", "options": [
              { "id": "o_salmon", "name": "Salmon", "foodId": "f_salmon", "qty": 150,
                "unit": "g", "kcal": 312, "protein": 30, "carbs": 0, "fat": 20 } ] },
            { "id": "it_potatoes", "options": [
              { "id": "o_potatoes", "name": "Boiled potatoes", "foodId": "f_potatoes",
                "qty": 300, "unit": "g", "kcal": 261, "protein": 5.7, "carbs": 60,
                "fat": 0.3 } ] } ] } ] } ] } ] }
    """

  static let historyJSON = """
    [ { "programId": "plan_strength", "dayId": "day_push", "label": "Day 1", "durationSec": 3960,
        "completed": true, "entries": [
          { "exerciseId": "ex_bench", "name": "Bench press", "done": true, "tempo": "3-0-1-0",
            "sets": [
              { "setNumber": 1, "reps": 10, "targetReps": 10, "weight": 40, "rir": null,
                "rm": null, "done": true },
              { "setNumber": 2, "reps": 8, "targetReps": 6, "weight": 57.5, "rir": "2",
                "rm": null, "done": true },
              { "setNumber": 3, "reps": 7, "targetReps": 6, "weight": 57.5, "rir": "1",
                "rm": null, "done": true },
              { "setNumber": 4, "reps": 9, "targetReps": null, "weight": 52.5, "rir": "0",
                "rm": null, "done": true } ] },
          { "exerciseId": "ex_dips", "name": "Dips", "done": true, "tempo": null, "sets": [
              { "setNumber": 1, "reps": 10, "targetReps": 8, "weight": null, "rir": null,
                "rm": null, "done": true },
              { "setNumber": 2, "reps": 9, "targetReps": 8, "weight": null, "rir": null,
                "rm": null, "done": true },
              { "setNumber": 3, "reps": 8, "targetReps": 8, "weight": null, "rir": null,
                "rm": null, "done": true } ] } ] },
      { "programId": "plan_strength", "dayId": "day_pull", "label": "Day 2", "durationSec": 3480,
        "completed": true, "entries": [
          { "exerciseId": "ex_deadlift", "name": "Deadlift", "done": true, "tempo": null,
            "sets": [
              { "setNumber": 1, "reps": 5, "targetReps": 5, "weight": 60, "rir": null,
                "rm": null, "done": true },
              { "setNumber": 2, "reps": 5, "targetReps": 5, "weight": 95, "rir": "2",
                "rm": null, "done": true },
              { "setNumber": 3, "reps": 5, "targetReps": 5, "weight": 95, "rir": "1",
                "rm": null, "done": true } ] } ] } ]
    """
}
