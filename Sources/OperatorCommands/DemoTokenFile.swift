import DurableFiles
import Foundation
import TraineeData
import TraineeServer

// NB: docs/decisions/operating-the-server.md, "The demo trainee's token": a restarted server must
// not log the app out.
// The database keeps only token hashes, so the demo trainee's token is kept beside the database,
// readable only by its owner (0600), and handed back to `DemoTrainee.ensure` on the next start:
// `perform serve --demo` and the app's embedded server then keep answering the same token.

/// The demo trainee's token, kept in `<database>.demo-token` beside the database.
package struct DemoTokenFile {
  package let url: URL

  /// The file of the database at `databasePath`.
  package init(databasePath: String) {
    url = URL(fileURLWithPath: databasePath + ".demo-token")
  }

  /// The token kept, if the file holds one (a file that does not is ignored: a new token is
  /// issued and written over it, since a token is no trainee data).
  package func read() -> String? {
    guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
    let token = String(decoding: data, as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard !token.isEmpty, !token.contains(where: { $0.isWhitespace }) else { return nil }
    return token
  }

  /// Keeps `token`, readable and writable by its owner only.
  package func write(_ token: String) throws(FileError) {
    // A new file renamed over the old one: 0600 from its first byte, whatever the old one had.
    try DurableFile.atomicWrite(Data((token + "\n").utf8), to: url, permissions: 0o600)
  }

  /// The demo trainee in `store`, with the kept token when it still works, else a new one,
  /// which is kept.
  package func ensureDemo(in store: any TraineeStore) throws -> (id: TraineeID, token: String) {
    let kept = read()
    let demo = try DemoTrainee.ensure(in: store, keeping: kept)
    if demo.token != kept { try write(demo.token) }
    return demo
  }
}
