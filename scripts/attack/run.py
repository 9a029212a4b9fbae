#!/usr/bin/env python3
"""`make attack`: the attacks of issue 31, issue 32's on accounts (scripts/attack/accounts.py) and
the earlier hostile-input set, replayed against a `perform serve` started here on loopback, each
printing what it achieved. See docs/security.md, "make attack".

Every attack is bounded in connections, requests and seconds; only 127.0.0.1 is used. The server
is started as the README runs it (`perform serve --demo`, a SQLite database in a temporary
directory, the shell's own descriptor limit), with `/metrics` on a loopback port; a second
trainee is added with `perform trainee add`. The server is stopped and the directory removed on
every exit path. Exit status 0 when every attack was held, 1 when one achieved something.

    python3 scripts/attack/run.py [--perform .build/release/perform] [--only NAME[,NAME...]]
"""

import argparse
import importlib.util
import json
import multiprocessing
import os
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

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

# The load-and-fault benchmark's request bodies and its keep-alive client (with its directory on
# the path, for the modules it imports itself).
sys.path.insert(0, os.path.join(ROOT, "Benchmarks", "load-fault"))
_spec = importlib.util.spec_from_file_location(
    "load_fault", os.path.join(ROOT, "Benchmarks", "load-fault", "run.py"))
load_fault = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(load_fault)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import accounts  # noqa: E402  (issue 32's attacks, beside this file)

RESULTS = []  # (attack, held, what it achieved)
NOFILE = resource.getrlimit(resource.RLIMIT_NOFILE)


def report(name, held, achieved):
    RESULTS.append((name, held, achieved))
    print(f"{'held ' if held else 'BROKE'}  {name}: {achieved}", flush=True)


# --- the server ------------------------------------------------------------------------------------


class Server(load_fault.Server):
    """The load benchmark's `perform serve --demo` on 127.0.0.1, as the README runs it: quotas on,
    no access log, `/metrics` on a loopback port, and the descriptor limit the shell gave this
    script (not the one raised below for the attacking sockets)."""

    def __init__(self, perform, work, extra=()):
        super().__init__(perform, os.path.join(work, "perform.sqlite"), work,
                         ["--access-log", "off", "--metrics-port", "0", *extra],
                         quotas=True, nofile=NOFILE)
        self.start()
        self.token = self.demo_token
        self.metrics_port = int(self.metrics_url.rsplit(":", 1)[1].split("/")[0])

    def rss_mib(self):
        return (self.rss_kib() or 0) / 1024

    def disk_mib(self):
        total = 0
        for suffix in ("", "-wal", "-shm"):
            try:
                total += os.path.getsize(self.database + suffix)
            except OSError:
                pass
        return total / (1 << 20)


def client(server, token):
    """A keep-alive client of the load benchmark, without a forwarded address."""
    c = load_fault.Client(server, token, "127.0.0.1")
    del c.headers["X-Forwarded-For"]
    return c


