import Foundation
import NutritionLog
import TraineeAPI

// NB: `perform nutrition-replay` (docs/replay.md). The session plays the app around the engine: the
// store before the tab mounts (edits from the home screen stay local), `NutritionSync` after it,
// `refreshToday` at launch, at every scheduled refresh (the earlier of midnight and 05:00, plus
// 250 ms) and at once on `setClock`, `setTodayPick` whenever the tab shows today with a plan day
// in view, and the preferred-day file. Time moves only in `run(until:)`, from one due event to
// the next, and only once the engine has nothing left to do at the current instant.

/// One run of a script: the device, the server, the store and the engine.
@MainActor
final class ReplaySession {
  /// How many times the runner yields the main actor for the engine's tasks to run their steps
  /// there. The steps one event starts follow each other on the main actor, in order, so a
  /// fixed count is exact as long as it exceeds the longest chain (two: an answer taken in
  /// starts a save, whose task then calls the server). What runs elsewhere is awaited instead.
  static let drainYields = 16

  let device: ReplayDevice
  let server: ReplayServer
  let plans: NutritionPlansDto
  private let preferredDays: PreferredDayFile
  private let todayBox: TodayBox
  /// The store until the tab mounts.
  private var localEdits = NutritionEdits()
  private var sync: NutritionSync?
  /// The clock's reads when the engine mounted: every later read starts one timer.
  private var readsAtMount = 0
  private var shown: CalendarDay
  private var nextRefreshAt = Duration.zero
  private var refused: [ReplayRefusal] = []

  init(script: NutritionReplayScript, preferredDays: PreferredDayFile) {
    device = ReplayDevice(start: script.startAt, timeZone: script.timeZone)
    server = ReplayServer(days: script.serverDays, device: device)
    plans = script.plans
    self.preferredDays = preferredDays
    let today = device.calendar.day(of: device.wallNow)
    todayBox = TodayBox(today)
    shown = today
  }

  /// The device's today (`todayMs`), as of the last `refreshToday`.
  private var today: CalendarDay { todayBox.day }

  /// The store: the engine's once mounted.
  var edits: NutritionEdits { sync?.edits ?? localEdits }

  /// The app launches: `refreshToday` runs and schedules itself.
  func start() async throws {
    try refreshToday()
    try await run(until: device.elapsed)
  }

  /// Performs step `index`, then lets what falls due at once (answers without latency) run.
  func perform(_ step: NutritionReplayStep, index: Int) async throws {
    var until = device.elapsed
    switch step {
    case .view(let planId, let dayId):
      try checkView(planId: planId, dayId: dayId, index: index)
      changeState { $0.view(planId: planId, dayId: dayId) }
      updateTodayPick()
    case .edit(let edit):
      try checkIds(of: edit, index: index)
      try apply(edit, index: index)
    case .mount:
      try mount(index: index)
    case .selectDate(let date):
      select(date, index: index)
    case .network(let reachable):
      server.isReachable = reachable
      if reachable { sync?.networkBecameReachable() }
    case .failNext(let count):
      server.failNext(count)
    case .latency(let milliseconds):
      server.latency = .milliseconds(milliseconds)
    case .setClock(let at, let timeZone):
      // NB: a significant time change: the app refreshes today at once and reschedules.
      device.setClock(at: at, timeZone: timeZone)
      try refreshToday()
    case .wait(let milliseconds):
      until += .milliseconds(milliseconds)
    }
    try await run(until: until)
  }

  /// What the replay prints.
  func result() -> NutritionReplayResult {
    NutritionReplayResult(
      today: today, shown: shown, state: edits, preferredDay: edits.preferredDay,
      homeHint: homeDayHintOf(edits, todayKey: today.dayKey.rawValue),
      requests: server.requests, serverDays: server.days, refused: refused)
  }

  /// Unmounts the tab and lets every task end: nothing is left sleeping or waiting.
  func finish() async {
    sync?.stop()
    for _ in 0..<3 {
      await settle()
      server.deliverAll()
      device.clock.cancelAll()
    }
    await settle()
  }

  // MARK: Time

  /// Runs every event due up to `target` in order (answers, then today's refresh, then timers,
  /// at one instant), letting the engine settle after each, then moves the clock to `target`.
  private func run(until target: Duration) async throws {
    while true {
      await settle()
      let answer = server.nextAnswerAt
      let timer = device.clock.nextDeadline
      let due = [answer, nextRefreshAt, timer].compactMap { $0 }.min()
      guard let due, due <= target else { break }
      if due == answer {
        device.clock.advance(to: due)
        _ = await server.deliverNext()
      } else if due == nextRefreshAt {
        device.clock.advance(to: due)
        try refreshToday()
      } else {
        _ = await device.clock.wakeDue()
      }
    }
    device.clock.advance(to: target)
  }

