// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Perform",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "TraineeAPI", targets: ["TraineeAPI"]),
    .library(name: "TraineeClient", targets: ["TraineeClient"]),
    .library(name: "WorkoutSession", targets: ["WorkoutSession"]),
    .library(name: "RestTimer", targets: ["RestTimer"]),
    .library(name: "WorkoutLogDelivery", targets: ["WorkoutLogDelivery"]),
    .library(name: "NutritionLog", targets: ["NutritionLog"]),
    .library(name: "LiveActivity", targets: ["LiveActivity"]),
    .library(name: "DurableFiles", targets: ["DurableFiles"]),
    .library(name: "TextColumns", targets: ["TextColumns"]),
    .executable(name: "perform", targets: ["perform"]),
  ],
  targets: [
    // Files that survive a crash: the one atomic writer, append-only records, directory locks,
    // the last good answers of the app's reads.
    .target(name: "DurableFiles"),
    // How the API's wire is written, knowing no trainee: members read leniently, instants and
    // calendar dates, JSON values, control characters, the readable JSON layout, endpoint paths.
    .target(name: "WireFormat"),
    // Wire types shared by the app, the client and the server, and the endpoint table; it
    // re-exports WireFormat, so its importers see one wire.
    .target(name: "TraineeAPI", dependencies: ["WireFormat", "DurableFiles"]),
    // The app's side of the API: the client, its kept reads (the last good answers kept by
    // DurableFiles), the signed-in session and retries. The server never imports it.
    .target(name: "TraineeClient", dependencies: ["TraineeAPI", "DurableFiles"]),
    // The one rest end time, the timer, the rest-over alert and the workout reminders.
    .target(name: "RestTimer", dependencies: ["TraineeAPI", "TraineeClient"]),
    // Logged sets and their arithmetic, shared by the app and the server: Epley's estimate, each
    // workout's best set, weekly volume, an exercise's records.
    .target(name: "ProgressSeries", dependencies: ["TraineeAPI"]),
    // Program day -> live session; state, actions, effects, PRs, stats, log payload, crash recovery.
    .target(
      name: "WorkoutSession",
      dependencies: ["TraineeAPI", "RestTimer", "DurableFiles", "ProgressSeries"]),
    // A finished workout's log on its way to the server: the outbox, the delivery state machine
    // (pending, sending, accepted, refused, waiting to retry) and the courier performing it.
    .target(
      name: "WorkoutLogDelivery",
      dependencies: ["WorkoutSession", "TraineeAPI", "TraineeClient", "DurableFiles"]),
    // How many columns text takes in a terminal; shared by the card and the terminal app.
    .target(name: "TextColumns"),
    .target(
      name: "LiveActivity",
      dependencies: ["WorkoutSession", "RestTimer", "TraineeAPI", "TextColumns", "DurableFiles"],
      resources: [.process("Resources")]),
    // The nutrition day: day keys and calendar, edit maps, snapshot, merge, sync engine.
    .target(name: "NutritionLog", dependencies: ["TraineeAPI", "TraineeClient", "DurableFiles"]),
    // Debian's C libraries, through pkg-config.
    .systemLibrary(
      name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(
      name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
    // Logged history as data: CSV export and import (Strong, Hevy, our own), exercise name
    // matching, progress series and their charts (terminal braille and SVG).
    .target(
      name: "TrainingHistory", dependencies: ["TraineeAPI", "WorkoutSession", "ProgressSeries"]),
    .systemLibrary(name: "CPostgreSQL", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
    .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
    .systemLibrary(
      name: "CArgon2", pkgConfig: "libargon2", providers: [.apt(["libargon2-dev"])]),
    // Passwords hashed with Argon2id by Debian's libargon2, and verified.
    .target(name: "PasswordHashing", dependencies: ["CArgon2"]),
    // JSON as the server reads and writes it: strict RFC 8259 bodies read into a tree, the tree
    // decoder, one-pass member readers, the sorted writer, a member's text as sent.
    .target(name: "JSONWire"),
    // A value guarded by a lock that ThreadSanitizer understands; shared by the server's layers.
    .target(name: "LockedValue"),
    // SQL storage that knows no table: the driver protocol, SQLite and PostgreSQL drivers, group
    // commit, multi-row inserts, the migration runner, rows and inserts by column name, WAL syncs
    // and checkpoints, their metrics.
    .target(name: "SQLStore", dependencies: ["LockedValue", "CSQLite", "CPostgreSQL"]),
    // SHA-256 by OpenSSL's libcrypto: the HTTP layer's `ETag`s and the store's token digests.
    .target(name: "SHA256Digest", dependencies: ["CCrypto"]),
    // HTTP that knows no service: libmicrohttpd, routing, admission, per-client budgets, the
    // fair scheduler, conditional GET, the access log file and the request metrics.
    .target(
      name: "HTTPServer",
      dependencies: ["JSONWire", "LockedValue", "SHA256Digest", "WireFormat", "CMicroHTTPD"]),
    // The trainee database's schema: one migration step per version, both dialects side by
    // side, in one ordered list, and every table with its columns (database copies).
    .target(name: "TraineeDatabaseSchema", dependencies: ["SQLStore"]),
    // What the trainee store keeps and refuses, as values that know no driver: record ids and
    // records, the store's errors, quotas, write pacing and storage limits, the accounts'
    // records, tokens and their digests, a workout's summary, import files and their shape.
    .target(
      name: "TraineeRecords",
      dependencies: ["TraineeAPI", "JSONWire", "SQLStore", "SHA256Digest"]),
    // The trainee API's hot wire types in the server's fast JSON: the one-pass reader of a
    // posted log, the sorted writers of the stored log and of the history answers.
    .target(name: "TraineeWireJSON", dependencies: ["TraineeAPI", "JSONWire"]),
    // The coach's programs as values that know no store: the library's exercises, programs, their
    // versions and assignments, the checked program document, the schedules, and each set
    // prescribed beside performed.
    .target(name: "CoachPrograms", dependencies: ["TraineeAPI", "TraineeRecords"]),
    // A trainee's nutrition day as the coach measures it: the day's eaten totals and targets from
    // the one diary reading, kept on write beside the roster's counts, and the coach's tolerance.
    .target(
      name: "NutritionAdherence", dependencies: ["TraineeAPI", "TraineeRecords", "SQLStore"]),
    // The coach's records of each exercise kept per trainee and studio tag: the rows of
    // `exercise_records` as the trainee store writes, rebuilds and combines them.
    .target(
      name: "ExerciseRecordTable", dependencies: ["ProgressSeries", "SQLStore", "TraineeAPI"]),
    // The coach's meal plans as values that know no store: the plans, their versions and
    // assignments, the checked meal plan document, the store's protocol, and the trainee's
    // plans answer with assigned plans.
    .target(
      name: "CoachMealPlans",
      dependencies: ["TraineeAPI", "TraineeRecords", "CoachPrograms", "JSONWire"]),
    // The coach's notification texts as values that know no store: the rules a template keeps
    // and how a trainee's, a studio's and an override's configs make what the trainee gets.
    .target(name: "CoachNotificationTexts", dependencies: ["TraineeAPI"]),
    // The studio's events feed as stored: the kinds, the cursor, appending in a write's
    // transaction and reading a page as the studio may see it.
    .target(name: "StudioEvents", dependencies: ["SQLStore", "TraineeRecords"]),
    // The trainee store: the store protocol and its errors, one store over SQLStore's drivers
    // (SQLite or PostgreSQL), the storage limits, import files and the demo trainee; the
    // accounts' tables, records and legacy sessions. It knows no HTTP.
    .target(
      name: "TraineeData",
      dependencies: [
        "TraineeAPI", "TraineeDatabaseSchema", "TraineeRecords", "TraineeWireJSON", "CoachPrograms",
        "NutritionAdherence", "ProgressSeries", "ExerciseRecordTable", "CoachMealPlans",
        "CoachNotificationTexts", "StudioEvents", "JSONWire", "SQLStore", "SHA256Digest",
        "LockedValue",
      ]),
    // Accounts on the trainee store's database: studios, coaches and operators, invites, a session
    // per device with rotating refresh tokens, limits on guessing, the audit log. No HTTP.
    .target(
      name: "Accounts",
      dependencies: [
        "TraineeData", "TraineeAPI", "SQLStore", "PasswordHashing", "JSONWire", "LockedValue",
      ]),
    // The food catalog and its answers: search by name, look-up by barcode.
    .target(name: "Foods", dependencies: ["TraineeAPI", "HTTPServer"]),
    // The coach's web dashboard: pages rendered by the server from typed, escaping templates,
    // one style sheet, the page session's cookie and CSRF tokens; routed on the API's router,
    // reading the trainee store and the accounts as the coach API does.
    .target(
      name: "CoachDashboard",
      dependencies: [
        "Accounts", "TraineeData", "TraineeAPI", "CoachPrograms", "HTTPServer", "SHA256Digest",
        "WireFormat",
      ]),
    // The trainee API service: routes on HTTPServer, authentication, kept answers, request
    // bodies, health routes; storage through TraineeData.
    .target(
      name: "TraineeServer",
      dependencies: [
        "TraineeData", "Accounts", "Foods", "TraineeAPI", "JSONWire", "SQLStore", "HTTPServer",
        "LockedValue", "SHA256Digest", "CoachDashboard",
      ]),
    // Scripted, deterministic runs of the engine: `perform replay`.
    .target(name: "WorkoutReplay", dependencies: ["WorkoutSession", "RestTimer", "TraineeAPI"]),
    // Scripted, deterministic runs of the nutrition day against an in-process server.
    .target(name: "NutritionReplay", dependencies: ["NutritionLog", "TraineeAPI"]),
    // The terminal device: raw mode, keys, styled frames drawn as ANSI, resize, restore.
    .target(name: "TerminalUI", dependencies: ["TextColumns"]),
    // What every screen of the terminal app is built on: the screen and host contracts, the
    // app's texts in five languages (its resources), its settings, loading and offline wording.
    .target(
      name: "TerminalScreens",
      dependencies: [
        "TerminalUI", "TextColumns", "WorkoutSession", "LiveActivity", "TraineeAPI",
        "TraineeClient", "DurableFiles",
      ],
      resources: [.process("Resources")]),
    // The Nutrition tab: its state, actions and reducer, the day's list, the food flows, meal
    // logs and the edits file.
    .target(
      name: "NutritionScreens",
      dependencies: [
        "TerminalScreens", "TerminalUI", "TextColumns", "NutritionLog", "LiveActivity",
        "TraineeAPI", "TraineeClient", "DurableFiles", "WorkoutSession",
      ]),
    // The live workout: its screen, the coordinator driving the session, the card's host, the
    // desktop notifier and the finished workout on its way to the server.
    .target(
      name: "LiveWorkoutScreens",
      dependencies: [
        "TerminalScreens", "TerminalUI", "TextColumns", "WorkoutSession", "RestTimer",
        "LiveActivity", "TraineeAPI", "TraineeClient", "DurableFiles", "WorkoutLogDelivery",
      ]),
    // The terminal app itself: the tabs and the runner, Today, the workouts list, history and
    // progress, settings.
    .target(
      name: "PerformApp",
      dependencies: [
        "TerminalScreens", "NutritionScreens", "LiveWorkoutScreens", "TerminalUI", "TextColumns",
        "WorkoutSession", "RestTimer", "NutritionLog", "LiveActivity", "TraineeAPI",
        "TraineeClient", "DurableFiles", "WorkoutLogDelivery", "TrainingHistory",
      ]),
    // The operator's commands of `perform` (serve and its settings, trainee, program and
    // nutrition-plan imports, accounts, studios, invites, the audit log, a person's data, database
    // copies) and the command line every command shares: options, usage, help, the data directory.
    .target(
      name: "OperatorCommands",
      dependencies: [
        "Accounts", "DurableFiles", "HTTPServer", "SQLStore", "TraineeAPI", "TraineeData",
        "TraineeDatabaseSchema", "TraineeServer",
      ]),
    .executableTarget(
      name: "perform",
      dependencies: [
        "WorkoutReplay", "WorkoutSession", "RestTimer", "TraineeAPI", "TraineeClient",
        "TraineeServer", "TraineeData", "TraineeDatabaseSchema", "SQLStore", "HTTPServer",
        "Accounts",
        "LiveActivity", "NutritionReplay", "NutritionLog", "TerminalUI", "PerformApp",
        "TerminalScreens", "NutritionScreens", "LiveWorkoutScreens", "DurableFiles",
        "TrainingHistory", "OperatorCommands",
      ]
    ),
    // What the benchmarks share: mean, p50, p99 and max of timed samples, and their table.
    .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport"),
    .executableTarget(
      name: "WorkoutSessionBenchmark",
      dependencies: ["WorkoutSession", "TraineeAPI", "BenchmarkSupport"],
      path: "Benchmarks/WorkoutSessionBenchmark"
    ),
    .executableTarget(
      name: "NutritionLogBenchmark",
      dependencies: ["NutritionLog", "TraineeAPI", "BenchmarkSupport"],
      path: "Benchmarks/NutritionLogBenchmark"
    ),
    // The server's JSON: request bodies decoded and the stored log encoded, Foundation's way and
    // the server's (make bench).
    .executableTarget(
      name: "ServerJSONBenchmark",
      dependencies: ["TraineeServer", "TraineeData", "TraineeAPI", "JSONWire", "BenchmarkSupport"],
      path: "Benchmarks/ServerJSONBenchmark"
    ),
    // The store's cost of a log post from 64 trainees at once, without HTTP (make bench).
    .executableTarget(
      name: "StoreWriteBenchmark",
      dependencies: [
        "TraineeServer", "TraineeData", "TraineeAPI", "JSONWire", "SQLStore", "BenchmarkSupport",
      ],
      path: "Benchmarks/StoreWriteBenchmark"
    ),
    // Key-to-frame latency of the real `perform` binary in a pseudo-terminal (make bench-app).
    .executableTarget(
      name: "AppLatencyBenchmark",
      dependencies: ["BenchmarkSupport"],
      path: "Benchmarks/AppLatencyBenchmark"
    ),
    // Fuzzing (docs/fuzzing.md): one entry function per decoder of outside input, shared by the
    // libFuzzer driver (built with -sanitize=fuzzer,address by `make fuzz`) and the corpus tests.
    .target(
      name: "FuzzEntries",
      dependencies: [
        "TraineeServer", "TraineeData", "JSONWire", "SQLStore", "HTTPServer", "TraineeAPI",
        "WorkoutReplay",
        "NutritionReplay", "LiveActivity", "WorkoutSession", "NutritionLog", "NutritionScreens",
        "DurableFiles", "Accounts", "TraineeClient",
      ],
      path: "Fuzz/Entries"),
    .executableTarget(name: "PerformFuzz", dependencies: ["FuzzEntries"], path: "Fuzz/Driver"),
    // What the tests share: the manual clock every timer test drives, the settable wall clock,
    // the recording notification center, the scripted HTTP server behind a client.
    .target(
      name: "PerformTestSupport", dependencies: ["RestTimer", "TraineeAPI", "TraineeClient"],
      path: "Tests/PerformTestSupport"),
    .testTarget(
      name: "TraineeAPITests",
      dependencies: ["TraineeAPI", "WireFormat", "TraineeClient", "DurableFiles"]),
    .testTarget(name: "DurableFilesTests", dependencies: ["DurableFiles"]),
    .testTarget(name: "PasswordHashingTests", dependencies: ["PasswordHashing"]),
    .testTarget(
      name: "TrainingHistoryTests",
      dependencies: ["TrainingHistory", "TraineeAPI", "WorkoutSession"],
      exclude: ["Goldens"]),
    .testTarget(
      name: "NutritionLogTests",
      dependencies: [
        "NutritionLog", "TraineeAPI", "TraineeClient", "PerformTestSupport", "DurableFiles",
      ]),
    .testTarget(
      name: "TraineeServerTests",
      dependencies: [
        "TraineeServer", "TraineeData", "TraineeDatabaseSchema", "TraineeAPI", "JSONWire",
        "SQLStore", "HTTPServer", "LockedValue", "SHA256Digest", "PasswordHashing", "Accounts",
        "Foods", "WireFormat", "TraineeRecords", "TraineeWireJSON", "CoachPrograms",
        "NutritionAdherence", "ProgressSeries", "ExerciseRecordTable", "CoachMealPlans",
        "CoachNotificationTexts", "StudioEvents", "CoachDashboard",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "NutritionAdherenceTests",
      dependencies: ["NutritionAdherence", "TraineeAPI", "TraineeRecords"]),
    // The URLSession client and the nutrition sync against the real server on loopback.
    .testTarget(
      name: "TraineeClientTests",
      dependencies: [
        "TraineeAPI", "TraineeClient", "TraineeServer", "TraineeData", "SQLStore", "HTTPServer",
        "NutritionLog", "WorkoutSession", "PerformTestSupport", "DurableFiles", "RestTimer",
        "LiveWorkoutScreens",
      ]),
    .testTarget(
      name: "RestTimerTests", dependencies: ["RestTimer", "TraineeAPI", "PerformTestSupport"]),
    .testTarget(
      name: "WorkoutSessionTests",
      dependencies: ["WorkoutSession", "RestTimer", "TraineeAPI", "PerformTestSupport"]),
    .testTarget(
      name: "LiveActivityTests",
      dependencies: ["LiveActivity", "WorkoutSession", "RestTimer", "TraineeAPI"]),
    // End-to-end tests of the `perform` binary: replay fixtures, bad input, kill -9 recovery.
    .testTarget(
      name: "PerformCommandTests",
      dependencies: ["TraineeAPI", "TraineeClient", "SQLStore"],
      exclude: ["Fixtures"]
    ),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
    .testTarget(
      name: "NutritionReplayTests", dependencies: ["NutritionReplay", "NutritionLog", "TraineeAPI"]),
    .testTarget(
      name: "PerformAppTests",
      dependencies: [
        "PerformApp", "TerminalScreens", "NutritionScreens", "LiveWorkoutScreens", "TerminalUI",
        "WorkoutSession", "RestTimer", "NutritionLog", "LiveActivity", "TraineeAPI",
        "TraineeClient", "PerformTestSupport", "DurableFiles", "WorkoutLogDelivery",
        "TrainingHistory",
      ],
      exclude: ["Goldens"]),
    .testTarget(
      name: "WorkoutLogDeliveryTests",
      dependencies: [
        "WorkoutLogDelivery", "WorkoutSession", "TraineeAPI", "TraineeClient", "DurableFiles",
        "PerformTestSupport",
      ]),
    // Every saved fuzz corpus through its entry function, without the sanitizers.
    .testTarget(name: "FuzzCorpusTests", dependencies: ["FuzzEntries", "TraineeAPI"]),
    .testTarget(
      name: "WorkoutReplayTests",
      dependencies: ["WorkoutReplay", "WorkoutSession", "RestTimer", "TraineeAPI"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
