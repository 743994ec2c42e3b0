"""API benchmark: command round trips and unchanged polls through gunicorn.

Run: ``python3 benchmarks/api.py [--db sqlite|postgres|both] [--commands 3000]``.

For each database it starts gunicorn with 2 workers on loopback, creates 50
two-seat games (both seats played by this script) and times each
``POST /api/games/{id}/commands`` from sending it to having the whole answer,
in two runs:

* paced: all 50 games in progress at once, each moving about every ``--pace``
  seconds (0.5 s: quicker than people play), so the figure is the latency a
  player sees on a busy server;
* saturated: ``--threads`` clients send commands back to back with no pause,
  a stress test whose latency is mostly queueing behind the other clients
  (the script itself shares the machine's cores with the server).

Then it measures unchanged polls (``If-None-Match`` answered 304) with ``wrk``
if installed (Debian package ``wrk``), else with Python threads.

Live games (``--live-games``, ``--live-seconds``): two humans per game, each
played by a thread of this script that acts like a person at the web client:
the seat whose move it is thinks 1-2 s (``--think``) and sends a command; the
other seat waits to see it, either

* long polling: ``If-None-Match`` + ``Prefer: wait=25``, the next request as
  soon as one is answered; or
* the web client's old polling (``frontend/js/game.js``): a conditional GET
  after 0.8 s, each 304 stretching the pause by 1.5 up to 8 s, a 200 bringing
  it back to 0.8 s; the mover also polls once 0.8 s after each of its own
  commands (then every 15 s while it is its move).

It reports requests per second per game (polls and commands), move-to-notice
latency (from sending a command until the other seat has the new version)
median and p95, and the most polls held at once. Then one server with one
worker gets more simultaneous long polls than its cap: how many one process
held at once, how many it answered at once, and the command round trip
meanwhile. ``--parts live`` runs only these.

Outbox (``--parts outbox``): the paced run again, on 50 new games each, with
turn alerts off (no seat subscribed), on without a worker (both seats of
every game have a push subscription, so every turn writes outbox rows in the
command's transaction), and on with a ``flask deliver`` worker process
delivering them meanwhile to a local stand-in push service (the worker then
shares the machine's cores with the server); then the hook alone, in
process. It prints figures and asserts nothing.

Instances (``--parts instances``, PostgreSQL only, a database of its own):
``--instances`` (3) gunicorn instances with ``--workers`` (2) each on one
database, first with the timed query (``LONGPOLL_NOTIFY=0``: every worker
holding polls reads the watched games' versions every ``--longpoll-interval``
s), then with ``LISTEN``/``NOTIFY``. ``--wake-games`` games play at once; in
each round a seat's long poll is sent to one instance, and 50-250 ms later
(so it is held) the other seat moves on another instance. Cross-instance wake
latency is from sending that command until the held poll has its answer
(p50, p99). Then one poll per game is held (spread over the instances) and,
with nothing changing, the transactions the database counts for the bench
database (``pg_stat_database.xact_commit``; each autocommit query is one) are
read over ``--idle-seconds``: queries per second while idle, and how many
connections sit in ``LISTEN``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any, Optional

ROOT = Path(__file__).resolve().parent.parent
BACKEND = ROOT / "backend"
#: The production settings (request limits, no shared control socket), as in the Procfile.
GUNICORN_CONF = BACKEND / "dominion_server" / "gunicorn_conf.py"
PG_ADMIN = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
PG_BENCH = "postgresql+psycopg://postgres@127.0.0.1:5432/dominion_bench"
#: The instances part counts every transaction of its database: one of its own.
PG_BENCH_INSTANCES = "dominion_bench_instances"
GAMES = 50
KINGDOM = ["Cellar", "Market", "Militia", "Mine", "Moat",
           "Remodel", "Smithy", "Village", "Woodcutter", "Workshop"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Client:
    """A keep-alive-less HTTP client (gunicorn's sync workers close connections)."""

    def __init__(self, port: int) -> None:
        self.port = port
        #: Seconds from sending the last request to having its whole answer,
        #: before this client parses it (our JSON parsing is not the server's time).
        self.last_seconds = 0.0

    def request(self, method: str, path: str, body: Any = None,
                headers: Optional[dict[str, str]] = None) -> tuple[int, dict[str, str], Any]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        h = dict(headers or {})
        data = None
        if body is not None:
            data = json.dumps(body)
            h["Content-Type"] = "application/json"
        t0 = time.perf_counter()
        conn.request(method, path, data, h)
        resp = conn.getresponse()
        raw = resp.read()
        self.last_seconds = time.perf_counter() - t0
        conn.close()
        parsed = json.loads(raw) if raw and resp.getheader("Content-Type", "").endswith("json") else None
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, parsed


def prepare_database(kind: str, tmp: Path, name: str = "dominion_bench") -> str:
    env = dict(os.environ, PYTHONPATH=str(BACKEND))
    if kind == "sqlite":
        url = f"sqlite:///{tmp / 'bench.sqlite3'}"
    else:
        import psycopg

        with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as c:
            c.execute(f"DROP DATABASE IF EXISTS {name}")
            c.execute(f"CREATE DATABASE {name}")
        url = PG_BENCH.rsplit("/", 1)[0] + "/" + name
    env["DATABASE_URL"] = url
    subprocess.run(
        [sys.executable, "-c",
         "from dominion_server import create_app; create_app({'AUTO_MIGRATE': True})"],
        env=env, check=True, cwd=tmp,
    )
    return url


def start_server(url: str, port: int, tmp: Path, workers: int = 2,
                 extra_env: Optional[dict[str, str]] = None) -> subprocess.Popen:
    # Rate limits stay on (their cost is measured) but high: in production 50
    # games come from 50 or more addresses, here from one client.
    env = dict(os.environ, PYTHONPATH=str(BACKEND), DATABASE_URL=url, AUTO_MIGRATE="0",
               RATE_LIMIT_CREATE="100000 per minute", RATE_LIMIT_JOIN="100000 per minute",
               RATE_LIMIT_COMMANDS="100000 per second", **(extra_env or {}))
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--config", str(GUNICORN_CONF),
         "--workers", str(workers), "--bind", f"127.0.0.1:{port}",
         "--log-level", "warning", "dominion_server:create_app()"],
        env=env, cwd=tmp,
    )
    client = Client(port)
    for _ in range(200):
        try:
            if client.request("GET", "/api/health")[0] == 200:
                return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("gunicorn did not start")


