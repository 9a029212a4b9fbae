import SQLStore

// NB: docs/decisions/the-coachs-words.md, "Schema version 21": the coach's words. A workout has
// at most one review (`workout_reviews`, keyed by the log): a verdict, a comment, the comments
// on its sets as one JSON list, the studio whose coach wrote it and when the trainee saw it.
// `workout_summaries.awaiting_review` is 1 from a log's post until a review, so the roster's
// open items are a range of the partial index, kept on write; logs stored before version 21
// never await one (no coach could have reviewed them). `technique_videos.feedback_at` says
// when feedback was given. `coach_notes` holds a studio's private notes on a trainee, one
// text per trainee and studio, which no trainee route reads.

extension TraineeSchema {
  /// Version 21: reviews, set comments, video feedback times and the coach's private notes.
  static let version21 = Migration(
    version: 21, name: "the coach's words: reviews, set comments and private notes",
    sqlite: """
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
      """,
    postgresql: """
      CREATE TABLE workout_reviews (
        log_id BIGINT PRIMARY KEY REFERENCES workout_logs (id) ON DELETE CASCADE,
        trainee_id BIGINT NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
        studio_id BIGINT NOT NULL,
        verdict TEXT NOT NULL CHECK (verdict IN ('reviewed', 'needsWork')),
        comment TEXT,
        set_comments TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(set_comments) = 1),
        reviewed_at BIGINT NOT NULL,
        seen_at BIGINT
      );
      CREATE INDEX workout_reviews_unseen
        ON workout_reviews (trainee_id, reviewed_at) WHERE seen_at IS NULL;

      ALTER TABLE workout_summaries ADD COLUMN awaiting_review BIGINT NOT NULL DEFAULT 0;
      CREATE INDEX workout_summaries_awaiting_review
        ON workout_summaries (trainee_id, studio_id) WHERE awaiting_review = 1;

      ALTER TABLE technique_videos ADD COLUMN feedback_at BIGINT;

      CREATE TABLE coach_notes (
        trainee_id BIGINT NOT NULL REFERENCES trainees (id) ON DELETE CASCADE,
        studio_id BIGINT NOT NULL,
        text TEXT NOT NULL,
        written_at BIGINT NOT NULL,
        PRIMARY KEY (trainee_id, studio_id)
      );
      """)
}
