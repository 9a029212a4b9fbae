-- user_version 27

-- index auth_events_by_account on auth_events
CREATE INDEX auth_events_by_account ON auth_events (account_id, id)

-- index auth_events_of_deleted_accounts on auth_events
CREATE INDEX auth_events_of_deleted_accounts ON auth_events (at)
  WHERE account_marker IS NOT NULL

-- index coach_meal_plans_by_studio on coach_meal_plans
CREATE INDEX coach_meal_plans_by_studio ON coach_meal_plans (studio_id, id)

-- index coach_programs_by_studio on coach_programs
CREATE INDEX coach_programs_by_studio ON coach_programs (studio_id, id)

-- index library_exercises_by_studio on library_exercises
CREATE INDEX library_exercises_by_studio ON library_exercises (studio_id, id)

-- index meal_logs_by_day on meal_logs
CREATE INDEX meal_logs_by_day ON meal_logs (trainee_id, date, id)

-- index meal_logs_by_key on meal_logs
CREATE UNIQUE INDEX meal_logs_by_key ON meal_logs (trainee_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL

-- index meal_plan_assignments_by_plan on meal_plan_assignments
CREATE INDEX meal_plan_assignments_by_plan ON meal_plan_assignments (meal_plan_id, linked)

-- index program_assignments_by_program on program_assignments
CREATE INDEX program_assignments_by_program ON program_assignments (program_id, linked)

-- index sqlite_autoindex_accounts_1 on accounts
(no SQL)

-- index sqlite_autoindex_accounts_2 on accounts
(no SQL)

-- index sqlite_autoindex_invites_1 on invites
(no SQL)

-- index sqlite_autoindex_retired_refresh_tokens_1 on retired_refresh_tokens
(no SQL)

-- index sqlite_autoindex_sessions_1 on sessions
(no SQL)

-- index sqlite_autoindex_sessions_2 on sessions
(no SQL)

-- index sqlite_autoindex_trainees_1 on trainees
(no SQL)

-- index studio_events_by_trainee on studio_events
CREATE INDEX studio_events_by_trainee ON studio_events (studio_id, trainee_id, number)

-- index studio_members_by_account on studio_members
CREATE INDEX studio_members_by_account ON studio_members (account_id, studio_id)

-- index studios_one_default on studios
CREATE UNIQUE INDEX studios_one_default ON studios (is_default) WHERE is_default = 1

-- index technique_videos_awaiting_feedback on technique_videos
CREATE INDEX technique_videos_awaiting_feedback
  ON technique_videos (trainee_id, submitted_at) WHERE feedback IS NULL

-- index technique_videos_by_trainee on technique_videos
CREATE INDEX technique_videos_by_trainee ON technique_videos (trainee_id, id)

-- index workout_logs_numbers on workout_logs
CREATE UNIQUE INDEX workout_logs_numbers ON workout_logs (trainee_id, workout_number)

-- index workout_reviews_unseen on workout_reviews
CREATE INDEX workout_reviews_unseen
  ON workout_reviews (trainee_id, reviewed_at) WHERE seen_at IS NULL

-- index workout_summaries_awaiting_review on workout_summaries
CREATE INDEX workout_summaries_awaiting_review
  ON workout_summaries (trainee_id, studio_id) WHERE awaiting_review = 1

-- index workout_summaries_by_date on workout_summaries
CREATE INDEX workout_summaries_by_date
  ON workout_summaries (trainee_id, logged_at, log_id)

-- index workout_summaries_by_studio on workout_summaries
CREATE INDEX workout_summaries_by_studio
  ON workout_summaries (trainee_id, studio_id, logged_at, log_id)

-- table accounts on accounts
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
) STRICT

-- table auth_attempts on auth_attempts
CREATE TABLE auth_attempts (
  subject TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('sign_in', 'accept_invite', 'refresh')),
  failures INTEGER NOT NULL,
  last_failure_at INTEGER NOT NULL,
  blocked_until INTEGER NOT NULL,
  PRIMARY KEY (subject, action)
) STRICT, WITHOUT ROWID

-- table auth_events on auth_events
CREATE TABLE auth_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER,
  studio_id INTEGER,
  session_id TEXT,
  event TEXT NOT NULL,
  address TEXT,
  at INTEGER NOT NULL
, account_marker TEXT) STRICT

