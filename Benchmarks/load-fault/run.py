#!/usr/bin/env python3
"""Load and faults against `perform serve` on loopback. See docs/benchmarks.md,
"Trainee API server: load and faults".

Two modes:

  load-fault (default)  N minutes (--minutes, default 10) of mixed traffic from --trainees (default
                        50) simulated trainees, each with its own token (`perform trainee add`) and
                        its own client address (X-Forwarded-For, the server trusting 127.0.0.1 as
                        its proxy, so the per-address limit sees 50 clients as a proxy would show
                        them); about 5 % malformed requests (bad JSON, wrong types, oversized
                        bodies); slow clients sending headers and body in slow pieces; and a
                        SIGKILL of the server and a restart on the same database every
                        --kill-every seconds (default 60). Every 201 log post and 200 day PUT is
                        remembered and checked after every restart and at the end; unanswered
                        writes are retried after the restart (log posts with their
                        Idempotency-Key) and checked to be stored once. Prints requests sent,
                        answers by status class, 5xx, lost writes and the server's RSS over time.

  neighbour             One light trainee's latency (GET /v1/trainee/session, one connection)
                        alone, then while a heavy trainee hammers slow requests (GET
                        /v1/trainee/workouts/history over a long history, GET
                        /v1/trainee/nutrition/menu of a day with 50 large meal logs) from many
                        connections at once, from a separate process; both figures and ratios.

Only 127.0.0.1 is used. Every loop is bounded in count and time; the server started here is
stopped (SIGTERM, then SIGKILL) and the temporary directory removed on every exit path.
"""

import argparse
import datetime as dt
import http.client
import json
import multiprocessing
import os
import random
import re
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import attacks

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TIMEOUT = 15.0  # seconds per socket operation; nothing here waits longer on one read
SERVERS = []  # every server started here, stopped on every exit path


# --- the server ------------------------------------------------------------------------------------


