"""`make attack`'s entries for accounts (issue 32 item 7), against the `perform serve --demo` that
scripts/attack/run.py started: brute force on sign-in, account enumeration by answer and by
timing, a reused refresh token and a suspended account. See docs/security.md, "make attack".

Each attack uses accounts of its own, made by an operator that `perform account add` creates (as
README, "Studios, coaches and invites" shows an operator doing), so the attacks leave the demo
trainee, the demo coach and one another alone. A guesser sends each attempt from a loopback
address of its own (127.1.0.0/16: Linux answers the whole of 127.0.0.0/8 on `lo`), as a botnet
would: the per-address limits then never stop it and only the per-account ones are measured.
"""

import http.client
import json
import re
import secrets
import statistics
import subprocess
import time

PASSWORD = "attack-password-0123"
_addresses = iter(range(1, 250 * 250))


def fresh_address():
    """A loopback address no earlier request of this run came from."""
    n = next(_addresses)
    return f"127.1.{n // 250}.{n % 250 + 1}"


class Answer:
    def __init__(self, status, headers, body, seconds):
        self.status, self.headers, self.body, self.seconds = status, headers, body, seconds

    def json(self):
        try:
            return json.loads(self.body)
        except ValueError:
            return {}

    def code(self):
        return self.json().get("error", {}).get("code")

    def retry_after(self):
        value = self.headers.get("retry-after")
        return int(value) if value is not None else None

    def comparable(self):
        """What a client can compare between two answers: all but the request id and the date."""
        headers = {k: v for k, v in self.headers.items() if k not in ("x-request-id", "date")}
        return self.status, tuple(sorted(headers.items())), self.body


def call(port, method, path, body=None, token=None, source="127.0.0.1"):
    """One request on a connection of its own from `source`; its answer and how long it took
    (connecting included, alike for every request compared)."""
    headers = {"X-Timezone": "UTC"}
    data = None
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(source, 0))
    try:
        conn.request(method, path, body=data, headers=headers)
        response = conn.getresponse()
        payload = response.read()
        took = time.perf_counter() - start
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, payload,
                      took)
    finally:
        conn.close()


def sign_in(port, email, password, source=None, device="attack"):
    return call(port, "POST", "/v1/auth/sign-in",
                {"email": email, "password": password, "device": device},
                source=source or fresh_address())


class Accounts:
    """An operator made by `perform account add`, signed in, who makes the attacks' coaches."""

    def __init__(self, server, perform):
        self.port, self.perform, self.database = server.port, perform, server.database
        self.run_command(["account", "add", "--role", "operator", "--name", "Attack operator",
                          "--email", "operator@attack.example"], stdin=PASSWORD + "\n")
        answer = sign_in(self.port, "operator@attack.example", PASSWORD)
        if answer.status != 200:
            raise SystemExit(f"the attack's operator could not sign in: {answer.status}"
                             f" {answer.body[:200]!r}")
        self.operator = answer.json()["tokens"]["accessToken"]
        studios = call(self.port, "GET", "/v1/operator/studios", token=self.operator).json()
        self.studio = studios["studios"][0]["id"]

    def run_command(self, arguments, stdin=None):
        out = subprocess.run([self.perform, *arguments, "--database", self.database],
                             input=stdin, capture_output=True, text=True, timeout=120)
        if out.returncode != 0:
            raise SystemExit(f"perform {' '.join(arguments)}: exit {out.returncode}:"
                             f" {out.stderr.strip()[:300]}")
        return out.stdout

    def coach(self, name):
        """A new coach of the first studio: (account id, email)."""
        email = f"{name}@attack.example"
        answer = call(self.port, "POST", "/v1/operator/accounts",
                      {"role": "coach", "name": name, "email": email, "password": PASSWORD,
                       "studioId": self.studio}, token=self.operator)
        if answer.status != 201:
            raise SystemExit(f"the operator could not add {email}: {answer.status}"
                             f" {answer.body[:200]!r}")
        return answer.json()["id"], email


def ms(seconds):
    return f"{seconds * 1000:.1f}"


# --- brute force ---------------------------------------------------------------------------------


