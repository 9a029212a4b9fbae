import Foundation
import SQLStore
import TraineeData
import TraineeDatabaseSchema
import TraineeServer

/// `perform db copy --from PATH_OR_URL --to PATH_OR_URL`.
package enum DatabaseCopyCommand {
  package static func run(_ arguments: [String]) -> Int32 {
    let options: Options
    do {
      options = try Options(arguments, known: ["from", "to"])
    } catch {
      fail("\(error)\n\n\(usage(of: "db"))")
      return 2
    }
    guard options.positional == ["copy"], let from = options.values["from"],
      let to = options.values["to"]
    else {
      fail("usage: perform db copy --from PATH|URL --to PATH|URL")
      return 2
    }
    guard from != to else {
      fail("--from and --to name the same database")
      return 2
    }
    guard PostgreSQLDatabase.isURL(from) || FileManager.default.fileExists(atPath: from) else {
      fail("--from \(from): no such file")
      return 2
    }
    do {
      let source = try open(from)
      defer { source.close() }
      let target = try open(to)
      defer { target.close() }
      let copied = try DatabaseCopy.copy(from: source, to: target)
      for (table, rows) in copied { say("\(table): \(rows)") }
      say("copied \(source.location) to \(target.location)")
      return 0
    } catch let refusal as DatabaseCopy.Refusal {
      fail("\(refusal)")
      return 2
    } catch {
      fail("\(error)")
      return 1
    }
  }

  private static func open(_ database: String) throws -> any DatabaseDriver {
    PostgreSQLDatabase.isURL(database)
      ? try PostgreSQLDatabase(url: database) : try SQLiteDatabase(path: database)
  }
}
