import Foundation
import SQLStore

// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "Meal logs from the app": a meal log may
// carry what the trainee wrote about it and the path of a photo on their device, and an
// `Idempotency-Key` so a log sent again after a lost answer is stored once. Existing logs keep NULL
// in all three; a key is unique per trainee.

extension TraineeSchema {
  /// Version 7: a meal log's description, photo path and idempotency key.
  static let version07 = Migration(
    version: 7, name: "meal log descriptions, photo paths and idempotency keys",
    sql: """
      ALTER TABLE meal_logs ADD COLUMN description TEXT;
      ALTER TABLE meal_logs ADD COLUMN photo_path TEXT;
      ALTER TABLE meal_logs ADD COLUMN idempotency_key TEXT;
      CREATE UNIQUE INDEX meal_logs_by_key ON meal_logs (trainee_id, idempotency_key)
        WHERE idempotency_key IS NOT NULL;
      """)
}
