import Foundation
import NutritionLog
import TraineeAPI

// NB: docs/specs/nutrition-day.md, "Which days can be edited", "Keeping today current" and "The
// preferred day and the home hint". Today and yesterday come from the store (the sync engine);
// older days from `GET /day`, else the diary, and are never edited; future days cannot be picked.
// The plan day on screen is the trainee's pick, else (today) the home hint (today's pick or the
// preferred day), else the one the day's edits name most, else the first day of the first plan.

extension NutritionScreen {
  /// Reads the preferred day back from its file into the store, unless the store has one.
  func restorePreferredDay(now: Date) {
    guard let file = preferredDayFile, sync.edits.preferredDay == nil else { return }
    switch file.load(now: now) {
    case .active(let day): updateStore { $0.restorePreferredDay(day) }
    case .unreadable(let report): host?.show(message: report.message)
    case .failed(let error): host?.show(message: "The preferred plan day: \(error)")
    case .none, .expired: break
    }
  }

  /// Takes a new look at the clock: a new day moves today (and the day shown, when it was
  /// today), and an expired preferred day is forgotten, in the store and on disk.
  public func refresh(now: Date) {
    calendar = NutritionCalendar(timeZone: environment.timeZone())
    if let preferred = sync.edits.preferredDay, !preferred.isActive(at: now) {
      updateStore { $0.expirePreferredDay(now: now) }
      _ = preferredDayFile?.removeIfExpired(now: now)
    }
    let day = calendar.day(of: now)
    guard day != today else { return }
    let refreshed = refreshToday(
      previousToday: today, selected: shown, preferredDay: sync.edits.preferredDay, now: now,
      calendar: calendar)
    today = refreshed.today
    sync.todayChanged()
    go(to: refreshed.shown, now: now)
  }

  /// Shows `date`: an editable day through the sync engine, an older one from the server. A
  /// future day is refused.
  func go(to date: CalendarDay, now: Date) {
    guard date <= today else {
      host?.show(message: said { text(.nutritionAfterToday, ["date": NutritionText.date(date)]) })
      return
    }
    if date != shown {
      shown = date
      selectedRow = nil
      selectedIndex = 0
      scrollTop = 0
    }
    if isEditableDay(date, today: today) {
      sync.show(date)
      syncPlanView(now: now)
    } else if readOnlyDays[date] == nil || isFailed(readOnlyDays[date]) {
      loadReadOnlyDay(date)
    }
  }

  /// Loads what failed again: the plans, and the older day on screen.
  func reload(now: Date) {
    if plans.plans == nil || plansAsOf?.failure != nil { loadPlans() }
    if !isEditable {
      readOnlyDays[shown] = nil
      loadReadOnlyDay(shown)
    }
  }

  // MARK: Plans and plan days

  /// Fetches the coach's plans; plans already shown stay until the answer comes.
  func loadPlans() {
    guard !plansInFlight else { return }
    plansInFlight = true
    if plans.plans == nil { plans = .loading }
    let api = environment.api
    Task { [weak self] in
      let result: Result<KeptAnswer<NutritionPlansDto>, TraineeAPIError>
      do throws(TraineeAPIError) {
        result = .success(try await api.keptNutritionPlans())
      } catch {
        result = .failure(error)
      }
      self?.finishLoadingPlans(result)
    }
  }

  // NB: docs/architecture.md, "Offline first": the plans come from their last good copy when the
  // server cannot answer (marked "offline, as of"); a failed load, or one answered from the copy,
  // is tried again by itself (5 s, doubling to 60 s), and plans older than their stale time are
  // fetched again in the background (`upkeep(now:)`).

