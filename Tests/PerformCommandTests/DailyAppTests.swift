import Foundation
import Testing

// NB: each new screen through the real binary in tmux, at 80x24, in a
// US and a German locale: Today, the settings, the plates and warm-ups, the finished workout.

/// `perform` as a trainee uses it every day, in the locale of their terminal.
@Suite(.serialized)
struct DailyAppTests {
  let size = TmuxSession.Size(columns: 80, rows: 24)

  @Test func inAUSLocaleTodayStartsTheWorkoutInPoundsWithPlatesAndGoesBackToToday()
    async throws
  {
    let app = try TmuxSession.perform([], size: size, environment: ["LANG": "en_US.UTF-8"])
    defer { app.close() }
    // Today's parts are drawn as their reads answer: wait for the last one the test reads.
    let today = try await app.waitForScreen("Today with the last workout", timeout: .seconds(10)) {
      $0.contains("Next workout: Legs") && $0.contains("Last workout: #2")
    }
    #expect(today.contains("Today, Tuesday") || today.contains("Today, "))
    #expect(today.contains("Eaten 0 of 2400 kcal"))
    #expect(today.contains("Last workout: #2"))
    try app.send(keys: .enter)
    try await app.waitFor("Legs — Quads and hamstrings")
    // Weights are in pounds: 225 on a 45 lb bar is two 45s a side.
    try app.send(keys: "225", .enter, "P")
    let plates = try await app.waitFor("Per side: 45 + 45  (45 lb bar)")
    #expect(plates.contains("Set Type lb"))
    #expect(plates.contains("Warm-up: 45 × 10, 90 × 5, 135 × 3, 180 × 2 lb"))
    try app.send(keys: "5", .enter, " ")
    try await app.waitFor("[+15s]")
    try app.send(keys: "F")
    try await app.waitFor("Finish the workout?")
    try app.send(keys: "y")
    let done = try await app.waitFor("Workout complete!", timeout: .seconds(30))
    #expect(done.contains("Legs: workout #3"))
    #expect(done.contains("Duration"))
    // 225 lb × 5, logged as 102.058 kg: 510 kg of volume, shown in pounds.
    #expect(done.contains("Volume          1124 lb"))
    #expect(done.contains("Press Enter to go on to Today."))
    try app.send(keys: .enter)
    let after = try await app.waitFor("Last workout: #3")
    // The demo's two workouts were logged 4 and 2 days before its first launch, now.
    let now = Date()
    let week = Calendar(identifier: .iso8601).dateInterval(of: .weekOfYear, for: now)
    let thisWeek = [4, 2, 0].filter { week?.contains(now - Double($0 * 86_400)) == true }.count
    #expect(after.contains("Workouts this week: \(thisWeek)"))
    #expect(after.contains("Next workout: Push"))
    // A quick add of kcal and macros on the nutrition tab; Today reads home again once the
    // day's save is confirmed.
    try app.send(keys: "4")
    try await app.waitFor("✓ saved")
    try app.send(keys: "+")
    try await app.waitFor("Name         Quick add")
    try app.send(keys: "350", .tab, "20", .tab, .tab, .enter)
    try await app.waitFor("[✓] + Quick add")
    try await app.waitFor("✓ saved")
    try app.send(keys: "1")
    try await app.waitFor("Eaten 350 of 2400 kcal")
    // A meal eaten outside the plan, logged: in the day, on the server as a meal log linked to
    // it, counted once by the server's home.
    try app.send(keys: "4", "L")
    try await app.waitFor("Log a meal eaten outside the plan")
    try app.send(keys: "Pizza with friends", .tab, .tab, "850", .tab, .tab, .tab, .enter)
    try await app.waitFor("Photo (a file's path, or nothing):")
    try app.send(keys: .enter)
    try await app.waitFor("Logged Pizza with friends.")
    try await app.waitFor("✓ saved")
    try app.send(keys: "1")
    try await app.waitFor("Eaten 1200 of 2400 kcal")
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))
  }

  @Test func inAGermanLocaleTheAppSpeaksGermanAndAChosenSettingWinsAtTheNextLaunch()
    async throws
  {
    let app = try TmuxSession.perform([], size: size, environment: ["LANG": "de_DE.UTF-8"])
    defer { app.close() }
    let today = try await app.waitFor("Nächstes Training: Legs")
    #expect(today.contains("Heute, "))
    #expect(today.contains("Gegessen 0 von 2400 kcal"))
    try app.send(keys: "?")
    let help = try await app.waitFor("Überall")
    #expect(help.contains("Eine beliebige Taste schließt die Hilfe."))
    // The nutrition tab's numbers and dates in German.
    try app.send(keys: .escape, "4")
    let nutrition = try await app.waitFor("E 10,5")
    // Its words too: the day, the totals, the states and the keys.
    #expect(nutrition.contains(" · heute ›"))
    #expect(nutrition.contains("Gegessen 0 / 2400 kcal · Eiweiß"))
    #expect(nutrition.contains("als gegessen abhaken"))
    try await app.waitFor("✓ gespeichert")
    try app.send(keys: "5")
    let settings = try await app.waitFor("Sprache    Deutsch  (aus der Umgebung)")
    #expect(settings.contains("Scheiben   25 20 15 10 5 2,5 1,25 kg"))
    // Pounds, chosen here; a bar of 0 is refused under its row and nothing is saved.
    try app.send(keys: "j", .enter)
    try await app.waitFor("Einheiten  lb und mi  (hier gewählt)")
    try app.send(keys: "j", .enter, .control("u"), "0", .enter)
    try await app.waitFor("„0“ ist kein Gewicht")
    try app.send(keys: .control("u"), "35", .enter)
    try await app.waitFor("Stange     35 lb  (hier gewählt)")
    // Redrawn on resize.
    try app.resize(columns: 100, rows: 30)
    try await app.waitFor("Stange     35 lb  (hier gewählt)")
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))

    // The next launch: the saved units and bar win over the German locale's kilograms.
    try app.respawn([PerformBinary.url.path])
    try await app.waitFor("Nächstes Training: Legs")
    try app.send(keys: .enter)
    try await app.waitFor("Legs — Quads and hamstrings")
    try app.send(keys: "102,5", .enter, "P")
    let plates = try await app.waitFor("Pro Seite:")
    #expect(plates.contains("Nr. Typ  lb       Wdh."))
    #expect(plates.contains("[102,5]") || plates.contains("102,5"))
    #expect(plates.contains("Pro Seite: 25 + 5 + 2,5  (Stange 35 lb)"))
    // The live workout's keys in German, every one in view at 80x24.
    try app.send(keys: "?")
    let keys = try await app.waitFor("Training verwerfen")
    #expect(keys.contains("Satz abhaken/aufheben"))
    #expect(keys.contains("zur Shell anhalten (fg kehrt zurück)"))
    try app.send(keys: .escape)
    try app.send(keys: .control("c"))
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))
  }
}