def create_games(client: Client, count: int = GAMES, first_seed: int = 0
                 ) -> list[dict[str, Any]]:
    games = []
    for i in range(first_seed, first_seed + count):
        status, headers, body = client.request("POST", "/api/games", {
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human"}],
            "kingdom": KINGDOM, "seed": i,
        })
        assert status == 201, body
        code = body["invites"][0]["code"]
        status, headers2, body2 = client.request(
            "POST", f"/api/games/{body['id']}/join", {"name": "Bob", "code": code})
        assert status == 200, body2
        games.append({
            "id": body["id"],
            "tokens": {body["seat"]: body["token"], body2["seat"]: body2["token"]},
            "view": body2["game"]["view"],
            "etag": {body2["seat"]: headers2["etag"]},
            "lock": threading.Lock(),
        })
    return games


def pick(view: dict[str, Any]) -> dict[str, Any]:
    """A quick legal command or answer for the seat that must act."""
    legal = view["legal"]
    decision = view.get("decision")
    if decision is not None:
        kind = decision["kind"]
        opts = decision["options"]
        if kind == "cards":
            answer: Any = opts[: decision["min"]]
        elif kind == "order":
            answer = opts
        elif kind == "supply":
            answer = opts[0] if decision["min"] else None
        else:
            answer = opts[0]
        return {"type": "answer", "answer": answer}
    types = {c["type"] for c in legal}
    if "play_treasures" in types:
        return {"type": "play_treasures"}
    buys = [c for c in legal if c["type"] == "buy"]
    costs = {s["card"]: s["cost"] for s in view["supply"]}
    if buys and view["turn"]["phase"] == "buy":
        best = max(buys, key=lambda c: costs[c["card"]])
        if costs[best["card"]] >= 3:
            return best
    return {"type": "end_phase"}


def step(client: Client, g: dict[str, Any]) -> float:
    """Send the next command of game ``g`` as the seat that must act; its round trip in seconds."""
    seat = g["view"]["awaiting"][0]
    auth = {"Authorization": f"Bearer {g['tokens'][seat]}"}
    if g["view"]["seat"] != seat:  # we hold the other seat's view: fetch this seat's
        status, h, body = client.request("GET", f"/api/games/{g['id']}", headers=auth)
        g["view"] = body["view"]
        g["etag"][seat] = h["etag"]
    headers = {**auth, "Idempotency-Key": uuid.uuid4().hex, "If-Match": g["etag"][seat]}
    status, h, body = client.request("POST", f"/api/games/{g['id']}/commands",
                                     pick(g["view"]), headers)
    if status != 200:
        raise RuntimeError(f"command failed: {status} {body}")
    g["view"] = body["view"]
    g["etag"][seat] = h["etag"]
    return client.last_seconds