  private func finishLoadingPlans(
    _ result: Result<KeptAnswer<NutritionPlansDto>, TraineeAPIError>
  ) {
    plansInFlight = false
    let now = environment.now()
    switch result {
    case .success(let answer):
      plans = .loaded(answer.value.plans)
      plansAsOf = (answer.fetchedAt, answer.failure)
      if answer.failure == nil {
        plansRetryAt = nil
        plansRetryDelay = 5
        serverAnswered()
      } else if answer.failure?.isRefusedToken == true {
        plansRetryAt = nil
      } else {
        schedulePlansRetry(now: now)
      }
    case .failure(let error) where error.isRefusedToken:
      // Said once, with what to do; asking again would be refused again.
      if plans.plans == nil { plans = .failed(OfflineText.refusedToken(text: text)) }
      plansRetryAt = nil
    case .failure(let error):
      if plans.plans == nil {
        plans = .failed(
          said { text(.nutritionPlansFailed, ["problem": NutritionText.describe(error)]) })
      }
      schedulePlansRetry(now: now)
    }
    if isEditable {
      syncPlanView(now: now)
    } else if readOnlyDays[shown] == nil {
      loadReadOnlyDay(shown)
    }
    host?.setNeedsRedraw()
  }

  /// The server answers again (another screen saw it): plans shown from the copy or missing are
  /// fetched again, and days waiting for the network are loaded and saved now.
  public func serverIsBack() {
    if plans.plans == nil || plansAsOf?.failure != nil { loadPlans() }
    serverAnswered()
  }

  private func schedulePlansRetry(now: Date) {
    plansRetryAt = now + plansRetryDelay
    plansRetryDelay = min(60, plansRetryDelay * 2)
  }

  /// Background upkeep, called every second: plans that failed or came from the copy are
  /// fetched again when their retry time comes, and plans older than their stale time are
  /// fetched again.
  public func upkeep(now: Date) {
    guard !plansInFlight else { return }
    if let plansRetryAt {
      if now >= plansRetryAt { loadPlans() }
      return
    }
    if let asOf = plansAsOf,
      now.timeIntervalSince(asOf.fetchedAt) > KeptRead.nutritionPlans.staleAfter
    {
      loadPlans()
    }
  }

  /// Every plan day of every plan, in order.
  var allPlanDays: [PlanDayChoice] {
    (plans.plans ?? []).flatMap { plan in plan.days.map { PlanDayChoice(planId: plan.id, day: $0) }
    }
  }

  /// The plan day `date` is shown against, `nil` before the plans are loaded or without any.
  func planDay(for date: CalendarDay) -> PlanDayChoice? {
    guard let plans = plans.plans else { return nil }
    let dateKey = date.dayKey.rawValue
    var hint = planDayPicks[date]
    if hint == nil, date == today {
      hint = homeDayHintOf(sync.edits, todayKey: today.dayKey.rawValue)
    }
    return PlanDayChoice.choose(
      plans, hint: hint, snapshot: sync.edits.collectDaySnapshot(dateKey), dateKey: dateKey)
  }

  /// `v`: shows the next plan day (after the last, the first again). On today it becomes
  /// today's pick (`setTodayPick`).
  func pickNextPlanDay(now: Date) {
    let days = allPlanDays
    guard !days.isEmpty else {
      host?.show(message: text(.nutritionNoPlanDay))
      return
    }
    let current: PlanDayHint?
    if isEditable {
      current = planDay(for: shown).map { PlanDayHint(planId: $0.planId, dayId: $0.day.id) }
    } else if case .loaded(let day)? = readOnlyDays[shown], let planId = day.planId,
      let dayId = day.dayId
    {
      current = PlanDayHint(planId: planId, dayId: dayId)
    } else {
      current = planDayPicks[shown]
    }
    let index = days.firstIndex { $0.planId == current?.planId && $0.day.id == current?.dayId }
    let next = days[((index ?? -1) + 1) % days.count]
    planDayPicks[shown] = PlanDayHint(planId: next.planId, dayId: next.day.id)
    selectedRow = nil
    selectedIndex = 0
    host?.show(message: text(.nutritionShowing, ["planDay": planDayTitle(next)]))
    if isEditable {
      syncPlanView(now: now)
    } else {
      readOnlyDays[shown] = nil
      loadReadOnlyDay(shown)
    }
  }

  /// `Lean cut · Training day`.
  func planDayTitle(_ choice: PlanDayChoice) -> String {
    let plan = plans.plans?.first { $0.id == choice.planId }?.name ?? choice.planId
    return "\(plan) · \(choice.day.label ?? choice.day.id)"
  }

