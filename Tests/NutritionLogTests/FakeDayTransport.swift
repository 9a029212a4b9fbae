import Foundation
import NutritionLog
import TraineeAPI

/// One PUT the fake server received: the date, the snapshot, and the manual clock's time.
struct RecordedPut: Equatable, Sendable {
  var date: CalendarDay
  var snapshot: NutritionDaySnapshot
  var at: Duration
}

/// A scripted nutrition day server: keeps days per date, records every call, and can hold a call
/// open (to create races), fail the next calls, or be unreachable.
actor FakeDayTransport: NutritionDayTransport {
  /// Which call a script step applies to.
  enum Call: Sendable { case get, put }

  /// The days the server holds.
  private(set) var serverDays: [CalendarDay: NutritionDaySnapshot]
  /// Every PUT in the order it started, including those that failed.
  private(set) var puts: [RecordedPut] = []
  /// Every GET in the order it started.
  private(set) var gets: [CalendarDay] = []
  /// `start`/`end` of every call, in order: `put 2026-01-05 start`, `put 2026-01-05 end ok`.
  private(set) var log: [String] = []
  /// The most PUTs that ran at once.
  private(set) var mostPutsAtOnce = 0

  private let now: @Sendable () -> Duration
  private var offline = false
  private var failures: [NutritionDayTransportError] = []
  private var holdNext: [Call] = []
  private var held: [CheckedContinuation<Void, Never>] = []
  private var heldWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  private var putsRunning = 0

  /// A server holding `days`, stamping calls with `now` (the manual clock's offset).
  init(days: [CalendarDay: NutritionDaySnapshot] = [:], now: @escaping @Sendable () -> Duration) {
    serverDays = days
    self.now = now
  }

  /// Makes the server unreachable (every call fails `offline`) or reachable again.
  func setOffline(_ isOffline: Bool) { offline = isOffline }

  /// Fails the next `count` calls with `error`.
  func failNext(_ count: Int, with error: NutritionDayTransportError) {
    failures += Array(repeating: error, count: count)
  }

  /// Holds the next call of `kind` open until `release()`.
  func holdNext(_ kind: Call) { holdNext.append(kind) }

  /// How many calls are held open.
  var heldCount: Int { held.count }

  /// Holds asked for and not released: the calls held open and the next calls to be.
  var holds: Int { holdNext.count + held.count }

  /// Waits until `count` calls are held open.
  func untilHeld(_ count: Int) async {
    guard held.count < count else { return }
    await withCheckedContinuation { heldWaiters.append((count, $0)) }
  }

  /// Lets the oldest held call go on.
  func release() {
    guard !held.isEmpty else { return }
    held.removeFirst().resume()
  }

  func getDay(date: CalendarDay) async throws(NutritionDayTransportError) -> NutritionDayResponse {
    gets.append(date)
    log.append("get \(date) start")
    await holdIfAsked(.get)
    let failure = nextFailure()
    log.append("get \(date) end \(failure.map { "\($0)" } ?? "ok")")
    if let failure { throw failure }
    return NutritionDayResponse(date: date, data: serverDays[date])
  }

  func putDay(
    date: CalendarDay, snapshot: NutritionDaySnapshot
  ) async throws(NutritionDayTransportError) {
    puts.append(RecordedPut(date: date, snapshot: snapshot, at: now()))
    log.append("put \(date) start")
    putsRunning += 1
    mostPutsAtOnce = max(mostPutsAtOnce, putsRunning)
    await holdIfAsked(.put)
    putsRunning -= 1
    let failure = nextFailure()
    log.append("put \(date) end \(failure.map { "\($0)" } ?? "ok")")
    if let failure { throw failure }
    serverDays[date] = snapshot
  }

  private func holdIfAsked(_ kind: Call) async {
    guard let index = holdNext.firstIndex(where: { $0 == kind }) else { return }
    holdNext.remove(at: index)
    await withCheckedContinuation { continuation in
      held.append(continuation)
      let due = heldWaiters.filter { $0.count <= held.count }
      heldWaiters.removeAll { $0.count <= held.count }
      for waiter in due { waiter.continuation.resume() }
    }
  }

  private func nextFailure() -> NutritionDayTransportError? {
    if offline { return .offline }
    return failures.isEmpty ? nil : failures.removeFirst()
  }
}
