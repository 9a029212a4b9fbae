import DurableFiles
import Foundation
import HTTPServer
import LiveWorkoutScreens
import NutritionLog
import NutritionScreens
import OperatorCommands
import PerformApp
import TerminalScreens
import TerminalUI
import TraineeAPI
import TraineeClient
import TraineeData
import TraineeServer
import TrainingHistory
import WorkoutSession

#if canImport(Glibc)
  import Glibc
#endif

/// `perform` / `perform app`: the terminal app, on the given server or on an embedded one.
enum AppCommand {
  @MainActor
  static func run(_ arguments: [String]) async -> Int32 {
    let options: Options
    do {
      options = try Options(arguments, known: RemoteServer.optionNames.union(["data-dir"]))
    } catch {
      fail("\(error)\n\n\(usage(of: "app"))")
      return 2
    }
    guard options.positional.isEmpty else {
      fail("app takes no arguments besides its options\n\n\(usage(of: "app"))")
      return 2
    }
    var choice: ServerChoice
    do {
      choice = try ServerChoice.of(options, session: keptSession(options))
    } catch {
      fail("\(error)")
      return 2
    }

    let directory = dataDirectory(options)
    do {
      try prepareDataDirectory(dataLayout(options))
    } catch {
      fail("cannot create the data directory \(directory.path): \(error)")
      return 1
    }
    if case .signInNeeded(let server) = choice {
      switch await signIn(server: server, options: options) {
      case .success(let session): choice = .session(session)
      case .failure(let status): return status.code
      }
    }

    // NB: docs/decisions/accounts.md, "The demo coach": the embedded server's database is made
    // ready, and the demo coach's sign-in printed, before the app takes the terminal (on the
    // alternate screen, so the lines are there again when it quits). Without a terminal there
    // is nothing to start a server for.
    // NB: docs/decisions/the-coachs-dashboard.md, "Found without reading docs": the embedded
    // server is started here too, so its dashboard's address is printed with the demo coach.
    var early: EmbeddedServer?
    if case .embedded = choice, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 {
      do {
        let prepared = try EmbeddedServer.prepare(options)
        early = try EmbeddedServer.start(options, prepared: prepared)
        printDemoCoach(prepared)
      } catch {
        fail("\(error)")
        return 1
      }
      early.map { say("coach dashboard: \($0.baseURL.absoluteString)/coach/") }
    }
    let device: TerminalDevice
    do {
      device = try TerminalDevice.open()
    } catch {
      early?.server.stop()
      fail("\(error)")
      return 2
    }

    var embedded: MicroHTTPDServer?
    let baseURL: URL
    let credentials: AppCredentials
    switch choice {
    case .legacy(let remote):
      baseURL = remote.url
      credentials = .token(remote.token)
    case .session(let session):
      baseURL = session.server
      credentials = .session(session)
    case .signInNeeded, .embedded:
      do {
        let started = try early ?? EmbeddedServer.start(options)
        embedded = started.server
        baseURL = started.baseURL
        credentials = .token(started.token)
      } catch {
        device.restore()
        fail("\(error)")
        return 1
      }
    }
    defer { embedded?.stop() }
    return await runUntilQuit(
      device: device, baseURL: baseURL, credentials: credentials, options: options)
  }

