import BenchmarkSupport
import Foundation
import JSONWire
import SQLStore
import TraineeAPI
import TraineeData
import TraineeServer

// Workload: what `POST /v1/trainee/workouts/log` from 64 trainees at once asks of the store,
// without HTTP: 64 threads, one per trainee, each logging the Push day the server benchmark
// posts (BenchmarkBodies.pushDayLog, 14 done sets), with a key of its own, on a SQLite file
// opened as `perform serve` opens it (group commit, WAL synced off the writer, checkpoints
// every 100 ms). Each trainee first logs `warmUp` workouts untimed, so merges into
// `sets_by_exercise` (every 16 logs of a trainee) run at their steady rate; then `rounds`
// rounds, each one log per trainee. Prints, per log: the process's CPU time (user and system),
// the one writer's serial time (the group commit's transactions, which bound the rate at
// which a server can acknowledge logs), and the batch size; and the logs a second. Usage:
// StoreWriteBenchmark [DIRECTORY] [ROUNDS]; the database is made in DIRECTORY (a temporary
// directory by default) and removed afterwards.

let arguments = CommandLine.arguments.dropFirst()
let directory =
  arguments.first.map { URL(fileURLWithPath: $0) }
  ?? FileManager.default.temporaryDirectory
let rounds = arguments.dropFirst().first.flatMap { Int($0) } ?? 100
let trainees = 64
let warmUp = 20

let folder = directory.appendingPathComponent("store-write-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let store = try DatabaseTraineeStore(
  path: folder.appendingPathComponent("perform.sqlite").path,
  options: SQLiteDatabase.Options(checkpointInterval: .milliseconds(100), syncOffWriter: true))
defer { store.database.close() }
let payload = try JSONTreeDecoder.decode(
  LogWorkoutPayload.self, from: StrictJSON.parse(BenchmarkBodies.pushDayLog),
  userInfo: [.checkedInput: true])
let ids = try (0..<trainees).map { try store.createTrainee(name: "bench \($0)").trainee.id }

/// Every trainee logs `count` workouts, each on a thread of its own, all at once.
func logConcurrently(_ count: Int, keyPrefix: String) {
  let group = DispatchGroup()
  for (index, id) in ids.enumerated() {
    group.enter()
    let thread = Thread {
      for number in 0..<count {
        do {
          _ = try store.logWorkout(
            payload, idempotencyKey: "\(keyPrefix)-\(index)-\(number)", loggedAt: nil, for: id)
        } catch {
          fatalError("a log failed: \(error)")
        }
      }
      group.leave()
    }
    thread.start()
  }
  group.wait()
}

/// The process's CPU time so far, user and system.
func cpuTime() -> Duration {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  func duration(_ time: timeval) -> Duration {
    .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec))
  }
  return duration(usage.ru_utime) + duration(usage.ru_stime)
}

/// A sum or a count of the store's metrics: the writer's seconds, the writes and the batches.
func metric(_ name: String) -> Double {
  let line = store.metrics.render().split(separator: "\n").first { $0.hasPrefix(name + " ") }
  return line.flatMap { Double($0.split(separator: " ").last ?? "") } ?? 0
}

logConcurrently(warmUp, keyPrefix: "warm")
let writerBefore = metric("perform_database_seconds_sum{kind=\"write\"}")
let writesBefore = metric("perform_database_transaction_writes_sum")
let batchesBefore = metric("perform_database_transaction_writes_count")
let cpuBefore = cpuTime()
let start = ContinuousClock.now
logConcurrently(rounds, keyPrefix: "timed")
let elapsed = ContinuousClock.now - start
let cpu = cpuTime() - cpuBefore
let logs = Double(trainees * rounds)
let writer = metric("perform_database_seconds_sum{kind=\"write\"}") - writerBefore
let writes = metric("perform_database_transaction_writes_sum") - writesBefore
let batches = metric("perform_database_transaction_writes_count") - batchesBefore
precondition(writes == logs, "\(writes) writes for \(logs) logs")

print(
  "Store writes: \(trainees) trainees x \(rounds) logs (after \(warmUp) each), in \(folder.path)")
print(
  String(
    format: "%.0f logs/s; per log: CPU %.0f us, writer %.0f us (serial); batch %.1f logs",
    logs / elapsed.seconds, cpu.microseconds / logs, writer * 1e6 / logs, writes / batches))

extension Duration {
  fileprivate var seconds: Double { microseconds / 1e6 }
}