  /// Lets the engine's tasks run until each waits on the clock or the server (their steps on
  /// the main actor, and the timers they started arriving at the clock), then has the server
  /// handle what was sent.
  private func settle() async {
    for _ in 0..<Self.drainYields { await Task.yield() }
    guard sync != nil else { return }
    await device.clock.untilArrivals(device.clock.readCount - readsAtMount)
    server.handleSent()
  }

  /// `refreshToday`: today, the shown day and the preferred day at the wall clock's now, and
  /// the next refresh.
  private func refreshToday() throws {
    let now = device.wallNow
    let refresh = NutritionLog.refreshToday(
      previousToday: today, selected: shown, preferredDay: edits.preferredDay, now: now,
      calendar: device.calendar)
    let todayMoved = refresh.today != today
    todayBox.day = refresh.today
    if edits.preferredDay != nil, refresh.preferredDay == nil {
      changeState { _ = $0.expirePreferredDay(now: now) }
      if case .failed(let error) = preferredDays.removeIfExpired(now: now) { throw error }
    }
    if todayMoved { sync?.todayChanged() }
    if refresh.shown != shown {
      shown = refresh.shown
      sync?.show(shown)
    }
    nextRefreshAt = device.elapsed(atWallTime: refresh.nextRefreshAt)
    updateTodayPick()
  }

  // MARK: Steps

  private func mount(index: Int) throws {
    guard sync == nil else {
      throw NutritionReplayScriptError(actionIndex: index, problem: "mount: the tab is mounted")
    }
    let todayBox = todayBox
    let sync = NutritionSync(
      edits: localEdits, transport: server, clock: device.clock, today: { todayBox.day })
    readsAtMount = device.clock.readCount
    self.sync = sync
    sync.show(shown)
    updateTodayPick()
  }

  /// Shows `date`; a future date cannot be picked and is refused.
  private func select(_ date: CalendarDay, index: Int) {
    guard date <= today else {
      refused.append(
        ReplayRefusal(
          index: index, reason: NutritionEditRefusal.futureDay(date: date, today: today).code))
      return
    }
    shown = date
    sync?.show(date)
    updateTodayPick()
  }

  /// Applies `edit` to the shown day through the editable-day gate; a refusal is recorded.
  private func apply(_ edit: NutritionEdit, index: Int) throws {
    let effects: [NutritionEditEffect]
    do {
      let moment = editMoment()
      if let sync {
        effects = try sync.edit(edit, on: shown, at: moment)
      } else {
        effects = try localEdits.edit(edit, on: shown, at: moment)
      }
    } catch {
      refused.append(ReplayRefusal(index: index, reason: error.code))
      return
    }
    for case .lockPreferredDay(let day) in effects {
      try preferredDays.save(day, now: device.wallNow)
    }
  }

  /// `setTodayPick` with the plan day on screen, whenever the mounted tab shows today.
  private func updateTodayPick() {
    guard sync != nil, shown == today, let planId = edits.viewPlanId,
      let dayId = edits.viewDayId, !planId.isEmpty, !dayId.isEmpty
    else { return }
    let pick = TodayNutritionDay(dateKey: today.dayKey.rawValue, planId: planId, dayId: dayId)
    guard edits.todayPick != pick else { return }
    let moment = editMoment()
    changeState { _ = try? $0.setTodayPick(planId: planId, dayId: dayId, at: moment) }
  }

  /// Changes the store outside the edit maps (the plan day in view, today's pick, the
  /// preferred day's expiry).
  private func changeState(_ change: (inout NutritionEdits) -> Void) {
    guard let sync else { return change(&localEdits) }
    _ = try? sync.edit { (edits: inout NutritionEdits) throws(NutritionEditRefusal) in
      change(&edits)
    }
  }

  private func editMoment() -> EditMoment {
    let now = device.wallNow
    return EditMoment(
      now: now, todayKey: today.dayKey.rawValue, shownKey: shown.dayKey.rawValue,
      nextRollover: device.calendar.nextNutritionRollover(after: now))
  }
}

/// The device's today, shared by the session and the engine's `today`.
@MainActor
final class TodayBox {
  var day: CalendarDay
  init(_ day: CalendarDay) { self.day = day }
}