def run_threads(target, groups: list[Any]) -> float:
    """Run ``target(group)`` in one thread per group; the seconds it took."""
    t0 = time.perf_counter()
    ts = [threading.Thread(target=target, args=(grp,)) for grp in groups]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    return time.perf_counter() - t0


def saturated(port: int, games: list[dict[str, Any]], total: int,
              threads: int) -> tuple[list[float], float]:
    """``threads`` clients send commands back to back, each over its share of the games."""
    latencies: list[float] = []
    counter = iter(range(total))
    lock = threading.Lock()

    def worker(mine: list[dict[str, Any]]) -> None:
        client = Client(port)
        i = 0
        while True:
            with lock:
                if next(counter, None) is None:
                    return
            g = mine[i % len(mine)]
            i += 1
            if g["view"]["awaiting"]:
                latencies.append(step(client, g))

    seconds = run_threads(worker, [games[i::threads] for i in range(threads)])
    return latencies, seconds


def paced(port: int, games: list[dict[str, Any]], total: int,
          pace: float) -> tuple[list[float], float]:
    """Every game moves on its own, pausing about ``pace`` seconds between moves
    (a quick player), all 50 at once."""
    latencies: list[float] = []
    per_game = max(1, total // len(games))

    def player(g: dict[str, Any]) -> None:
        client = Client(port)
        rng = random.Random(g["id"])
        for _ in range(per_game):
            time.sleep(pace * rng.uniform(0.5, 1.5))
            if not g["view"]["awaiting"]:
                return
            latencies.append(step(client, g))

    seconds = run_threads(player, games)
    return latencies, seconds


def report(kind: str, what: str, lat: list[float], seconds: float) -> None:
    lat = sorted(lat)
    pct = lambda q: lat[min(len(lat) - 1, int(len(lat) * q))] * 1e3  # noqa: E731
    print(f"[{kind}] {what}: {len(lat)} commands, {len(lat) / seconds:.0f}/s; "
          f"median {statistics.median(lat) * 1e3:.1f} ms, p95 {pct(0.95):.1f} ms, "
          f"p99 {pct(0.99):.1f} ms")


def polls(client: Client, port: int, game: dict[str, Any], seconds: int) -> tuple[float, str]:
    seat = game["view"]["seat"]
    token = game["tokens"][seat]
    status, h, _ = client.request("GET", f"/api/games/{game['id']}",
                                  headers={"Authorization": f"Bearer {token}"})
    etag = h["etag"]
    status, _, _ = client.request("GET", f"/api/games/{game['id']}", headers={
        "Authorization": f"Bearer {token}", "If-None-Match": etag})
    assert status == 304, status
    url = f"http://127.0.0.1:{port}/api/games/{game['id']}"
    if shutil.which("wrk"):
        out = subprocess.run(
            ["wrk", "-t2", "-c16", f"-d{seconds}s", "-H", f"Authorization: Bearer {token}",
             "-H", f"If-None-Match: {etag}", url],
            capture_output=True, text=True, check=True).stdout
        non2xx = [line for line in out.splitlines() if "Non-2xx" in line]
        rps = float(next(line for line in out.splitlines() if "Requests/sec" in line).split()[1])
        # wrk counts 304 as "Non-2xx": all of them should be.
        return rps, "wrk, 2 threads, 16 connections" + (f" ({non2xx[0].strip()})" if non2xx else "")
    count = 0
    stop = time.perf_counter() + seconds
    lock = threading.Lock()

    def worker() -> None:
        nonlocal count
        while time.perf_counter() < stop:
            s, _, _ = client.request("GET", f"/api/games/{game['id']}", headers={
                "Authorization": f"Bearer {token}", "If-None-Match": etag})
            assert s == 304
            with lock:
                count += 1

    ts = [threading.Thread(target=worker) for _ in range(8)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    return count / seconds, "Python client, 8 threads"


# ---------------------------------------------------------------------------
# Live games: long polling against the web client's old backoff polling

#: The web client's old poll pauses (frontend/js/game.js): FAST, growth, MAX_VISIBLE, MY_MOVE.
OLD_FAST, OLD_GROWTH, OLD_MAX, OLD_MY_MOVE = 0.8, 1.5, 8.0, 15.0
LONG_WAIT = 25.0


class LiveStats:
    """What the seats of the live games measured, shared by their threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.polls = 0
        self.commands = 0
        self.latencies: list[float] = []
        self.in_flight = 0
        self.most_in_flight = 0
        self.unheld = 0  # long polls answered without Preference-Applied

    def poll_started(self) -> None:
        with self.lock:
            self.polls += 1
            self.in_flight += 1
            self.most_in_flight = max(self.most_in_flight, self.in_flight)

    def poll_ended(self) -> None:
        with self.lock:
            self.in_flight -= 1


def live_seat(port: int, g: dict[str, Any], seat: int, mode: str, end: float,
              stats: LiveStats, think_range: tuple[float, float]) -> None:
    """One person at the web client: moves when it is its move, else waits to see the game."""
    client = Client(port)
    rng = random.Random(f"{g['id']}-{seat}")
    auth = {"Authorization": f"Bearer {g['tokens'][seat]}"}
    path = f"/api/games/{g['id']}"
    status, h, body = client.request("GET", path, headers=auth)
    etag, view, version = h["etag"], body["view"], body["version"]
    delay = OLD_FAST
    poll_after_own = False
    while time.monotonic() < end and not view.get("result"):
        if seat in view["awaiting"]:
            think = rng.uniform(*think_range)
            if mode == "old" and poll_after_own and think > OLD_FAST:
                # game.js polls once FAST after its own command, then every MY_MOVE.
                time.sleep(OLD_FAST)
                think -= OLD_FAST
                stats.poll_started()
                status, h, _ = client.request("GET", path, headers={**auth, "If-None-Match": etag})
                stats.poll_ended()
            time.sleep(think)
            if time.monotonic() >= end:
                return
            with g["lock"]:
                g["sent"][version + 1] = time.monotonic()
            status, h, body = client.request(
                "POST", f"{path}/commands", pick(view),
                {**auth, "Idempotency-Key": uuid.uuid4().hex, "If-Match": etag})
            if status != 200:
                raise RuntimeError(f"command failed: {status} {body}")
            with stats.lock:
                stats.commands += 1
            etag, view, version = h["etag"], body["view"], body["version"]
            poll_after_own = True
            delay = OLD_FAST
            continue
        headers = {**auth, "If-None-Match": etag}
        if mode == "long":
            wait = min(LONG_WAIT, end - time.monotonic())
            if wait <= 0:
                return
            headers["Prefer"] = f"wait={wait:.3f}"
        else:
            time.sleep(delay)
            if time.monotonic() >= end:
                return
        stats.poll_started()
        status, h, body = client.request("GET", path, headers=headers)
        stats.poll_ended()
        if mode == "long" and "preference-applied" not in h:
            with stats.lock:
                stats.unheld += 1
        if status == 304:
            delay = min(OLD_MAX, delay * OLD_GROWTH)
            continue
        noticed = time.monotonic()
        with g["lock"]:
            sent = [g["sent"].pop(v) for v in range(version + 1, body["version"] + 1)
                    if v in g["sent"]]
        with stats.lock:
            stats.latencies += [noticed - t for t in sent]
        etag, view, version = h["etag"], body["view"], body["version"]
        delay = OLD_FAST
        poll_after_own = False


def live(kind: str, port: int, games: list[dict[str, Any]], mode: str, seconds: float,
         workers: int, think_range: tuple[float, float]) -> None:
    stats = LiveStats()
    for g in games:
        g["sent"] = {}
    end = time.monotonic() + seconds
    t0 = time.perf_counter()
    run_threads(lambda job: live_seat(port, job[0], job[1], mode, end, stats, think_range),
                [(g, seat) for g in games for seat in g["tokens"]])
    secs = time.perf_counter() - t0
    lat = sorted(stats.latencies)
    n = len(games)
    what = ("long polling (Prefer: wait=25)" if mode == "long"
            else "old client polling (0.8 s x1.5 up to 8 s)")
    line = (f"[{kind}] live, {what}, {workers} worker{'s' if workers > 1 else ''}, "
            f"{think_range[0]:g}-{think_range[1]:g} s per move: {n} games, {stats.commands} moves, "
            f"{(stats.polls + stats.commands) / secs / n:.2f} requests/s per game "
            f"({stats.polls / secs / n:.2f} polls + {stats.commands / secs / n:.2f} commands); "
            f"move to notice median {statistics.median(lat) * 1e3:.0f} ms, "
            f"p95 {lat[min(len(lat) - 1, int(len(lat) * 0.95))] * 1e3:.0f} ms "
            f"({len(lat)} moves seen)")
    if mode == "long":
        line += f"; most polls held at once {stats.most_in_flight}"
        if stats.unheld:
            line += f", {stats.unheld} answered without waiting"
    print(line, flush=True)


def capacity(kind: str, url: str, tmp: Path, polls: int, threads: Optional[int],
             workers: int = 1, commands: int = 10) -> None:
    """Many simultaneous long polls on one instance (``workers`` processes, ``threads``
    each, the shipped default when ``None``): held, refused, commands meanwhile."""
    port = free_port()
    env = {"GUNICORN_THREADS": str(threads)} if threads else {}
    proc = start_server(url, port, tmp, workers=workers, extra_env=env)
    try:
        client = Client(port)
        games = create_games(client, 10, first_seed=5000)
        held = refused = 0
        lock = threading.Lock()
        barrier = threading.Barrier(polls + 1)
        wait = 15.0  # held while the commands are timed

        def poller(i: int) -> None:
            nonlocal held, refused
            g = games[i % len(games)]
            seat = i % 2
            c = Client(port)
            auth = {"Authorization": f"Bearer {g['tokens'][seat]}"}
            _, h, _ = c.request("GET", f"/api/games/{g['id']}", headers=auth)
            barrier.wait()
            _, h2, _ = c.request("GET", f"/api/games/{g['id']}", headers={
                **auth, "If-None-Match": h["etag"], "Prefer": f"wait={wait:g}"})
            with lock:
                if "preference-applied" in h2:
                    held += 1
                else:
                    refused += 1

        ts = [threading.Thread(target=poller, args=(i,)) for i in range(polls)]
        for t in ts:
            t.start()
        barrier.wait()
        time.sleep(1.0)  # let the polls arrive and be held
        lat = []
        other = create_games(client, 1, first_seed=6000)[0]
        for _ in range(commands):
            if other["view"]["awaiting"]:
                lat.append(step(client, other))
        for t in ts:
            t.join()
        lat.sort()
        print(f"[{kind}] {workers} worker(s), {threads or 'default'} threads each: {polls} "
              f"long polls at once -> {held} held, {refused} answered at once (the cap); "
              f"{len(lat)} commands meanwhile: median {statistics.median(lat) * 1e3:.1f} ms, "
              f"p99 {lat[int(0.99 * (len(lat) - 1))] * 1e3:.1f} ms", flush=True)
    finally:
        proc.terminate()
        proc.wait(30)


# ---------------------------------------------------------------------------
# Instances: a move on one instance wakes a poll held on another


def cross_instance_wakes(ports: list[int], games: list[dict[str, Any]],
                         rounds: int) -> tuple[list[float], list[float], int]:
    """Each game in a thread of its own: a poll held on one instance, the move on
    another; the seconds from sending the move to the poll's answer, the
    command's own round trips, and how many polls were answered before the
    move (not counted)."""
    latencies: list[float] = []
    commands: list[float] = []
    early = 0
    lock = threading.Lock()
    per_game = max(1, rounds // len(games))

    def play(g: dict[str, Any]) -> None:
        nonlocal early
        rng = random.Random(g["id"])
        path = f"/api/games/{g['id']}"
        auth = {seat: {"Authorization": f"Bearer {tok}"} for seat, tok in g["tokens"].items()}
        views, etags = {}, {}
        for seat in auth:  # each seat's view; later the answers keep them current
            _, h, body = Client(ports[0]).request("GET", path, headers=auth[seat])
            views[seat], etags[seat] = body["view"], h["etag"]
        for _ in range(per_game):
            if views[0].get("result") or not views[0]["awaiting"]:
                return
            a, b = rng.sample(ports, 2)
            mover = views[0]["awaiting"][0]
            waiter = 1 - mover
            answered: dict[str, Any] = {}

            def hold() -> None:
                status, h, body = Client(a).request("GET", path, headers={
                    **auth[waiter], "If-None-Match": etags[waiter], "Prefer": "wait=25"})
                answered.update(at=time.monotonic(), status=status, headers=h, body=body)

            t = threading.Thread(target=hold)
            t.start()
            time.sleep(rng.uniform(0.05, 0.25))  # held by now; any phase of the timer
            too_early = bool(answered)
            sent = time.monotonic()
            mover_client = Client(b)
            status, h, moved = mover_client.request(
                "POST", f"{path}/commands", pick(views[mover]),
                {**auth[mover], "Idempotency-Key": uuid.uuid4().hex, "If-Match": etags[mover]})
            if status != 200:
                raise RuntimeError(f"command failed: {status} {moved}")
            views[mover], etags[mover] = moved["view"], h["etag"]
            t.join()
            if answered["status"] != 200 or "preference-applied" not in answered["headers"]:
                raise RuntimeError(f"the held poll answered {answered['status']}")
            views[waiter], etags[waiter] = answered["body"]["view"], answered["headers"]["etag"]
            with lock:
                if too_early:
                    early += 1
                else:
                    latencies.append(answered["at"] - sent)
                commands.append(mover_client.last_seconds)

    run_threads(play, games)
    return latencies, commands, early


def database_transactions(name: str) -> tuple[int, int]:
    """Committed transactions of database ``name`` so far, and its connections in LISTEN."""
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as c:
        xacts = c.execute("SELECT xact_commit FROM pg_stat_database WHERE datname = %s",
                          (name,)).fetchone()[0]
        listening = c.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s "
                              "AND query LIKE 'LISTEN%%'", (name,)).fetchone()[0]
    return xacts, listening


def idle_queries(ports: list[int], games: list[dict[str, Any]], name: str,
                 seconds: float) -> tuple[float, int, int]:
    """One poll per game held (instance by game), nothing changing: the database's
    transactions per second meanwhile, connections in LISTEN, polls held."""
    held = []

    def hold(i: int, g: dict[str, Any]) -> None:
        c = Client(ports[i % len(ports)])
        auth = {"Authorization": f"Bearer {g['tokens'][0]}"}
        _, h, _ = c.request("GET", f"/api/games/{g['id']}", headers=auth)
        try:
            _, h2, _ = c.request("GET", f"/api/games/{g['id']}", headers={
                **auth, "If-None-Match": h["etag"], "Prefer": "wait=25"})
            held.append("preference-applied" in h2)
        except OSError:  # the server stopped first
            pass

    ts = [threading.Thread(target=hold, args=(i, g), daemon=True) for i, g in enumerate(games)]
    for t in ts:
        t.start()
    # Let every poll be held and the statistics of what came before be flushed
    # (an idle backend reports its counts after up to 10 s): 11 s + the
    # window stay within the polls' 25 s.
    time.sleep(11)
    first, _ = database_transactions(name)
    time.sleep(seconds)
    last, listening = database_transactions(name)
    # The measuring connection is on another database: it does not count.
    return (last - first) / seconds, listening, len(ts)


def instances(url: str, name: str, tmp: Path, args: argparse.Namespace) -> None:
    """Cross-instance wake latency and idle queries, timed query against LISTEN/NOTIFY."""
    for notify in ("0", "1"):
        what = ("LISTEN/NOTIFY" if notify == "1" else
                f"timed query every {args.longpoll_interval:g} s")
        ports = [free_port() for _ in range(args.instances)]
        procs = []
        try:
            for port in ports:
                procs.append(start_server(url, port, tmp, workers=args.workers, extra_env={
                    "LONGPOLL_NOTIFY": notify,
                    "LONGPOLL_INTERVAL": str(args.longpoll_interval)}))
            games = create_games(Client(ports[0]), args.wake_games,
                                 first_seed=20000 + 1000 * int(notify))
            lat, cmd, early = cross_instance_wakes(ports, games, args.wake_moves)
            lat.sort()
            cmd.sort()
            pct = lambda xs, q: xs[min(len(xs) - 1, int(len(xs) * q))] * 1e3  # noqa: E731
            print(f"[postgres] {args.instances} instances x {args.workers} workers, {what}: "
                  f"move on B to held poll on A answered: p50 {pct(lat, 0.5):.1f} ms, "
                  f"p99 {pct(lat, 0.99):.1f} ms, max {lat[-1] * 1e3:.1f} ms "
                  f"({len(lat)} moves, {args.wake_games} games at once"
                  f"{f', {early} polls answered before the move' if early else ''}); "
                  f"the command's own round trip p50 {pct(cmd, 0.5):.1f} ms, "
                  f"p99 {pct(cmd, 0.99):.1f} ms", flush=True)
            qps, listening, held = idle_queries(ports, games, name, args.idle_seconds)
            print(f"[postgres] {args.instances} instances x {args.workers} workers, {what}: "
                  f"{held} polls held, nothing changing: {qps:.1f} database queries per "
                  f"second over {args.idle_seconds:g} s; {listening} connections in LISTEN",
                  flush=True)
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                proc.wait(30)


class _PushSink(threading.Thread):
    """A stand-in push service for the outbox runs: answers 201 to every POST, counts."""

    def __init__(self) -> None:
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        sink = self
        self.count = 0

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                sink.count += 1
                self.send_response(201)
                self.end_headers()

            def log_message(self, *a: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        super().__init__(target=self.server.serve_forever, daemon=True)


def _browser_keys() -> dict[str, str]:
    """``keys`` of a browser's push subscription (a fresh P-256 key, a random secret)."""
    import base64

    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    point = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    b64 = lambda b: base64.urlsafe_b64encode(b).decode().rstrip("=")  # noqa: E731
    return {"p256dh": b64(point), "auth": b64(os.urandom(16))}


def outbox(kind: str, url: str, tmp: Path, args: argparse.Namespace) -> None:
    """Command round trips with the outbox off (no seat subscribed: a notice costs one
    query that finds no target) and on (both seats of every game subscribed, so each
    turn writes outbox rows in the command's transaction, and a ``flask deliver``
    worker process delivers them to a local push service meanwhile)."""
    import base64

    from cryptography.hazmat.primitives.asymmetric import ec

    key = ec.generate_private_key(ec.SECP256R1()).private_numbers().private_value
    env = {"OUTBOUND_ALLOW_HOSTS": "127.0.0.1", "DELIVERY_WORKER": "off",
           "VAPID_PRIVATE_KEY": base64.urlsafe_b64encode(key.to_bytes(32, "big")).decode()}
    port = free_port()
    proc = start_server(url, port, tmp, workers=args.workers, extra_env=env)
    sink = _PushSink()
    sink.start()
    worker = None
    try:
        client = Client(port)
        games = create_games(client, first_seed=7000)
        lat, secs = paced(port, games, args.paced_commands, args.pace)
        report(kind, f"outbox off: {GAMES} games, nobody subscribed", lat, secs)
        endpoint = f"http://127.0.0.1:{sink.server.server_port}/push"

        def subscribed_games(first_seed: int) -> list[dict[str, Any]]:
            games = create_games(client, first_seed=first_seed)
            for g in games:
                for seat, token in g["tokens"].items():
                    status, _, body = client.request(
                        "POST", f"/api/games/{g['id']}/push-subscriptions",
                        {"subscription": {"endpoint": f"{endpoint}/{g['id']}/{seat}",
                                          "keys": _browser_keys()}},
                        {"Authorization": f"Bearer {token}"})
                    assert status == 201, body
            return games

        # Recording alone (no worker yet): what the command's transaction pays.
        lat, secs = paced(port, subscribed_games(9000), args.paced_commands, args.pace)
        report(kind, f"outbox on, not delivered: {GAMES} games, both seats subscribed",
               lat, secs)
        games = subscribed_games(8000)
        worker = subprocess.Popen(
            [sys.executable, "-m", "flask", "--app", "dominion_server", "deliver"],
            env=dict(os.environ, PYTHONPATH=str(BACKEND), DATABASE_URL=url, AUTO_MIGRATE="0",
                     DELIVERY_POLL="0.2", **env),
            cwd=tmp, stdout=subprocess.DEVNULL)
        lat, secs = paced(port, games, args.paced_commands, args.pace)
        report(kind, f"outbox on: {GAMES} games, both seats subscribed, a worker delivering",
               lat, secs)
        print(f"[{kind}] outbox on: {sink.count} pushes delivered during the run")
        hook_cost(kind, url, games[0]["id"], env)
    finally:
        if worker is not None:
            worker.terminate()
            worker.wait(30)
        sink.server.shutdown()
        proc.terminate()
        proc.wait(30)


def hook_cost(kind: str, url: str, game_id: str, env: dict[str, str],
              rounds: int = 500) -> None:
    """The outbox hook alone, in process: what a saved change with notices pays inside
    the command's transaction (one select of targets, one insert), each round rolled
    back; and with notices but nobody subscribed (the select alone)."""
    sys.path.insert(0, str(BACKEND))
    os.environ.update(env)
    from dominion_server import create_app
    from dominion_server.delivery import outbox as ob
    from dominion_server.delivery.notices import Notice
    from dominion_server.extensions import db
    from sqlalchemy import text

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "AUTO_MIGRATE": False})
    with app.app_context():
        for what, gid in (("both seats subscribed", game_id), ("nobody subscribed", "none")):
            notices = [Notice("turn", gid, 1, 9, {"turn": 3, "players": ["Ann", "Bob"]})]
            lat = []
            for _ in range(rounds):
                db.session.execute(text("SELECT 1"))  # the command's transaction is open
                t0 = time.perf_counter()
                ob.enqueue(notices)
                lat.append(time.perf_counter() - t0)
                db.session.rollback()
            lat.sort()
            print(f"[{kind}] outbox hook, {what}: median {statistics.median(lat) * 1e3:.2f} ms, "
                  f"p99 {lat[int(len(lat) * 0.99)] * 1e3:.2f} ms ({rounds} rounds)")
        db.engine.dispose()


