import Foundation
import SQLStore

// NB: docs/decisions/the-coachs-roster.md, "Nutrition within tolerance": `trainee_days` keeps a
// day's eaten kcal, protein, carbs and fat and its plan day's kcal and protein targets, in tenths,
// on the row of the studio tag of the day's latest nutrition write (`NULL` on the others, and on
// every row no nutrition write touched since this version), written in the transaction of each
// day save and meal log. `nutrition_tolerances` holds a studio's tolerance of one trainee (kcal
// within ±P %, protein at least Q %); a trainee without a row has the default, 10 and 90. The
// fill cannot read a diary in SQL: days written before keep no totals until their next write
// ("Days before version 23").

extension TraineeSchema {
  /// Version 23: each day's plan against eaten, kept on write, and the coach's tolerance.
  static let version23 = Migration(
    version: 23, name: "a day's plan against eaten, kept on write, and the coach's tolerance",
    sqlite: """
      ALTER TABLE trainee_days ADD COLUMN eaten_kcal_tenths INTEGER;
      ALTER TABLE trainee_days ADD COLUMN eaten_protein_tenths INTEGER;
      ALTER TABLE trainee_days ADD COLUMN eaten_carbs_tenths INTEGER;
      ALTER TABLE trainee_days ADD COLUMN eaten_fat_tenths INTEGER;
      ALTER TABLE trainee_days ADD COLUMN target_kcal_tenths INTEGER;
      ALTER TABLE trainee_days ADD COLUMN target_protein_tenths INTEGER;

      CREATE TABLE nutrition_tolerances (
        trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
        studio_id INTEGER NOT NULL,
        kcal_within_percent INTEGER NOT NULL CHECK (kcal_within_percent BETWEEN 0 AND 100),
        protein_at_least_percent INTEGER NOT NULL
          CHECK (protein_at_least_percent BETWEEN 0 AND 200),
        set_at INTEGER NOT NULL,
        PRIMARY KEY (trainee_id, studio_id)
      ) STRICT, WITHOUT ROWID;
      """,
    postgresql: """
      ALTER TABLE trainee_days ADD COLUMN eaten_kcal_tenths BIGINT;
      ALTER TABLE trainee_days ADD COLUMN eaten_protein_tenths BIGINT;
      ALTER TABLE trainee_days ADD COLUMN eaten_carbs_tenths BIGINT;
      ALTER TABLE trainee_days ADD COLUMN eaten_fat_tenths BIGINT;
      ALTER TABLE trainee_days ADD COLUMN target_kcal_tenths BIGINT;
      ALTER TABLE trainee_days ADD COLUMN target_protein_tenths BIGINT;

      CREATE TABLE nutrition_tolerances (
        trainee_id BIGINT NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
        studio_id BIGINT NOT NULL,
        kcal_within_percent BIGINT NOT NULL CHECK (kcal_within_percent BETWEEN 0 AND 100),
        protein_at_least_percent BIGINT NOT NULL
          CHECK (protein_at_least_percent BETWEEN 0 AND 200),
        set_at BIGINT NOT NULL,
        PRIMARY KEY (trainee_id, studio_id)
      );
      """)
}
