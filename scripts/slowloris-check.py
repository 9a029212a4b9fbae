#!/usr/bin/env python3
"""Slowloris against a running server, with a legitimate client asking meanwhile.

    scripts/slowloris-check.py URL [--connections 1100] [--source 127.0.0.2] [--hold 20]
                               [--interval 5] [--client-timeout 5]

Opens CONNECTIONS connections from SOURCE (another loopback address than the legitimate
client's 127.0.0.1, so a per-address guard can tell them apart), each sending an unfinished
header section and then one more header byte every INTERVAL seconds, for HOLD seconds. Meanwhile
a legitimate client sends `GET /healthz` from 127.0.0.1 once a second, each with CLIENT_TIMEOUT
seconds to be answered. Prints what the attack achieved: connections opened, how many the
server closed (and how soon after opening at the latest), and the legitimate requests answered.
Exits 1 when any legitimate request was not answered 200. Loopback only, bounded by its options.
(docs/security.md, "Connections held open")
"""
import argparse
import errno
import select
import socket
import sys
import time
import urllib.parse


def legitimate(host, port, timeout):
    started = time.monotonic()
    try:
        with socket.create_connection((host, port), timeout=timeout,
                                      source_address=("127.0.0.1", 0)) as s:
            s.sendall(f"GET /healthz HTTP/1.1\r\nHost: {host}\r\n"
                      "Connection: close\r\n\r\n".encode())
            data = b""
            while True:
                chunk = s.recv(4096)
                if not chunk:
                    break
                data += chunk
        status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/") else 0
    except OSError:
        status = 0
    return status, time.monotonic() - started


def ready(sockets, events, timeout):
    """The sockets of `sockets` that poll finds ready for `events` (or closed) within `timeout`."""
    poller = select.poll()
    by_fd = {}
    for s in sockets:
        poller.register(s, events)
        by_fd[s.fileno()] = s
    return [by_fd[fd] for fd, _ in poller.poll(timeout * 1000)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("--connections", type=int, default=1100)
    parser.add_argument("--source", default="127.0.0.2")
    parser.add_argument("--hold", type=float, default=20)
    parser.add_argument("--interval", type=float, default=5)
    parser.add_argument("--client-timeout", type=float, default=5)
    options = parser.parse_args()
    target = urllib.parse.urlsplit(options.url)
    host, port = target.hostname, target.port or 80
    if not host.startswith("127.") and host not in ("::1", "localhost"):
        sys.exit("loopback only")

    pending, opened, closed, refused = {}, {}, {}, set()
    for _ in range(options.connections):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.bind((options.source, 0))
        s.setblocking(False)
        error = s.connect_ex((host, port))
        if error not in (0, errno.EINPROGRESS):
            s.close()
            continue
        pending[s] = time.monotonic()
    # A connection is open once connect completes (the kernel's backlog counts: the server may
    # not have accepted it yet).
    deadline = time.monotonic() + 10
    while pending and time.monotonic() < deadline:
        for s in ready(pending, select.POLLOUT, 0.5):
            began = pending.pop(s)
            if s.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0:
                try:
                    s.send(f"GET /healthz HTTP/1.1\r\nHost: {host}\r\n".encode())
                    opened[s] = began
                except OSError:
                    closed[s] = 0.0
            else:
                s.close()
    for s in pending:
        s.close()

    answers = []
    start = time.monotonic()
    next_byte = start + options.interval
    next_client = start
    while time.monotonic() - start < options.hold:
        now = time.monotonic()
        if now >= next_client:
            answers.append(legitimate(host, port, options.client_timeout))
            next_client = time.monotonic() + 1
        live = [s for s in opened if s not in closed]
        if live:
            for s in ready(live, select.POLLIN, 0.2):
                try:
                    data = s.recv(4096)
                except OSError:
                    data = b""
                if data.startswith(b"HTTP/1.1 503 "):
                    refused.add(s)
                if not data:
                    closed[s] = time.monotonic() - opened[s]
        else:
            time.sleep(0.2)
        if time.monotonic() >= next_byte:
            for s in opened:
                if s in closed:
                    continue
                try:
                    s.send(b"X")
                except OSError:
                    closed[s] = time.monotonic() - opened[s]
            next_byte += options.interval
    served = sum(1 for status, _ in answers if status == 200)
    slowest = max((seconds for _, seconds in answers), default=0)
    at_once = sum(1 for seconds in closed.values() if seconds < 1)
    print(f"attack: {options.connections} connections from {options.source}, "
          f"{len(opened)} opened, {len(closed)} closed by the server: {at_once} within 1 s "
          f"({len(refused)} answered 503 first)"
          + (f", the last {max(closed.values()):.1f} s after it opened" if closed else ""))
    print(f"legitimate client: {served} of {len(answers)} answered 200, "
          f"slowest {slowest:.2f} s (timeout {options.client_timeout:g} s)")
    for s in opened:
        s.close()
    return 0 if served == len(answers) else 1


if __name__ == "__main__":
    sys.exit(main())
