import Foundation
import SQLStore

// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history", "A per-trainee answer version": the server keeps each
// trainee's encoded answers and must know when one is stale, also when several server processes
// share one database. Every write transaction that names a trainee raises that trainee's
// `answer_version` before it commits (`DatabaseTraineeStore.write`), and every authenticated
// request reads it with the token, so an answer kept for an older version is never sent again.

extension TraineeSchema {
  /// Version 9: a per-trainee version of everything the trainee's answers are built from.
  static let version09 = Migration(
    version: 9, name: "per-trainee answer version",
    sqlite: """
      ALTER TABLE trainees ADD COLUMN answer_version INTEGER NOT NULL DEFAULT 0
        CHECK (answer_version >= 0);
      """,
    postgresql: """
      ALTER TABLE trainees ADD COLUMN answer_version BIGINT NOT NULL DEFAULT 0
        CHECK (answer_version >= 0);
      """)
}