class Server:
    """`perform serve` on 127.0.0.1 with a port picked by the server; restartable on one database."""

    def __init__(self, perform, database, workdir, extra_args, quotas=False, nofile=None):
        """`quotas`: keep the server's per-trainee quotas and write rate (off by default: the
        simulated trainees write far faster than people). `nofile`: the child's descriptor
        limit, when it must differ from this process's."""
        self.perform = perform
        self.database = database
        self.workdir = workdir
        self.extra_args = extra_args
        self.quotas = quotas
        self.nofile = nofile
        self.proc = None
        self.port = None
        self.demo_token = None
        self.metrics_url = None
        self.starts = 0
        self.generation = 0  # bumped once a start is listening
        self.lock = threading.Lock()
        SERVERS.append(self)

    def start(self):
        self.starts += 1
        log_path = os.path.join(self.workdir, f"server-{self.starts}.log")
        log = open(log_path, "wb")
        args = [self.perform, "serve", "--demo", "--port", "0", "--database", self.database]
        if not self.quotas:
            args += ["--quota-write-rate", "off", "--quota-workout-logs", "off",
                     "--quota-meal-logs", "off", "--quota-nutrition-days", "off"]
        nofile = self.nofile
        limit = (lambda: resource.setrlimit(resource.RLIMIT_NOFILE, nofile)) if nofile else None
        self.proc = subprocess.Popen(args + self.extra_args, stdout=log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, preexec_fn=limit)
        log.close()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            text = open(log_path, "rb").read().decode("utf-8", "replace")
            m = re.search(r"listening: http://127\.0\.0\.1:(\d+)", text)
            t = re.search(r"token: (\S+)", text)
            metrics = re.search(r"metrics: (http://\S+)", text)
            if m and t and (metrics or "--metrics-port" not in self.extra_args):
                with self.lock:
                    self.metrics_url = metrics.group(1) if metrics else None
                    self.port = int(m.group(1))
                    self.demo_token = t.group(1)
                    self.generation += 1
                return
            if self.proc.poll() is not None:
                raise SystemExit(f"perform serve exited with {self.proc.returncode}:\n{text}")
            time.sleep(0.02)
        raise SystemExit("perform serve did not print its port within 60 s")

    def kill(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)

    def rss_kib(self):
        try:
            with open(f"/proc/{self.proc.pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1])
        except (OSError, AttributeError):
            return None
        return None


def add_trainee(perform, database, name):
    out = subprocess.run([perform, "trainee", "add", name, "--database", database],
                         capture_output=True, text=True, timeout=60, check=True).stdout
    return re.search(r"token: (\S+)", out).group(1)


# --- requests ------------------------------------------------------------------------------------


def today(offset_days=0):
    return (dt.datetime.now(dt.timezone.utc).date() - dt.timedelta(days=offset_days)).isoformat()


def log_payload(label, exercises=5, sets=3):
    entries = []
    for e in range(exercises):
        entries.append({
            "exerciseId": f"ex_{e}", "name": f"Exercise {e}", "done": True, "tempo": None,
            "sets": [{"setNumber": s + 1, "reps": 8 + s, "targetReps": 8, "weight": 40 + 2.5 * s,
                      "rir": "2", "rm": None, "done": True} for s in range(sets)],
        })
    return {"programId": "plan_load", "dayId": "day_a", "label": label, "durationSec": 3600,
            "completed": True, "entries": entries}


def day_payload(date, counter):
    y, m, d = date.split("-")
    k = f"{int(y)}-{int(m) - 1}-{int(d)}__"
    return {"date": date, "data": {
        "eaten": {k + "it_oats": True, k + "it_rice": counter % 2 == 0},
        "swaps": {k + "it_chicken": "o_tofu"},
        "portions": {k + "it_rice": {"foodId": "f_rice", "qty": 100 + counter % 200}},
        "aiMeals": {k + "m_lunch": [{"id": f"ai_{counter}", "name": "Apple", "kcal": 78,
                                     "protein": 0.4, "carbs": 20.6, "fat": 0.3}]},
        "mbp": counter}}


def meal_payload(date, items=2, name_len=8):
    return {"date": date, "items": [
        {"name": "F" * name_len, "foodId": f"f_{i}", "qty": 100, "unit": "g", "kcal": 100 + i,
         "protein": 5, "carbs": 10, "fat": 3} for i in range(items)]}


def _oversized_log():
    """A valid workout log of about 330 KB: under the 1 MiB body limit, over the 256 KiB stored."""
    big = log_payload("x" * 200, exercises=100, sets=30)
    for e in big["entries"]:
        e["name"] = "n" * 290
    return json.dumps(big).encode()


OVERSIZED_LOG = _oversized_log()
OVERSIZED_BODY = b'{"items":[' + b" " * ((2 << 20) - 10)


class Client:
    """One keep-alive connection to whichever port the server listens on now."""

    def __init__(self, server, token, address):
        self.server = server
        self.headers = {"Authorization": f"Bearer {token}", "X-Timezone": "UTC",
                        "X-Forwarded-For": address, "Accept": "application/json"}
        self.conn = None
        self.conn_port = None

    def request(self, method, path, body=None, headers=None):
        """(status, bytes) or raises OSError / http.client.HTTPException; reconnects as needed."""
        port = self.server.port
        if self.conn is None or self.conn_port != port:
            self.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
            self.conn_port = port
        h = dict(self.headers)
        if headers:
            h.update(headers)
        data = None
        if body is not None:
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
            h["Content-Type"] = "application/json"
        try:
            self.conn.request(method, path, body=data, headers=h)
            resp = self.conn.getresponse()
            payload = resp.read()
            if resp.getheader("Connection", "").lower() == "close":
                self.close()
            return resp.status, payload
        except (OSError, http.client.HTTPException):
            self.close()
            raise

    def close(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None


# --- load and faults -----------------------------------------------------------------------------


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.sent = 0
        self.by_class = {}
        self.by_kind = {}
        self.errors = 0  # no answer: refused, reset, timed out (the server was being killed)
        self.five_xx = []  # (kind, method, path, status, body) samples
        self.five_xx_count = 0
        self.malformed_not_4xx = []
        self.lost = []  # descriptions of acknowledged writes not found
        self.duplicates = []
        self.checks = 0
        self.checked_writes = 0
        self.retried = 0
        self.error_reasons = {}  # (kind, exception) -> count

    def answer(self, kind, method, path, status, body):
        with self.lock:
            self.sent += 1
            cls = f"{status // 100}xx"
            self.by_class[cls] = self.by_class.get(cls, 0) + 1
            k = self.by_kind.setdefault(kind, {})
            k[cls] = k.get(cls, 0) + 1
            if status >= 500:
                self.five_xx_count += 1
                if len(self.five_xx) < 20:
                    self.five_xx.append((kind, method, path, status, body[:300]))
            if kind.startswith("malformed") and not 400 <= status < 500 and \
                    len(self.malformed_not_4xx) < 20:
                self.malformed_not_4xx.append((kind, method, path, status, body[:300]))

    def error(self, kind, reason="no answer"):
        with self.lock:
            self.sent += 1
            self.errors += 1
            key = (kind, reason)
            self.error_reasons[key] = self.error_reasons.get(key, 0) + 1
            k = self.by_kind.setdefault(kind, {})
            k["no answer"] = k.get("no answer", 0) + 1


class Trainee:
    """One simulated trainee: its own token, address and keep-alive connection; one request at a
    time. It alone writes its data, so what it last had acknowledged is what must be stored."""

    def __init__(self, index, token, server, stats, rng, dates, malformed_share):
        self.index = index
        self.server = server
        self.stats = stats
        self.rng = rng
        self.dates = dates
        self.malformed_share = malformed_share
        self.client = Client(server, token, f"10.0.{index // 250}.{index % 250 + 1}")
        self.acked_logs = {}  # Idempotency-Key -> id
        self.pending_logs = {}  # key -> payload, sent and not answered
        self.acked_days = {}  # date -> data last acknowledged
        self.pending_days = {}  # date -> body sent after it and not answered
        self.acked_meals = {}  # date -> set of ids
        self.meal_counts = {}
        self.counter = 0
        self.generation = server.generation
        self.unchecked = False  # a check after a restart could not finish; try again

    def call(self, kind, method, path, body=None, headers=None):
        try:
            status, payload = self.client.request(method, path, body, headers)
        except (OSError, http.client.HTTPException) as e:
            self.stats.error(kind, type(e).__name__)
            return None, None
        self.stats.answer(kind, method, path, status, payload)
        return status, payload

    def step(self):
        if self.server.generation != self.generation or self.unchecked:
            self.generation = self.server.generation
            self.unchecked = not self.after_restart()
        self.counter += 1
        r = self.rng.random()
        if r < self.malformed_share:
            self.malformed()
        elif r < 0.20:
            self.post_log()
        elif r < 0.35:
            self.put_day()
        elif r < 0.42:
            self.post_meal()
        else:
            kind, path = self.rng.choice([
                ("get workouts", "/v1/trainee/workouts"),
                ("get session", "/v1/trainee/session"),
                ("get home", "/v1/trainee/home"),
                ("get history", "/v1/trainee/workouts/history"),
                ("get day", f"/v1/trainee/nutrition/day?date={self.rng.choice(self.dates)}"),
                ("get menu", f"/v1/trainee/nutrition/menu?date={self.rng.choice(self.dates)}"),
            ])
            self.call(kind, "GET", path)

    def post_log(self, key=None, payload=None, retry=False):
        if key is None:
            key = f"t{self.index}-{self.counter}-{self.rng.randrange(1 << 30)}"
            payload = log_payload(key, exercises=self.rng.randint(1, 6), sets=self.rng.randint(1, 5))
        self.pending_logs[key] = payload
        status, body = self.call("post log (retry)" if retry else "post log", "POST",
                                 "/v1/trainee/workouts/log", payload, {"Idempotency-Key": key})
        if status == 201:
            del self.pending_logs[key]
            self.acked_logs[key] = json.loads(body)["id"]
        elif status is not None and status < 500:
            del self.pending_logs[key]  # refused: nothing to keep (a 4xx here is counted above)

    def put_day(self, date=None, body=None, retry=False):
        if body is None:
            date = self.rng.choice(self.dates)
            body = day_payload(date, self.counter)
        self.pending_days[date] = body
        status, _ = self.call("put day (retry)" if retry else "put day", "PUT",
                              "/v1/trainee/nutrition/day", body)
        if status == 200:
            del self.pending_days[date]
            self.acked_days[date] = body["data"]
        elif status is not None and status < 500:
            del self.pending_days[date]

    def post_meal(self):
        date = self.rng.choice(self.dates)
        if self.meal_counts.get(date, 0) >= 45:
            return
        status, body = self.call("post meal", "POST", "/v1/trainee/nutrition/logs",
                                 meal_payload(date, self.rng.randint(1, 4)))
        if status == 201:
            self.meal_counts[date] = self.meal_counts.get(date, 0) + 1
            self.acked_meals.setdefault(date, set()).add(json.loads(body)["id"])

    def malformed(self):
        choice = self.rng.randrange(6)
        if choice == 0:  # not JSON: cut short
            self.call("malformed: bad JSON", "PUT", "/v1/trainee/nutrition/day",
                      b'{"date": "' + today().encode() + b'", "data": {"eaten": {')
        elif choice == 1:  # JSON the RFC refuses: a trailing comma, a leading zero
            self.call("malformed: bad JSON", "POST", "/v1/trainee/workouts/log",
                      b'{"completed": true, "entries": [], "durationSec": 012,}',
                      {"Idempotency-Key": f"bad-{self.index}-{self.counter}"})
        elif choice == 2:  # wrong types
            body = log_payload("wrong types")
            body["entries"][0]["sets"][0]["reps"] = "eight"
            body["completed"] = "yes"
            self.call("malformed: wrong types", "POST", "/v1/trainee/workouts/log", body,
                      {"Idempotency-Key": f"bad-{self.index}-{self.counter}"})
        elif choice == 3:  # wrong types in a day
            self.call("malformed: wrong types", "PUT", "/v1/trainee/nutrition/day",
                      {"date": 20260105, "data": {"eaten": ["oats"]}})
        elif choice == 4:  # oversized document: under the 1 MiB body limit, over what is stored
            self.call("malformed: oversized log", "POST", "/v1/trainee/workouts/log", OVERSIZED_LOG,
                      {"Idempotency-Key": f"bad-{self.index}-{self.counter}"})
        else:  # oversized body: declared over 1 MiB, refused from the headers
            self.raw_oversized()

    def raw_oversized(self):
        """Sends a 2 MiB body without waiting for `100 Continue`, as URLSession does, and reads the
        answer (413 expected; the server reads up to 4 MiB of it away first, so the client sees
        the answer rather than a broken pipe)."""
        kind = "malformed: oversized body"
        h = self.client.headers
        head = (f"POST /v1/trainee/nutrition/logs HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                f"Authorization: {h['Authorization']}\r\nX-Forwarded-For: {h['X-Forwarded-For']}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {2 << 20}\r\n\r\n").encode()
        try:
            with socket.create_connection(("127.0.0.1", self.server.port), timeout=TIMEOUT) as s:
                s.sendall(head)
                try:
                    s.sendall(OVERSIZED_BODY)
                except OSError:
                    pass  # the server may answer and close before it reads all of the body
                status = read_status(s)
        except OSError as e:
            status, reason = None, type(e).__name__
        else:
            reason = "closed without an answer"
        if status is None:
            self.stats.error(kind, reason)
        else:
            self.stats.answer(kind, "POST", "/v1/trainee/nutrition/logs", status, b"")

    def after_restart(self):
        """Retries what was sent and not answered, then checks every acknowledged write."""
        for key, payload in list(self.pending_logs.items()):
            self.stats.retried += 1
            self.post_log(key, payload, retry=True)
        for date, body in list(self.pending_days.items()):
            self.stats.retried += 1
            self.put_day(date, body, retry=True)
        return self.verify()

    def verify(self):
        """Every acknowledged write readable; every key stored once. Returns False when the
        server could not be asked (it is being restarted); the check is then left for later."""
        # The history is paged: read every page, 100 logs at a time, following nextCursor.
        logs, cursor = [], None
        while True:
            path = "/v1/trainee/workouts/history?limit=100"
            if cursor:
                path += f"&cursor={cursor}"
            status, body = self.call("verify", "GET", path)
            if status != 200:
                return False
            page = json.loads(body)
            logs += page["workouts"]
            cursor = page.get("nextCursor")
            if not cursor:
                break
        by_label = {}
        for w in logs:
            by_label.setdefault(w.get("label"), []).append(w["id"])
        lost, dup = [], []
        for key, log_id in self.acked_logs.items():
            ids = by_label.get(key, [])
            if log_id not in ids:
                lost.append(f"trainee {self.index}: log {key} (id {log_id}) acknowledged, not in history")
            if len(ids) > 1:
                dup.append(f"trainee {self.index}: log {key} stored {len(ids)} times: {ids}")
        for date, data in self.acked_days.items():
            if date in self.pending_days:
                continue  # a later put was sent and not answered; either may be stored
            status, body = self.call("verify", "GET", f"/v1/trainee/nutrition/day?date={date}")
            if status != 200:
                return False
            stored = json.loads(body)["data"]
            if stored != data:
                lost.append(f"trainee {self.index}: day {date} acknowledged as {json.dumps(data)}, "
                            f"stored {json.dumps(stored)}")
        for date, ids in self.acked_meals.items():
            status, body = self.call("verify", "GET", f"/v1/trainee/nutrition/menu?date={date}")
            if status != 200:
                return False
            stored = {entry["id"] for entry in json.loads(body)["logs"]}
            for missing in sorted(ids - stored):
                lost.append(f"trainee {self.index}: meal log {missing} on {date} acknowledged, not in the menu")
        with self.stats.lock:
            self.stats.checks += 1
            self.stats.checked_writes += len(self.acked_logs) + len(self.acked_days) + \
                sum(len(v) for v in self.acked_meals.values())
            self.stats.lost.extend(lost)
            self.stats.duplicates.extend(dup)
        return True


def read_status(sock):
    """The status code of the first answer on `sock`, or None when it closed without one."""
    data = b""
    while b"\r\n" not in data and len(data) < 4096:
        try:
            chunk = sock.recv(4096)
        except OSError:
            break
        if not chunk:
            break
        data += chunk
    m = re.match(rb"HTTP/1\.[01] (\d{3})", data)
    return int(m.group(1)) if m else None


def slow_client(server, token, address, stats, stop, rng):
    """Sends a valid day PUT in slow pieces (the headers, then the body, a few bytes at a time),
    on a fresh connection each time; until `stop`."""
    n = 0
    while not stop.is_set() and n < 100000:
        n += 1
        date = today(rng.randrange(3))
        body = json.dumps(day_payload(date, n)).encode()
        head = (f"PUT /v1/trainee/nutrition/day HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                f"Authorization: Bearer {token}\r\nX-Forwarded-For: {address}\r\nX-Timezone: UTC\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
                f"Connection: close\r\n\r\n").encode()
        message = head + body
        pieces = 25
        size = len(message) // pieces + 1
        try:
            with socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT) as s:
                for i in range(0, len(message), size):
                    s.sendall(message[i:i + size])
                    if stop.wait(rng.uniform(0.05, 0.15)):
                        break
                status = read_status(s)
        except (OSError, TypeError) as e:
            status, reason = None, type(e).__name__
        else:
            reason = "closed without an answer"
        if status is None:
            stats.error("slow client day put", reason)
            stop.wait(0.1)  # the server is being restarted: do not spin on refused connections
        else:
            stats.answer("slow client day put", "PUT", "/v1/trainee/nutrition/day", status, b"")


def load_fault(args, perform, work):
    database = os.path.join(work, "perform.sqlite")
    extra = ["--trusted-proxy", "127.0.0.1"]
    server = Server(perform, database, work, extra)
    server.start()
    print(f"Creating {args.trainees} trainees (perform trainee add) ...", flush=True)
    tokens = [add_trainee(perform, database, f"Load trainee {i}") for i in range(args.trainees)]
    slow_tokens = [add_trainee(perform, database, f"Slow client {i}") for i in range(args.slow_clients)]
    stats = Stats()
    stop = threading.Event()
    dates = [today(i) for i in range(7)]
    trainees = [Trainee(i, tok, server, stats, random.Random(args.seed * 1000 + i), dates,
                        args.malformed_share) for i, tok in enumerate(tokens)]
    duration = args.minutes * 60
    t0 = time.monotonic()
    end = t0 + duration
    rss = []  # (seconds, start number, KiB)
    kills = []

    def run_trainee(t):
        while not stop.is_set() and time.monotonic() < end:
            t.step()
            if stop.wait(args.think):
                break

    threads = [threading.Thread(target=run_trainee, args=(t,), daemon=True) for t in trainees]
    threads += [threading.Thread(target=slow_client, daemon=True,
                                 args=(server, tok, f"10.1.0.{i + 1}", stats, stop,
                                       random.Random(args.seed + 7 + i)))
                for i, tok in enumerate(slow_tokens)]
    print(f"Running {args.minutes:g} min: {args.trainees} trainees, {args.slow_clients} slow clients, "
          f"{args.malformed_share:.0%} malformed, SIGKILL every {args.kill_every} s", flush=True)
    for th in threads:
        th.start()
    next_kill = t0 + args.kill_every if args.kill_every > 0 else float("inf")
    next_sample = t0
    next_report = t0 + 60
    while time.monotonic() < end:
        now = time.monotonic()
        if now >= next_sample:
            kib = server.rss_kib()
            if kib is not None:
                rss.append((now - t0, server.starts, kib))
            next_sample += args.rss_every
        if now >= next_kill and now < end - 5:
            before = server.rss_kib()
            server.kill()
            t_kill = time.monotonic()
            server.start()
            kills.append((t_kill - t0, before, time.monotonic() - t_kill))
            next_kill += args.kill_every
        if now >= next_report:
            with stats.lock:
                print(f"  {now - t0:5.0f} s: {stats.sent} requests, {dict(sorted(stats.by_class.items()))}, "
                      f"{stats.errors} unanswered, 5xx {stats.five_xx_count}, lost {len(stats.lost)}, "
                      f"RSS {rss[-1][2] / 1024:.1f} MiB (start {server.starts})", flush=True)
            next_report += 60
        time.sleep(0.05)
    stop.set()
    for th in threads:
        th.join(timeout=TIMEOUT * 2 + 5)
    elapsed = time.monotonic() - t0

    # The final check: the same server, once more, then a last kill and restart and again.
    print("Final checks (the running server, then after one more SIGKILL and restart) ...", flush=True)
    final_unchecked = 0
    for phase in ("end", "restart"):
        if phase == "restart":
            server.kill()
            server.start()
        for t in trainees:
            t.generation = server.generation
            if not (t.after_restart() if phase == "restart" else t.verify()):
                final_unchecked += 1
    rss_end = server.rss_kib()
    server.stop()

    print()
    print(f"Load and faults: {elapsed / 60:.1f} min, {args.trainees} trainees, {args.slow_clients} slow "
          f"clients, {len(kills)} SIGKILLs and restarts (+1 at the end)")
    print(f"requests sent: {stats.sent} ({stats.sent / elapsed:.0f}/s)")
    print(f"answers by class: {dict(sorted(stats.by_class.items()))}; no answer (refused or cut by a "
          f"kill): {stats.errors}")
    for kind, counts in sorted(stats.by_kind.items()):
        print(f"  {kind:28} {dict(sorted(counts.items()))}")
    print("requests without an answer, by kind and reason:")
    for (kind, reason), count in sorted(stats.error_reasons.items()):
        print(f"  {kind:28} {reason}: {count}")
    print(f"5xx: {stats.five_xx_count}")
    for sample in stats.five_xx:
        print(f"  {sample}")
    if stats.malformed_not_4xx:
        print("malformed requests not answered 4xx:")
        for sample in stats.malformed_not_4xx:
            print(f"  {sample}")
    acked = sum(len(t.acked_logs) for t in trainees), sum(len(t.acked_days) for t in trainees), \
        sum(sum(len(v) for v in t.acked_meals.values()) for t in trainees)
    print(f"acknowledged writes: {acked[0]} log posts (201), {acked[1]} days (last 200 PUT of each "
          f"trainee and date), {acked[2]} meal logs (201); unanswered writes retried after a "
          f"restart: {stats.retried}")
    print(f"checks: {stats.checks} (trainee x restart, and at the end), {stats.checked_writes} writes "
          f"checked; trainees not checkable at the end: {final_unchecked}")
    print(f"acknowledged writes lost: {len(stats.lost)}")
    for line in stats.lost[:20]:
        print(f"  {line}")
    print(f"log posts stored more than once: {len(stats.duplicates)}")
    for line in stats.duplicates[:20]:
        print(f"  {line}")
    for at, before, took in kills:
        print(f"  kill at {at:5.0f} s (RSS {before / 1024 if before else float('nan'):.1f} MiB), "
              f"listening again after {took * 1000:.0f} ms")
    if rss:
        values = [k for _, _, k in rss]
        print(f"RSS (VmRSS, MiB) every {args.rss_every:g} s: start {values[0] / 1024:.1f}, "
              f"end {values[-1] / 1024:.1f}, max {max(values) / 1024:.1f}, after the final restart and "
              f"checks {(rss_end or 0) / 1024:.1f}")
        per_start = {}
        for at, start, kib in rss:
            per_start.setdefault(start, []).append((at, kib))
        for start, samples in per_start.items():
            ks = [k for _, k in samples]
            print(f"  process {start}: {samples[0][0]:5.0f}-{samples[-1][0]:5.0f} s, first "
                  f"{ks[0] / 1024:.1f}, last {ks[-1] / 1024:.1f}, max {max(ks) / 1024:.1f} MiB")
    bad = stats.five_xx_count or stats.lost or stats.duplicates or final_unchecked
    return 1 if bad else 0


# --- a light trainee beside a heavy neighbour ----------------------------------------------------


def percentile(sorted_values, p):
    i = min(len(sorted_values) - 1, max(0, int(round(p / 100 * len(sorted_values) + 0.5)) - 1))
    return sorted_values[i]


def light_latencies(port, token, count, path, seconds=120, pause=0.0):
    """`count` GETs on one connection, `pause` seconds apart, or as many as `seconds` allow."""
    client_server = type("S", (), {"port": port})()
    c = Client(client_server, token, "10.2.0.1")
    out = []
    end = time.monotonic() + seconds
    for _ in range(count):
        if time.monotonic() > end:
            print(f"  (stopped after {len(out)} requests: {seconds} s passed)", flush=True)
            break
        t = time.perf_counter()
        status, _ = c.request("GET", path)
        out.append((time.perf_counter() - t) * 1000)
        if status != 200:
            raise SystemExit(f"light request answered {status}")
        if pause:
            time.sleep(pause)
    c.close()
    return sorted(out)


def heavy_process(port, token, connections, seconds, attack, params, counts):
    """Run in its own process (no GIL shared with the light client): `connections` threads, each
    a keep-alive connection sending the attack's requests back to back until `seconds` pass."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # terminate() ends this process at once
    end = time.monotonic() + seconds
    params = dict(params, connections=connections)
    threads = [threading.Thread(target=attacks.heavy_connection,
                                args=(port, token, attack, i, params, end, counts, log_payload,
                                      TIMEOUT))
               for i in range(connections)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=seconds + TIMEOUT * 2)


def neighbour(args, perform, work):
    attack = args.attack
    measure = attacks.LIGHT_MEASURE[attack]
    database = os.path.join(work, "perform.sqlite")
    server = Server(perform, database, work,
                    ["--trusted-proxy", "127.0.0.1", "--metrics-port", "0"])
    server.start()
    light = add_trainee(perform, database, "Light trainee")
    heavy = add_trainee(perform, database, "Heavy trainee")
    heavy_client = Client(server, heavy, "10.3.0.1")
    light_client = Client(server, light, "10.2.0.1")
    t = time.monotonic()
    params = attacks.setup(attack, server, light_client, heavy_client, args,
                           {"today": today, "log_payload": log_payload,
                            "meal_payload": meal_payload})
    light_client.close()
    print(f"  setup took {time.monotonic() - t:.1f} s", flush=True)
    date = params["date"]
    if attack in ("slow-reads", "spellings"):
        sizes = {}
        for path in ["/v1/trainee/workouts/history", f"/v1/trainee/nutrition/menu?date={date}",
                     "/v1/trainee/home"]:
            t = time.perf_counter()
            status, body = heavy_client.request("GET", path)
            sizes[path] = (status, len(body), (time.perf_counter() - t) * 1000)
        for path, (status, size, ms) in sizes.items():
            print(f"  heavy GET {path}: {status}, {size:,} bytes, {ms:.1f} ms alone")
    heavy_client.close()

    path = args.light_path
    light_dates = [today(i + 1) for i in range(7)]

    def measure_light():
        """The light trainee's latencies (sorted) and, for writes, its saves per second."""
        if measure == "latency":
            return light_latencies(server.port, light, args.light_requests, path,
                                   args.light_seconds, args.light_pause), None
        c = Client(type("S", (), {"port": server.port})(), light, "10.2.0.1")
        try:
            if measure == "kept":
                return attacks.light_kept(c, params["light_paths"], args.kept_rounds,
                                          args.kept_pause), None
            return attacks.light_writes(c, args.write_seconds, day_payload, light_dates)
        finally:
            c.close()

    if measure == "latency":
        light_latencies(server.port, light, 200, path)  # warm-up
    alone, alone_rate = measure_light()
    print(f"  alone: {len(alone)} requests, p50 {statistics.median(alone):.3f} ms", flush=True)
    counts = multiprocessing.Array("q", 4)  # 200 (or the attack's expected status), other, no answer, 503
    # The heavy side runs for as long as the light one needs; give it generous time, stop it after.
    proc = multiprocessing.Process(target=heavy_process,
                                   args=(server.port, heavy, args.heavy_connections, 900, attack,
                                         params, counts),
                                   daemon=True)
    proc.start()
    time.sleep(2)  # let the heavy load settle
    with counts.get_lock():
        before = counts[0]
    t = time.monotonic()
    beside, beside_rate = measure_light()
    beside_s = time.monotonic() - t
    print(f"  beside: {len(beside)} requests, p50 {statistics.median(beside):.3f} ms", flush=True)
    with counts.get_lock():
        heavy_done = counts[0] - before
        heavy_other, heavy_err, heavy_busy = counts[1], counts[2], counts[3]
    proc.terminate()
    proc.join(timeout=10)
    time.sleep(3)  # the heavy requests already taken are answered (to closed connections)
    alone2, alone2_rate = measure_light()
    metrics = server_metrics(server.metrics_url)
    server.stop()

    def row(name, v, rate=None):
        per_second = f"  {rate:8.1f} saves/s" if rate is not None else ""
        return (f"  {name:30} p50 {statistics.median(v):7.3f} ms  p99 {percentile(v, 99):8.3f} ms  "
                f"max {max(v):8.3f} ms{per_second}")

    print()
    if measure == "latency":
        print(f"Light trainee, GET {path}, up to {args.light_requests} requests (at most "
              f"{args.light_seconds:g} s) on one connection, {args.light_pause * 1000:g} ms apart")
    elif measure == "kept":
        print(f"Light trainee, GET of its {len(params['light_paths'])} menus (each kept on the "
              f"first round), {args.kept_rounds} rounds, {args.kept_pause:g} s apart")
    else:
        print(f"Light trainee, PUT /v1/trainee/nutrition/day back to back on one connection for "
              f"{args.write_seconds:g} s")
    print(f"Heavy side ({attack}): {args.heavy_connections} connections back to back")
    print(row(f"alone ({len(alone)})", alone, alone_rate))
    print(row(f"beside the heavy side ({len(beside)})", beside, beside_rate))
    print(row(f"alone again, after ({len(alone2)})", alone2, alone2_rate))
    print(f"  heavy side meanwhile: {heavy_done} answers as expected in {beside_s:.1f} s "
          f"({heavy_done / beside_s:.1f}/s); 503 busy {heavy_busy} (each followed by 1 s of waiting), "
          f"other statuses {heavy_other}, no answer {heavy_err}")
    print(f"  ratio beside/alone: p50 {statistics.median(beside) / statistics.median(alone):.2f}x, "
          f"p99 {percentile(beside, 99) / percentile(alone, 99):.2f}x, max {max(beside) / max(alone):.2f}x"
          + (f", saves/s {beside_rate / alone_rate:.2f}x" if alone_rate else ""))
    if metrics:
        print(f"  server: {metrics}")
    return 0


def server_metrics(url):
    """The answer cache's and the writer's counters from the server's `/metrics`, one line."""
    if not url:
        return ""
    m = re.match(r"http://([^:/]+):(\d+)(/\S*)", url)
    conn = http.client.HTTPConnection(m.group(1), int(m.group(2)), timeout=TIMEOUT)
    try:
        conn.request("GET", m.group(3))
        text = conn.getresponse().read().decode()
    finally:
        conn.close()
    wanted = ("perform_answer_cache_hits_total", "perform_answer_cache_misses_total",
              "perform_answer_cache_evictions_total", "perform_database_failed_writes_total",
              "perform_database_batches_run_again_total")
    found = [line for line in text.splitlines() if line.startswith(wanted)]
    return ", ".join(found)


# --- main ----------------------------------------------------------------------------------------


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--mode", choices=["load-fault", "neighbour"], default="load-fault")
    p.add_argument("--perform", help="a built perform binary (default: .build/release/perform, built "
                                     "with swift build -c release when missing)")
    p.add_argument("--minutes", type=float, default=10)
    p.add_argument("--trainees", type=int, default=50)
    p.add_argument("--slow-clients", type=int, default=5)
    p.add_argument("--malformed-share", type=float, default=0.05)
    p.add_argument("--kill-every", type=float, default=60, help="seconds; 0 never kills")
    p.add_argument("--think", type=float, default=0.01, help="seconds a trainee waits between requests")
    p.add_argument("--rss-every", type=float, default=5)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--heavy-logs", type=int, default=3000)
    p.add_argument("--heavy-connections", type=int, default=16)
    p.add_argument("--attack", choices=attacks.ATTACKS, default="slow-reads",
                   help="what the heavy side does (neighbour mode; see attacks.py)")
    p.add_argument("--kept-rounds", type=int, default=10,
                   help="rounds of the light trainee's kept reads (--attack evict)")
    p.add_argument("--kept-pause", type=float, default=5,
                   help="seconds between those rounds (--attack evict)")
    p.add_argument("--write-seconds", type=float, default=20,
                   help="seconds of the light trainee's day saves per phase (--attack failing-writes)")
    p.add_argument("--light-requests", type=int, default=2000)
    p.add_argument("--light-path", default="/v1/trainee/session")
    p.add_argument("--light-pause", type=float, default=0.01,
                   help="seconds between the light trainee's requests (a client, not a load test)")
    p.add_argument("--light-seconds", type=float, default=60,
                   help="at most this long per light phase (fewer requests when slow)")
    p.add_argument("--keep", action="store_true", help="keep the temporary directory (logs, database)")
    args = p.parse_args()

    perform = args.perform or os.path.join(ROOT, ".build", "release", "perform")
    if not os.path.exists(perform):
        subprocess.run(["swift", "build", "-c", "release", "--product", "perform"], cwd=ROOT, check=True)
    # SIGTERM (timeout, kill) takes the same exit path as the end: the server is stopped.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    work = tempfile.mkdtemp(prefix="perform-load-fault.")
    print(f"{dt.datetime.now(dt.timezone.utc):%Y-%m-%d %H:%M} UTC, load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} CPUs, work dir {work}",
          flush=True)
    try:
        rc = (load_fault if args.mode == "load-fault" else neighbour)(args, perform, work)
    finally:
        for server in SERVERS:
            server.stop()
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    print(f"load average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    sys.exit(rc)


if __name__ == "__main__":
    main()