def attack_brute_force(report, server, accounts):
    """Wrong passwords for one account from one address: how many are heard before the first
    wait, how the wait grows, whether the right password gets in during a wait (from the
    guesser's address or another), whether the owner gets in after it; then one address
    spraying new emails."""
    _, email = accounts.coach("brute-force-victim")
    port = server.port
    source = fresh_address()
    free, waits, failures_ms, refusals_ms = 0, [], [], []
    right_refused = []
    early_refused = True
    # Wrong passwords until the first wait, then three waits sat out (1 + 2 + 4 s by default).
    for _ in range(40):
        answer = sign_in(port, email, f"guess-{secrets.token_hex(4)}", source)
        if answer.status == 401:
            failures_ms.append(answer.seconds)
            if not waits:
                free += 1
            continue
        if answer.status != 429 or answer.retry_after() is None:
            report("sign-in brute force, one account", False,
                   f"a wrong password answered {answer.status} {answer.body[:120]!r}")
            return
        refusals_ms.append(answer.seconds)
        wait = answer.retry_after()
        waits.append(wait)
        # The lockout: the right password, from the guesser's address and from another, is
        # refused while the wait lasts.
        right_refused.append(sign_in(port, email, PASSWORD, source).status == 429)
        right_refused.append(sign_in(port, email, PASSWORD).status == 429)
        if len(waits) == 4:
            break
        # Half the wait later it is still refused; after the whole wait the next guess is heard.
        time.sleep(max(wait - 0.5, 0) / 2)
        early = sign_in(port, email, f"guess-{secrets.token_hex(4)}", source)
        early_refused = early_refused and early.status == 429
        time.sleep(wait - max(wait - 0.5, 0) / 2 + 0.05)
    growing = all(b == 2 * a for a, b in zip(waits, waits[1:]))
    # The owner, after the last wait: a lockout, not a ban.
    time.sleep(waits[-1] + 0.05 if waits else 0)
    owner = sign_in(port, email, PASSWORD)
    # One address trying a new email each time: the address's own limit.
    spray_source = fresh_address()
    spray = []
    for _ in range(24):
        answer = sign_in(port, f"nobody-{secrets.token_hex(6)}@attack.example", "guess-0000",
                         spray_source)
        spray.append(answer.status)
        if answer.status == 429:
            break
    spray_free = spray.index(429) if 429 in spray else None
    held = (0 < free <= 10 and len(waits) == 4 and growing and all(right_refused)
            and early_refused and owner.status == 200 and spray_free is not None)
    guesses_a_day = 86_400 // (30 * 60)
    report("sign-in brute force, one account", held,
           f"{free} wrong passwords heard before the first 429, then waits (Retry-After) {waits} s; the right password"
           f" during a wait {'refused 429' if all(right_refused) else 'LET IN'} from the guesser's"
           f" address and another; a guess half-way through a wait"
           f" {'429' if early_refused else 'HEARD'}; the owner after the wait {owner.status};"
           f" a failure p50 {ms(statistics.median(failures_ms))} ms, a refusal p50"
           f" {ms(statistics.median(refusals_ms)) if refusals_ms else '-'} ms; one address"
           f" spraying new emails: 429 after {spray_free} tries; at the longest wait (30 min) one account"
           f" takes {guesses_a_day} guesses a day")


# --- enumeration ---------------------------------------------------------------------------------


def describe(answers):
    """`401 invalid_credentials x5, 429 too_many_attempts (Retry-After 1)`."""
    parts = []
    for answer in answers:
        text = f"{answer.status} {answer.code()}"
        if answer.retry_after() is not None:
            text += f" (Retry-After {answer.retry_after()})"
        if parts and parts[-1][0] == text:
            parts[-1][1] += 1
        else:
            parts.append([text, 1])
    return ", ".join(t if n == 1 else f"{t} x{n}" for t, n in parts)