-- table coach_meal_plans on coach_meal_plans
CREATE TABLE coach_meal_plans (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  studio_id INTEGER NOT NULL REFERENCES studios (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  version INTEGER NOT NULL CHECK (version >= 1),
  archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT

-- table coach_notes on coach_notes
CREATE TABLE coach_notes (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  studio_id INTEGER NOT NULL,
  text TEXT NOT NULL,
  written_at INTEGER NOT NULL,
  PRIMARY KEY (trainee_id, studio_id)
) STRICT, WITHOUT ROWID

-- table coach_programs on coach_programs
CREATE TABLE coach_programs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  studio_id INTEGER NOT NULL REFERENCES studios (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  version INTEGER NOT NULL CHECK (version >= 1),
  archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT

-- table exercise_history on exercise_history
CREATE TABLE exercise_history (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  exercise_id TEXT NOT NULL,
  last_log_id INTEGER NOT NULL,
  best_log_id INTEGER,
  best_position INTEGER,
  best_weight REAL,
  best_reps INTEGER,
  PRIMARY KEY (trainee_id, exercise_id)
) STRICT, WITHOUT ROWID

-- table exercise_records on exercise_records
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
) STRICT, WITHOUT ROWID

-- table idempotency_keys on idempotency_keys
CREATE TABLE idempotency_keys (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  log_id INTEGER NOT NULL,
  workout_number INTEGER NOT NULL,
  created_at INTEGER NOT NULL, deleted_payload TEXT
  CHECK (deleted_payload IS NULL OR json_valid(deleted_payload)),
  PRIMARY KEY (trainee_id, key)
) STRICT, WITHOUT ROWID

-- table invites on invites
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
) STRICT, WITHOUT ROWID

-- table library_exercises on library_exercises
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
) STRICT

-- table meal_logs on meal_logs
CREATE TABLE meal_logs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  date TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  consumed_at INTEGER NOT NULL,
  items TEXT NOT NULL CHECK (json_valid(items)),
  logged_at INTEGER NOT NULL
, description TEXT, photo_path TEXT, idempotency_key TEXT, studio_id INTEGER
  REFERENCES studios (id) ON DELETE SET NULL) STRICT

-- table meal_plan_assignments on meal_plan_assignments
CREATE TABLE meal_plan_assignments (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  meal_plan_id INTEGER NOT NULL REFERENCES coach_meal_plans (id) ON DELETE CASCADE,
  studio_id INTEGER NOT NULL,
  linked INTEGER NOT NULL CHECK (linked IN (0, 1)),
  version INTEGER NOT NULL CHECK (version >= 1),
  assigned_at INTEGER NOT NULL,
  PRIMARY KEY (trainee_id, meal_plan_id)
) STRICT, WITHOUT ROWID

-- table meal_plan_versions on meal_plan_versions
CREATE TABLE meal_plan_versions (
  meal_plan_id INTEGER NOT NULL REFERENCES coach_meal_plans (id) ON DELETE CASCADE,
  version INTEGER NOT NULL CHECK (version >= 1),
  plan TEXT NOT NULL CHECK (json_valid(plan)),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (meal_plan_id, version)
) STRICT, WITHOUT ROWID

-- table notification_configs on notification_configs
CREATE TABLE notification_configs (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  type TEXT NOT NULL,
  enabled INTEGER,
  title_template TEXT,
  body_template TEXT,
  PRIMARY KEY (trainee_id, type)
) STRICT, WITHOUT ROWID

-- table notification_overrides on notification_overrides
CREATE TABLE notification_overrides (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  studio_id INTEGER NOT NULL,
  type TEXT NOT NULL,
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  title_template TEXT,
  body_template TEXT,
  written_at INTEGER NOT NULL,
  PRIMARY KEY (trainee_id, studio_id, type)
) STRICT, WITHOUT ROWID

-- table nutrition_days on nutrition_days
CREATE TABLE nutrition_days (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  date TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  data TEXT NOT NULL CHECK (json_valid(data)),
  saved_at INTEGER NOT NULL, studio_id INTEGER
  REFERENCES studios (id) ON DELETE SET NULL,
  PRIMARY KEY (trainee_id, date)
) STRICT, WITHOUT ROWID

-- table nutrition_plans on nutrition_plans
CREATE TABLE nutrition_plans (
  trainee_id INTEGER PRIMARY KEY REFERENCES trainees (id) ON DELETE CASCADE,
  document TEXT NOT NULL CHECK (json_valid(document)),
  imported_at INTEGER NOT NULL
, studio_id INTEGER
  REFERENCES studios (id) ON DELETE SET NULL) STRICT

