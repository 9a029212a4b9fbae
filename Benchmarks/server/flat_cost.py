#!/usr/bin/env python3
"""Flat cost: the reads of a trainee with no history beside one with a long history (docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md, "Throughput: kept answers, group commit and paged history").

Usage: flat_cost.py BASE_URL LONG_TOKEN FRESH_TOKEN [WORKOUTS [MEAL_DAYS]]

Against a running `perform serve`, two trainees with the same programs and meal plans: the
trainee of LONG_TOKEN is given WORKOUTS logged workouts (default 1000) and MEAL_DAYS days (default
365) of meal logs (three a day) and a day snapshot each; the trainee of FRESH_TOKEN has no
history. Then GET /home, /workouts, /workouts/history (first page) and /nutrition/menu are timed
for both, one request of each trainee after the other (taking turns at going first), so that
both trainees' figures come from the same seconds of a shared machine. Each read is timed twice:
repeated with nothing written in between (the answer the server keeps), and right after a write
that changes the trainee's answer version (a snapshot of a day 700 days back, which no timed
answer shows), so the answer is built again from the database. One keep-alive connection that
both trainees take turns on, loopback. Prints median and p99 per read and the ratio long history / fresh.
"""
import datetime
import http.client
import json
import statistics
import sys
import time
import urllib.parse

REPEATS = 400
REBUILDS = 150


def main():
    base, long_token, fresh_token = sys.argv[1], sys.argv[2], sys.argv[3]
    workouts = int(sys.argv[4]) if len(sys.argv) > 4 else 1000
    meal_days = int(sys.argv[5]) if len(sys.argv) > 5 else 365
    today = datetime.datetime.now(datetime.timezone.utc).date()
    url = urllib.parse.urlsplit(base)
    # NB: one connection for both: libmicrohttpd gives each connection to one of its threads, and
    # a thread that shares its core with more than the other would bias every request on it.
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    long, fresh = Trainee(connection, long_token), Trainee(connection, fresh_token)

    started = time.perf_counter()
    log = {
        "programId": "plan_strength", "dayId": "day_push", "label": "Push",
        "durationSec": 4210, "completed": True,
        "entries": [
            {"exerciseId": f"ex_{name}", "name": name, "done": True, "sets": [
                {"setNumber": n, "reps": 8 + n, "targetReps": 8, "weight": 40 + 2.5 * n,
                 "done": True} for n in range(1, 5)]}
            for name in ("bench", "incline_db", "dips", "pushdown", "fly", "raise")
        ],
    }
    for index in range(workouts):
        long.call("POST", "/v1/trainee/workouts/log", log,
                  extra={"Idempotency-Key": f"flat-{index}"})
    for back in range(meal_days):
        date = (today - datetime.timedelta(days=back)).isoformat()
        for meal in range(3):
            long.call("POST", "/v1/trainee/nutrition/logs", {"date": date, "items": [
                {"name": f"Meal {meal}", "kcal": 500, "protein": 30, "carbs": 50, "fat": 15}]})
        long.call("PUT", "/v1/trainee/nutrition/day",
                  {"date": date, "data": {"eaten": {}, "portions": {}}})
    seeded = time.perf_counter() - started
    print(f"stored {workouts} workouts and {meal_days} days of meal logs in {seeded:.1f} s")

    reads = [
        ("GET /home", "/v1/trainee/home"),
        ("GET /workouts", "/v1/trainee/workouts"),
        ("GET /workouts/history", "/v1/trainee/workouts/history"),
        ("GET /nutrition/menu", f"/v1/trainee/nutrition/menu?date={today}"),
    ]
    old_day = (today - datetime.timedelta(days=700)).isoformat()
    figures = {}
    for label, path in reads:
        samples = {"fresh": ([], []), "long": ([], [])}
        for trainee in (fresh, long):
            trainee.call("GET", path)
        for turn in range(REPEATS):
            for name, trainee in turns(turn, fresh, long):
                start = time.perf_counter()
                trainee.call("GET", path)
                samples[name][0].append(time.perf_counter() - start)
        for turn in range(REBUILDS):
            for name, trainee in turns(turn, fresh, long):
                trainee.bump(old_day)
                start = time.perf_counter()
                trainee.call("GET", path)
                samples[name][1].append(time.perf_counter() - start)
        figures[label] = {name: (percentiles(kept), percentiles(built))
                          for name, (kept, built) in samples.items()}

    print()
    print("| read | fresh p50 ms | long p50 ms | ratio | fresh p99 ms | long p99 ms"
          " | rebuilt: fresh p50 ms | long p50 ms | ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for label, _ in reads:
        (fk, fb), (lk, lb) = figures[label]["fresh"], figures[label]["long"]
        print(f"| {label} | {fk[0]:.3f} | {lk[0]:.3f} | {lk[0] / fk[0]:.2f} | {fk[1]:.3f}"
              f" | {lk[1]:.3f} | {fb[0]:.3f} | {lb[0]:.3f} | {lb[0] / fb[0]:.2f} |")
        print(f"RATIO {label.replace(' ', '_')} kept {lk[0] / fk[0]:.3f} rebuilt"
              f" {lb[0] / fb[0]:.3f}", file=sys.stderr)


def turns(turn, fresh, long):
    """Both trainees, the fresh one first on even turns: neither is always the warmer."""
    pair = [("fresh", fresh), ("long", long)]
    return pair if turn % 2 == 0 else pair[::-1]


class Trainee:
    """One trainee's requests, on a keep-alive connection to the server."""

    def __init__(self, connection, token):
        self.connection = connection
        self.headers = {
            "Authorization": "Bearer " + token,
            "X-Timezone": "UTC",
            "Accept": "application/json",
            "Content-Type": "application/json",
        }
        self.bumps = 0

    def call(self, method, path, body=None, expected=(200, 201, 204), extra=None):
        data = None if body is None else json.dumps(body).encode()
        self.connection.request(method, path, body=data, headers=dict(self.headers, **(extra or {})))
        response = self.connection.getresponse()
        payload = response.read()
        if response.status not in expected:
            sys.exit(f"{method} {path} answered {response.status}: {payload[:300]!r}")
        return payload

    def bump(self, old_day):
        """A write that raises the trainee's answer version and changes no timed answer."""
        self.bumps += 1
        self.call("PUT", "/v1/trainee/nutrition/day",
                  {"date": old_day, "data": {"eaten": {}, "portions": {}, "n": self.bumps}})


def percentiles(samples):
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered) * 1000, p99 * 1000


if __name__ == "__main__":
    main()