def bench(kind: str, args: argparse.Namespace) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="dominion-bench-"))
    try:
        if args.parts in ("all", "instances") and kind == "postgres":
            url = prepare_database(kind, tmp, PG_BENCH_INSTANCES)
            instances(url, PG_BENCH_INSTANCES, tmp, args)
        if args.parts == "instances":
            return
        if args.parts == "capacity":
            # One instance as shipped (the Procfile's 2 workers, default threads).
            capacity(kind, prepare_database(kind, tmp), tmp, 1000, None, workers=2,
                     commands=200)
            return
        url = prepare_database(kind, tmp)
        port = free_port()
        proc = start_server(url, port, tmp, workers=args.workers, extra_env={
            "LONGPOLL_INTERVAL": str(args.longpoll_interval)})
        try:
            client = Client(port)
            if args.parts in ("all", "classic"):
                games = create_games(client)
                lat, secs = paced(port, games, args.paced_commands, args.pace)
                report(kind, f"{GAMES} games at once, one move every ~{args.pace:g} s each",
                       lat, secs)
                lat, secs = saturated(port, games, args.commands, args.threads)
                report(kind, f"{GAMES} games, {args.threads} clients sending back to back",
                       lat, secs)
                rps, how = polls(client, port, games[0], args.poll_seconds)
                print(f"[{kind}] unchanged polls (304): {rps:.0f} per second ({how})")
            if args.parts in ("all", "live"):
                for i, mode in enumerate(("old", "long")):
                    live_games = create_games(client, args.live_games,
                                              first_seed=1000 * (i + 1))
                    live(kind, port, live_games, mode, args.live_seconds, args.workers,
                         args.think)
        finally:
            proc.terminate()
            proc.wait(30)
        if args.parts in ("all", "live"):
            capacity(kind, url, tmp, args.capacity_polls, args.capacity_threads)
        if args.parts in ("all", "outbox"):
            outbox(kind, url, tmp, args)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _seconds_range(text: str) -> tuple[float, float]:
    low, _, high = text.partition(",")
    return float(low), float(high or low)