def raw(port, request, timeout=10.0):
    """Sends `request` bytes on a fresh connection; (status or None, whole answer)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    try:
        sock.sendall(request)
        data = b""
        while True:
            try:
                chunk = sock.recv(65536)
            except socket.timeout:
                break
            if not chunk:
                break
            data += chunk
    finally:
        sock.close()
    match = re.match(rb"HTTP/1\.[01] (\d{3})", data)
    return (int(match.group(1)) if match else None), data


def get(path, token=None, extra=""):
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{auth}{extra}Connection: close\r\n\r\n".encode()


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))] if values else float("nan")


def timed_reads(server, token, path, seconds):
    """Sequential reads of `path` for `seconds`: latencies in ms, statuses."""
    c = client(server, token)
    latencies, statuses = [], {}
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        start = time.perf_counter()
        try:
            status, _ = c.request("GET", path)
        except OSError:
            status = "error"
        latencies.append((time.perf_counter() - start) * 1000)
        statuses[status] = statuses.get(status, 0) + 1
    c.close()
    return latencies, statuses


# --- the attacks ---------------------------------------------------------------------------------


def attack_unauthenticated_body(server, other):
    """Item 1: 64 connections declare a 1 MiB body to /healthz and trickle it."""
    holders = []
    for _ in range(64):
        s = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1048576\r\n\r\nx")
        holders.append(s)
    c = client(server, other)
    statuses = {}
    end = time.monotonic() + 6
    next_trickle = time.monotonic() + 1
    date = load_fault.today()
    counter = 0
    while time.monotonic() < end:
        counter += 1
        try:
            status, _ = c.request("PUT", "/v1/trainee/nutrition/day",
                                  load_fault.day_payload(date, counter))
        except OSError:
            status = "error"
        statuses[status] = statuses.get(status, 0) + 1
        # A person's pace (20 saves a second is already far beyond one), within the write rate.
        time.sleep(0.05)
        if time.monotonic() > next_trickle:
            for s in holders:
                try:
                    s.sendall(b"x")
                except OSError:
                    pass
            next_trickle += 1
    for s in holders:
        s.close()
    refused = sum(n for status, n in statuses.items() if status != 200)
    report("no token, 64 trickled 1 MiB bodies to /healthz", refused == 0,
           f"another trainee's PUT nutrition/day for 6 s: {statuses}")


def attack_method_names(server):
    """Item 2: a new 16 KB method name per request, then the metrics' size and scrape time."""
    before = server.rss_mib()
    for i in range(1500):
        method = f"M{i:05d}" + "X" * (16 * 1024 - 6)
        try:
            raw(server.port, f"{method} /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                .encode(), timeout=5)
        except OSError:
            pass
    after = server.rss_mib()
    start = time.perf_counter()
    _, scrape = raw(server.metrics_port, get("/metrics"), timeout=30)
    took = time.perf_counter() - start
    grown = after - before
    report("no token, 1,500 distinct 16 KB methods", grown < 20 and len(scrape) < 1 << 20,
           f"RSS {before:.0f} -> {after:.0f} MiB; /metrics {len(scrape) / 1024:.0f} KiB in"
           f" {took * 1000:.0f} ms")


def attack_slowloris(server, connections=1100):
    """Item 3: connections from one address (127.0.0.2) holding unfinished headers; then a new
    client from another (127.0.0.1)."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (NOFILE[1], NOFILE[1]))
    held = []
    try:
        for _ in range(connections):
            try:
                s = socket.create_connection(("127.0.0.1", server.port), timeout=5,
                                             source_address=("127.0.0.2", 0))
                s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                held.append(s)
            except OSError:
                break
        for s in held:
            try:
                s.sendall(b"X-A: b\r\n")
            except OSError:
                pass
        try:
            status, _ = raw(server.port, get("/healthz"), timeout=5)
        except OSError as error:
            status = f"{type(error).__name__}"
        still_open = 0
        for s in held:
            try:
                s.sendall(b"X-B: c\r\n")
                still_open += 1
            except OSError:
                pass
        report(f"{connections} slow header sections from one address", status == 200,
               f"{len(held)} connected, {still_open} still open; a new client got {status}")
    finally:
        for s in held:
            s.close()
        resource.setrlimit(resource.RLIMIT_NOFILE, NOFILE)


def _hammer(port, headers_list, path, seconds, counts):
    """Worker process: a thread per header set, each keep-alive GETs of `path` until the end."""
    import http.client
    end = time.monotonic() + seconds
    done = [0] * len(headers_list)

    def loop(i, headers):
        conn = None
        while time.monotonic() < end:
            try:
                if conn is None:
                    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                conn.request("GET", path, headers=headers)
                response = conn.getresponse()
                response.read()
                if response.status == 200:
                    done[i] += 1
            except Exception:
                conn = None

    threads = [threading.Thread(target=loop, args=(i, h)) for i, h in enumerate(headers_list)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    counts.put(sum(done))


def beside(server, neighbour, path, attacker_headers, attack_path, processes=4, seconds=4,
           attack_port=None):
    """The neighbour's read latencies alone, then beside `processes` attacking processes sending
    `attack_path` to the server (or to `attack_port`, another server on the same machine)."""
    alone, _ = timed_reads(server, neighbour, path, seconds)
    during, statuses, sent = flooded_reads(
        server, neighbour, path, attacker_headers, attack_path, attack_port or server.port,
        processes, seconds)
    return alone, during, statuses, sent


def flooded_reads(server, neighbour, path, attacker_headers, attack_path, attack_port,
                  processes=4, seconds=4):
    """The neighbour's read latencies while `processes` attacking processes hammer
    `attack_port`; (latencies, statuses, attack requests answered 200)."""
    counts = multiprocessing.Queue()
    workers = [multiprocessing.Process(
        target=_hammer, args=(attack_port, attacker_headers, attack_path, seconds + 1, counts))
        for _ in range(processes)]
    for w in workers:
        w.start()
    time.sleep(0.5)
    during, statuses = timed_reads(server, neighbour, path, seconds)
    for w in workers:
        w.join(timeout=30)
    sent = sum(counts.get(timeout=5) for _ in workers)
    return during, statuses, sent


def big_log():
    """A valid workout log of 130 KB, 1,200 sets (at most 256 KiB are kept)."""
    log = load_fault.log_payload("x" * 100, exercises=60, sets=20)
    for entry in log["entries"]:
        entry["name"] = "n" * 100
    return json.dumps(log).encode()


# A read no kept answer serves: a page of the attacker's logged sets, on a worker each time.
SLOW_READ = "/v1/trainee/workouts/sets?limit=500"


def attack_token_spellings(server, attacker, neighbour):
    """Item 4: one trainee's slow reads with the token spelled eight ways, against a neighbour's
    reads; the ceiling is the same attack with one spelling, in the same run."""
    c = client(server, attacker)
    for _ in range(30):
        c.request("POST", "/v1/trainee/workouts/log", big_log())
    c.close()
    spellings = [f"Bearer {attacker}", f"bearer {attacker}", f"BEARER {attacker}",
                 f"Bearer  {attacker}", f"Bearer {attacker} ", f"bEaReR {attacker}",
                 f"Bearer   {attacker}", f"  Bearer {attacker}"]
    one = [{"Authorization": spellings[0], "X-Timezone": "UTC"} for _ in spellings]
    eight = [{"Authorization": s, "X-Timezone": "UTC"} for s in spellings]
    alone, single, _, sent_single = beside(server, neighbour, "/v1/trainee/session", one, SLOW_READ)
    _, spelled, _, sent = beside(server, neighbour, "/v1/trainee/session", eight, SLOW_READ)
    ratio = statistics.median(spelled) / statistics.median(single)
    report("one trainee, the token spelled 8 ways", ratio < 1.5,
           f"neighbour p50 alone {statistics.median(alone):.2f} ms, beside one spelling"
           f" {statistics.median(single):.2f} ms, beside 8 {statistics.median(spelled):.2f} ms"
           f" ({ratio:.1f}x); p99 {percentile(single, 99):.1f} -> {percentile(spelled, 99):.1f}"
           f" ms; attacker's reads {sent_single} -> {sent}")


class CeilingNginx:
    """nginx on a loopback port answering `GET /readyz` with a constant: the same flood aimed at
    it costs the machine what the attackers and the best HTTP server cost, so the neighbour's
    latency beside it is what no server could do better on these cores."""

    def __init__(self, work):
        self.dir = os.path.join(work, "nginx")
        os.makedirs(self.dir, exist_ok=True)
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        conf = os.path.join(self.dir, "nginx.conf")
        with open(conf, "w") as f:
            f.write(f"""daemon off;
master_process on;
worker_processes auto;
pid {self.dir}/nginx.pid;
error_log {self.dir}/error.log warn;
events {{ worker_connections 1024; }}
http {{
  access_log off;
  keepalive_requests 1000000;
  client_body_temp_path {self.dir}/body;
  proxy_temp_path {self.dir}/proxy;
  fastcgi_temp_path {self.dir}/fastcgi;
  uwsgi_temp_path {self.dir}/uwsgi;
  scgi_temp_path {self.dir}/scgi;
  server {{
    listen 127.0.0.1:{self.port};
    location = /readyz {{ default_type application/json; return 200 '{{"status":"ready"}}'; }}
  }}
}}
""")
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        self.proc = subprocess.Popen([binary, "-p", self.dir, "-e", f"{self.dir}/error.log",
                                      "-c", conf], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if raw(self.port, get("/readyz"), timeout=2)[0] == 200:
                    return
            except OSError:
                pass
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        self.stop()
        raise SystemExit(f"nginx did not answer /readyz on {self.port}")

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)


def attack_readyz_flood(server, neighbour, work):
    """Item 4: token-less /readyz from many connections, against a neighbour's reads. The
    ceiling, in the same run: the same flood aimed at nginx on the same cores."""
    headers = [{} for _ in range(16)]
    path = "/v1/trainee/session"
    nginx = CeilingNginx(work)
    # Three rounds, the two floods taking turns, so that a change of the machine's load in the
    # middle of the run weighs on both alike.
    alone, ceiling, during, sent_nginx, sent = [], [], [], 0, 0
    try:
        for _ in range(3):
            alone += timed_reads(server, neighbour, path, 2)[0]
            latencies, _, answered = flooded_reads(server, neighbour, path, headers, "/readyz",
                                                   nginx.port, seconds=3)
            ceiling += latencies
            sent_nginx += answered
            latencies, _, answered = flooded_reads(server, neighbour, path, headers, "/readyz",
                                                   server.port, seconds=3)
            during += latencies
            sent += answered
    finally:
        nginx.stop()
    ratio = statistics.median(during) / statistics.median(ceiling)
    report("no token, /readyz flood", ratio < 1.5,
           f"neighbour p50 alone {statistics.median(alone):.2f} ms, beside the flood on nginx"
           f" {statistics.median(ceiling):.2f} ms ({sent_nginx} answered), beside the flood on"
           f" perform {statistics.median(during):.2f} ms ({sent} answered): {ratio:.1f}x the"
           f" ceiling")


def attack_disk_fill(server, attacker):
    """Item 5: one trainee posts workout logs and meal logs as fast as 8 threads can."""
    before = server.disk_mib()
    statuses = {}
    lock = threading.Lock()
    # Each body is valid and under every per-record limit: a log of 130 KB (at most 256 KiB are
    # kept), a meal log of 40 KB of items (at most 64 KiB, 100 foods) on one of 700 past days (at most 50
    # a day, 730 days back).
    log = big_log()
    counter = iter(range(10**9))

    def post(kind, seconds):
        c = client(server, attacker)
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                if kind == "log":
                    status, _ = c.request("POST", "/v1/trainee/workouts/log", log)
                else:
                    date = load_fault.today(1 + next(counter) % 700)
                    status, _ = c.request("POST", "/v1/trainee/nutrition/logs",
                                          load_fault.meal_payload(date, items=100, name_len=300))
            except OSError:
                status = "error"
            with lock:
                statuses[(kind, status)] = statuses.get((kind, status), 0) + 1
        c.close()

    threads = [threading.Thread(target=post, args=("log" if i % 2 == 0 else "meal", 5))
               for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    grown = server.disk_mib() - before
    # Held when a quota stopped the writes (429 or 507) within what one trainee may keep on disk
    # by default (docs/security.md, "One trainee cannot fill the disk": about 300 MB at worst).
    stopped = any(status in (429, 507) for (_, status) in statuses)
    report("one trainee fills the disk for 5 s", stopped and grown < 320,
           f"database grew {grown:.0f} MiB; answers {dict(sorted(statuses.items(), key=str))}")


def attack_files(server):
    """Item 6: modes of what the server created."""
    modes = {}
    for suffix in ("", "-wal", "-shm"):
        path = server.database + suffix
        if os.path.exists(path):
            modes[os.path.basename(path)] = oct(os.stat(path).st_mode & 0o777)
    loose = [name for name, mode in modes.items() if int(mode, 8) & 0o077]
    report("files other local users could read", not loose, f"modes {modes}")


def attack_ids(server, a, b):
    """Item 7: ids of consecutive posts by two trainees, and request ids."""
    ca, cb = client(server, a), client(server, b)
    ids = []
    for c in (ca, cb, ca):
        status, body = c.request("POST", "/v1/trainee/workouts/log", load_fault.log_payload("ids"))
        ids.append(json.loads(body).get("id") if status == 201 else f"status {status}")
    numbers = [int(re.sub(r"\D", "", str(i)) or 0) for i in ids]
    between = numbers[0] < numbers[1] < numbers[2] or numbers[0] > numbers[1] > numbers[2]
    gap = abs(numbers[2] - numbers[0])
    request_ids = []
    for _ in range(4):
        _, answer = raw(server.port, get("/healthz"))
        match = re.search(rb"X-Request-Id: (\S+)", answer, re.IGNORECASE)
        request_ids.append(match.group(1).decode() if match else "?")
    report("ids that count another trainee's records", not (between and gap <= 4),
           f"A, B, A posted {ids}; request ids {request_ids}")


def attack_metrics_public(perform, work):
    """Item 9: a metrics host other machines reach, without a token."""
    out = subprocess.run(
        [perform, "serve", "--check-config", "--database", os.path.join(work, "check.sqlite"),
         "--metrics-port", "9464", "--metrics-host", "0.0.0.0"],
        capture_output=True, text=True, timeout=60)
    report("metrics on 0.0.0.0 without a token", out.returncode != 0,
           f"serve --check-config exit {out.returncode}: {out.stderr.strip()[:120]}")


def attack_hostile_input(server, a, b):
    """The earlier hostile-input set: each request must be refused with the status listed."""
    ca = client(server, a)
    status, body = ca.request("POST", "/v1/trainee/workouts/log", load_fault.log_payload("mine"))
    mine = json.loads(body)["id"]
    escape_name = load_fault.log_payload("x")
    escape_name["entries"][0]["name"] = "Squat\x1b]0;owned\x07\x1b[2J"
    deep = b"[" * 100_000 + b"]" * 100_000
    cases = [
        ("another trainee's log", get(f"/v1/trainee/workouts/history/{mine}", b), {404}),
        ("another trainee deletes it",
         f"DELETE /v1/trainee/workouts/log/{mine} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer"
         f" {b}\r\nConnection: close\r\n\r\n".encode(), {404}),
        ("no token", get("/v1/trainee/session"), {401}),
        ("a wrong token", get("/v1/trainee/session", "nope"), {401}),
        ("a NUL in the path", get("/v1/trainee/session%00x", a), {400}),
        ("a 64 KB header", get("/v1/trainee/session", a, "X-A: " + "a" * 65536 + "\r\n"),
         {400, 413, 431}),
        ("a 2 MiB body", _post("/v1/trainee/workouts/log", a, b" " * (2 << 20)), {413}),
        ("a 64 MiB body declared", b"POST /v1/trainee/workouts/log HTTP/1.1\r\nHost: x\r\n"
         b"Authorization: Bearer " + a.encode() + b"\r\nContent-Length: 67108864\r\n"
         b"Connection: close\r\n\r\n", {413}),
        ("JSON nested 100,000 deep", _post("/v1/trainee/workouts/log", a, deep), {400, 413}),
        ("not JSON", _post("/v1/trainee/workouts/log", a, b"{nope"), {400}),
        ("escape sequences in a name",
         _post("/v1/trainee/workouts/log", a, json.dumps(escape_name).encode()), {400}),
        ("a path with ..", get("/v1/trainee/../../etc/passwd", a), {400, 404}),
    ]
    wrong = []
    for name, request, expected in cases:
        try:
            status, _ = raw(server.port, request)
        except OSError as error:
            status = type(error).__name__
        if status not in expected:
            wrong.append(f"{name}: {status}, not {sorted(expected)}")
    still = client(server, a).request("GET", f"/v1/trainee/workouts/history/{mine}")[0]
    if still != 200:
        wrong.append(f"the log is gone after the attempts ({still})")
    report(f"hostile input ({len(cases)} requests)", not wrong,
           "; ".join(wrong) if wrong else "every one refused as expected; the log is intact")


def _post(path, token, body):
    return (f"POST {path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nContent-Type:"
            f" application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
            ).encode() + body


ATTACKS = ["unauth-body", "method-names", "slowloris", "token-spellings", "readyz-flood",
           "disk-fill", "files", "ids", "metrics-public", "hostile-input", *accounts.ATTACKS]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--perform", default=os.path.join(ROOT, ".build", "release", "perform"))
    parser.add_argument("--only", default=",".join(ATTACKS))
    args = parser.parse_args()
    chosen = args.only.split(",")
    unknown = [name for name in chosen if name not in ATTACKS]
    if unknown:
        parser.error(f"unknown attacks {unknown}; known: {', '.join(ATTACKS)}")
    work = tempfile.mkdtemp(prefix="perform-attack.")
    server = None
    try:
        server = Server(args.perform, work)
        attacker = server.token
        neighbour = load_fault.add_trainee(args.perform, server.database, "Neighbour")
        made = []

        def operator():
            """The accounts' attacks' operator, made at the first that needs it."""
            if not made:
                made.append(accounts.Accounts(server, args.perform))
            return made[0]

        print(f"perform serve on 127.0.0.1:{server.port}, descriptor limit {NOFILE[0]},"
              f" RSS {server.rss_mib():.0f} MiB", flush=True)
        steps = {
            "unauth-body": lambda: attack_unauthenticated_body(server, neighbour),
            "method-names": lambda: attack_method_names(server),
            "slowloris": lambda: attack_slowloris(server),
            "token-spellings": lambda: attack_token_spellings(server, attacker, neighbour),
            "readyz-flood": lambda: attack_readyz_flood(server, neighbour, work),
            "files": lambda: attack_files(server),
            "ids": lambda: attack_ids(server, attacker, neighbour),
            "metrics-public": lambda: attack_metrics_public(args.perform, work),
            "hostile-input": lambda: attack_hostile_input(server, attacker, neighbour),
            **{name: (lambda step=step: step(report, server, operator()))
               for name, step in accounts.ATTACKS.items()},
            # Last: it fills the database the others read.
            "disk-fill": lambda: attack_disk_fill(server, attacker),
        }
        for name in steps:
            if name in chosen:
                if server.proc.poll() is not None:
                    report(name, False, f"the server had exited ({server.proc.returncode})")
                    continue
                steps[name]()
        alive = server.proc.poll() is None
        report("the server survived", alive, f"RSS at the end {server.rss_mib():.0f} MiB"
               if alive else f"exit {server.proc.returncode}")
    finally:
        if server:
            server.stop()
        shutil.rmtree(work, ignore_errors=True)
    broke = [name for name, held, _ in RESULTS if not held]
    print(f"\n{len(RESULTS) - len(broke)} of {len(RESULTS)} held"
          + (f"; achieved something: {', '.join(broke)}" if broke else ""))
    return 1 if broke else 0


if __name__ == "__main__":
    sys.exit(main())
