import Foundation
import FuzzEntries
import Testing

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
}