-- table nutrition_tolerances on nutrition_tolerances
CREATE TABLE nutrition_tolerances (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  studio_id INTEGER NOT NULL,
  kcal_within_percent INTEGER NOT NULL CHECK (kcal_within_percent BETWEEN 0 AND 100),
  protein_at_least_percent INTEGER NOT NULL
    CHECK (protein_at_least_percent BETWEEN 0 AND 200),
  set_at INTEGER NOT NULL,
  PRIMARY KEY (trainee_id, studio_id)
) STRICT, WITHOUT ROWID

-- table program_assignments on program_assignments
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
) STRICT, WITHOUT ROWID

-- table program_days on program_days
CREATE TABLE program_days (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  program_id TEXT NOT NULL,
  day_id TEXT NOT NULL,
  document TEXT NOT NULL CHECK (json_valid(document)),
  PRIMARY KEY (trainee_id, program_id, day_id)
) STRICT, WITHOUT ROWID

-- table program_versions on program_versions
CREATE TABLE program_versions (
  program_id INTEGER NOT NULL REFERENCES coach_programs (id) ON DELETE CASCADE,
  version INTEGER NOT NULL CHECK (version >= 1),
  document TEXT NOT NULL CHECK (json_valid(document)),
  plan TEXT NOT NULL CHECK (json_valid(plan)),
  days_a_week INTEGER NOT NULL,
  sets_per_workout INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (program_id, version)
) STRICT, WITHOUT ROWID

-- table programs on programs
CREATE TABLE programs (
  trainee_id INTEGER PRIMARY KEY REFERENCES trainees (id) ON DELETE CASCADE,
  document TEXT NOT NULL CHECK (json_valid(document)),
  imported_at INTEGER NOT NULL
, studio_id INTEGER
  REFERENCES studios (id) ON DELETE SET NULL, schedule_weekdays INTEGER
  CHECK (schedule_weekdays BETWEEN 1 AND 127), schedule_per_week INTEGER
  CHECK (schedule_per_week BETWEEN 1 AND 14), days_a_week INTEGER NOT NULL DEFAULT 0, sets_per_workout INTEGER NOT NULL DEFAULT 0, scheduled_from TEXT
  CHECK (scheduled_from GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]')) STRICT

-- table retired_refresh_tokens on retired_refresh_tokens
CREATE TABLE retired_refresh_tokens (
  account_id INTEGER NOT NULL,
  session_id TEXT NOT NULL,
  token_sha256 TEXT NOT NULL UNIQUE,
  retired_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, session_id, token_sha256),
  FOREIGN KEY (account_id, session_id) REFERENCES sessions (account_id, id)
    ON DELETE CASCADE
) STRICT, WITHOUT ROWID

-- table sessions on sessions
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
) STRICT, WITHOUT ROWID

-- table set_history on set_history
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
  is_record INTEGER, is_strength INTEGER NOT NULL DEFAULT 0
  CHECK (is_strength IN (0, 1)),
  PRIMARY KEY (log_id, position)
) STRICT, WITHOUT ROWID

-- table sets_by_exercise on sets_by_exercise
CREATE TABLE sets_by_exercise (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  exercise_id TEXT NOT NULL,
  performed_at INTEGER NOT NULL,
  log_id INTEGER NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (trainee_id, exercise_id, performed_at, log_id, position)
) STRICT, WITHOUT ROWID

-- table sqlite_sequence on sqlite_sequence
CREATE TABLE sqlite_sequence(name,seq)

-- table studio_events on studio_events
CREATE TABLE studio_events (
  studio_id INTEGER NOT NULL REFERENCES studios (id) ON DELETE CASCADE,
  number INTEGER NOT NULL CHECK (number > 0),
  kind TEXT NOT NULL CHECK (kind <> ''),
  at INTEGER NOT NULL,
  trainee_id INTEGER NOT NULL,
  record_studio_id INTEGER NOT NULL,
  subject_id INTEGER,
  PRIMARY KEY (studio_id, number)
) STRICT, WITHOUT ROWID

-- table studio_members on studio_members
CREATE TABLE studio_members (
  studio_id INTEGER NOT NULL REFERENCES studios (id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('trainee', 'coach')),
  joined_at INTEGER NOT NULL,
  ended_at INTEGER, shares_earlier_records INTEGER NOT NULL DEFAULT 0
  CHECK (shares_earlier_records IN (0, 1)),
  PRIMARY KEY (studio_id, account_id)
) STRICT, WITHOUT ROWID