/// The rest-over alert as a desktop notification, through a stand-in `notify-send` on PATH.
@Suite(.serialized)
struct DesktopNotificationAppTests {
  @Test func restOverWhileTheTerminalIsUnfocusedIsPostedToTheDesktop() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("notify-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let log = directory.appendingPathComponent("posted.txt")
    let script = directory.appendingPathComponent("notify-send")
    try Data("#!/bin/sh\nprintf '%s|' \"$@\" >> \"\(log.path)\"\necho >> \"\(log.path)\"\n".utf8)
      .write(to: script)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    let path = directory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin")
    let app = try TmuxSession.perform(
      [], size: TmuxSession.Size(columns: 80, rows: 24), environment: ["PATH": path])
    defer { app.close() }
    try await app.openWorkoutsTab()
    try await app.waitFor("Next workout:")
    try app.send(keys: .enter)
    try await app.waitFor("Push — Chest and triceps")
    // The warm-up starts no rest (docs/decisions/the-terminal-app-as-a-daily-app.md "Plates and
    // warm-ups"); the first working set does.
    try app.send(keys: " ")
    try await app.waitFor("technique video")
    try app.send(keys: " ")
    try await app.waitFor("[+15s]")
    // The terminal loses the focus (its report), then the rest is cut to its last second.
    try app.send(keys: .bytes([0x1B, 0x5B, 0x4F]))
    try app.send(keys: .text(String(repeating: "-", count: 12)))
    try await app.waitFor("rest over")
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(30)
    var posted = ""
    while clock.now < deadline {
      posted = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      if !posted.isEmpty { break }
      try await clock.sleep(for: .milliseconds(50))
    }
    #expect(posted.hasPrefix("--app-name=Perform|--|"))
    #expect(posted.contains("Bench press"))
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))
  }
}
