import Foundation
import SQLStore

// NB: docs/decisions/the-coachs-roster.md, "Schedules" and "Kept on write": an assignment (the
// trainee's row of `programs`) gets a schedule: given weekdays (`schedule_weekdays`, bit 0 Monday
// to bit 6 Sunday), or a number of workouts a week (`schedule_per_week`), or neither, which means
// the program's days a week (`days_a_week`, the first plan's days); it counts from
// `scheduled_from`, the trainee's date of the import. `sets_per_workout` is the plan's sets over
// its days, rounded. `trainee_days` holds per trainee, calendar date (in the trainee's zone,
// `trainees.time_zone`, the last `X-Timezone` a write carried) and studio tag of version 18's
// records (0 for an untagged one) what the roster counts, written in the transaction of the write
// it counts; `workout_summaries.local_date` and `set_count` say what a log added there, so its
// deletion takes exactly that back. The partial index makes the videos
// awaiting feedback one range per trainee. The fill dates existing logs in UTC (no zone was kept
// before) and counts their sets and the programs' as the store does from now on
// (`ProgramSchedule.setCount`): an exercise's `setRows`, or the leading integer of its `sets`, at
// least 1.

extension TraineeSchema {
  /// Version 19: assignment schedules and the roster's per-day counters.
  static let version19 = Migration(
    version: 19, name: "assignment schedules and the coach's roster, kept on write",
    sqlite: """
      ALTER TABLE programs ADD COLUMN schedule_weekdays INTEGER
        CHECK (schedule_weekdays BETWEEN 1 AND 127);
      ALTER TABLE programs ADD COLUMN schedule_per_week INTEGER
        CHECK (schedule_per_week BETWEEN 1 AND 14);
      ALTER TABLE programs ADD COLUMN days_a_week INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE programs ADD COLUMN sets_per_workout INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE programs ADD COLUMN scheduled_from TEXT
        CHECK (scheduled_from GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]');
      ALTER TABLE trainees ADD COLUMN time_zone TEXT;
      ALTER TABLE workout_summaries ADD COLUMN local_date TEXT;
      ALTER TABLE workout_summaries ADD COLUMN set_count INTEGER NOT NULL DEFAULT 0;

      CREATE TABLE trainee_days (
        trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
        date TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
        workouts_done INTEGER NOT NULL DEFAULT 0,
        sets_done INTEGER NOT NULL DEFAULT 0,
        sets_prescribed INTEGER NOT NULL DEFAULT 0,
        nutrition_logged INTEGER NOT NULL DEFAULT 0,
        studio_id INTEGER NOT NULL,
        PRIMARY KEY (trainee_id, date, studio_id)
      ) STRICT, WITHOUT ROWID;

      CREATE INDEX technique_videos_awaiting_feedback
        ON technique_videos (trainee_id, submitted_at) WHERE feedback IS NULL;

      UPDATE workout_summaries SET
        local_date = date(logged_at / 1000, 'unixepoch'),
        set_count = (SELECT COUNT(*) FROM workout_logs AS l,
            json_each(l.payload, '$.entries') AS e, json_each(e.value, '$.sets') AS s
          WHERE l.id = workout_summaries.log_id);

      INSERT INTO trainee_days (trainee_id, date, studio_id, workouts_done, sets_done,
        sets_prescribed)
      SELECT trainee_id, local_date, COALESCE(studio_id, 0), COUNT(*), SUM(done_set_count),
        SUM(set_count)
      FROM workout_summaries GROUP BY trainee_id, local_date, COALESCE(studio_id, 0);

      INSERT INTO trainee_days (trainee_id, date, studio_id, nutrition_logged)
      SELECT n.trainee_id, n.date, n.studio_id, 1 FROM (
        SELECT trainee_id, date, COALESCE(studio_id, 0) AS studio_id FROM nutrition_days
        WHERE data <> '{}'
        UNION SELECT trainee_id, date, COALESCE(studio_id, 0) FROM meal_logs) AS n
      WHERE true
      ON CONFLICT (trainee_id, date, studio_id) DO UPDATE SET nutrition_logged = 1;

      UPDATE programs SET
        days_a_week = COALESCE(json_array_length(document, '$.plans[0].days'), 0),
        scheduled_from = date(imported_at / 1000, 'unixepoch'),
        sets_per_workout = COALESCE((
          SELECT (SUM(MAX(COALESCE(json_array_length(x.value, '$.setRows'), 0),
              MIN(COALESCE(CAST(json_extract(x.value, '$.sets') AS INTEGER), 0), 999999), 1))
            + json_array_length(programs.document, '$.plans[0].days') / 2)
            / json_array_length(programs.document, '$.plans[0].days')
          FROM json_each(programs.document, '$.plans[0].days') AS d,
            json_each(d.value) AS k, json_each(k.value) AS x
          WHERE k.key IN ('strength', 'cardio') AND k.type = 'array'), 0);
      """,
    postgresql: """
      ALTER TABLE programs ADD COLUMN schedule_weekdays BIGINT
        CHECK (schedule_weekdays BETWEEN 1 AND 127);
      ALTER TABLE programs ADD COLUMN schedule_per_week BIGINT
        CHECK (schedule_per_week BETWEEN 1 AND 14);
      ALTER TABLE programs ADD COLUMN days_a_week BIGINT NOT NULL DEFAULT 0;
      ALTER TABLE programs ADD COLUMN sets_per_workout BIGINT NOT NULL DEFAULT 0;
      ALTER TABLE programs ADD COLUMN scheduled_from TEXT
        CHECK (scheduled_from ~ '^[0-9]{4}-[0-1][0-9]-[0-3][0-9]$');
      ALTER TABLE trainees ADD COLUMN time_zone TEXT;
      ALTER TABLE workout_summaries ADD COLUMN local_date TEXT;
      ALTER TABLE workout_summaries ADD COLUMN set_count BIGINT NOT NULL DEFAULT 0;

      CREATE TABLE trainee_days (
        trainee_id BIGINT NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
        date TEXT NOT NULL CHECK (date ~ '^[0-9]{4}-[0-1][0-9]-[0-3][0-9]$'),
        workouts_done BIGINT NOT NULL DEFAULT 0,
        sets_done BIGINT NOT NULL DEFAULT 0,
        sets_prescribed BIGINT NOT NULL DEFAULT 0,
        nutrition_logged BIGINT NOT NULL DEFAULT 0,
        studio_id BIGINT NOT NULL,
        PRIMARY KEY (trainee_id, date, studio_id)
      );

      CREATE INDEX technique_videos_awaiting_feedback
        ON technique_videos (trainee_id, submitted_at) WHERE feedback IS NULL;

      UPDATE workout_summaries SET
        local_date = to_char(to_timestamp(logged_at / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
        set_count = (SELECT COUNT(*) FROM workout_logs AS l
            CROSS JOIN LATERAL jsonb_array_elements(l.payload::jsonb -> 'entries') AS e (value)
            CROSS JOIN LATERAL jsonb_array_elements(e.value -> 'sets') AS s (value)
          WHERE l.id = workout_summaries.log_id);

      INSERT INTO trainee_days (trainee_id, date, studio_id, workouts_done, sets_done,
        sets_prescribed)
      SELECT trainee_id, local_date, COALESCE(studio_id, 0), COUNT(*), SUM(done_set_count),
        SUM(set_count)
      FROM workout_summaries GROUP BY trainee_id, local_date, COALESCE(studio_id, 0);

      INSERT INTO trainee_days (trainee_id, date, studio_id, nutrition_logged)
      SELECT n.trainee_id, n.date, n.studio_id, 1 FROM (
        SELECT trainee_id, date, COALESCE(studio_id, 0) AS studio_id FROM nutrition_days
        WHERE data <> '{}'
        UNION SELECT trainee_id, date, COALESCE(studio_id, 0) FROM meal_logs) AS n
      WHERE true
      ON CONFLICT (trainee_id, date, studio_id) DO UPDATE SET nutrition_logged = 1;

      UPDATE programs SET
        days_a_week = COALESCE(jsonb_array_length(document::jsonb -> 'plans' -> 0 -> 'days'), 0),
        scheduled_from =
          to_char(to_timestamp(imported_at / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
        sets_per_workout = COALESCE((
          SELECT (SUM(GREATEST(CASE WHEN jsonb_typeof(x.value -> 'setRows') = 'array'
                THEN jsonb_array_length(x.value -> 'setRows') ELSE 0 END,
              LEAST(COALESCE(substring(x.value ->> 'sets' from '^\\s*([0-9]+)')::NUMERIC, 0),
                999999), 1))::BIGINT
            + jsonb_array_length(programs.document::jsonb -> 'plans' -> 0 -> 'days') / 2)
            / jsonb_array_length(programs.document::jsonb -> 'plans' -> 0 -> 'days')
          FROM jsonb_array_elements(programs.document::jsonb -> 'plans' -> 0 -> 'days') AS d (value)
            CROSS JOIN LATERAL jsonb_each(d.value) AS k (key, value)
            CROSS JOIN LATERAL jsonb_array_elements(CASE
              WHEN k.key IN ('strength', 'cardio') AND jsonb_typeof(k.value) = 'array'
              THEN k.value ELSE '[]'::jsonb END) AS x (value)), 0);
      """)
}
