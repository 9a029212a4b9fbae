#!/usr/bin/env python3
"""The coach's reads at a studio's scale. See docs/benchmarks.md, "The coach's reads at scale".

Issue 33 item 8's shape: one studio of --trainees (default 1,000) trainees with --workouts
(default 200) logged workouts each, served by a release `perform serve` on SQLite and on
PostgreSQL (a throwaway cluster, fsync on; Benchmarks/coach/run.sh starts it). Then, from one
connection, in turns:

  healthz      GET /healthz: the HTTP layer's own ceiling in the same run
  roster       GET /v1/coach/trainees (the default sort, attention, first page of 50)
  roster-cmp   GET /v1/coach/trainees?sort=compliance&limit=200
  history      GET /v1/coach/trainees/{id}/workouts, a trainee picked at random each time
  workout      GET /v1/coach/trainees/{id}/workouts/{workoutId}, the trainee's newest workout

each --samples times (default 2,000), printing p50, p99 and max in milliseconds. Then every
trainee's history is doubled (another --workouts each, dated before the first) and the same is
measured again; the ratios after/before are printed. The targets (issue 33): roster p99 under
20 ms, a history page under 10 ms, and either within 1.5x as history doubles.

Everything goes through the HTTP API as a coach and trainees would use it: the demo coach makes an
invite per trainee, the trainee accepts it (its own X-Forwarded-For address, the server trusting
127.0.0.1 as its proxy), an operator's `perform program import` and `perform program schedule`
give each a program (the coach's own route comes with the program builder) and the trainee posts
its workouts with `performedAt` one day apart going back from yesterday. Quotas are off (the
trainees write far faster than people); nothing else differs from `perform serve`'s defaults.

Only 127.0.0.1 is used; the server is stopped and the temporary directory removed on every exit
path.
"""

import argparse
import concurrent.futures
import datetime as dt
import http.client
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TIMEOUT = 60.0


class Server:
    """`perform serve --demo` on 127.0.0.1, a port picked by the server."""

    def __init__(self, perform, database, workdir):
        self.perform = perform
        self.database = database
        self.workdir = workdir
        self.proc = None
        self.port = None
        self.coach_password = None

    def start(self):
        log_path = os.path.join(self.workdir, "server.log")
        with open(log_path, "wb") as log:
            self.proc = subprocess.Popen(
                [self.perform, "serve", "--demo", "--port", "0", "--database", self.database,
                 "--access-log", "off", "--trusted-proxy", "127.0.0.1",
                 "--access-token-seconds", "86400",
                 "--quota-write-rate", "off", "--quota-workout-logs", "off",
                 "--quota-meal-logs", "off", "--quota-nutrition-days", "off"],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            text = open(log_path, "rb").read().decode("utf-8", "replace")
            port = re.search(r"listening: http://127\.0\.0\.1:(\d+)", text)
            password = re.search(r"demo coach password: (\S+)", text)
            if port and password:
                self.port = int(port.group(1))
                self.coach_password = password.group(1)
                return
            if self.proc.poll() is not None:
                raise SystemExit(f"perform serve exited with {self.proc.returncode}:\n{text}")
            time.sleep(0.05)
        raise SystemExit("perform serve did not print its port within 120 s")

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)


