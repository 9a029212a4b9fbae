import Foundation
import OperatorCommands

// The `perform` executable only wires modules together; each command lives in its own file.

// NB: docs/security.md, "Files other local users could read": what this process creates is its
// owner's alone (files 0600, directories 0700), whatever umask it was started with.
umask(0o077)

let arguments = Array(CommandLine.arguments.dropFirst())
if case .show(let text)? = HelpRequest(arguments) {
  print(text)
  exit(0)
}
let status: Int32
switch arguments.first {
case "replay":
  status = await ReplayCommand.run(Array(arguments.dropFirst()))
case "nutrition":
  status = await NutritionReplayCommand.run(Array(arguments.dropFirst()))
case "activity":
  status = await ActivityCommand.run(Array(arguments.dropFirst()))
case "session":
  status = SessionCommand.run(Array(arguments.dropFirst()))
case "serve":
  status = ServeCommand.run(Array(arguments.dropFirst()))
case "trainee":
  status = AdminCommands.traineeAdd(Array(arguments.dropFirst()))
case "program":
  status = AdminCommands.programImport(Array(arguments.dropFirst()))
case "history":
  status = await HistoryCommand.run(Array(arguments.dropFirst()))
case "progress":
  status = await ProgressCommand.run(Array(arguments.dropFirst()))
case "nutrition-plan":
  status = AdminCommands.nutritionPlanImport(Array(arguments.dropFirst()))
case "account" where AccountDataCommands.subcommands.contains(arguments.dropFirst().first ?? ""):
  status = AccountDataCommands.run(Array(arguments.dropFirst()))
case "login":
  status = await SignInCommands.login(Array(arguments.dropFirst()))
case "logout":
  status = await SignInCommands.logout(Array(arguments.dropFirst()))
case "db":
  status = DatabaseCopyCommand.run(Array(arguments.dropFirst()))
case "studio":
  status = AccountCommands.studio(Array(arguments.dropFirst()))
case "account":
  status = AccountCommands.account(Array(arguments.dropFirst()))
case "invite":
  status = AccountCommands.invite(Array(arguments.dropFirst()))
case "audit":
  status = AccountCommands.audit(Array(arguments.dropFirst()))
case nil:
  status = await AppCommand.run([])
case "app":
  status = await AppCommand.run(Array(arguments.dropFirst()))
case let option? where option.hasPrefix("--"):
  // `perform --server URL --token T`: the app's options without the word `app`.
  status = await AppCommand.run(arguments)
case let command?:
  fail("unknown command \"\(command)\"\n\n\(usage)")
  status = 2
}
exit(status)
