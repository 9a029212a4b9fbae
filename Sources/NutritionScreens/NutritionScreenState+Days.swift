import Foundation
import NutritionLog
import TerminalScreens
import TraineeAPI
import TraineeClient

// NB: docs/specs/nutrition-day.md, "Which days can be edited", "Keeping today current" and "The
// preferred day and the home hint". Today and yesterday come from the store (the sync engine);
// older days from `GET /day`, else the diary, and are never edited; future days cannot be picked.
// The plan day on screen is the trainee's pick, else (today) the home hint (today's pick or the
// preferred day), else the one the day's edits name most, else the first day of the first plan.

extension NutritionScreenState {
  /// Restores the preferred day read back from its file, unless the store has one.
  mutating func restorePreferredDay(_ load: PreferredDayLoad, _ turn: inout NutritionScreenTurn) {
    guard turn.edits.preferredDay == nil else { return }
    switch load {
    case .active(let day): turn.change(.restorePreferredDay(day))
    case .unreadable(let report): turn.say(report.message)
    case .failed(let error): turn.say("The preferred plan day: \(error)")
    case .none, .expired: break
    }
  }

  /// Takes a new look at the clock: a new day moves today (and the day shown, when it was
  /// today), and an expired preferred day is forgotten, in the store and on disk.
  mutating func refresh(now: Date, _ turn: inout NutritionScreenTurn) {
    timeZone = turn.context.timeZone
    if let preferred = turn.edits.preferredDay, !preferred.isActive(at: now) {
      turn.change(.expirePreferredDay(now: now))
      turn.ask(.forgetExpiredPreferredDay(now: now))
    }
    let day = calendar.day(of: now)
    guard day != today else { return }
    let refreshed = refreshToday(
      previousToday: today, selected: shown, preferredDay: turn.edits.preferredDay, now: now,
      calendar: calendar)
    today = refreshed.today
    turn.ask(.todayChanged)
    go(to: refreshed.shown, now: now, &turn)
  }

  /// Shows `date`: an editable day through the sync engine, an older one from the server. A
  /// future day is refused.
  mutating func go(to date: CalendarDay, now: Date, _ turn: inout NutritionScreenTurn) {
    guard date <= today else {
      turn.say(said(turn) { $0(.nutritionAfterToday, ["date": NutritionText.date(date)]) })
      return
    }
    if date != shown {
      shown = date
      selectedRow = nil
      selectedIndex = 0
      scrollTop = 0
    }
    if isEditableDay(date, today: today) {
      turn.ask(.showDay(date))
      syncPlanView(now: now, &turn)
    } else if readOnlyDays[date] == nil || isFailed(readOnlyDays[date]) {
      loadReadOnlyDay(date, &turn)
    }
  }

  /// Loads what failed again: the plans, and the older day on screen.
  mutating func reload(_ turn: inout NutritionScreenTurn) {
    if plans.plans == nil || plansAsOf?.failure != nil { loadPlans(&turn) }
    if !isEditable {
      readOnlyDays[shown] = nil
      loadReadOnlyDay(shown, &turn)
    }
  }

  // MARK: Plans and plan days

  /// Fetches the coach's plans; plans already shown stay until the answer comes.
  mutating func loadPlans(_ turn: inout NutritionScreenTurn) {
    guard !plansInFlight else { return }
    plansInFlight = true
    if plans.plans == nil { plans = .loading }
    turn.ask(.fetchPlans)
  }

  // NB: docs/architecture.md, "Offline first": the plans come from their last good copy when the
  // server cannot answer (marked "offline, as of"); a failed load, or one answered from the copy,
  // is tried again by itself (5 s, doubling to 60 s), and plans older than their stale time are
  // fetched again in the background (`upkeep(now:)`).

