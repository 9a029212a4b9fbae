import Foundation
import Testing

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
