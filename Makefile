# Perform: `make run` (the main job) and `make test` (every test). Both install what they need.
SHELL := /bin/bash
.DEFAULT_GOAL := run

# The toolchain lives in /opt/swift on our machines; use it when swift is not already on PATH.
ifeq ($(shell command -v swift 2>/dev/null),)
  export PATH := /opt/swift/usr/bin:$(PATH)
endif

SWIFT ?= swift
LINT_PATHS := Package.swift Sources Tests Benchmarks Apps Fuzz

.PHONY: run test test-with-postgresql test-stress screenshots lint format deps build bench bench-app bench-server bench-coach load-fault bench-neighbour attack golden tsan fuzz fuzz-build fuzz-merge clean

## run: build Perform and open the terminal app (embedded server, demo trainee)
run: deps
	$(SWIFT) build -c release --product perform
	.build/release/perform

## test: build everything, type-check Apps/iOS against stand-ins for Apple's frameworks
## (scripts/typecheck-ios.sh), stop and start a PostgreSQL under a server (scripts/postgresql-fault-
## check.sh), SIGKILL one of two servers behind nginx (scripts/nginx-front-kill-check.sh), check the server against openapi.yaml on SQLite and on PostgreSQL, walk the coach's dashboard in headless Chromium (scripts/dashboard-browser-check.sh), run every test
## suite with a throwaway PostgreSQL (each cluster stopped at the end, also on failure; the Swift
## suites run last, so their summary closes the output)
test: deps
	$(SWIFT) build --build-tests
	SWIFT=$(SWIFT) scripts/typecheck-ios.sh
	python3 scripts/check-ios-project.py
	python3 scripts/check-references.py
	scripts/with-test-postgresql.sh scripts/postgresql-fault-check.sh .build/debug/perform
	scripts/with-test-postgresql.sh scripts/nginx-front-kill-check.sh .build/debug/perform
	scripts/with-test-postgresql.sh $(MAKE) --no-print-directory test-with-postgresql

# The part of `make test` that needs the cluster scripts/with-test-postgresql.sh names in
# PERFORM_TEST_POSTGRESQL; not meant to be run by hand.
test-with-postgresql:
	@test -n "$$PERFORM_TEST_POSTGRESQL" || { echo "run make test" >&2; exit 2; }
	scripts/openapi-conformance.sh .build/debug/perform
	psql -q "$$PERFORM_TEST_POSTGRESQL" -c "CREATE SCHEMA openapi"
	scripts/openapi-conformance.sh .build/debug/perform \
	  "$$PERFORM_TEST_POSTGRESQL&options=-csearch_path%3Dopenapi"
	scripts/dashboard-browser-check.sh .build/debug/perform
	$(CLOSE_CHECK) $(SWIFT) test --skip-build --disable-xctest --skip "$(BLOCKING_SUITES)"
	$(CLOSE_CHECK) $(SWIFT) test --skip-build --disable-xctest --filter "TraineeServerTests\.|TerminalUITests\."
	$(CLOSE_CHECK) $(SWIFT) test --skip-build --disable-xctest --filter "PerformCommandTests\."

# NB: docs/architecture.md, "Descriptors are closed once": the Swift suites run with every close
# of our binaries watched; one that finds its descriptor already closed fails the run.
CLOSE_CHECK := scripts/with-double-close-check.sh

# NB: docs/benchmarks.md, "make test with the cores busy": the suites that block a thread of the
# test process's cooperative pool (child processes, sockets, pseudo-terminals, sleeps) run in
# processes of their own, so they cannot starve the suites that wait on manual clocks.
BLOCKING_SUITES := PerformCommandTests\.|TraineeServerTests\.|TerminalUITests\.

## screenshots: a PNG of every page of the coach's dashboard at a phone's and a desktop's width,
## taken in headless Chromium, into docs/screenshots/ (README, "For coaches", shows them)
screenshots: deps
	$(SWIFT) build --product perform
	scripts/dashboard-browser-check.sh .build/debug/perform --screenshots docs/screenshots

## test-stress: `make test` RUNS times (default 5) in a fresh clone of HEAD with both cores kept
## busy by stress-ng; stops at the first failure (scripts/test-under-stress.sh)
test-stress:
	scripts/test-under-stress.sh

## lint: check formatting with the checked-in .swift-format
lint:
	$(SWIFT) format lint --strict --recursive $(LINT_PATHS)

## format: rewrite sources with the checked-in .swift-format
format:
	$(SWIFT) format --in-place --recursive $(LINT_PATHS)

## deps: install missing Debian packages (as root), or print the command to do so
deps:
	@scripts/ensure-debian-packages.sh