  mutating func finishLoadingPlans(
    _ result: Result<KeptAnswer<NutritionPlansDto>, TraineeAPIError>, now: Date,
    _ turn: inout NutritionScreenTurn
  ) {
    plansInFlight = false
    let text = turn.text
    switch result {
    case .success(let answer):
      plans = .loaded(answer.value.plans)
      plansAsOf = NutritionPlansAsOf(fetchedAt: answer.fetchedAt, failure: answer.failure)
      if answer.failure == nil {
        plansRetryAt = nil
        plansRetryDelay = 5
        turn.ask(.serverAnswered)
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
          said(turn) { $0(.nutritionPlansFailed, ["problem": NutritionText.describe(error)]) })
      }
      schedulePlansRetry(now: now)
    }
    if isEditable {
      syncPlanView(now: now, &turn)
    } else if readOnlyDays[shown] == nil {
      loadReadOnlyDay(shown, &turn)
    }
    turn.ask(.redraw)
  }

  private mutating func schedulePlansRetry(now: Date) {
    plansRetryAt = now + plansRetryDelay
    plansRetryDelay = min(60, plansRetryDelay * 2)
  }

  /// Background upkeep, called every second: plans that failed or came from the copy are
  /// fetched again when their retry time comes, and plans older than their stale time are
  /// fetched again.
  mutating func upkeep(now: Date, _ turn: inout NutritionScreenTurn) {
    guard !plansInFlight else { return }
    if let plansRetryAt {
      if now >= plansRetryAt { loadPlans(&turn) }
      return
    }
    if let asOf = plansAsOf,
      now.timeIntervalSince(asOf.fetchedAt) > KeptRead.nutritionPlans.staleAfter
    {
      loadPlans(&turn)
    }
  }

  /// Every plan day of every plan, in order.
  var allPlanDays: [PlanDayChoice] {
    (plans.plans ?? []).flatMap { plan in plan.days.map { PlanDayChoice(planId: plan.id, day: $0) }
    }
  }

  /// The plan day `date` is shown against, `nil` before the plans are loaded or without any.
  func planDay(for date: CalendarDay, edits: NutritionEdits) -> PlanDayChoice? {
    guard let plans = plans.plans else { return nil }
    let dateKey = date.dayKey.rawValue
    var hint = planDayPicks[date]
    if hint == nil, date == today {
      hint = homeDayHintOf(edits, todayKey: today.dayKey.rawValue)
    }
    return PlanDayChoice.choose(
      plans, hint: hint, snapshot: edits.collectDaySnapshot(dateKey), dateKey: dateKey)
  }

  /// `v`: shows the next plan day (after the last, the first again). On today it becomes
  /// today's pick (`setTodayPick`).
  mutating func pickNextPlanDay(now: Date, _ turn: inout NutritionScreenTurn) {
    let days = allPlanDays
    guard !days.isEmpty else {
      turn.say(turn.text(.nutritionNoPlanDay))
      return
    }
    let current: PlanDayHint?
    if isEditable {
      current = planDay(for: shown, edits: turn.edits).map {
        PlanDayHint(planId: $0.planId, dayId: $0.day.id)
      }
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
    turn.say(turn.text(.nutritionShowing, ["planDay": planDayTitle(next)]))
    if isEditable {
      syncPlanView(now: now, &turn)
    } else {
      readOnlyDays[shown] = nil
      loadReadOnlyDay(shown, &turn)
    }
  }

  /// `Lean cut · Training day`.
  func planDayTitle(_ choice: PlanDayChoice) -> String {
    let plan = plans.plans?.first { $0.id == choice.planId }?.name ?? choice.planId
    return "\(plan) · \(choice.day.label ?? choice.day.id)"
  }

  /// Tells the store which plan day is on screen (the one an eating edit locks as preferred),
  /// and on today records it as today's pick for the home screen.
  func syncPlanView(now: Date, _ turn: inout NutritionScreenTurn) {
    guard isEditable, let choice = planDay(for: shown, edits: turn.edits) else { return }
    if turn.edits.viewPlanId != choice.planId || turn.edits.viewDayId != choice.day.id {
      turn.change(.view(planId: choice.planId, dayId: choice.day.id))
    }
    let todayKey = today.dayKey.rawValue
    let pick = TodayNutritionDay(dateKey: todayKey, planId: choice.planId, dayId: choice.day.id)
    guard shown == today, turn.edits.todayPick != pick else { return }
    turn.change(
      .setTodayPick(planId: choice.planId, dayId: choice.day.id, at: editMoment(now: now)))
  }

  // MARK: Older days

  /// Reads `date` (older than yesterday) from the server: its saved day, else its diary.
  mutating func loadReadOnlyDay(_ date: CalendarDay, _ turn: inout NutritionScreenTurn) {
    // NB: without the plans a saved day would lose its plan meals; wait for them unless they
    // failed (the diary needs no plan).
    if case .loading = plans { return }
    readOnlyDays[date] = .loading
    turn.ask(.fetchReadOnlyDay(date, plans: plans.plans ?? [], hint: planDayPicks[date]))
  }

  mutating func finishLoadingReadOnlyDay(
    _ date: CalendarDay, _ result: Result<ReadOnlyDay, ReadOnlyDayLoadError>,
    _ turn: inout NutritionScreenTurn
  ) {
    guard case .loading? = readOnlyDays[date] else { return }
    switch result {
    case .success(let day):
      readOnlyDays[date] = .loaded(day)
      turn.ask(.serverAnswered)
    case .failure(let error):
      readOnlyDays[date] = .failed(
        said(turn) {
          $0(
            .nutritionDayFailed,
            ["date": NutritionText.date(date), "problem": NutritionText.describe(error)])
        })
    }
    turn.ask(.redraw)
  }

  private func isFailed(_ load: ReadOnlyDayLoad?) -> Bool {
    if case .failed? = load { return true }
    return false
  }

  // MARK: The store

  /// The moment of an edit made at `now` on the day shown.
  func editMoment(now: Date) -> EditMoment {
    EditMoment(
      now: now, todayKey: today.dayKey.rawValue, shownKey: shown.dayKey.rawValue,
      nextRollover: calendar.nextNutritionRollover(after: now))
  }

  /// `words` written in the trainee's language: the `NutritionText` helpers they call read it.
  func said(_ turn: NutritionScreenTurn, _ words: (AppText) -> String) -> String {
    let text = turn.text
    return NutritionText.$text.withValue(text) { words(text) }
  }
}