def attack_enumeration_by_answer(report, server, accounts):
    """Eight wrong sign-ins for an email that has an account and eight for one that has none,
    taking turns, each email from an address of its own: every answer must be the same, status,
    headers (but the request id and the date) and body, through the waits."""
    _, known = accounts.coach("enumeration-known")
    unknown = f"nobody-{secrets.token_hex(6)}@attack.example"
    known_source, unknown_source = fresh_address(), fresh_address()
    known_answers, unknown_answers = [], []
    for i in range(8):
        known_answers.append(sign_in(server.port, known, f"guess-{i}", known_source))
        unknown_answers.append(sign_in(server.port, unknown, f"guess-{i}", unknown_source))
    differing = [i for i, (k, u) in enumerate(zip(known_answers, unknown_answers))
                 if k.comparable() != u.comparable()]
    report("account enumeration by answer", not differing,
           f"known email: {describe(known_answers)}; unknown email: {describe(unknown_answers)}"
           + (f"; DIFFERENT at attempts {differing}" if differing else "; byte for byte the same"))


def auc(first, second):
    """The chance that a sample of `first` is slower than one of `second` (ties count half):
    0.5 when neither tends to be slower."""
    wins = sum((a > b) + 0.5 * (a == b) for a in first for b in second)
    return wins / (len(first) * len(second))


# Known and unknown sign-ins taken in turns: 60 of each. The medians' ratio must be within this
# band (docs/security.md, "make attack": tolerant of a shared machine's noise, far inside the 10x
# and more a missing decoy hash makes).
TIMING_SAMPLES = 60
TIMING_BAND = (2 / 3, 3 / 2)


