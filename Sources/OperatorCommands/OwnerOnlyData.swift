import DurableFiles
import Foundation

// NB: docs/security.md, "Files other local users could read": `main.swift` sets the umask to 077,
// so whatever this process creates (the SQLite database with its WAL and shared memory, the app's
// files, exports, an access log) is its owner's alone. Files made before are repaired here when a
// command opens them: the data directory and everything in it, or the database given with
// `--database` and the files kept beside it.

/// Takes the group's and others' permissions away from `url` (and what is under it when
/// `recursive`), saying so on standard error for each path changed, naming its old mode.
package func keepOwnerOnly(_ url: URL, recursive: Bool) {
  for repaired in OwnerOnlyFiles.repair(url, recursive: recursive) { fail("\(repaired)") }
}

/// Creates the data directory of `layout` (0700) when missing, and repairs its modes and its
/// files'.
package func prepareDataDirectory(_ layout: DataDirectory) throws {
  try OwnerOnlyFiles.createDirectory(layout.root)
  keepOwnerOnly(layout.root, recursive: true)
}

/// Repairs the modes of the SQLite database at `path` and of the files beside it: its WAL, shared
/// memory and rollback journal, and the demo trainee's token.
package func keepDatabaseOwnerOnly(_ path: String) {
  for suffix in ["", "-wal", "-shm", "-journal", ".demo-token"] {
    keepOwnerOnly(URL(fileURLWithPath: path + suffix), recursive: false)
  }
}