def main() -> None:
    # Client threads waiting for the GIL would add up to the default 5 ms
    # switch interval to the round trips they time: switch more often.
    sys.setswitchinterval(0.0002)
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--parts", choices=["all", "classic", "live", "outbox", "instances",
                                            "capacity"],
                        default="all",
                        help="classic: command round trips and 304 polls; live: live games; "
                             "outbox: command round trips with turn alerts off and on; "
                             "instances: cross-instance wake-ups and idle queries "
                             "(PostgreSQL); capacity: 1,000 long polls held by one instance "
                             "with the shipped settings, command round trips meanwhile")
    parser.add_argument("--commands", type=int, default=3000)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--poll-seconds", type=int, default=5)
    parser.add_argument("--paced-commands", type=int, default=1500)
    parser.add_argument("--pace", type=float, default=0.5,
                        help="seconds each game pauses between moves in the paced run")
    parser.add_argument("--workers", type=int, default=2,
                        help="gunicorn workers (with 2, about half the moves are noticed by "
                             "the other worker's batched query)")
    parser.add_argument("--longpoll-interval", type=float, default=0.2,
                        help="LONGPOLL_INTERVAL of the server: seconds between batched queries")
    parser.add_argument("--live-games", type=int, default=20,
                        help="live games (two human seats each) per polling style")
    parser.add_argument("--live-seconds", type=float, default=12,
                        help="seconds each polling style is measured")
    parser.add_argument("--think", type=_seconds_range, default=(1.0, 2.0),
                        help="seconds a live player thinks before each move: MIN,MAX")
    parser.add_argument("--capacity-polls", type=int, default=120,
                        help="simultaneous long polls sent to one worker")
    parser.add_argument("--capacity-threads", type=int, default=64,
                        help="threads of that worker (GUNICORN_THREADS)")
    parser.add_argument("--instances", type=int, default=3,
                        help="gunicorn instances on one database (instances part)")
    parser.add_argument("--wake-games", type=int, default=10,
                        help="games played at once in the instances part")
    parser.add_argument("--wake-moves", type=int, default=400,
                        help="moves timed per mode in the instances part")
    parser.add_argument("--idle-seconds", type=float, default=12,
                        help="seconds the idle queries are counted (under the polls' 25 s)")
    args = parser.parse_args()
    kinds = ["sqlite", "postgres"] if args.db == "both" else [args.db]
    for kind in kinds:
        bench(kind, args)


if __name__ == "__main__":
    main()