  /// The app on `device` until it quits, signs out or switches studio (`AppEnding`); a sign-in
  /// screen or a studio switch said `notice` before.
  @MainActor
  static func runApp(
    device: TerminalDevice, baseURL: URL, credentials: AppCredentials, options: Options,
    notice: String?
  ) async -> AppEnding {
    let directory = dataDirectory(options)
    // NB: the machine's zone is read again at most once a minute (`SharedDeviceTimeZone`), so a
    // zone change while the app runs reaches the nutrition day, its rollover and `X-Timezone`
    // within a minute; daylight-saving changes are the zone's own rules and need no re-read.
    let zone = SharedDeviceTimeZone(
      DeviceTimeZone.system(), fallback: TimeZone.current, now: { Date() })
    let timeZone: @Sendable () -> TimeZone = { zone.current() }
    let app = PerformTerminalApp()
    var refusing = credentials.client(
      baseURL: baseURL, dataDirectory: directory, timeZone: timeZone,
      report: { problem in Task { @MainActor in app.show(message: problem) } })
    // NB: docs/decisions/the-apps-files-and-the-api-client.md "A refused token": after the server's
    // first 401, no request is sent.
    refusing.tokenRefusal = TokenRefusal()
    let client = refusing

    // NB: docs/decisions/the-terminal-app-as-a-daily-app.md "The app's settings, language and
    // units": language and units from LC_ALL / LC_MESSAGES / LC_MEASUREMENT / LANG, under what the
    // trainee chose in the settings tab (DIR/settings.json).
    let settings = AppSettingsStore(
      dataDirectory: directory, environment: ProcessInfo.processInfo.environment, now: Date())
    app.text = settings.text
    // NB: docs/architecture.md, "Offline first": the reads the app depends on go through their last
    // good copies in DIR/last-good-answers/, so with the server away the app shows them, marked.
    let reads = KeptReads(
      client: client,
      copies: AnswerCopies(directory: credentials.copiesDirectory(in: directory)),
      now: { Date() },
      report: { problem in Task { @MainActor in app.show(message: problem) } })
    // One copy is kept per nutrition date looked at; those over a month old go at launch.
    reads.removeDayCopies(
      before: NutritionCalendar(timeZone: timeZone()).day(of: Date()).adding(days: -31).isoDate)
    let workoutAPI = KeptWorkoutAPI(reads: reads)
    let coordinator: WorkoutCoordinator
    do {
      coordinator = try WorkoutCoordinator(dataDirectory: directory, api: workoutAPI)
    } catch {
      device.restore()
      fail(
        error.isInUse
          ? "another Perform app is using \(directory.path); quit it first"
          : "cannot open the saved workout: \(error)")
      return .quit(1)
    }
    coordinator.host = app
    let desktop = DesktopNotifier(path: ProcessInfo.processInfo.environment["PATH"])
    coordinator.onNotification = { title, body in
      desktop.post(title: title, body: body, focused: app.terminalFocused)
    }
    coordinator.appInFront = { app.terminalFocused != false }
    coordinator.show(language: settings.current.language, units: settings.current.units)

    let editsFile = NutritionEditsFile(dataDirectory: directory)
    var edits = NutritionEdits()
    let editsProblem = editsFile.restore(into: &edits, now: Date())
    let dayTransport = HTTPNutritionDayTransport(client: client, keeping: reads)
    let sync = NutritionSync(
      edits: edits, transport: dayTransport,
      clock: ContinuousClock(), today: { NutritionCalendar(timeZone: timeZone()).day(of: Date()) })
    var nutritionEnvironment = NutritionScreenEnvironment(
      sync: sync, dayTransport: dayTransport, api: KeptNutritionAPI(reads: reads),
      dataDirectory: directory, now: { Date() }, timeZone: timeZone)
    nutritionEnvironment.dayWasLoadedBefore = { dayTransport.wasLoadedBefore($0) }
    let nutrition = NutritionScreen(environment: nutritionEnvironment, host: app)
    // NB: docs/decisions/the-terminal-app-as-a-daily-app.md "Meal logs from the app": kept in DIR
    // until the server has them.
    let mealLogs = MealLogOutbox(dataDirectory: directory, now: Date()) {
      request, key async throws(TraineeAPIError) -> LoggedMealDto in
      try await client.logMeal(request, idempotencyKey: key)
    }
    nutrition.mealLogs = mealLogs
    nutrition.language = { settings.current.language }
    nutrition.region = settings.region

    let live = LiveWorkoutScreen(
      coordinator: coordinator, host: app, openWorkouts: { [weak app] in app?.select(tab: 0) })
    live.settings = settings
    let workouts = WorkoutsScreen(
      coordinator: coordinator, api: workoutAPI, host: app, timeZone: timeZone,
      openLiveWorkout: { [weak app] in app?.select(tab: 2) })
    workouts.units = { settings.current.units }
    // NB: docs/decisions/the-coachs-words.md, "The coach's words in the app".
    let coachWords = CoachWordsInbox(api: client)
    coachWords.attach(to: app, coordinator: coordinator)
    var views = HistoryViews(app: app, api: workoutAPI, settings: settings, timeZone: timeZone)
    views.coachWords = coachWords
    workouts.openLoggedWorkout = { [weak workouts] id in
      views.openLog(id: id) { Task { await workouts?.reload() } }
    }
    live.openProgress = { id, name in views.openProgress(NamedExercise(id: id, name: name)) }
    workouts.language = { settings.current.language }
    workouts.region = settings.region
    var todayEnvironment = TodayScreen.Environment(
      api: KeptTodayAPI(reads: reads), workouts: workoutAPI, coordinator: coordinator,
      nutritionEdits: { sync.edits }, now: { Date() }, timeZone: timeZone,
      startWorkout: { planId, dayId in
        Task { await workouts.startLoadingFirst(planId: planId, dayId: dayId) }
      },
      openLiveWorkout: { [weak app] in app?.select(tab: 2) },
      openNutrition: { [weak app] in app?.select(tab: 3) })
    todayEnvironment.coachWords = coachWords
    let today = TodayScreen(environment: todayEnvironment, settings: settings, host: app)
    let runner = TerminalAppRunner(app: app, device: device)
    let ending = AppEndingBox()
    let settingsScreen = SettingsScreen(
      settings: settings, host: app,
      account: accountSteps(
        credentials, client: client, layout: dataLayout(options), text: { settings.text },
        ending: ending, stop: { runner.stop() }))
    // NB: docs/architecture.md, "Offline first": the workouts tab retries by itself while the
    // server is away (5 s, doubling to 30 s); the moment it answers again, the nutrition tab
    // refreshes its copies and saves waiting days, and a finished workout waiting to be sent goes
    // now.
    workouts.onReconnect = {
      nutrition.serverIsBack()
      mealLogs.sendWaiting()
      if !coordinator.logWasRefused { coordinator.retryNow() }
    }
    let startOnLive = coordinator.store.session?.started == true || coordinator.isFinishing
    let text = settings.text
    app.setTabs(
      [
        .init(title: text(.tabToday), screen: today, onShow: { Task { await today.reload() } }),
        .init(
          title: text(.tabWorkouts), screen: workouts, onShow: { Task { await workouts.reload() } }),
        .init(title: text(.tabLive), screen: live),
        .init(title: text(.tabNutrition), screen: nutrition),
        .init(
          title: text(.tabSettings), screen: settingsScreen,
          onShow: { settingsScreen.reloadStudios() }),
      ], selected: startOnLive ? 2 : 0)
    settingsScreen.reloadStudios()
    // NB: docs/decisions/the-apps-files-and-the-api-client.md, "Offline reads": every read the app
    // depends on is fetched (and its answer kept) at launch, whichever tab shows first, so a later
    // launch without the server can start the next workout from Today as from the workouts tab.
    Task { await workouts.reload() }
    settings.observe { current in
      let text = settings.text
      app.text = text
      app.retitle(
        [
          text(.tabToday), text(.tabWorkouts), text(.tabLive), text(.tabNutrition),
          text(.tabSettings),
        ])
      coordinator.show(language: current.language, units: current.units)
    }
    app.showRest(of: coordinator) { settings.text }
    app.statusDetail = {
      guard let date = sync.shownDate, let status = sync.status(of: date) else { return nil }
      let text = settings.text
      return text(.statusNutrition, ["state": syncStatusText(status, text: text)])
    }
    let notices =
      coordinator.launchNotices
      + [editsProblem, settings.launchProblem, mealLogs.launchProblem].compactMap { $0 }
    if let first = ([notice].compactMap { $0 } + notices).first { app.show(message: first) }
    coordinator.startNotificationConfigRefresh(clock: ContinuousClock())

    let keeper = EditsKeeper(file: editsFile, sync: sync, app: app)
    let saveEdits = { keeper.saveIfChanged() }
    runner.onTick = {
      coordinator.refresh()
      saveEdits()
    }
    var secondsSinceMealLogs = 0
    mealLogs.sendWaiting()
    let refusedSession = RefusedSessionSignIn(
      client: client, app: app, layout: dataLayout(options), text: { settings.text },
      signedInAgain: {
        Task { await workouts.reload() }
        workouts.onReconnect?()
      })
    runner.onSecond = {
      refusedSession.check()
      // NB: docs/decisions/the-apps-files-and-the-api-client.md, "Refresh": a signed-in
      // session's access token is renewed shortly before it expires, while the server answers.
      Task { await client.refreshSessionIfDue() }
      workouts.upkeep(now: Date())
      today.upkeep(now: Date())
      coachWords.refreshIfDue(now: Date())
      // Meal logs waiting for a server that was away are tried again every 15 seconds.
      secondsSinceMealLogs += 1
      if secondsSinceMealLogs >= 15 {
        secondsSinceMealLogs = 0
        mealLogs.sendWaiting()
      }
      nutrition.upkeep(now: Date())
      if let problem = coordinator.applyPendingCommands().first { app.show(message: problem) }
    }
    runner.afterKey = { saveEdits() }
    nutrition.keepTodayCurrent(clock: ContinuousClock())
    runner.beforeQuit = {
      saveEdits()
      nutrition.stopKeepingTodayCurrent()
      sync.stop()
      mealLogs.stop()
    }
    coordinator.applyPendingCommands().first.map { app.show(message: $0) }
    await runner.run()
    // NB: a save flushed on quit usually ends within moments; its confirmation is written too,
    // so the next launch does not lay this copy over the server's day again. The wait is short:
    // a save that does not end in time stays unconfirmed and is merged again, losing nothing.
    await untilCallsEnded(of: sync, within: .seconds(3))
    saveEdits()
    coordinator.close()
    return ending.value ?? .quit(0)
  }