  /// Tells the store which plan day is on screen (the one an eating edit locks as preferred),
  /// and on today records it as today's pick for the home screen.
  func syncPlanView(now: Date) {
    guard isEditable, let choice = planDay(for: shown) else { return }
    if sync.edits.viewPlanId != choice.planId || sync.edits.viewDayId != choice.day.id {
      updateStore { $0.view(planId: choice.planId, dayId: choice.day.id) }
    }
    let todayKey = today.dayKey.rawValue
    let pick = TodayNutritionDay(dateKey: todayKey, planId: choice.planId, dayId: choice.day.id)
    guard shown == today, sync.edits.todayPick != pick else { return }
    let moment = editMoment(now: now)
    _ = try? sync.edit { (edits: inout NutritionEdits) throws(NutritionEditRefusal) in
      try edits.setTodayPick(planId: choice.planId, dayId: choice.day.id, at: moment)
    }
  }

  // MARK: Older days

  /// Reads `date` (older than yesterday) from the server: its saved day, else its diary.
  func loadReadOnlyDay(_ date: CalendarDay) {
    // NB: without the plans a saved day would lose its plan meals; wait for them unless they
    // failed (the diary needs no plan).
    if case .loading = plans { return }
    readOnlyDays[date] = .loading
    let transport = environment.dayTransport
    let api = environment.api
    let plans = plans.plans ?? []
    let hint = planDayPicks[date]
    Task { [weak self] in
      let result: Result<ReadOnlyDay, ReadOnlyDayLoadError>
      do throws(ReadOnlyDayLoadError) {
        result = .success(
          try await Self.fetchReadOnlyDay(
            date, plans: plans, hint: hint, transport: transport, api: api))
      } catch {
        result = .failure(error)
      }
      self?.finishLoadingReadOnlyDay(date, result)
    }
  }

  /// `ReadOnlyDay.load` off the main actor, its diary read through `api`.
  nonisolated private static func fetchReadOnlyDay(
    _ date: CalendarDay, plans: [NutritionPlanDto], hint: PlanDayHint?,
    transport: any NutritionDayTransport, api: any NutritionAPI
  ) async throws(ReadOnlyDayLoadError) -> ReadOnlyDay {
    try await ReadOnlyDay.load(
      date, plans: plans, viewing: hint, transport: transport,
      menu: { date, hint in try await api.nutritionMenu(date: date.isoDate, hint: hint) })
  }

  private func finishLoadingReadOnlyDay(
    _ date: CalendarDay, _ result: Result<ReadOnlyDay, ReadOnlyDayLoadError>
  ) {
    guard case .loading? = readOnlyDays[date] else { return }
    switch result {
    case .success(let day):
      readOnlyDays[date] = .loaded(day)
      serverAnswered()
    case .failure(let error):
      readOnlyDays[date] = .failed(
        said {
          text(
            .nutritionDayFailed,
            ["date": NutritionText.date(date), "problem": NutritionText.describe(error)])
        })
    }
    host?.setNeedsRedraw()
  }

  private func isFailed(_ load: ReadOnlyDayLoad?) -> Bool {
    if case .failed? = load { return true }
    return false
  }

  /// The server answered: saves waiting for the network are sent now rather than after their
  /// backoff.
  func serverAnswered() {
    if sync.statuses.values.contains(.offlineWillRetry) { sync.networkBecameReachable() }
  }

  // MARK: The store

  /// The moment of an edit made at `now` on the day shown.
  func editMoment(now: Date) -> EditMoment {
    EditMoment(
      now: now, todayKey: today.dayKey.rawValue, shownKey: shown.dayKey.rawValue,
      nextRollover: calendar.nextNutritionRollover(after: now))
  }

  /// Changes the store in a way no edit rule can refuse (the plan day in view, the preferred
  /// day).
  func updateStore(_ change: (inout NutritionEdits) -> Void) {
    _ = try? sync.edit { (edits: inout NutritionEdits) throws(NutritionEditRefusal) in
      change(&edits)
    }
  }
}