-- table studio_notification_configs on studio_notification_configs
CREATE TABLE studio_notification_configs (
  studio_id INTEGER NOT NULL,
  type TEXT NOT NULL,
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  title_template TEXT,
  body_template TEXT,
  written_at INTEGER NOT NULL,
  PRIMARY KEY (studio_id, type)
) STRICT, WITHOUT ROWID

-- table studios on studios
CREATE TABLE studios (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  created_at INTEGER NOT NULL
, event_head INTEGER NOT NULL DEFAULT 0
  CHECK (event_head >= 0)) STRICT

-- table substitutions on substitutions
CREATE TABLE substitutions (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  program_id TEXT NOT NULL,
  day_id TEXT NOT NULL,
  row_id TEXT NOT NULL,
  from_exercise_id TEXT NOT NULL,
  to_exercise_id TEXT NOT NULL,
  saved_at INTEGER NOT NULL,
  PRIMARY KEY (trainee_id, program_id, day_id, row_id)
) STRICT, WITHOUT ROWID

-- table technique_videos on technique_videos
CREATE TABLE technique_videos (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  exercise_id TEXT,
  submitted_at INTEGER NOT NULL,
  feedback TEXT,
  feedback_seen_at INTEGER
, studio_id INTEGER
  REFERENCES studios (id) ON DELETE SET NULL, feedback_at INTEGER) STRICT

-- table trainee_days on trainee_days
CREATE TABLE trainee_days (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  date TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  workouts_done INTEGER NOT NULL DEFAULT 0,
  sets_done INTEGER NOT NULL DEFAULT 0,
  sets_prescribed INTEGER NOT NULL DEFAULT 0,
  nutrition_logged INTEGER NOT NULL DEFAULT 0,
  studio_id INTEGER NOT NULL, eaten_kcal_tenths INTEGER, eaten_protein_tenths INTEGER, eaten_carbs_tenths INTEGER, eaten_fat_tenths INTEGER, target_kcal_tenths INTEGER, target_protein_tenths INTEGER,
  PRIMARY KEY (trainee_id, date, studio_id)
) STRICT, WITHOUT ROWID

-- table trainee_usage on trainee_usage
CREATE TABLE trainee_usage (
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  records INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  PRIMARY KEY (trainee_id, kind)
) STRICT, WITHOUT ROWID

-- table trainees on trainees
CREATE TABLE trainees (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  token_sha256 TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL
, answer_version INTEGER NOT NULL DEFAULT 0
  CHECK (answer_version >= 0), last_workout_log_id INTEGER, last_meal_log_id INTEGER, last_technique_video_id INTEGER, writes_paced_to INTEGER, time_zone TEXT) STRICT

-- table workout_logs on workout_logs
CREATE TABLE workout_logs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  workout_number INTEGER NOT NULL,
  logged_at INTEGER NOT NULL,
  payload TEXT NOT NULL CHECK (json_valid(payload))
, studio_id INTEGER
  REFERENCES studios (id) ON DELETE SET NULL, prescribed TEXT
  CHECK (prescribed IS NULL OR json_valid(prescribed))) STRICT

-- table workout_numbers on workout_numbers
CREATE TABLE workout_numbers (
  trainee_id INTEGER PRIMARY KEY REFERENCES trainees (id) ON DELETE CASCADE,
  last_number INTEGER NOT NULL CHECK (last_number >= 0)
, merged_number INTEGER NOT NULL DEFAULT 0) STRICT

-- table workout_reviews on workout_reviews
CREATE TABLE workout_reviews (
  log_id INTEGER PRIMARY KEY REFERENCES workout_logs (id) ON DELETE CASCADE,
  trainee_id INTEGER NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
  studio_id INTEGER NOT NULL,
  verdict TEXT NOT NULL CHECK (verdict IN ('reviewed', 'needsWork')),
  comment TEXT,
  set_comments TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(set_comments)),
  reviewed_at INTEGER NOT NULL,
  seen_at INTEGER
) STRICT

-- table workout_summaries on workout_summaries
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
, studio_id INTEGER, local_date TEXT, set_count INTEGER NOT NULL DEFAULT 0, program_version INTEGER, awaiting_review INTEGER NOT NULL DEFAULT 0) STRICT
