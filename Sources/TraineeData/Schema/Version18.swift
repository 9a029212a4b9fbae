import Foundation
import SQLStore

// NB: docs/decisions/accounts.md, "What a coach sees": every record a trainee makes (a workout
// log, a nutrition day, a meal log, a technique video) is tagged with the studio the trainee was
// using; programs and meal plans with the studio that wrote them. Rows stored before this step
// take the default studio, which every trainee belonged to until invites existed. A membership
// holds the trainee's switch "share my earlier records" with that studio, off by default. A
// workout's summary keeps its log's tag, so a coach's page of history is a key range of
// `workout_summaries_by_studio` whatever the history's length.

extension TraineeSchema {
  /// Version 18: the studio of every record, of programs and meal plans, and the share switch.
  static let version18 = Migration(
    version: 18, name: "records tagged by studio; sharing earlier records with a studio",
    sqlite: """
      ALTER TABLE workout_logs ADD COLUMN studio_id INTEGER
        REFERENCES studios (id) ON DELETE SET NULL;
      ALTER TABLE workout_summaries ADD COLUMN studio_id INTEGER;
      ALTER TABLE nutrition_days ADD COLUMN studio_id INTEGER
        REFERENCES studios (id) ON DELETE SET NULL;
      ALTER TABLE meal_logs ADD COLUMN studio_id INTEGER
        REFERENCES studios (id) ON DELETE SET NULL;
      ALTER TABLE technique_videos ADD COLUMN studio_id INTEGER
        REFERENCES studios (id) ON DELETE SET NULL;
      ALTER TABLE programs ADD COLUMN studio_id INTEGER
        REFERENCES studios (id) ON DELETE SET NULL;
      ALTER TABLE nutrition_plans ADD COLUMN studio_id INTEGER
        REFERENCES studios (id) ON DELETE SET NULL;
      ALTER TABLE studio_members ADD COLUMN shares_earlier_records INTEGER NOT NULL DEFAULT 0
        CHECK (shares_earlier_records IN (0, 1));

      UPDATE workout_logs SET studio_id = (SELECT id FROM studios WHERE is_default = 1);
      UPDATE workout_summaries SET studio_id = (SELECT id FROM studios WHERE is_default = 1);
      UPDATE nutrition_days SET studio_id = (SELECT id FROM studios WHERE is_default = 1);
      UPDATE meal_logs SET studio_id = (SELECT id FROM studios WHERE is_default = 1);
      UPDATE technique_videos SET studio_id = (SELECT id FROM studios WHERE is_default = 1);
      UPDATE programs SET studio_id = (SELECT id FROM studios WHERE is_default = 1);
      UPDATE nutrition_plans SET studio_id = (SELECT id FROM studios WHERE is_default = 1);

      CREATE INDEX workout_summaries_by_studio
        ON workout_summaries (trainee_id, studio_id, logged_at, log_id);
      """,
    postgresql: """
      ALTER TABLE workout_logs ADD COLUMN studio_id BIGINT
        REFERENCES studios (id) ON DELETE SET NULL;
      ALTER TABLE workout_summaries ADD COLUMN studio_id BIGINT;
      ALTER TABLE nutrition_days ADD COLUMN studio_id BIGINT
        REFERENCES studios (id) ON DELETE SET NULL;
      ALTER TABLE meal_logs ADD COLUMN studio_id BIGINT
        REFERENCES studios (id) ON DELETE SET NULL;
      ALTER TABLE technique_videos ADD COLUMN studio_id BIGINT
        REFERENCES studios (id) ON DELETE SET NULL;
      ALTER TABLE programs ADD COLUMN studio_id BIGINT
        REFERENCES studios (id) ON DELETE SET NULL;
      ALTER TABLE nutrition_plans ADD COLUMN studio_id BIGINT
        REFERENCES studios (id) ON DELETE SET NULL;
      ALTER TABLE studio_members ADD COLUMN shares_earlier_records BIGINT NOT NULL DEFAULT 0
        CHECK (shares_earlier_records IN (0, 1));

      UPDATE workout_logs SET studio_id = (SELECT id FROM studios WHERE is_default = 1);
      UPDATE workout_summaries SET studio_id = (SELECT id FROM studios WHERE is_default = 1);
      UPDATE nutrition_days SET studio_id = (SELECT id FROM studios WHERE is_default = 1);
      UPDATE meal_logs SET studio_id = (SELECT id FROM studios WHERE is_default = 1);
      UPDATE technique_videos SET studio_id = (SELECT id FROM studios WHERE is_default = 1);
      UPDATE programs SET studio_id = (SELECT id FROM studios WHERE is_default = 1);
      UPDATE nutrition_plans SET studio_id = (SELECT id FROM studios WHERE is_default = 1);

      CREATE INDEX workout_summaries_by_studio
        ON workout_summaries (trainee_id, studio_id, logged_at, log_id);
      """)
}
