import Foundation
import SQLStore

// NB: a deleted log's `Idempotency-Key` answered its first answer to any payload, so another
// workout posted under it got 201 and was never stored: an acknowledged workout lost. The key now
// keeps the payload of its log when the log is deleted (copied in the deleting transaction; only
// deleted logs' keys hold one, so nothing is stored twice), and a retry is compared with it.

extension TraineeSchema {
  /// Version 6: the payload of a deleted log, kept with its idempotency keys.
  static let version06 = Migration(
    version: 6, name: "payloads of deleted logs kept with their idempotency keys",
    sqlite: """
      ALTER TABLE idempotency_keys ADD COLUMN deleted_payload TEXT
        CHECK (deleted_payload IS NULL OR json_valid(deleted_payload));
      """,
    postgresql: """
      ALTER TABLE idempotency_keys ADD COLUMN deleted_payload TEXT
        CHECK (deleted_payload IS NULL OR json_valid(deleted_payload) = 1);
      """)
}
