#!/usr/bin/env python3
"""Flat cost: the reads of one trainee before and after a long history (docs/decisions.md, "Throughput: kept answers, group commit and paged history").

Usage: flat_cost.py BASE_URL TOKEN [WORKOUTS [MEAL_DAYS]]

Against a running `perform serve`, as the trainee of TOKEN (a fresh demo trainee: its programs,
plans and short history): times GET /home, /workouts, /workouts/history (first page) and
/nutrition/menu, then stores WORKOUTS logged workouts (default 1000) and MEAL_DAYS days (default
365) of meal logs (three a day) and a day snapshot each, and times the reads again. Each read is
timed twice: repeated with nothing written in between (the answer the server keeps), and right
after a write that changes the trainee's answer version (a snapshot of a day 700 days back, which
no timed answer shows), so the answer is built again from the database. One connection, keep-alive,
loopback. Prints median and p99 per read and the ratio long history / fresh.
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
    base, token = sys.argv[1], sys.argv[2]
    workouts = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    meal_days = int(sys.argv[4]) if len(sys.argv) > 4 else 365
    url = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    headers = {
        "Authorization": "Bearer " + token,
        "X-Timezone": "UTC",
        "Accept": "application/json",
        "Content-Type": "application/json",
    }
    today = datetime.datetime.now(datetime.timezone.utc).date()

    def call(method, path, body=None, expected=(200, 201, 204), extra=None):
        data = None if body is None else json.dumps(body).encode()
        all_headers = dict(headers, **(extra or {}))
        connection.request(method, path, body=data, headers=all_headers)
        response = connection.getresponse()
        payload = response.read()
        if response.status not in expected:
            sys.exit(f"{method} {path} answered {response.status}: {payload[:300]!r}")
        return payload

    reads = [
        ("GET /home", "/v1/trainee/home"),
        ("GET /workouts", "/v1/trainee/workouts"),
        ("GET /workouts/history", "/v1/trainee/workouts/history"),
        ("GET /nutrition/menu", f"/v1/trainee/nutrition/menu?date={today}"),
    ]
    old_day = (today - datetime.timedelta(days=700)).isoformat()
    bump_count = [0]

    def bump():
        bump_count[0] += 1
        call("PUT", "/v1/trainee/nutrition/day",
             {"date": old_day, "data": {"eaten": {}, "portions": {}, "n": bump_count[0]}})

    def measure():
        figures = {}
        for label, path in reads:
            call("GET", path)
            kept = []
            for _ in range(REPEATS):
                start = time.perf_counter()
                call("GET", path)
                kept.append(time.perf_counter() - start)
            built = []
            for _ in range(REBUILDS):
                bump()
                start = time.perf_counter()
                call("GET", path)
                built.append(time.perf_counter() - start)
            figures[label] = (percentiles(kept), percentiles(built))
        return figures

    fresh = measure()
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
        call("POST", "/v1/trainee/workouts/log", log, extra={"Idempotency-Key": f"flat-{index}"})
    for back in range(meal_days):
        date = (today - datetime.timedelta(days=back)).isoformat()
        for meal in range(3):
            call("POST", "/v1/trainee/nutrition/logs", {"date": date, "items": [
                {"name": f"Meal {meal}", "kcal": 500, "protein": 30, "carbs": 50, "fat": 15}]})
        call("PUT", "/v1/trainee/nutrition/day",
             {"date": date, "data": {"eaten": {}, "portions": {}}})
    seeded = time.perf_counter() - started
    print(f"stored {workouts} workouts and {meal_days} days of meal logs in {seeded:.1f} s")
    long = measure()

    print()
    print("| read | fresh p50 ms | long p50 ms | ratio | fresh p99 ms | long p99 ms"
          " | rebuilt: fresh p50 ms | long p50 ms | ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for label, _ in reads:
        (fk, fb), (lk, lb) = fresh[label], long[label]
        print(f"| {label} | {fk[0]:.3f} | {lk[0]:.3f} | {lk[0] / fk[0]:.2f} | {fk[1]:.3f}"
              f" | {lk[1]:.3f} | {fb[0]:.3f} | {lb[0]:.3f} | {lb[0] / fb[0]:.2f} |")
        print(f"RATIO {label.replace(' ', '_')} kept {lk[0] / fk[0]:.3f} rebuilt"
              f" {lb[0] / fb[0]:.3f}", file=sys.stderr)


def percentiles(samples):
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered) * 1000, p99 * 1000


if __name__ == "__main__":
    main()
