import Foundation
import Testing

@testable import WorkoutSession

/// What an exercise is done with, read from its name
/// (docs/decisions/the-terminal-app-as-a-daily-app.md "Plates and warm-ups").
struct EquipmentTests {
  @Test(arguments: [
    ("Bench press", Equipment.barbell),
    ("Barbell row", .barbell),
    ("Back squat", .barbell),
    ("Dumbbell bench press", .dumbbell),
    ("DB shoulder press", .dumbbell),
    ("Incline press (Dumbbell)", .dumbbell),
    ("Kettlebell swing", .dumbbell),
    ("Kurzhantel-Bankdrücken", .dumbbell),
    ("Développé couché haltères", .dumbbell),
    ("Curl con manubri", .dumbbell),
    ("ダンベルカール", .dumbbell),
    ("Cable pushdown", .cable),
    ("Seated cable row", .cable),
    ("Kabelzug Rudern", .cable),
    ("Tirage poulie haute", .cable),
    ("Face pull", .cable),
    ("Lat pulldown", .cable),
    ("Machine chest press", .machine),
    ("Leg press", .machine),
    ("Smith machine squat", .machine),
    ("Beinpresse Maschine", .machine),
    ("Développé couché barre", .barbell),
    ("Langhantel-Kreuzheben", .barbell),
  ])
  func theNameSaysTheEquipment(name: String, equipment: Equipment) {
    #expect(Equipment(exerciseName: name) == equipment)
    #expect(Equipment(exerciseName: name).loadsBar == (equipment == .barbell))
  }

  @Test func aSwapChangesTheEquipment() throws {
    var state = SampleWorkouts.pushDayState()
    let bench = try #require(SampleWorkouts.exercise("ex_bench", in: state))
    #expect(bench.equipment == .barbell)
    _ = state.applySession(
      .substitute(exerciseId: "ex_bench", option: "ex_db_bench"), now: SampleWorkouts.laterAt)
    let swapped = try #require(SampleWorkouts.exercise("ex_db_bench", in: state))
    #expect(swapped.equipment == .dumbbell)
  }
}
