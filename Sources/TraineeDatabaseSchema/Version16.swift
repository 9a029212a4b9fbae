import Foundation
import SQLStore

// NB: docs/decisions/accounts.md, "Tables": studios, accounts (trainee, coach or operator; the
// email is the login, normalised by the store, unique), memberships of a studio, a session per
// device, invites, the attempts that limit guessing and the audit log of authentication events.
// Every owned row is keyed by its studio or its account first. A token, a refresh token and an
// invite code are stored only as their SHA-256 (they are 256 or 128 random bits), a password
// only as its Argon2id hash. Every trainee becomes a trainee account of the default studio, and
// every trainee's token a session named "legacy" with the same digest and no expiry, so every
// token given out before keeps working until it is revoked. The default studio is made only for
// trainees to join (a new database stays empty, so `perform db copy` may fill it); the store makes
// it when it first needs it. `trainees.token_sha256` stays (SQLite
// cannot drop a unique column) but authentication no longer reads it.

extension TraineeSchema {
  /// Version 16: studios, accounts, memberships, device sessions, invites, attempts, audit log.
  static let version16 = Migration(
    version: 16, name: "accounts: studios, sessions per device, invites, attempts, audit log",
    sqlite: """
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
      """,
    postgresql: """
      CREATE TABLE studios (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        name TEXT NOT NULL,
        is_default BIGINT NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
        created_at BIGINT NOT NULL
      );
      CREATE UNIQUE INDEX studios_one_default ON studios (is_default) WHERE is_default = 1;

      CREATE TABLE accounts (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        role TEXT NOT NULL CHECK (role IN ('trainee', 'coach', 'operator')),
        name TEXT NOT NULL,
        email TEXT UNIQUE,
        password_hash TEXT,
        trainee_id BIGINT UNIQUE REFERENCES trainees (id) ON DELETE CASCADE,
        suspended_at BIGINT,
        created_at BIGINT NOT NULL,
        CHECK ((role = 'trainee') = (trainee_id IS NOT NULL))
      );

      CREATE TABLE studio_members (
        studio_id BIGINT NOT NULL REFERENCES studios (id) ON DELETE CASCADE,
        account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('trainee', 'coach')),
        joined_at BIGINT NOT NULL,
        ended_at BIGINT,
        PRIMARY KEY (studio_id, account_id)
      );
      CREATE INDEX studio_members_by_account ON studio_members (account_id, studio_id);

      CREATE TABLE sessions (
        account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        id TEXT NOT NULL,
        studio_id BIGINT REFERENCES studios (id) ON DELETE SET NULL,
        name TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        last_seen_at BIGINT NOT NULL,
        access_token_sha256 TEXT NOT NULL UNIQUE,
        access_expires_at BIGINT,
        refresh_token_sha256 TEXT UNIQUE,
        refresh_expires_at BIGINT,
        ended_at BIGINT,
        end_reason TEXT,
        PRIMARY KEY (account_id, id)
      );

      CREATE TABLE retired_refresh_tokens (
        account_id BIGINT NOT NULL,
        session_id TEXT NOT NULL,
        token_sha256 TEXT NOT NULL UNIQUE,
        retired_at BIGINT NOT NULL,
        PRIMARY KEY (account_id, session_id, token_sha256),
        FOREIGN KEY (account_id, session_id) REFERENCES sessions (account_id, id)
          ON DELETE CASCADE
      );

      CREATE TABLE invites (
        studio_id BIGINT NOT NULL REFERENCES studios (id) ON DELETE CASCADE,
        id TEXT NOT NULL,
        code_sha256 TEXT NOT NULL UNIQUE,
        created_by BIGINT REFERENCES accounts (id) ON DELETE SET NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        used_at BIGINT,
        used_by BIGINT REFERENCES accounts (id) ON DELETE SET NULL,
        revoked_at BIGINT,
        PRIMARY KEY (studio_id, id)
      );

      CREATE TABLE auth_attempts (
        subject TEXT NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('sign_in', 'accept_invite', 'refresh')),
        failures BIGINT NOT NULL,
        last_failure_at BIGINT NOT NULL,
        blocked_until BIGINT NOT NULL,
        PRIMARY KEY (subject, action)
      );

      CREATE TABLE auth_events (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        account_id BIGINT,
        studio_id BIGINT,
        session_id TEXT,
        event TEXT NOT NULL,
        address TEXT,
        at BIGINT NOT NULL
      );
      CREATE INDEX auth_events_by_account ON auth_events (account_id, id);

      INSERT INTO studios (name, is_default, created_at)
      SELECT 'Default studio', 1, (EXTRACT(EPOCH FROM now()) * 1000)::BIGINT
      WHERE EXISTS (SELECT 1 FROM trainees);
      INSERT INTO accounts (role, name, trainee_id, created_at)
      SELECT 'trainee', name, id, created_at FROM trainees ORDER BY id;
      INSERT INTO studio_members (studio_id, account_id, role, joined_at)
      SELECT studios.id, accounts.id, 'trainee', accounts.created_at
      FROM accounts, studios WHERE studios.is_default = 1;
      INSERT INTO sessions (account_id, id, studio_id, name, created_at, last_seen_at,
        access_token_sha256)
      SELECT accounts.id, replace(gen_random_uuid()::text, '-', ''), studios.id, 'legacy',
        trainees.created_at, trainees.created_at, trainees.token_sha256
      FROM trainees JOIN accounts ON accounts.trainee_id = trainees.id, studios
      WHERE studios.is_default = 1;
      """)
}
