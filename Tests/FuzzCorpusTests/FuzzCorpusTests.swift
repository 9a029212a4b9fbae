import Foundation
import Testing
import TraineeAPI

@testable import FuzzEntries

/// The saved corpora, `Fuzz/Corpora/<target>/`, replayed through the same entry functions the
/// fuzzer drives, without the sanitizers (docs/fuzzing.md).
struct FuzzCorpusTests {
  static let corpora = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fuzz/Corpora")

  /// The files of `target`'s corpus, by name.
  static func corpus(_ target: FuzzTarget) throws -> [URL] {
    let directory = corpora.appendingPathComponent(target.rawValue)
    return try FileManager.default.contentsOfDirectory(
      at: directory, includingPropertiesForKeys: nil
    )
    .filter { !$0.lastPathComponent.hasPrefix(".") }
    .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  @Test(arguments: FuzzTarget.allCases)
  func everySavedInputRunsWithoutAFinding(_ target: FuzzTarget) throws {
    let files = try Self.corpus(target)
    #expect(!files.isEmpty, "no corpus for \(target)")
    for file in files {
      let input = try Data(contentsOf: file)
      #expect(throws: Never.self, "\(target)/\(file.lastPathComponent)") {
        try target.run(input)
      }
    }
  }

  /// Every endpoint of the table that reads a body is fuzzed with the input as that body: by
  /// `server-request` (the trainee routes) or by `account-request` (the accounts'), so a new
  /// body cannot be served unfuzzed (docs/fuzzing.md, "Targets").
  @Test func everyBodyOfTheEndpointTableIsFuzzed() {
    let trainee = Set(ServerRequestEntry.bodyRoutes.map { "\($0.0.rawValue) \($0.1)" })
    let accounts = Set(AccountRequestEntry.bodyRoutes.map(\.name))
    for endpoint in TraineeEndpoints.table.all where endpoint.sendsBody {
      let route = "\(endpoint.method.rawValue) \(endpoint.path)"
      #expect(
        trainee.contains(route) || accounts.contains(endpoint.name),
        "\(endpoint.name) (\(route)) reads a body no fuzz target sends")
    }
  }

  /// Two bad entries of one dictionary may be named in either order (Foundation decodes a
  /// dictionary in its hash order, the tree decoder in the body's), the entry named by the empty
  /// string included; fields in different places are not alike.
  @Test func twoFieldsOfOneObjectAreAlikeWhateverTheirNames() {
    #expect(ServerRequestEntry.withinOneObject("aiMeals.temro", "aiMeals."))
    #expect(ServerRequestEntry.withinOneObject("aiMeals.", "aiMeals.temro"))
    #expect(ServerRequestEntry.withinOneObject("entries.0.sets.1", "entries.0.sets.2"))
    #expect(!ServerRequestEntry.withinOneObject("date", "data"))
    #expect(!ServerRequestEntry.withinOneObject("aiMeals", "aiMeals.x"))
    #expect(!ServerRequestEntry.withinOneObject("eaten.a", "swaps.a"))
  }
}
