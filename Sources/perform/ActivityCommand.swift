import Foundation
import LiveActivity
import OperatorCommands
import TraineeAPI
import WorkoutReplay
import WorkoutSession

/// `perform activity preview`: the Live Activity of a saved workout or a replay, drawn as SVG
/// (and PNG when `rsvg-convert` is installed) or as the terminal card.
enum ActivityCommand {
  @MainActor
  static func run(_ arguments: [String]) async -> Int32 {
    let request: Request
    do {
      request = try Request(arguments)
    } catch {
      fail("\(error)\n\n\(usage(of: "activity", "preview"))")
      return 2
    }
    let loaded: (state: WorkoutState, end: Date?)
    do {
      loaded = try await load(request.source)
    } catch let error as ActivityInputError {
      fail(error.message)
      return error.status
    } catch {
      fail("\(error)")
      return 1
    }
    let now = request.now ?? loaded.end ?? Date()
    guard
      let content = activityContent(
        state: loaded.state, language: request.language, units: request.units, now: now,
        version: 1)
    else {
      fail(
        "\(request.source.path) holds no started workout (or it is finished): there is no Live"
          + " Activity to show")
      return 2
    }
    let rendering =
      request.terminal
      ? activityTerminalCard(content, now: now, color: request.color)
      : activitySVG(content, now: now)
    guard let out = request.out else {
      FileHandle.standardOutput.write(Data(rendering.utf8))
      return 0
    }
    do {
      try Data(rendering.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
    } catch {
      fail("cannot write \(out): \(error.localizedDescription)")
      return 1
    }
    guard !request.terminal, let converter = executable(named: "rsvg-convert") else { return 0 }
    return convertToPNG(out, converter: converter)
  }

  /// Where the workout comes from.
  enum Source {
    case state(String)
    case replay(String)

    var path: String {
      switch self {
      case .state(let path), .replay(let path): path
      }
    }
  }

  /// The command line, checked.
  struct Request {
    var source: Source
    var language = ActivityLanguage.en
    var units = UnitSystem.metric
    var now: Date?
    var out: String?
    var terminal: Bool
    var color: Bool

    init(_ arguments: [String]) throws(UsageError) {
      let options = try Options(
        arguments, known: ["state", "replay", "locale", "units", "now", "out"],
        knownFlags: ["terminal", "color"])
      guard options.positional == ["preview"] else {
        throw UsageError("activity takes preview")
      }
      switch (options.values["state"], options.values["replay"]) {
      case (let path?, nil): source = .state(path)
      case (nil, let path?): source = .replay(path)
      default: throw UsageError("activity preview takes one of --state FILE or --replay FILE")
      }
      if let code = options.values["locale"] {
        guard let language = ActivityLanguage(rawValue: code) else {
          let known = ActivityLanguage.allCases.map(\.rawValue).joined(separator: ", ")
          throw UsageError("--locale \"\(code)\" is not one of \(known)")
        }
        self.language = language
      }
      if let name = options.values["units"] {
        guard let units = UnitSystem(rawValue: name) else {
          throw UsageError("--units \"\(name)\" is not metric or imperial")
        }
        self.units = units
      }
      if let fixed = options.values["now"] {
        guard let date = ISO8601Instant.date(from: fixed) else {
          throw UsageError(
            "--now \"\(fixed)\" is not an ISO 8601 time such as 2026-01-05T10:00:00Z")
        }
        now = date
      }
      out = options.values["out"]
      terminal = options.flags.contains("terminal")
      color = options.flags.contains("color")
    }
  }

  /// The workout state to show and, for a replay, the moment its script ends.
  @MainActor
  static func load(_ source: Source) async throws -> (state: WorkoutState, end: Date?) {
    guard let data = FileManager.default.contents(atPath: source.path) else {
      throw ActivityInputError(status: 1, message: "cannot read \(source.path)")
    }
    switch source {
    case .state(let path):
      do {
        return (try JSONDecoder().decode(WorkoutState.self, from: data), nil)
      } catch {
        throw ActivityInputError(
          status: 2, message: "\(path) is not a saved workout state: \(describe(error))")
      }
    case .replay(let path):
      let script: ReplayScript
      do {
        script = try ReplayScript(json: data)
      } catch {
        throw ActivityInputError(status: 2, message: "\(path): \(error)")
      }
      return (try await replayState(script, path: path), scriptEnd(script))
    }
  }

  /// The state a replay leaves: the run's journal, read back as the app would after it.
  @MainActor
  private static func replayState(
    _ script: ReplayScript, path: String
  ) async throws
    -> WorkoutState
  {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-activity-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      _ = try await ReplayRunner(journalDirectory: directory).run(script)
    } catch let error as ReplayScriptError {
      throw ActivityInputError(status: 2, message: "\(path): \(error)")
    }
    let journal = SessionJournal(directory: directory)
    defer { journal.close() }
    return try journal.restore(now: scriptEnd(script)).state
  }

  /// When a script's clock stops: its start plus every wait and every restart's pause.
  static func scriptEnd(_ script: ReplayScript) -> Date {
    script.steps.reduce(script.startAt) { end, step in
      switch step {
      case .wait(let seconds), .restart(after: let seconds): end + seconds
      default: end
      }
    }
  }

  /// Writes `svg`'s PNG beside it (`card.svg` → `card.png`) with `converter`.
  private static func convertToPNG(_ svg: String, converter: URL) -> Int32 {
    let url = URL(fileURLWithPath: svg)
    let png = url.deletingPathExtension().appendingPathExtension("png").path
    let process = Process()
    process.executableURL = converter
    process.arguments = ["--format", "png", "--output", png, url.path]
    do {
      try process.run()
      process.waitUntilExit()
    } catch {
      fail("cannot run \(converter.path): \(error.localizedDescription)")
      return 1
    }
    guard process.terminationStatus == 0 else {
      fail("rsvg-convert could not write \(png) (exit status \(process.terminationStatus))")
      return 1
    }
    return 0
  }

  /// The first executable `name` on `$PATH`.
  static func executable(named name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for directory in path.split(separator: ":") where !directory.isEmpty {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }

  /// A decoding error as `session.exercises: expected Array`.
  private static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "not JSON" }
    func at(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.map(\.stringValue).joined(separator: ".")
      return keys.isEmpty ? "" : "\(keys): "
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "\(at(context))missing key \"\(key.stringValue)\""
    case .typeMismatch(let type, let context):
      return "\(at(context))expected \(type)"
    case .valueNotFound(let type, let context):
      return "\(at(context))missing \(type)"
    case .dataCorrupted(let context):
      return "\(at(context))\(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }
}

/// Input the preview cannot use: the message, and the exit status (1 unreadable, 2 bad).
struct ActivityInputError: Error {
  var status: Int32
  var message: String
}
