import Foundation
import SQLStore

// NB: the digest of version 3 hashed this build's encoding of the payload, so a retry after an
// upgrade that changed the encoding (a new field, another spelling of a number) would have been
// refused as another workout. A retry is now compared with the stored log as values, and the
// digest is dropped. Steps are never rewritten (a database may be at version 3 already), so
// version 3 stays and version 4 drops the column.

extension TraineeSchema {
  /// Version 4: the payload digests of version 3 are dropped (retries are compared with the stored
  /// log instead).
  static let version04 = Migration(
    version: 4, name: "drop the payload digests of idempotency keys",
    sql: """
      ALTER TABLE idempotency_keys DROP COLUMN payload_sha256;
      """)
}
