import BenchmarkSupport
import Foundation
import TraineeAPI
import WorkoutSession

// Workload: a started session of N exercises x 8 sets (each with last time's values), then
// `setValue` and `toggleSet` sent through the store with its crash-recovery journal on disk, as
// the app does. Compared in the same run: the engine alone (no save), and what rewriting the
// whole session atomically (temporary file, fsync, rename) on every action would cost instead.
// Prints time per action and the ratio between 40 and 5 exercises.

let setsPerExercise = 8
let actionsPerRound = 4_000

func workout(exercises: Int) -> LiveWorkout {
  let rows = (1...exercises).map { index in
    StrengthDto(
      id: "row_\(index)", exerciseId: "ex_\(index)", name: "Exercise \(index)",
      sets: "\(setsPerExercise)", reps: "8-10", weight: "60", rest: "1:30",
      lastSets: (1...setsPerExercise).map {
        LastSetDto(setNumber: $0, weight: "57.5", reps: "10")
      },
      best: BestDto(weight: 200, reps: 5))
  }
  let day = ProgramDayDto(id: "day", label: "Day 1", title: "Bench", strength: rows)
  return dayToLive(day, planId: "plan", units: .metric)
}

/// The `index`-th action of a round: values typed into sets across the whole workout, and sets
/// checked then unchecked, so every action changes the state.
func action(_ index: Int, exercises: Int, kind: String) -> WorkoutAction {
  let exercise = "ex_\(index % exercises + 1)"
  let set = (index / exercises) % setsPerExercise + 1
  if kind == "setValue" {
    return .setValue(
      exerciseId: exercise, setNumber: set, field: .weight, value: "\(60 + index % 7)")
  }
  return .toggleSet(exerciseId: exercise, setNumber: set)
}

@MainActor
func measureStore(exercises: Int, kind: String, saving: Bool) throws -> Figures {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("perform-bench-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: directory) }
  let journal = saving ? SessionJournal(directory: directory) : nil
  _ = try journal?.restore(now: Date())
  let store = WorkoutStore(journal: journal, now: { Date() })
  store.send(.start(workout(exercises: exercises), units: .metric))
  store.send(.begin)
  let clock = ContinuousClock()
  var samples: [Duration] = []
  samples.reserveCapacity(actionsPerRound)
  for index in 0..<actionsPerRound {
    let next = action(index, exercises: exercises, kind: kind)
    let started = clock.now
    store.send(next)
    samples.append(clock.now - started)
  }
  journal?.waitForPendingWrites()
  journal?.close()
  if let problem = store.saveProblem { throw problem }
  return Figures(samples)
}

/// The rejected design: encode the whole state and replace the file atomically on every action.
@MainActor
func measureWholeFileRewrite(exercises: Int, kind: String) throws -> Figures {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("perform-bench-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let file = directory.appendingPathComponent("session.json")
  var state = WorkoutState()
  _ = state.apply(.start(workout(exercises: exercises), units: .metric), now: Date())
  let encoder = JSONEncoder()
  let clock = ContinuousClock()
  var samples: [Duration] = []
  let rounds = actionsPerRound / 10  // fsync per action is slow; fewer rounds say enough
  for index in 0..<rounds {
    let started = clock.now
    _ = state.apply(action(index, exercises: exercises, kind: kind), now: Date())
    try encoder.encode(state).write(to: file, options: .atomic)
    let handle = try FileHandle(forUpdating: file)
    try handle.synchronize()
    try handle.close()
    samples.append(clock.now - started)
  }
  return Figures(samples)
}

print("Workload: \(actionsPerRound) actions per row on a started session, 8 sets an exercise.")
print("Times in microseconds per action.")
print(
  ComparisonTable.heading(
    label: "action",
    sizes: "           5 exercises x 8 sets         |          40 exercises x 8 sets          |"))
for kind in ["setValue", "toggleSet"] {
  // A warm-up round so the first measured row does not pay for page faults and lazy set-up.
  _ = try measureStore(exercises: 5, kind: kind, saving: true)
  print(
    ComparisonTable.row(
      "\(kind), saved (journal)",
      try measureStore(exercises: 5, kind: kind, saving: true),
      try measureStore(exercises: 40, kind: kind, saving: true)))
  print(
    ComparisonTable.row(
      "\(kind), engine only",
      try measureStore(exercises: 5, kind: kind, saving: false),
      try measureStore(exercises: 40, kind: kind, saving: false)))
  print(
    ComparisonTable.row(
      "\(kind), whole-file rewrite",
      try measureWholeFileRewrite(exercises: 5, kind: kind),
      try measureWholeFileRewrite(exercises: 40, kind: kind)))
}
