import DurableFiles
import Foundation
import OperatorCommands
import TraineeAPI
import WorkoutSession

/// `perform session show|apply`: the saved live workout, read and changed from the command line.
enum SessionCommand {
  @MainActor
  static func run(_ arguments: [String]) -> Int32 {
    let options: Options
    do {
      options = try Options(arguments, known: ["data-dir", "now"])
    } catch {
      fail("\(error)\n\n\(usage(of: "session"))")
      return 2
    }
    var now: @Sendable () -> Date = { Date() }
    if let fixed = options.values["now"] {
      guard let date = ISO8601Instant.date(from: fixed) else {
        fail("--now \"\(fixed)\" is not an ISO 8601 time such as 2026-01-05T10:00:00Z")
        return 2
      }
      now = { date }
    }
    let directory = dataLayout(options).workoutSession
    guard options.positional == ["show"] || options.positional == ["apply"] else {
      fail("session takes show or apply\n\n\(usage(of: "session"))")
      return 2
    }
    let journal = SessionJournal(directory: directory)
    let store: WorkoutStore
    do {
      let restored = try WorkoutStore.restoring(from: journal, now: now)
      store = restored.store
      for notice in restored.notices { fail(notice.description) }
    } catch {
      guard error.isInUse else {
        fail("\(error)")
        return 1
      }
      // NB: docs/decisions/the-apps-files-and-the-api-client.md "The data directory's layout": a
      // running app holds the workout's lock; `show` reads its files as they are, `apply` leaves
      // them to it.
      guard options.positional == ["show"] else {
        fail("another Perform app is using \(directory.path); quit it first")
        return 1
      }
      return showRunning(directory)
    }
    defer { journal.close() }
    return options.positional == ["show"] ? show(store.state) : apply(store, journal: journal)
  }

  /// The workout a running app holds, read without its lock.
  private static func showRunning(_ directory: URL) -> Int32 {
    do {
      return show(try SessionJournal.read(directory: directory))
    } catch {
      fail("\(error)")
      return 1
    }
  }

  private static func show(_ state: WorkoutState) -> Int32 {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      var data = try encoder.encode(state)
      data.append(UInt8(ascii: "\n"))
      FileHandle.standardOutput.write(data)
      return 0
    } catch {
      fail("\(error)")
      return 1
    }
  }

  /// Applies one action a line; an unreadable line is reported and changes nothing.
  @MainActor
  private static func apply(_ store: WorkoutStore, journal: SessionJournal) -> Int32 {
    var status: Int32 = 0
    var lineNumber = 0
    while let line = readLine() {
      lineNumber += 1
      guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
      let action: WorkoutAction
      do {
        action = try JSONDecoder().decodePayload(WorkoutAction.self, from: Data(line.utf8))
      } catch {
        fail("line \(lineNumber): \(error)")
        status = 2
        continue
      }
      let refusal = store.send(action).lazy.compactMap { effect -> ActionRefusal? in
        if case .actionRefused(let refusal) = effect { return refusal }
        return nil
      }.first
      if let problem = store.saveProblem {
        fail("line \(lineNumber): not saved: \(problem)")
        return 1
      }
      let reply =
        refusal.map { "refused \($0.code): \($0.message)" } ?? "ok \(journal.sequence)"
      FileHandle.standardOutput.write(Data((reply + "\n").utf8))
    }
    return status
  }
}