def attack_enumeration_by_timing(report, server, accounts):
    """Wrong passwords for emails that have accounts against emails that have none, in turns,
    each from a new address and connection: the two distributions of times, their medians'
    ratio, and for scale the time of a sign-in refused before any hash (a body without its
    password)."""
    per_account = 5  # the free failures: past them the answer is a 429 of no work
    known = [accounts.coach(f"timing-{i}")[1]
             for i in range((TIMING_SAMPLES + per_account - 1) // per_account)]
    for _ in range(4):  # warm both paths
        sign_in(server.port, f"warm-{secrets.token_hex(4)}@attack.example", "guess-0000")
    known_ms, unknown_ms, no_hash_ms, wrong = [], [], [], []
    for i in range(TIMING_SAMPLES):
        k = sign_in(server.port, known[i // per_account], f"guess-{i}")
        u = sign_in(server.port, f"nobody-{secrets.token_hex(6)}@attack.example", f"guess-{i}")
        n = call(server.port, "POST", "/v1/auth/sign-in", {"email": known[0], "device": "x"},
                 source=fresh_address())
        for answer, expected in ((k, 401), (u, 401), (n, 400)):
            if answer.status != expected:
                wrong.append(f"{answer.status} for {expected}")
        known_ms.append(k.seconds * 1000)
        unknown_ms.append(u.seconds * 1000)
        no_hash_ms.append(n.seconds * 1000)
    known_p50, unknown_p50 = statistics.median(known_ms), statistics.median(unknown_ms)
    ratio = known_p50 / unknown_p50
    held = not wrong and TIMING_BAND[0] < ratio < TIMING_BAND[1]

    def spread(values):
        q = statistics.quantiles(values, n=10)
        return f"p10 {q[0]:.1f}, p50 {statistics.median(values):.1f}, p90 {q[-1]:.1f} ms"

    report("account enumeration by timing", held,
           f"{TIMING_SAMPLES} each; known email, wrong password: {spread(known_ms)}; unknown"
           f" email: {spread(unknown_ms)}; ratio of medians {ratio:.2f} (held within"
           f" {TIMING_BAND[0]:.2f}-{TIMING_BAND[1]:.2f}); P(known slower) {auc(known_ms, unknown_ms):.2f};"
           f" for scale, refused before any hash: p50 {statistics.median(no_hash_ms):.1f} ms"
           + (f"; unexpected answers {wrong[:3]}" if wrong else ""))


# --- sessions ------------------------------------------------------------------------------------


def attack_refresh_reuse(report, server, accounts):
    """A thief with a copy of a device's refresh token renews first; when the device renews with
    the same token, the whole session must end, the thief's new tokens with it."""
    account, email = accounts.coach("refresh-victim")
    port = server.port
    tokens = sign_in(port, email, PASSWORD, device="phone").json()["tokens"]
    thief = call(port, "POST", "/v1/auth/refresh", {"refreshToken": tokens["refreshToken"]},
                 source=fresh_address())
    thief_tokens = thief.json()
    device = call(port, "POST", "/v1/auth/refresh", {"refreshToken": tokens["refreshToken"]})
    after = {
        "the thief's access token": call(port, "GET", "/v1/account",
                                         token=thief_tokens.get("accessToken")).status,
        "the thief's refresh token": call(port, "POST", "/v1/auth/refresh",
                                          {"refreshToken": thief_tokens.get("refreshToken")},
                                          source=fresh_address()).status,
        "the device's access token": call(port, "GET", "/v1/account",
                                          token=tokens["accessToken"]).status,
    }
    unknown = call(port, "POST", "/v1/auth/refresh", {"refreshToken": "pfr_" + "0" * 64},
                   source=fresh_address())
    events = call(port, "GET", f"/v1/operator/audit-events?accountId={account}&limit=20",
                  token=accounts.operator).json().get("events", [])
    audited = any(e.get("event") == "refresh_token_reused" for e in events)
    held = (thief.status == 200 and device.status == 401 and all(s == 401 for s in after.values())
            and device.body == unknown.body and audited)
    report("a reused refresh token", held,
           f"the thief's renewal {thief.status}; the device's renewal with the same token"
           f" {device.status} {device.code()} ({'as' if device.body == unknown.body else 'UNLIKE'}"
           f" an unknown token); then " + ", ".join(f"{k} {v}" for k, v in after.items())
           + f"; refresh_token_reused {'audited' if audited else 'NOT audited'}")


def attack_suspended(report, server, accounts):
    """A signed-in account suspended by the operator's command (another process) and by the
    operator's API: its very next request, its renewal and its sign-in must be refused."""
    account, email = accounts.coach("suspended")
    port = server.port
    tokens = sign_in(port, email, PASSWORD, device="phone").json()["tokens"]
    before = call(port, "GET", "/v1/account", token=tokens["accessToken"]).status
    accounts.run_command(["account", "suspend", account])
    at_once = call(port, "GET", "/v1/account", token=tokens["accessToken"])
    unknown_token = call(port, "GET", "/v1/account", token="pfa_" + "0" * 64)
    renewal = call(port, "POST", "/v1/auth/refresh", {"refreshToken": tokens["refreshToken"]},
                   source=fresh_address())
    right = sign_in(port, email, PASSWORD)
    wrong = sign_in(port, email, "guess-0000")
    nobody = sign_in(port, f"nobody-{secrets.token_hex(6)}@attack.example", "guess-0000")
    reinstated = call(port, "DELETE", f"/v1/operator/accounts/{account}/suspension",
                      token=accounts.operator).status
    again = call(port, "GET", "/v1/account", token=tokens["accessToken"]).status
    by_api = call(port, "POST", f"/v1/operator/accounts/{account}/suspension",
                  token=accounts.operator).status
    after_api = call(port, "GET", "/v1/account", token=tokens["accessToken"]).status
    held = (before == 200 and at_once.status == 401
            and at_once.comparable() == unknown_token.comparable() and renewal.status == 401
            and right.status == 401 and wrong.comparable() == nobody.comparable()
            and reinstated == 204 and again == 200 and by_api == 204 and after_api == 401)
    report("a suspended account", held,
           f"before {before}; the next request after `perform account suspend` {at_once.status}"
           f" ({'as' if at_once.comparable() == unknown_token.comparable() else 'UNLIKE'} an"
           f" unknown token), its renewal {renewal.status} {renewal.code()}, its sign-in with"
           f" the right password {right.status} {right.code()}, with a wrong one"
           f" {'as' if wrong.comparable() == nobody.comparable() else 'UNLIKE'} an unknown email;"
           f" reinstated through the API {reinstated}, then {again}; suspended through the API"
           f" {by_api}, then {after_api}")


ATTACKS = {
    "sign-in-brute-force": attack_brute_force,
    "enumeration-answer": attack_enumeration_by_answer,
    "enumeration-timing": attack_enumeration_by_timing,
    "refresh-reuse": attack_refresh_reuse,
    "suspended-account": attack_suspended,
}
