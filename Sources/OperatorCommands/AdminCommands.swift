import Foundation
import TraineeAPI
import TraineeData
import TraineeServer

/// `perform trainee add`, `perform program import`, `perform nutrition-plan import`.
package enum AdminCommands {
  package static func traineeAdd(_ arguments: [String]) -> Int32 {
    guard let options = parse(arguments, known: ["database", "data-dir"]) else { return 2 }
    guard options.positional.count == 2, options.positional[0] == "add" else {
      fail("usage: perform trainee add NAME [--database PATH]")
      return 2
    }
    return withStore(options) { store in
      let created = try store.createTrainee(name: options.positional[1])
      say("id: \(created.trainee.id)")
      say("token: \(created.token)")
    }
  }

  package static func programImport(_ arguments: [String]) -> Int32 {
    if arguments.first == "schedule" { return programSchedule(arguments) }
    return importFile(arguments, command: "program", what: "programs") { data in
      let programs = try ImportFile.programs(data)
      return CheckedImport(count: programs.plans.count) { trainee, store in
        try store.importPrograms(programs, for: trainee)
        say("imported \(programs.plans.count) program(s) for trainee \(trainee)")
      }
    }
  }

  package static func nutritionPlanImport(_ arguments: [String]) -> Int32 {
    importFile(arguments, command: "nutrition-plan", what: "meal plans") { data in
      let plans = try ImportFile.nutritionPlans(data)
      return CheckedImport(count: plans.plans.count) { trainee, store in
        try store.importNutritionPlans(json: String(decoding: data, as: UTF8.self), for: trainee)
        say("imported \(plans.plans.count) meal plan(s) for trainee \(trainee)")
      }
    }
  }

  /// A file read and checked, ready to replace what the trainee has.
  private struct CheckedImport {
    /// How many plans it holds.
    package var count: Int
    package var store: (TraineeID, DatabaseTraineeStore) throws -> Void
  }

  // NB: docs/decisions/the-terminal-app-and-the-perform-command.md, "Strict import files": the file
  // is read strictly and whole before anything is stored; an empty one replaces the trainee's plans
  // only with --replace-with-empty.

  /// `perform <command> import FILE --trainee ID`: reads and checks FILE, then stores it.
  private static func importFile(
    _ arguments: [String], command: String, what: String,
    read: (Data) throws -> CheckedImport
  ) -> Int32 {
    guard
      let options = parse(
        arguments, known: ["database", "data-dir", "trainee"], flags: ["replace-with-empty"])
    else {
      return 2
    }
    guard options.positional.count == 2, options.positional[0] == "import",
      let rawTrainee = options.values["trainee"]
    else {
      fail("usage: perform \(command) import FILE --trainee ID [--database PATH]")
      return 2
    }
    guard let trainee = TraineeID(rawTrainee) else {
      fail("--trainee \"\(rawTrainee)\" is not a trainee id")
      return 2
    }
    let path = options.positional[1]
    guard let data = FileManager.default.contents(atPath: path) else {
      fail("cannot read \(path)")
      return 1
    }
    let checked: CheckedImport
    do {
      checked = try read(data)
    } catch {
      fail("\(path): \(error); nothing was imported")
      return 2
    }
    guard checked.count > 0 || options.flags.contains("replace-with-empty") else {
      fail(
        "\(path): plans is empty, which would remove the trainee's \(what); give"
          + " --replace-with-empty to do that; nothing was imported")
      return 2
    }
    return withStore(options) { store in
      guard try store.trainee(id: trainee) != nil else {
        throw UsageError("there is no trainee \(trainee)")
      }
      try checked.store(trainee, store)
    }
  }

  package static func parse(
    _ arguments: [String], known: Set<String>, flags: Set<String> = []
  ) -> Options? {
    do {
      return try Options(arguments, known: known, knownFlags: flags)
    } catch {
      fail("\(error)\n\n\(usage)")
      return nil
    }
  }

  /// Runs `body` on the store; bad input exits 2, a storage failure 1.
  package static func withStore(
    _ options: Options, _ body: (DatabaseTraineeStore) throws -> Void
  ) -> Int32 {
    do {
      let (store, _) = try openStore(options)
      try body(store)
      return 0
    } catch let error as UsageError {
      fail(error.description)
      return 2
    } catch let error as TraineeStoreError {
      fail("\(error)")
      if case .invalid = error { return 2 }
      return 1
    } catch {
      fail("\(error)")
      return 1
    }
  }
}