## bench: run the benchmarks in release mode; record results in docs/benchmarks.md
bench: deps
	$(SWIFT) build -c release --product WorkoutSessionBenchmark
	.build/release/WorkoutSessionBenchmark
	$(SWIFT) build -c release --product NutritionLogBenchmark
	.build/release/NutritionLogBenchmark
	$(SWIFT) build -c release --product ServerJSONBenchmark
	.build/release/ServerJSONBenchmark
	$(SWIFT) build -c release --product StoreWriteBenchmark
	.build/release/StoreWriteBenchmark

## bench-app: key-to-frame latency of the release app in a pseudo-terminal: a whole workout, then
## the checks shape (Space k Space j 0.6 s apart from Today's Enter, each key to its first byte back)
bench-app: deps
	$(SWIFT) build -c release --product perform
	$(SWIFT) build -c release --product AppLatencyBenchmark
	.build/release/AppLatencyBenchmark --perform .build/release/perform

## bench-server: wrk against `perform serve` on loopback next to nginx; record in docs/benchmarks.md
bench-server:
	Benchmarks/server/run.sh

## bench-coach: the coach's roster and a trainee's history page with a studio of TRAINEES (1000)
## trainees and WORKOUTS (200) workouts each, then doubled, on SQLite and PostgreSQL
bench-coach: deps
	Benchmarks/coach/run.sh

## tsan: the server's, the engine's and the app's suites under ThreadSanitizer (its own build
## directory, so the ordinary build is kept); not part of `make test`
tsan: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1" $(SWIFT) test --skip-build \
	  --sanitize=thread --scratch-path .build/tsan --disable-xctest \
	  --filter "TraineeServerTests|TraineeClientTests|TraineeAPITests|WorkoutSessionTests|RestTimerTests|NutritionLogTests|LiveActivityTests|PerformAppTests|DurableFilesTests|WorkoutLogDeliveryTests|TrainingHistoryTests"
	scripts/with-test-postgresql.sh env TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1" \
	  $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan --disable-xctest \
	  --filter TraineeServerTests

## load-fault: MINUTES (default 10) of mixed traffic from 50 trainees with malformed requests, slow
## clients and a SIGKILL and restart of `perform serve` every minute; prints 5xx, lost writes, RSS
MINUTES ?= 10
load-fault: deps
	$(SWIFT) build -c release --product perform
	python3 Benchmarks/load-fault/run.py --minutes $(MINUTES)

## attack: replay issue 31's attacks, issue 32's on accounts and the earlier hostile-input set
## against a release `perform serve` on loopback, printing what each achieved
## (scripts/attack/run.py; about 2 minutes)
attack: deps
	$(SWIFT) build -c release --product perform
	python3 scripts/attack/run.py --perform .build/release/perform

## bench-neighbour: one light trainee alone and beside a heavy side: ATTACK=slow-reads (default),
## spellings, readyz, evict or failing-writes (Benchmarks/load-fault/attacks.py)
ATTACK ?= slow-reads
bench-neighbour: deps
	$(SWIFT) build -c release --product perform
	python3 Benchmarks/load-fault/run.py --mode neighbour --attack $(ATTACK)

## golden: rewrite the replay fixtures' expected outputs (review the diff before committing)
golden: deps
	$(SWIFT) build --build-tests
	PERFORM_UPDATE_GOLDEN=1 $(SWIFT) test --skip-build --filter "ReplayFixtureTests|RenderingGoldenTests|DemoAnswersGoldenTests|HistoryViewGoldenTests"

# The libFuzzer driver, with the address (and leak) sanitizer, in its own build directory so the
# normal builds keep theirs. lld links it (gold stops with an internal error in its DWARF reader).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
FUZZ_BUILD_FLAGS := -c release --scratch-path .build/fuzz -Xswiftc -sanitize=fuzzer,address \
  -Xswiftc -DFUZZING -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld

## fuzz: run every fuzz target FUZZ_SECONDS (default 60) with ASan and leak detection, from the
## saved corpora in Fuzz/Corpora; new inputs go to .build/fuzz-scratch (docs/fuzzing.md)
fuzz: fuzz-build
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run.sh $(FUZZ_TARGETS)

fuzz-build: deps
	$(SWIFT) build $(FUZZ_BUILD_FLAGS) --product PerformFuzz

## fuzz-merge: minimize Fuzz/Corpora with what the last `make fuzz` found (review, then commit)
fuzz-merge: fuzz-build
	Fuzz/merge.sh $(FUZZ_TARGETS)

clean:
	rm -rf .build
