import DurableFiles
import Foundation
import OperatorCommands
import WorkoutReplay

/// `perform replay FILE|-`: runs a scripted workout and prints the result.
enum ReplayCommand {
  @MainActor
  static func run(_ arguments: [String]) async -> Int32 {
    let options: Options
    do {
      options = try Options(arguments, known: ["data-dir"])
    } catch {
      fail("\(error)\n\n\(usage(of: "replay"))")
      return 2
    }
    guard options.positional.count == 1, let path = options.positional.first else {
      fail("replay takes one script file, or - for standard input\n\n\(usage(of: "replay"))")
      return 2
    }
    guard let data = readScript(path) else { return 1 }
    do {
      let script = try ReplayScript(json: data)
      let runner = ReplayRunner(
        journalDirectory: options.values["data-dir"].map {
          DataDirectory(URL(fileURLWithPath: $0)).workoutSession
        })
      let result = try await runner.run(script)
      for notice in result.notices { fail(notice.description) }
      FileHandle.standardOutput.write(try result.json())
      return 0
    } catch let error as ReplayScriptError {
      fail("\(path): \(error)")
      return 2
    } catch {
      fail("\(error)")
      return 1
    }
  }
}
