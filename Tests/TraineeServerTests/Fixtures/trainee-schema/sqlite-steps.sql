-- version 1: trainees, programs, workout logs, videos, notifications, nutrition
CREATE TABLE trainees (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  token_sha256 TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE programs (
  trainee_id INTEGER PRIMARY KEY REFERENCES trainees (id) ON DELETE CASCADE,
  document TEXT NOT NULL CHECK (json_valid(document)),
  imported_at INTEGER NOT NULL
) STRICT;

CREATE TABLE substitutions (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  program_id TEXT NOT NULL,
  day_id TEXT NOT NULL,
  row_id TEXT NOT NULL,
  from_exercise_id TEXT NOT NULL,
  to_exercise_id TEXT NOT NULL,
  saved_at INTEGER NOT NULL,
  PRIMARY KEY (trainee_id, program_id, day_id, row_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE workout_logs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  workout_number INTEGER NOT NULL,
  logged_at INTEGER NOT NULL,
  payload TEXT NOT NULL CHECK (json_valid(payload))
) STRICT;
CREATE INDEX workout_logs_by_trainee ON workout_logs (trainee_id, id);

CREATE TABLE logged_sets (
  log_id INTEGER NOT NULL REFERENCES workout_logs (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  trainee_id INTEGER NOT NULL,
  exercise_id TEXT NOT NULL,
  set_number INTEGER NOT NULL,
  weight REAL,
  reps INTEGER,
  done INTEGER NOT NULL,
  PRIMARY KEY (log_id, position)
) STRICT, WITHOUT ROWID;
CREATE INDEX logged_sets_by_exercise ON logged_sets (trainee_id, exercise_id, log_id);

CREATE TABLE idempotency_keys (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  log_id INTEGER NOT NULL,
  workout_number INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (trainee_id, key)
) STRICT, WITHOUT ROWID;

CREATE TABLE technique_videos (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  exercise_id TEXT,
  submitted_at INTEGER NOT NULL,
  feedback TEXT,
  feedback_seen_at INTEGER
) STRICT;
CREATE INDEX technique_videos_by_trainee ON technique_videos (trainee_id, id);

CREATE TABLE notification_configs (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  type TEXT NOT NULL,
  enabled INTEGER,
  title_template TEXT,
  body_template TEXT,
  PRIMARY KEY (trainee_id, type)
) STRICT, WITHOUT ROWID;

CREATE TABLE nutrition_plans (
  trainee_id INTEGER PRIMARY KEY REFERENCES trainees (id) ON DELETE CASCADE,
  document TEXT NOT NULL CHECK (json_valid(document)),
  imported_at INTEGER NOT NULL
) STRICT;

CREATE TABLE nutrition_days (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  date TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  data TEXT NOT NULL CHECK (json_valid(data)),
  saved_at INTEGER NOT NULL,
  PRIMARY KEY (trainee_id, date)
) STRICT, WITHOUT ROWID;

CREATE TABLE meal_logs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  date TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  consumed_at INTEGER NOT NULL,
  items TEXT NOT NULL CHECK (json_valid(items)),
  logged_at INTEGER NOT NULL
) STRICT;
CREATE INDEX meal_logs_by_day ON meal_logs (trainee_id, date, id);

-- version 2: exercise history summaries and workout log counts
CREATE TABLE exercise_history (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  exercise_id TEXT NOT NULL,
  last_log_id INTEGER NOT NULL,
  best_log_id INTEGER,
  best_position INTEGER,
  best_weight REAL,
  best_reps INTEGER,
  PRIMARY KEY (trainee_id, exercise_id)
) STRICT, WITHOUT ROWID;

INSERT INTO exercise_history (trainee_id, exercise_id, last_log_id)
SELECT trainee_id, exercise_id, MAX(log_id) FROM logged_sets WHERE done = 1
GROUP BY trainee_id, exercise_id;

UPDATE exercise_history SET (best_log_id, best_position, best_weight, best_reps) = (
  SELECT s.log_id, s.position, s.weight, s.reps FROM logged_sets AS s
  WHERE s.trainee_id = exercise_history.trainee_id
    AND s.exercise_id = exercise_history.exercise_id
    AND s.done = 1 AND s.weight > 0 AND s.reps > 0
  ORDER BY s.weight * (30 + s.reps) DESC, s.log_id, s.position LIMIT 1
);

CREATE TABLE workout_log_counts (
  trainee_id INTEGER PRIMARY KEY REFERENCES trainees (id) ON DELETE CASCADE,
  logs INTEGER NOT NULL CHECK (logs >= 0)
) STRICT;

INSERT INTO workout_log_counts (trainee_id, logs)
SELECT trainee_id, COUNT(*) FROM workout_logs GROUP BY trainee_id;

-- version 3: payload digests of idempotency keys
ALTER TABLE idempotency_keys ADD COLUMN payload_sha256 TEXT;

-- version 4: drop the payload digests of idempotency keys
ALTER TABLE idempotency_keys DROP COLUMN payload_sha256;

-- version 5: workout numbers never reused
CREATE TABLE workout_numbers (
  trainee_id INTEGER PRIMARY KEY REFERENCES trainees (id) ON DELETE CASCADE,
  last_number INTEGER NOT NULL CHECK (last_number >= 0)
) STRICT;

INSERT INTO workout_numbers (trainee_id, last_number)
SELECT trainee_id, MAX(number) FROM (
  SELECT trainee_id, logs AS number FROM workout_log_counts
  UNION ALL SELECT trainee_id, workout_number FROM workout_logs
) GROUP BY trainee_id;

UPDATE workout_logs SET workout_number = renumbered.number FROM (
  SELECT later.id,
    numbers.last_number
      + ROW_NUMBER() OVER (PARTITION BY later.trainee_id ORDER BY later.id) AS number
  FROM workout_logs AS later
  JOIN workout_numbers AS numbers ON numbers.trainee_id = later.trainee_id
  WHERE EXISTS (
    SELECT 1 FROM workout_logs AS earlier
    WHERE earlier.trainee_id = later.trainee_id
      AND earlier.workout_number = later.workout_number AND earlier.id < later.id)
) AS renumbered
WHERE workout_logs.id = renumbered.id;

UPDATE workout_numbers SET last_number = (
  SELECT MAX(workout_number) FROM workout_logs
  WHERE workout_logs.trainee_id = workout_numbers.trainee_id);

UPDATE idempotency_keys SET workout_number = logs.workout_number
FROM workout_logs AS logs
WHERE logs.id = idempotency_keys.log_id AND logs.trainee_id = idempotency_keys.trainee_id
  AND logs.workout_number <> idempotency_keys.workout_number;

DROP TABLE workout_log_counts;
CREATE UNIQUE INDEX workout_logs_numbers ON workout_logs (trainee_id, workout_number);

-- version 6: payloads of deleted logs kept with their idempotency keys
ALTER TABLE idempotency_keys ADD COLUMN deleted_payload TEXT
  CHECK (deleted_payload IS NULL OR json_valid(deleted_payload));

-- version 7: meal log descriptions, photo paths and idempotency keys
ALTER TABLE meal_logs ADD COLUMN description TEXT;
ALTER TABLE meal_logs ADD COLUMN photo_path TEXT;
ALTER TABLE meal_logs ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX meal_logs_by_key ON meal_logs (trainee_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;

-- version 8: done sets of every log, for paging by date and by exercise
CREATE TABLE set_history (
  log_id INTEGER NOT NULL REFERENCES workout_logs (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  trainee_id INTEGER NOT NULL,
  performed_at INTEGER NOT NULL,
  workout_number INTEGER NOT NULL,
  label TEXT,
  exercise_id TEXT NOT NULL,
  name TEXT NOT NULL,
  set_number INTEGER NOT NULL,
  set_type TEXT,
  weight REAL,
  reps INTEGER,
  rir TEXT,
  duration_sec INTEGER,
  distance_km REAL,
  is_record INTEGER,
  PRIMARY KEY (log_id, position)
) STRICT, WITHOUT ROWID;
CREATE INDEX set_history_by_date ON set_history (trainee_id, performed_at, log_id, position);
CREATE INDEX set_history_by_exercise
  ON set_history (trainee_id, exercise_id, performed_at, log_id, position);

INSERT INTO set_history (log_id, position, trainee_id, performed_at, workout_number, label,
  exercise_id, name, set_number, set_type, weight, reps, rir, duration_sec, distance_km,
  is_record)
SELECT l.id, e.key * 1000 + s.key, l.trainee_id, l.logged_at, l.workout_number,
  json_extract(l.payload, '$.label'), json_extract(e.value, '$.exerciseId'),
  json_extract(e.value, '$.name'), json_extract(s.value, '$.setNumber'),
  json_extract(s.value, '$.setType'), json_extract(s.value, '$.weight'),
  json_extract(s.value, '$.reps'), json_extract(s.value, '$.rir'),
  json_extract(s.value, '$.durationSec'), json_extract(s.value, '$.distanceKm'),
  json_extract(s.value, '$.isRecord')
FROM workout_logs AS l, json_each(l.payload, '$.entries') AS e,
  json_each(e.value, '$.sets') AS s
WHERE json_extract(s.value, '$.done') = 1;

-- version 9: per-trainee answer version
ALTER TABLE trainees ADD COLUMN answer_version INTEGER NOT NULL DEFAULT 0
  CHECK (answer_version >= 0);

-- version 10: workout summaries, for the history list and the next workout
CREATE TABLE workout_summaries (
  log_id INTEGER PRIMARY KEY REFERENCES workout_logs (id) ON DELETE CASCADE,
  trainee_id INTEGER NOT NULL,
  workout_number INTEGER NOT NULL,
  logged_at INTEGER NOT NULL,
  program_id TEXT,
  day_id TEXT,
  label TEXT,
  duration_sec INTEGER,
  completed INTEGER NOT NULL,
  exercise_count INTEGER NOT NULL,
  done_set_count INTEGER NOT NULL,
  volume REAL NOT NULL
) STRICT;
CREATE INDEX workout_summaries_by_date
  ON workout_summaries (trainee_id, logged_at, log_id);

INSERT INTO workout_summaries (log_id, trainee_id, workout_number, logged_at, program_id,
  day_id, label, duration_sec, completed, exercise_count, done_set_count, volume)
SELECT l.id, l.trainee_id, l.workout_number, l.logged_at,
  json_extract(l.payload, '$.programId'), json_extract(l.payload, '$.dayId'),
  json_extract(l.payload, '$.label'), json_extract(l.payload, '$.durationSec'),
  json_extract(l.payload, '$.completed'), json_array_length(l.payload, '$.entries'),
  (SELECT COUNT(*) FROM json_each(l.payload, '$.entries') AS e,
      json_each(e.value, '$.sets') AS s
    WHERE json_extract(s.value, '$.done') = 1),
  (SELECT TOTAL(json_extract(s.value, '$.weight') * json_extract(s.value, '$.reps'))
    FROM json_each(l.payload, '$.entries') AS e, json_each(e.value, '$.sets') AS s
    WHERE json_extract(s.value, '$.done') = 1
      AND json_type(s.value, '$.durationSec') IS NULL
      AND json_type(s.value, '$.distanceKm') IS NULL
      AND json_extract(s.value, '$.weight') > 0 AND json_extract(s.value, '$.reps') > 0)
FROM workout_logs AS l;

-- version 11: one table of sets: set_history knows its strength sets
ALTER TABLE set_history ADD COLUMN is_strength INTEGER NOT NULL DEFAULT 0
  CHECK (is_strength IN (0, 1));
UPDATE set_history SET is_strength = 1 WHERE (log_id, position) IN (
  SELECT l.id, e.key * 1000 + s.key
  FROM workout_logs AS l, json_each(l.payload, '$.entries') AS e,
    json_each(e.value, '$.sets') AS s
  WHERE json_type(s.value, '$.durationSec') IS NULL
    AND json_type(s.value, '$.distanceKm') IS NULL);
UPDATE exercise_history SET best_position = (
  SELECT MIN(h.position) FROM set_history AS h
  WHERE h.log_id = exercise_history.best_log_id AND h.exercise_id = exercise_history.exercise_id
    AND h.is_strength = 1 AND h.weight = exercise_history.best_weight
    AND h.reps = exercise_history.best_reps)
WHERE best_log_id IS NOT NULL;
DROP INDEX logged_sets_by_exercise;
DROP TABLE logged_sets;

-- version 12: sets paged by date through their workouts; two indexes fewer per log post
DROP INDEX set_history_by_date;
DROP INDEX workout_logs_by_trainee;

-- version 13: sets by exercise kept sixteen logs at a time instead of on every post
CREATE TABLE sets_by_exercise (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  exercise_id TEXT NOT NULL,
  performed_at INTEGER NOT NULL,
  log_id INTEGER NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (trainee_id, exercise_id, performed_at, log_id, position)
) STRICT, WITHOUT ROWID;
INSERT INTO sets_by_exercise (trainee_id, exercise_id, performed_at, log_id, position)
SELECT trainee_id, exercise_id, performed_at, log_id, position FROM set_history;
DROP INDEX set_history_by_exercise;
INSERT INTO workout_numbers (trainee_id, last_number)
SELECT trainee_id, MAX(workout_number) FROM workout_logs WHERE true GROUP BY trainee_id
ON CONFLICT (trainee_id) DO UPDATE
  SET last_number = MAX(workout_numbers.last_number, excluded.last_number);
ALTER TABLE workout_numbers ADD COLUMN merged_number INTEGER NOT NULL DEFAULT 0;
UPDATE workout_numbers SET merged_number = last_number;

-- version 14: per-trainee last record ids, for ids that no other trainee moves
ALTER TABLE trainees ADD COLUMN last_workout_log_id INTEGER;
ALTER TABLE trainees ADD COLUMN last_meal_log_id INTEGER;
ALTER TABLE trainees ADD COLUMN last_technique_video_id INTEGER;

-- version 15: per-trainee usage counts and write pacing, for quotas
CREATE TABLE trainee_usage (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  records INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  PRIMARY KEY (trainee_id, kind)
) STRICT, WITHOUT ROWID;
ALTER TABLE trainees ADD COLUMN writes_paced_to INTEGER;

INSERT INTO trainee_usage (trainee_id, kind, records, bytes)
SELECT trainee_id, 'workout_logs', SUM(records), SUM(bytes) FROM (
  SELECT trainee_id, 1 AS records, length(CAST(payload AS BLOB)) AS bytes
  FROM workout_logs
  UNION ALL
  SELECT k.trainee_id,
    CASE WHEN EXISTS (
      SELECT 1 FROM workout_logs AS l WHERE l.id = k.log_id AND l.trainee_id = k.trainee_id)
    THEN 0 ELSE 1 END,
    length(CAST(k.key AS BLOB)) + COALESCE(length(CAST(k.deleted_payload AS BLOB)), 0)
  FROM idempotency_keys AS k
  UNION ALL
  SELECT trainee_id, 0,
    length(CAST(name AS BLOB)) + length(CAST(exercise_id AS BLOB))
    + COALESCE(length(CAST(label AS BLOB)), 0)
  FROM set_history
) GROUP BY trainee_id;

INSERT INTO trainee_usage (trainee_id, kind, records, bytes)
SELECT trainee_id, 'meal_logs', COUNT(*), SUM(
  length(CAST(items AS BLOB)) + COALESCE(length(CAST(description AS BLOB)), 0)
  + COALESCE(length(CAST(photo_path AS BLOB)), 0)
  + COALESCE(length(CAST(idempotency_key AS BLOB)), 0))
FROM meal_logs GROUP BY trainee_id;

INSERT INTO trainee_usage (trainee_id, kind, records, bytes)
SELECT trainee_id, 'nutrition_days', COUNT(*), SUM(length(CAST(data AS BLOB)))
FROM nutrition_days GROUP BY trainee_id;

INSERT INTO trainee_usage (trainee_id, kind, records, bytes)
SELECT trainee_id, 'substitutions', COUNT(*), SUM(
  length(CAST(program_id AS BLOB)) + length(CAST(day_id AS BLOB))
  + length(CAST(row_id AS BLOB)) + length(CAST(from_exercise_id AS BLOB))
  + length(CAST(to_exercise_id AS BLOB)))
FROM substitutions GROUP BY trainee_id;

INSERT INTO trainee_usage (trainee_id, kind, records, bytes)
SELECT trainee_id, 'technique_videos', COUNT(*), SUM(
  length(CAST(url AS BLOB)) + COALESCE(length(CAST(exercise_id AS BLOB)), 0))
FROM technique_videos GROUP BY trainee_id;

-- version 16: accounts: studios, sessions per device, invites, attempts, audit log
CREATE TABLE studios (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  created_at INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX studios_one_default ON studios (is_default) WHERE is_default = 1;

CREATE TABLE accounts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  role TEXT NOT NULL CHECK (role IN ('trainee', 'coach', 'operator')),
  name TEXT NOT NULL,
  email TEXT UNIQUE,
  password_hash TEXT,
  trainee_id INTEGER UNIQUE REFERENCES trainees (id) ON DELETE CASCADE,
  suspended_at INTEGER,
  created_at INTEGER NOT NULL,
  CHECK ((role = 'trainee') = (trainee_id IS NOT NULL))
) STRICT;

CREATE TABLE studio_members (
  studio_id INTEGER NOT NULL REFERENCES studios (id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('trainee', 'coach')),
  joined_at INTEGER NOT NULL,
  ended_at INTEGER,
  PRIMARY KEY (studio_id, account_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX studio_members_by_account ON studio_members (account_id, studio_id);

CREATE TABLE sessions (
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  studio_id INTEGER REFERENCES studios (id) ON DELETE SET NULL,
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  access_token_sha256 TEXT NOT NULL UNIQUE,
  access_expires_at INTEGER,
  refresh_token_sha256 TEXT UNIQUE,
  refresh_expires_at INTEGER,
  ended_at INTEGER,
  end_reason TEXT,
  PRIMARY KEY (account_id, id)
) STRICT, WITHOUT ROWID;

CREATE TABLE retired_refresh_tokens (
  account_id INTEGER NOT NULL,
  session_id TEXT NOT NULL,
  token_sha256 TEXT NOT NULL UNIQUE,
  retired_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, session_id, token_sha256),
  FOREIGN KEY (account_id, session_id) REFERENCES sessions (account_id, id)
    ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

CREATE TABLE invites (
  studio_id INTEGER NOT NULL REFERENCES studios (id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  code_sha256 TEXT NOT NULL UNIQUE,
  created_by INTEGER REFERENCES accounts (id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  used_by INTEGER REFERENCES accounts (id) ON DELETE SET NULL,
  revoked_at INTEGER,
  PRIMARY KEY (studio_id, id)
) STRICT, WITHOUT ROWID;

CREATE TABLE auth_attempts (
  subject TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('sign_in', 'accept_invite', 'refresh')),
  failures INTEGER NOT NULL,
  last_failure_at INTEGER NOT NULL,
  blocked_until INTEGER NOT NULL,
  PRIMARY KEY (subject, action)
) STRICT, WITHOUT ROWID;

CREATE TABLE auth_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER,
  studio_id INTEGER,
  session_id TEXT,
  event TEXT NOT NULL,
  address TEXT,
  at INTEGER NOT NULL
) STRICT;
CREATE INDEX auth_events_by_account ON auth_events (account_id, id);

INSERT INTO studios (name, is_default, created_at)
SELECT 'Default studio', 1, CAST(strftime('%s', 'now') AS INTEGER) * 1000
WHERE EXISTS (SELECT 1 FROM trainees);
INSERT INTO accounts (role, name, trainee_id, created_at)
SELECT 'trainee', name, id, created_at FROM trainees ORDER BY id;
INSERT INTO studio_members (studio_id, account_id, role, joined_at)
SELECT studios.id, accounts.id, 'trainee', accounts.created_at
FROM accounts, studios WHERE studios.is_default = 1;
INSERT INTO sessions (account_id, id, studio_id, name, created_at, last_seen_at,
  access_token_sha256)
SELECT accounts.id, lower(hex(randomblob(16))), studios.id, 'legacy', trainees.created_at,
  trainees.created_at, trainees.token_sha256
FROM trainees JOIN accounts ON accounts.trainee_id = trainees.id, studios
WHERE studios.is_default = 1;

-- version 17: audit events of deleted accounts: an opaque marker
ALTER TABLE auth_events ADD COLUMN account_marker TEXT;
CREATE INDEX auth_events_of_deleted_accounts ON auth_events (at)
  WHERE account_marker IS NOT NULL;

-- version 18: records tagged by studio; sharing earlier records with a studio
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

-- version 19: assignment schedules and the coach's roster, kept on write
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

-- version 20: the studio's exercise library, programs with versions and assignments
CREATE TABLE library_exercises (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  studio_id INTEGER NOT NULL REFERENCES studios (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  instructions TEXT,
  video_url TEXT,
  equipment TEXT,
  kind TEXT NOT NULL CHECK (kind IN ('strength', 'cardio', 'timed')),
  substitutes TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(substitutes)),
  archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX library_exercises_by_studio ON library_exercises (studio_id, id);

CREATE TABLE coach_programs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  studio_id INTEGER NOT NULL REFERENCES studios (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  version INTEGER NOT NULL CHECK (version >= 1),
  archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX coach_programs_by_studio ON coach_programs (studio_id, id);

CREATE TABLE program_versions (
  program_id INTEGER NOT NULL REFERENCES coach_programs (id) ON DELETE CASCADE,
  version INTEGER NOT NULL CHECK (version >= 1),
  document TEXT NOT NULL CHECK (json_valid(document)),
  plan TEXT NOT NULL CHECK (json_valid(plan)),
  days_a_week INTEGER NOT NULL,
  sets_per_workout INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (program_id, version)
) STRICT, WITHOUT ROWID;

CREATE TABLE program_assignments (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  program_id INTEGER NOT NULL REFERENCES coach_programs (id) ON DELETE CASCADE,
  studio_id INTEGER NOT NULL,
  linked INTEGER NOT NULL CHECK (linked IN (0, 1)),
  version INTEGER NOT NULL CHECK (version >= 1),
  schedule_weekdays INTEGER CHECK (schedule_weekdays BETWEEN 1 AND 127),
  schedule_per_week INTEGER CHECK (schedule_per_week BETWEEN 1 AND 14),
  scheduled_from TEXT NOT NULL
    CHECK (scheduled_from GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  assigned_at INTEGER NOT NULL,
  PRIMARY KEY (trainee_id, program_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX program_assignments_by_program ON program_assignments (program_id, linked);

ALTER TABLE workout_summaries ADD COLUMN program_version INTEGER;

-- version 21: the coach's words: reviews, set comments and private notes
CREATE TABLE workout_reviews (
  log_id INTEGER PRIMARY KEY REFERENCES workout_logs (id) ON DELETE CASCADE,
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  studio_id INTEGER NOT NULL,
  verdict TEXT NOT NULL CHECK (verdict IN ('reviewed', 'needsWork')),
  comment TEXT,
  set_comments TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(set_comments)),
  reviewed_at INTEGER NOT NULL,
  seen_at INTEGER
) STRICT;
CREATE INDEX workout_reviews_unseen
  ON workout_reviews (trainee_id, reviewed_at) WHERE seen_at IS NULL;

ALTER TABLE workout_summaries ADD COLUMN awaiting_review INTEGER NOT NULL DEFAULT 0;
CREATE INDEX workout_summaries_awaiting_review
  ON workout_summaries (trainee_id, studio_id) WHERE awaiting_review = 1;

ALTER TABLE technique_videos ADD COLUMN feedback_at INTEGER;

CREATE TABLE coach_notes (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  studio_id INTEGER NOT NULL,
  text TEXT NOT NULL,
  written_at INTEGER NOT NULL,
  PRIMARY KEY (trainee_id, studio_id)
) STRICT, WITHOUT ROWID;

-- version 22: program days, and the day prescribed kept with each workout log
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

-- version 23: a day's plan against eaten, kept on write, and the coach's tolerance
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

-- version 24: each exercise's records per trainee and studio tag
CREATE TABLE exercise_records (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  studio_id INTEGER NOT NULL,
  exercise_id TEXT NOT NULL,
  name TEXT NOT NULL,
  workouts INTEGER NOT NULL,
  sets INTEGER NOT NULL,
  last_performed_at INTEGER NOT NULL,
  last_log_id INTEGER NOT NULL,
  best_log_id INTEGER,
  best_performed_at INTEGER,
  best_weight REAL,
  best_reps INTEGER,
  heaviest_log_id INTEGER,
  heaviest_performed_at INTEGER,
  heaviest_weight REAL,
  heaviest_reps INTEGER,
  most_reps_log_id INTEGER,
  most_reps_performed_at INTEGER,
  most_reps_weight REAL,
  most_reps_reps INTEGER,
  PRIMARY KEY (trainee_id, studio_id, exercise_id)
) STRICT, WITHOUT ROWID;

INSERT INTO exercise_records (trainee_id, studio_id, exercise_id, name, workouts, sets,
  last_performed_at, last_log_id, best_log_id, best_performed_at, best_weight, best_reps,
  heaviest_log_id, heaviest_performed_at, heaviest_weight, heaviest_reps,
  most_reps_log_id, most_reps_performed_at, most_reps_weight, most_reps_reps)
SELECT r.trainee_id, r.studio_id, r.exercise_id,
  MAX(CASE WHEN r.last_rank = 1 THEN r.name END), COUNT(DISTINCT r.log_id), COUNT(*),
  MAX(CASE WHEN r.last_rank = 1 THEN r.performed_at END),
  MAX(CASE WHEN r.last_rank = 1 THEN r.log_id END),
  MAX(CASE WHEN r.counts = 1 AND r.best_rank = 1 THEN r.log_id END),
  MAX(CASE WHEN r.counts = 1 AND r.best_rank = 1 THEN r.performed_at END),
  MAX(CASE WHEN r.counts = 1 AND r.best_rank = 1 THEN r.weight END),
  MAX(CASE WHEN r.counts = 1 AND r.best_rank = 1 THEN r.reps END),
  MAX(CASE WHEN r.counts = 1 AND r.heaviest_rank = 1 THEN r.log_id END),
  MAX(CASE WHEN r.counts = 1 AND r.heaviest_rank = 1 THEN r.performed_at END),
  MAX(CASE WHEN r.counts = 1 AND r.heaviest_rank = 1 THEN r.weight END),
  MAX(CASE WHEN r.counts = 1 AND r.heaviest_rank = 1 THEN r.reps END),
  MAX(CASE WHEN r.has_reps = 1 AND r.most_reps_rank = 1 THEN r.log_id END),
  MAX(CASE WHEN r.has_reps = 1 AND r.most_reps_rank = 1 THEN r.performed_at END),
  MAX(CASE WHEN r.has_reps = 1 AND r.most_reps_rank = 1 THEN r.weight END),
  MAX(CASE WHEN r.has_reps = 1 AND r.most_reps_rank = 1 THEN r.reps END)
FROM (
  SELECT f.*,
    ROW_NUMBER() OVER (PARTITION BY f.trainee_id, f.studio_id, f.exercise_id
      ORDER BY f.performed_at DESC, f.log_id DESC, f.position DESC) AS last_rank,
    ROW_NUMBER() OVER (PARTITION BY f.trainee_id, f.studio_id, f.exercise_id, f.counts
      ORDER BY f.weight * (30 + f.reps) DESC, f.performed_at, f.log_id, f.position)
      AS best_rank,
    ROW_NUMBER() OVER (PARTITION BY f.trainee_id, f.studio_id, f.exercise_id, f.counts
      ORDER BY f.weight DESC, f.performed_at, f.log_id, f.position) AS heaviest_rank,
    ROW_NUMBER() OVER (PARTITION BY f.trainee_id, f.studio_id, f.exercise_id, f.has_reps
      ORDER BY f.reps DESC, f.performed_at, f.log_id, f.position) AS most_reps_rank
  FROM (
    SELECT s.trainee_id, w.studio_id, s.exercise_id, s.log_id, s.position,
      s.performed_at, s.name, s.weight, s.reps,
      CASE WHEN s.is_strength = 1 AND s.weight > 0 AND s.reps > 0
        AND (s.set_type IS NULL OR s.set_type <> 'warmup') THEN 1 ELSE 0 END AS counts,
      CASE WHEN s.is_strength = 1 AND s.reps > 0
        AND (s.set_type IS NULL OR s.set_type <> 'warmup') THEN 1 ELSE 0 END AS has_reps
    FROM set_history AS s
    JOIN workout_logs AS w ON w.id = s.log_id AND w.trainee_id = s.trainee_id
  ) AS f
) AS r
GROUP BY r.trainee_id, r.studio_id, r.exercise_id;

-- version 25: the studio's meal plans with versions and assignments
CREATE TABLE coach_meal_plans (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  studio_id INTEGER NOT NULL REFERENCES studios (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  version INTEGER NOT NULL CHECK (version >= 1),
  archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX coach_meal_plans_by_studio ON coach_meal_plans (studio_id, id);

CREATE TABLE meal_plan_versions (
  meal_plan_id INTEGER NOT NULL REFERENCES coach_meal_plans (id) ON DELETE CASCADE,
  version INTEGER NOT NULL CHECK (version >= 1),
  plan TEXT NOT NULL CHECK (json_valid(plan)),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (meal_plan_id, version)
) STRICT, WITHOUT ROWID;

CREATE TABLE meal_plan_assignments (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  meal_plan_id INTEGER NOT NULL REFERENCES coach_meal_plans (id) ON DELETE CASCADE,
  studio_id INTEGER NOT NULL,
  linked INTEGER NOT NULL CHECK (linked IN (0, 1)),
  version INTEGER NOT NULL CHECK (version >= 1),
  assigned_at INTEGER NOT NULL,
  PRIMARY KEY (trainee_id, meal_plan_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX meal_plan_assignments_by_plan ON meal_plan_assignments (meal_plan_id, linked);

-- version 26: notification texts per studio and per trainee
CREATE TABLE studio_notification_configs (
  studio_id INTEGER NOT NULL,
  type TEXT NOT NULL,
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  title_template TEXT,
  body_template TEXT,
  written_at INTEGER NOT NULL,
  PRIMARY KEY (studio_id, type)
) STRICT, WITHOUT ROWID;

CREATE TABLE notification_overrides (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  studio_id INTEGER NOT NULL,
  type TEXT NOT NULL,
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  title_template TEXT,
  body_template TEXT,
  written_at INTEGER NOT NULL,
  PRIMARY KEY (trainee_id, studio_id, type)
) STRICT, WITHOUT ROWID;

-- version 27: the studio's events feed
ALTER TABLE studios ADD COLUMN event_head INTEGER NOT NULL DEFAULT 0
  CHECK (event_head >= 0);
CREATE TABLE studio_events (
  studio_id INTEGER NOT NULL REFERENCES studios (id) ON DELETE CASCADE,
  number INTEGER NOT NULL CHECK (number > 0),
  kind TEXT NOT NULL CHECK (kind <> ''),
  at INTEGER NOT NULL,
  trainee_id INTEGER NOT NULL,
  record_studio_id INTEGER NOT NULL,
  subject_id INTEGER,
  PRIMARY KEY (studio_id, number)
) STRICT, WITHOUT ROWID;
CREATE INDEX studio_events_by_trainee ON studio_events (studio_id, trainee_id, number);
