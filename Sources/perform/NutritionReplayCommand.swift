import Foundation
import NutritionReplay
import OperatorCommands

/// `perform nutrition replay FILE|-`: runs a scripted nutrition session and prints the result.
enum NutritionReplayCommand {
  @MainActor
  static func run(_ arguments: [String]) async -> Int32 {
    guard arguments.first == "replay" else {
      fail("nutrition takes the subcommand replay\n\n\(usage(of: "nutrition", "replay"))")
      return 2
    }
    let options: Options
    do {
      options = try Options(Array(arguments.dropFirst()), known: [])
    } catch {
      fail("\(error)\n\n\(usage(of: "nutrition", "replay"))")
      return 2
    }
    guard options.positional.count == 1, let path = options.positional.first else {
      fail(
        "nutrition replay takes one script file, or - for standard input\n\n\(usage(of: "nutrition", "replay"))"
      )
      return 2
    }
    guard let data = readScript(path) else { return 1 }
    do {
      let script = try NutritionReplayScript(json: data)
      let result = try await NutritionReplayRunner().run(script)
      FileHandle.standardOutput.write(try result.json())
      return 0
    } catch let error as NutritionReplayScriptError {
      fail("\(path): \(error)")
      return 2
    } catch {
      fail("\(error)")
      return 1
    }
  }
}