  /// Waits until `sync` has no fetch or save running, for at most `limit`.
  @MainActor
  private static func untilCallsEnded(of sync: NutritionSync, within limit: Duration) async {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while sync.hasCallsRunning, clock.now < deadline {
      try? await clock.sleep(for: .milliseconds(20))
    }
  }
}

/// Writes the nutrition edits to their file whenever they changed since the last write.
@MainActor
private final class EditsKeeper {
  let file: NutritionEditsFile
  let sync: NutritionSync
  let app: PerformTerminalApp
  private var saved: NutritionEdits

  init(file: NutritionEditsFile, sync: NutritionSync, app: PerformTerminalApp) {
    self.file = file
    self.sync = sync
    self.app = app
    saved = sync.edits
  }

  func saveIfChanged() {
    guard sync.edits != saved else { return }
    do {
      try file.save(sync.edits)
      saved = sync.edits
    } catch {
      app.show(message: "Nutrition edits could not be saved on this device: \(error)")
    }
  }
}

/// What the app's requests carry: a legacy token or the signed-in session.
enum AppCredentials {
  case token(String)
  case session(KeptSession)

  /// The app's client of `baseURL` with these credentials; a session renews itself and keeps
  /// each renewal in `dataDirectory`'s session file (`report` hears when it cannot).
  func client(
    baseURL: URL, dataDirectory: URL, timeZone: @escaping @Sendable () -> TimeZone,
    report: @escaping @Sendable (String) -> Void
  ) -> TraineeAPIClient {
    switch self {
    case .token(let token):
      TraineeAPIClient(baseURL: baseURL, token: token, timeZone: timeZone)
    case .session(let session):
      TraineeAPIClient.signedIn(
        session, keepingIn: SessionFile(dataDirectory: dataDirectory), timeZone: timeZone,
        report: report)
    }
  }

  /// Where the account's last good answers are kept: by the token's hash, or by the account's id
  /// for a session, whose access token changes every few minutes.
  func copiesDirectory(in directory: URL) -> URL {
    switch self {
    case .token(let token): KeptReads.copiesDirectory(in: directory, token: token)
    case .session(let session): KeptReads.copiesDirectory(in: directory, account: session.accountId)
    }
  }
}
