import Foundation
import SQLStore

// NB: docs/decisions/what-the-coach-sees.md, "The prescription kept with the log": the program
// changes over time, so a log keeps the day it was done from. `program_days` holds each day of
// the trainee's programs as its own JSON, written at each import, so a log's write reads one row
// (its cost follows the day, not the program); `workout_logs.prescribed` holds that day and the
// trainee's substitutions of its rows as they were when the log was stored, or `NULL` (a log
// stored before this version, or one naming no day of the programs). The fill splits the
// programs already imported; a plan or day id given twice keeps its first.

extension TraineeSchema {
  /// Version 22: each program day on its own, and the prescription kept with each log.
  static let version22 = Migration(
    version: 22, name: "program days, and the day prescribed kept with each workout log",
    sqlite: """
      CREATE TABLE program_days (
        trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
        program_id TEXT NOT NULL,
        day_id TEXT NOT NULL,
        document TEXT NOT NULL CHECK (json_valid(document)),
        PRIMARY KEY (trainee_id, program_id, day_id)
      ) STRICT, WITHOUT ROWID;
      ALTER TABLE workout_logs ADD COLUMN prescribed TEXT
        CHECK (prescribed IS NULL OR json_valid(prescribed));

      INSERT INTO program_days (trainee_id, program_id, day_id, document)
      SELECT p.trainee_id, json_extract(plan.value, '$.id'), json_extract(day.value, '$.id'),
        day.value
      FROM programs AS p, json_each(p.document, '$.plans') AS plan,
        json_each(plan.value, '$.days') AS day
      WHERE json_type(plan.value, '$.id') = 'text' AND json_type(day.value, '$.id') = 'text'
        AND day.type = 'object'
      ORDER BY p.trainee_id, plan.key, day.key
      ON CONFLICT (trainee_id, program_id, day_id) DO NOTHING;
      """,
    postgresql: """
      CREATE TABLE program_days (
        trainee_id BIGINT NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
        program_id TEXT NOT NULL,
        day_id TEXT NOT NULL,
        document TEXT NOT NULL CHECK (json_valid(document) = 1),
        PRIMARY KEY (trainee_id, program_id, day_id)
      );
      ALTER TABLE workout_logs ADD COLUMN prescribed TEXT
        CHECK (prescribed IS NULL OR json_valid(prescribed) = 1);

      INSERT INTO program_days (trainee_id, program_id, day_id, document)
      SELECT p.trainee_id, plan.value ->> 'id', day.value ->> 'id', day.value::text
      FROM programs AS p
        CROSS JOIN LATERAL jsonb_array_elements(p.document::jsonb -> 'plans')
          WITH ORDINALITY AS plan (value, n)
        CROSS JOIN LATERAL jsonb_array_elements(plan.value -> 'days')
          WITH ORDINALITY AS day (value, n)
      WHERE jsonb_typeof(plan.value -> 'id') = 'string'
        AND jsonb_typeof(day.value -> 'id') = 'string' AND jsonb_typeof(day.value) = 'object'
      ORDER BY p.trainee_id, plan.n, day.n
      ON CONFLICT (trainee_id, program_id, day_id) DO NOTHING;
      """)
}
