import Foundation
import LiveWorkoutScreens
import TerminalScreens
import TerminalUI
import TraineeAPI
import TraineeClient

extension WorkoutsScreen {
  // NB: docs/architecture.md, "Offline first": the programs and the history come from the server,
  // or from their last good copies when it cannot answer; either way the workouts can be started. A
  // failed load (or one answered from a copy) is tried again by itself, 5 s later, then 10, 20 and
  // every 30 s; a loaded answer older than its stale time is fetched again in the background
  // (`upkeep(now:)`).

  /// Fetches the programs and the history again.
  public func reload() async {
    loadsInFlight += 1
    host?.setNeedsRedraw()
    defer {
      loadsInFlight -= 1
      host?.setNeedsRedraw()
    }
    do throws(TraineeAPIError) {
      let wasOffline = problem != nil || programsAsOf?.failure != nil
      let programs = try await api.keptWorkouts()
      let history = try? await api.keptWorkoutHistory()
      self.programs = programs.value
      if let history {
        self.history = history.value.workouts
        historyCursor = history.value.nextCursor
      }
      programsAsOf = (programs.fetchedAt, programs.failure ?? history?.failure)
      problem = nil
      selection = min(selection, max(0, items.count - 1))
      if programs.failure == nil, history != nil, history?.failure == nil {
        retryAt = nil
        retryDelay = Self.firstRetryDelay
        if wasOffline { onReconnect?() }
      } else if programs.failure?.isRefusedToken == true || history?.failure?.isRefusedToken == true
      {
        retryAt = nil
      } else {
        scheduleRetry()
      }
    } catch {
      if error.isRefusedToken {
        // Said once, with what to do; asking again would be refused again.
        problem = OfflineText.refusedToken(text: text)
        retryAt = nil
        return
      }
      if programs == nil, error.isUnreachable {
        problem = text(.workoutsOfflineNothing)
      } else {
        problem = text(.workoutsCannotLoad, ["problem": describe(error)])
      }
      scheduleRetry()
    }
  }

  // NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
  // answers, group commit and paged history": the server sends the history a page at a time (the
  // newest 50 first); the next, older page is fetched when the cursor reaches the end of those
  // shown (docs/decisions/history-progress-and-moving-data.md "The history and progress views"),
  // from the server only (no copy of them is kept offline), and appended below.

  /// Fetches the history's next, older page and appends it.
  func loadOlderHistory() {
    guard let cursor = historyCursor, !loadingOlderHistory else { return }
    loadingOlderHistory = true
    host?.setNeedsRedraw()
    Task {
      defer {
        loadingOlderHistory = false
        host?.setNeedsRedraw()
      }
      do throws(TraineeAPIError) {
        let page = try await api.workoutHistory(limit: nil, cursor: cursor)
        guard historyCursor == cursor else { return }
        let shown = Set(history.map(\.id))
        history += page.workouts.filter { !shown.contains($0.id) }
        historyCursor = page.nextCursor
      } catch {
        host?.show(message: text(.workoutsOlderFailed, ["problem": describe(error)]))
      }
    }
  }

  func scheduleRetry() {
    retryAt = now() + retryDelay
    retryDelay = min(Self.maximumRetryDelay, retryDelay * 2)
  }

  /// Background upkeep, called every second: a failed load is tried again when its time comes,
  /// and programs older than their stale time are fetched again.
  public func upkeep(now: Date) {
    guard !loading else { return }
    if let retryAt {
      if now >= retryAt { Task { await reload() } }
      return
    }
    if let asOf = programsAsOf, now.timeIntervalSince(asOf.fetchedAt) > KeptRead.workouts.staleAfter
    {
      Task { await reload() }
    }
  }

  /// `error` as the trainee reads it, in the trainee's language.
  func describe(_ error: TraineeAPIError) -> String { OfflineText.describe(error, text: text) }

  /// The line saying the programs shown are a copy, and from when.
  func offlineLines() -> [StyledLine] {
    guard let asOf = programsAsOf, let failure = asOf.failure else { return [] }
    let time = OfflineText.time(
      asOf.fetchedAt, now: now(), timeZone: timeZone(), text: text)
    let style = TextStyle(bold: true, foreground: .yellow)
    if failure.isUnreachable {
      return [
        StyledLine(text(.workoutsOfflineAsOf, ["time": time]), style)
      ]
    }
    return [
      StyledLine(text(.workoutsSavedCopy, ["time": time, "problem": describe(failure)]), style)
    ]
      + (OfflineText.help(for: failure, text: text).map { [StyledLine($0, style)] } ?? [])
  }
}