class Client:
    """One keep-alive connection; reconnects once when the server closed it."""

    def __init__(self, port, token=None, address=None):
        self.port = port
        self.token = token
        self.address = address
        self.conn = None

    def request(self, method, path, body=None, headers=None):
        all_headers = {"Accept": "application/json", "X-Timezone": "UTC"}
        if self.token:
            all_headers["Authorization"] = f"Bearer {self.token}"
        if self.address:
            all_headers["X-Forwarded-For"] = self.address
        data = None
        if body is not None:
            data = json.dumps(body, separators=(",", ":")).encode()
            all_headers["Content-Type"] = "application/json"
        all_headers.update(headers or {})
        for attempt in range(2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
            try:
                self.conn.request(method, path, body=data, headers=all_headers)
                answer = self.conn.getresponse()
                payload = answer.read()
                if answer.getheader("Connection", "").lower() == "close":
                    self.close()
                return answer.status, payload
            except (http.client.HTTPException, ConnectionError):
                self.close()
                if attempt == 1:
                    raise
        raise AssertionError("unreachable")

    def json(self, method, path, body=None, expect=(200,), headers=None):
        status, payload = self.request(method, path, body, headers)
        if status not in expect:
            raise SystemExit(f"{method} {path} answered {status}: {payload[:300]!r}")
        return json.loads(payload) if payload else None

    def close(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def program_file(workdir):
    """The demo program, as an operator would import it."""
    path = os.path.join(workdir, "program.json")
    shutil.copyfile(os.path.join(ROOT, "examples", "demo-program.json"), path)
    with open(path) as f:
        plans = json.load(f)["plans"]
    plan = plans[0]
    return path, plan["id"], [day["id"] for day in plan["days"]], plan["days"]


def log_payload(plan_id, day, when):
    entries = []
    for row in day.get("strength", [])[:6]:
        entries.append({
            "exerciseId": row["exerciseId"], "name": row["name"], "done": True, "tempo": None,
            "sets": [{"setNumber": s + 1, "reps": 8, "targetReps": 8, "weight": 60 + 2.5 * s,
                      "rir": "2", "rm": None, "done": True} for s in range(3)],
        })
    return {"programId": plan_id, "dayId": day["id"], "label": day.get("label") or day["id"],
            "durationSec": 3600, "completed": True, "entries": entries,
            "performedAt": when.strftime("%Y-%m-%dT%H:%M:%SZ")}


def add_trainees(server, coach, count, threads):
    """Invites and accepts `count` trainees; returns [(account id, access token)]."""
    # The coach's connection is shared: invites go one at a time, the accepts (Argon2) in
    # parallel.
    lock = threading.Lock()
    coach_lock_client = coach

    def guarded(index):
        with lock:
            invite = coach_lock_client.json(
                "POST", "/v1/coach/invites", {"validForSeconds": 86400}, (201,))
        address = f"10.{index // 65536 % 256}.{index // 256 % 256}.{index % 256}"
        trainee = Client(server.port, address=address)
        signed = trainee.json("POST", "/v1/auth/invites/accept", {
            "code": invite["code"], "name": f"Trainee {index:05d}",
            "email": f"trainee{index}@bench.example", "password": "bench-password-123",
            "device": "bench"})
        trainee.close()
        return signed["account"]["id"], signed["tokens"]["accessToken"], address

    with concurrent.futures.ThreadPoolExecutor(threads) as pool:
        return list(pool.map(guarded, range(count)))


def trainee_ids(coach):
    """accountId → traineeId, from the roster's pages."""
    ids, offset = {}, 0
    while offset is not None:
        page = coach.json("GET", f"/v1/coach/trainees?sort=name&limit=200&offset={offset}")
        for line in page["trainees"]:
            ids[line["accountId"]] = line["traineeId"]
        offset = page["nextOffset"]
    return ids


def give_programs(perform, database, program_path, ids, threads):
    def one(trainee_id):
        for args in (["program", "import", program_path, "--trainee", trainee_id],
                     ["program", "schedule", "--trainee", trainee_id, "--program-days"]):
            subprocess.run([perform, *args, "--database", database], check=True,
                           capture_output=True, timeout=120)

    with concurrent.futures.ThreadPoolExecutor(threads) as pool:
        list(pool.map(one, ids))


def post_workouts(server, trainees, plan_id, days, count, first_day_back, threads):
    """Each trainee posts `count` workouts, one a day, starting `first_day_back` days ago."""
    today = dt.datetime.now(dt.timezone.utc).replace(hour=7, minute=0, second=0, microsecond=0)

    def one(trainee):
        _, token, address = trainee
        client = Client(server.port, token, address)
        for n in range(count):
            when = today - dt.timedelta(days=first_day_back + n)
            day = days[n % len(days)]
            client.json("POST", "/v1/trainee/workouts/log", log_payload(plan_id, day, when),
                        (201,), {"Idempotency-Key": f"bench-{first_day_back}-{n}"})
        client.close()

    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(threads) as pool:
        list(pool.map(one, trainees))
    return time.monotonic() - started


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def measure(server, coach_token, trainee_list, samples, seed):
    """The reads, in turns, from one connection each; returns {name: [milliseconds]}."""
    rng = random.Random(seed)
    coach = Client(server.port, coach_token, "10.255.255.1")
    plain = Client(server.port)
    newest = {}
    for trainee_id in trainee_list:
        page = coach.json("GET", f"/v1/coach/trainees/{trainee_id}/workouts")
        newest[trainee_id] = page["workouts"][0]["id"] if page.get("workouts") else None
    reads = {
        "healthz": lambda: (plain, "/healthz"),
        "roster": lambda: (coach, "/v1/coach/trainees"),
        "roster-cmp": lambda: (coach, "/v1/coach/trainees?sort=compliance&limit=200"),
        "history": lambda: (coach, f"/v1/coach/trainees/{rng.choice(trainee_list)}/workouts"),
        "workout": lambda: workout_path(coach, rng.choice(trainee_list)),
    }

    def workout_path(client, trainee_id):
        return client, f"/v1/coach/trainees/{trainee_id}/workouts/{newest[trainee_id]}"

    figures = {name: [] for name in reads}
    for _ in range(50):  # warm the connections and the server's caches alike for every read
        for name, pick in reads.items():
            client, path = pick()
            client.request("GET", path)
    for _ in range(samples):
        for name, pick in reads.items():
            client, path = pick()
            started = time.perf_counter()
            status, _ = client.request("GET", path)
            elapsed = (time.perf_counter() - started) * 1000
            if status != 200:
                raise SystemExit(f"GET {path} answered {status}")
            figures[name].append(elapsed)
    coach.close()
    plain.close()
    return figures


def print_figures(title, figures):
    print(f"\n{title}")
    print(f"  {'read':<12} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for name, values in figures.items():
        print(f"  {name:<12} {percentile(values, 50):8.2f} {percentile(values, 99):8.2f} "
              f"{max(values):8.2f}")


def run(args, perform, backend, database, workdir):
    print(f"\n=== {backend}: {args.trainees} trainees x {args.workouts} workouts, then doubled ===",
          flush=True)
    server = Server(perform, database, workdir)
    try:
        server.start()
        coach = Client(server.port, address="10.255.255.1")
        signed = coach.json("POST", "/v1/auth/sign-in", {
            "email": "coach@demo.example", "password": server.coach_password, "device": "bench"})
        coach.token = signed["tokens"]["accessToken"]
        started = time.monotonic()
        trainees = add_trainees(server, coach, args.trainees, args.threads)
        print(f"  {len(trainees)} trainees invited and signed in: {time.monotonic() - started:.0f} s",
              flush=True)
        ids = trainee_ids(coach)
        mine = [ids[account_id] for account_id, _, _ in trainees]
        program_path, plan_id, _, days = program_file(workdir)
        started = time.monotonic()
        give_programs(perform, database, program_path, mine, args.threads)
        print(f"  programs imported and scheduled: {time.monotonic() - started:.0f} s", flush=True)
        seconds = post_workouts(server, trainees, plan_id, days, args.workouts, 1, args.threads)
        total = args.trainees * args.workouts
        print(f"  {total} workouts posted: {seconds:.0f} s ({total / seconds:.0f}/s)", flush=True)
        before = measure(server, coach.token, mine, args.samples, 1)
        print_figures(f"{backend}, {args.workouts} workouts each", before)
        seconds = post_workouts(server, trainees, plan_id, days, args.workouts,
                                1 + args.workouts, args.threads)
        print(f"\n  {total} more workouts posted: {seconds:.0f} s ({total / seconds:.0f}/s)",
              flush=True)
        after = measure(server, coach.token, mine, args.samples, 2)
        print_figures(f"{backend}, {2 * args.workouts} workouts each", after)
        print(f"\n  {backend}: p99 after / before (history doubled)")
        for name in before:
            ratio = percentile(after[name], 99) / percentile(before[name], 99)
            print(f"  {name:<12} {ratio:6.2f}x")
        roster = percentile(after["roster"], 99)
        history = percentile(after["history"], 99)
        print(f"\n  {backend}: roster p99 {roster:.2f} ms (target < 20), history page p99 "
              f"{history:.2f} ms (target < 10)", flush=True)
        coach.close()
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--perform", default=os.path.join(ROOT, ".build", "release", "perform"))
    parser.add_argument("--trainees", type=int, default=1000)
    parser.add_argument("--workouts", type=int, default=200)
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--backend", choices=["sqlite", "postgresql", "both"], default="both")
    args = parser.parse_args()
    perform = os.path.abspath(args.perform)
    if not os.access(perform, os.X_OK):
        raise SystemExit(f"no perform binary at {perform}: swift build -c release --product perform")
    workdir = tempfile.mkdtemp(prefix="perform-bench-coach.")
    try:
        print(f"perform: {perform}; {os.cpu_count()} cores; {dt.date.today().isoformat()}")
        if args.backend in ("sqlite", "both"):
            os.makedirs(os.path.join(workdir, "sqlite"))
            run(args, perform, "SQLite", os.path.join(workdir, "sqlite", "perform.sqlite"),
                os.path.join(workdir, "sqlite"))
        if args.backend in ("postgresql", "both"):
            url = os.environ.get("PERFORM_TEST_POSTGRESQL")
            if not url:
                raise SystemExit("PostgreSQL: run under scripts/with-test-postgresql.sh "
                                 "(Benchmarks/coach/run.sh does)")
            os.makedirs(os.path.join(workdir, "postgresql"))
            run(args, perform, "PostgreSQL", url, os.path.join(workdir, "postgresql"))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
