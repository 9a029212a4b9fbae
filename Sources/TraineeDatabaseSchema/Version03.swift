import Foundation
import SQLStore

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage":
// a retried post must return the first answer, but the same key with another workout must not (that
// workout would be lost); the key keeps its payload's digest.

extension TraineeSchema {
  /// Version 3: the SHA-256 of the payload each `Idempotency-Key` came with (`NULL` for keys stored
  /// before, which keep accepting any payload).
  static let version03 = Migration(
    version: 3, name: "payload digests of idempotency keys",
    sql: """
      ALTER TABLE idempotency_keys ADD COLUMN payload_sha256 TEXT;
      """)
}
