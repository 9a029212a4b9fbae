"""The neighbour benchmark's attackers (`run.py --mode neighbour --attack NAME`): what one
trainee, or a client with no token, does to slow another trainee. See docs/benchmarks.md,
"Trainee API server: a light trainee beside a heavy one" and "Neighbours under attack".

Each attack has a setup (run once, before the light trainee's first phase), a heavy side (run in
its own process, on N keep-alive connections, until it is terminated) and names the light
trainee's measure: `latency` (GET session, 10 ms apart), `kept` (rounds of reads of answers kept
long ago) or `writes` (day saves back to back).
"""

import http.client
import json
import time

ATTACKS = ["slow-reads", "spellings", "readyz", "evict", "failing-writes"]

# How the light trainee is measured beside each attack.
LIGHT_MEASURE = {"slow-reads": "latency", "spellings": "latency", "readyz": "latency",
                 "evict": "kept", "failing-writes": "writes"}

# Days of large snapshots the evicting trainee stores, and the light trainee's dated menus.
EVICT_DAYS = 320
LIGHT_MENU_DATES = 5


def spelling(token, index):
    """The `index`th way of writing `Bearer <token>` that the server accepts: the scheme in every
    mix of capitals, then one more space before the token for every 64."""
    scheme = "".join(c.upper() if index >> i & 1 else c for i, c in enumerate("bearer"))
    return scheme + " " * (index // 64 + 1) + token


def big_day(date, index):
    """A day snapshot of about 220 KB (the store keeps up to 256 KiB)."""
    y, m, d = date.split("-")
    k = f"{int(y)}-{int(m) - 1}-{int(d)}__m_lunch"
    foods = [{"id": f"ai_{index}_{i}", "name": "A" * 200, "kcal": 78, "protein": 0.4,
              "carbs": 20.6, "fat": 0.3} for i in range(800)]
    return {"date": date, "data": {"aiMeals": {k: foods}, "mbp": index}}


def log_once(make_log):
    """The workout log the failing writer sends again and again under one Idempotency-Key."""
    return make_log("reused", 2, 2)


def setup(attack, server, light_client, heavy_client, args, helpers):
    """Stores what the attack and the light measure need; returns the attack's parameters."""
    date = helpers["today"](1)
    params = {"date": date}
    if attack in ("slow-reads", "spellings"):
        print(f"Heavy trainee's data through the API: {args.heavy_logs} workout logs (6 exercises "
              f"x 5 sets), 50 meal logs of 100 items on {date} ...", flush=True)
        for i in range(args.heavy_logs):
            status, body = heavy_client.request("POST", "/v1/trainee/workouts/log",
                                                helpers["log_payload"](f"heavy-{i}", 6, 5),
                                                {"Idempotency-Key": f"heavy-{i}"})
            if status != 201:
                raise SystemExit(f"heavy log post answered {status}: {body[:200]}")
        for i in range(50):
            status, body = heavy_client.request("POST", "/v1/trainee/nutrition/logs",
                                                helpers["meal_payload"](date, 100, 500))
            if status != 201:
                raise SystemExit(f"heavy meal post answered {status}: {body[:200]}")
    elif attack == "evict":
        print(f"Heavy trainee: {EVICT_DAYS} day snapshots of about 220 KB; light trainee: 10 meal "
              f"logs of 100 items on each of {LIGHT_MENU_DATES} dates ...", flush=True)
        dates = [helpers["today"](i + 1) for i in range(EVICT_DAYS)]
        for i, day in enumerate(dates):
            status, body = heavy_client.request("PUT", "/v1/trainee/nutrition/day", big_day(day, i))
            if status != 200:
                raise SystemExit(f"heavy day put answered {status}: {body[:200]}")
        params["heavy_dates"] = dates
        light_dates = [helpers["today"](i + 1) for i in range(LIGHT_MENU_DATES)]
        for day in light_dates:
            for _ in range(10):
                status, body = light_client.request("POST", "/v1/trainee/nutrition/logs",
                                                    helpers["meal_payload"](day, 100, 300))
                if status != 201:
                    raise SystemExit(f"light meal post answered {status}: {body[:200]}")
        params["light_paths"] = [f"/v1/trainee/nutrition/menu?date={d}" for d in light_dates]
    elif attack == "failing-writes":
        status, body = heavy_client.request("POST", "/v1/trainee/workouts/log",
                                            log_once(helpers["log_payload"]),
                                            {"Idempotency-Key": "reused"})
        if status != 201:
            raise SystemExit(f"heavy log post answered {status}: {body[:200]}")
    return params


def heavy_requests(attack, token, index, params, make_log):
    """The heavy connection `index`'s requests, as (method, path, body, headers) in a cycle."""
    date = params["date"]
    if attack in ("slow-reads", "spellings"):
        paths = ["/v1/trainee/workouts/history", f"/v1/trainee/nutrition/menu?date={date}"]
        if index % 4 == 0:
            paths = ["/v1/trainee/home"]
        auth = spelling(token, index) if attack == "spellings" else f"Bearer {token}"
        return [("GET", p, None, {"Authorization": auth}) for p in paths]
    if attack == "readyz":
        # No token at all, as a probe of the port would send.
        return [("GET", "/readyz", None, {"Authorization": None})]
    if attack == "evict":
        dates = params["heavy_dates"]
        return [("GET", f"/v1/trainee/nutrition/day?date={d}", None, {})
                for d in dates[index::max(1, params["connections"])]]
    if attack == "failing-writes":
        # The key was used for another workout: 422 every time, after the store looked it up.
        body = make_log("not the same", 2, 2)
        body["durationSec"] = 1000 + index
        return [("POST", "/v1/trainee/workouts/log", body, {"Idempotency-Key": "reused"})]
    raise ValueError(attack)


def light_kept(client, paths, rounds, pause):
    """`rounds` rounds of one GET of each path, `pause` seconds between rounds; the latencies,
    sorted. The first round keeps every answer; each later one finds them kept, or rebuilds
    them when another trainee's reads pushed them out."""
    out = []
    for r in range(rounds + 1):
        for path in paths:
            t = time.perf_counter()
            status, _ = client.request("GET", path)
            if r > 0:
                out.append((time.perf_counter() - t) * 1000)
            if status != 200:
                raise SystemExit(f"light request answered {status}")
        time.sleep(pause)
    return sorted(out)


def light_writes(client, seconds, make_day, dates):
    """Day saves back to back on one connection for `seconds`; (sorted latencies, saves/s)."""
    out = []
    start = time.monotonic()
    n = 0
    while time.monotonic() - start < seconds:
        n += 1
        t = time.perf_counter()
        status, body = client.request("PUT", "/v1/trainee/nutrition/day",
                                      make_day(dates[n % len(dates)], n))
        out.append((time.perf_counter() - t) * 1000)
        if status != 200:
            raise SystemExit(f"light day put answered {status}: {body[:200]}")
    return sorted(out), len(out) / (time.monotonic() - start)


def send(conn, method, path, body, headers, base_headers):
    """One request on `conn`; the status."""
    h = {k: v for k, v in base_headers.items()}
    for k, v in headers.items():
        if v is None:
            h.pop(k, None)
        else:
            h[k] = v
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        h["Content-Type"] = "application/json"
    conn.request(method, path, body=data, headers=h)
    resp = conn.getresponse()
    resp.read()
    if resp.getheader("Connection", "").lower() == "close":
        conn.close()
    return resp.status


def heavy_connection(port, token, attack, index, params, end, counts, make_log, timeout):
    """One heavy keep-alive connection sending its cycle of requests back to back until `end`."""
    base = {"Authorization": f"Bearer {token}", "X-Timezone": "UTC",
            "X-Forwarded-For": "10.3.0.1", "Accept": "application/json"}
    cycle = heavy_requests(attack, token, index, params, make_log)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    n = 0
    while time.monotonic() < end and n < 10_000_000:
        method, path, body, headers = cycle[n % len(cycle)]
        n += 1
        try:
            status = send(conn, method, path, body, headers, base)
            # 200 and 201, the failing writer's expected 422, other statuses, no answer, 503.
            slot = 0 if status in (200, 201) or (attack == "failing-writes" and status == 422) \
                else 3 if status == 503 else 1
            with counts.get_lock():
                counts[slot] += 1
            if status == 503:
                time.sleep(1)  # Retry-After: 1, as a client should
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
            with counts.get_lock():
                counts[2] += 1
