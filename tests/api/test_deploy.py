"""Migrations, stored-state upgrades, and the entry points (Procfile, dev runner)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from dominion_server import create_app
from dominion_server.extensions import db

from .support import bearer, create, get

ROOT = Path(__file__).resolve().parents[2]
BACKEND = ROOT / "backend"


def test_migrations_match_the_models(any_app):
    with any_app.app_context():
        with db.engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), db.metadata)
            version = conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
        db.session.remove()
    assert diff == []
    assert version == "0003"


def test_stored_states_are_upgraded_by_the_engine(client, app, monkeypatch):
    """A game stored by an older engine loads through dominion.upgrade and is saved anew."""
    import dominion.engine
    import dominion.upgrade

    g = create(client)
    gid, tok = g["id"], g["token"]
    old = get(client, gid, tok).get_json()["view"]
    current = dominion.engine.SCHEMA_VERSION
    calls = []

    def step(data):
        calls.append(data["schema_version"])
        return data

    monkeypatch.setattr(dominion.engine, "SCHEMA_VERSION", current + 1)
    monkeypatch.setitem(dominion.upgrade.STEPS, current, step)
    assert get(client, gid, tok).get_json()["view"] == old
    assert calls == [current]
    r = client.post(f"/api/games/{gid}/commands", json={"type": "end_phase"},
                    headers=bearer(tok))
    assert r.status_code == 200
    with app.app_context():
        from dominion_server.models import GameRow

        saved = json.loads(db.session.get(GameRow, gid).state)
        db.session.remove()
    assert saved["schema_version"] == current + 1


def test_a_stored_state_that_does_not_load_is_a_500_problem(client, app):
    g = create(client)
    with app.app_context():
        from dominion_server.models import GameRow

        row = db.session.get(GameRow, g["id"])
        row.state = json.dumps({"schema_version": 999, "state": {}})
        db.session.commit()
        db.session.remove()
    r = get(client, g["id"], g["token"])
    assert r.status_code == 500 and r.get_json()["code"] == "internal_error"
    assert "999" not in r.get_json()["detail"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait(url: str, proc: subprocess.Popen, timeout: float = 30) -> dict:
    end = time.time() + timeout
    while time.time() < end:
        assert proc.poll() is None, proc.communicate()[0]
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                return json.loads(r.read())
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"{url} did not answer")


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "AUTO_MIGRATE")}
    env["PYTHONPATH"] = str(BACKEND) + os.pathsep + env.get("PYTHONPATH", "")
    # The Procfile's flask and gunicorn are those of the environment running the tests.
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    env.update(extra)
    return env


def _post_game(base: str) -> dict:
    body = json.dumps({"seats": [{"kind": "human", "name": "Ann"},
                                 {"kind": "bot", "bot": "big-money"}]}).encode()
    req = urllib.request.Request(f"{base}/api/games", body,
                                 {"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(req, timeout=10) as r:
        assert r.status == 201
        return json.loads(r.read())


def test_release_step_then_procfile_web_with_gunicorn(tmp_path):
    procfile = dict(line.split(": ", 1) for line in (ROOT / "Procfile").read_text().splitlines()
                    if line.strip())
    url = f"sqlite:///{tmp_path / 'prod.sqlite3'}"
    # release: migrations on a fresh database, with automatic migration off.
    env = _env(DATABASE_URL=url, AUTO_MIGRATE="0")
    rel = subprocess.run(["bash", "-c", procfile["release"]], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert rel.returncode == 0, rel.stderr
    # web: gunicorn with 2 workers on $PORT.
    port = _free_port()
    env.update(PORT=str(port), WEB_CONCURRENCY="2")
    proc = subprocess.Popen(["bash", "-c", "exec " + procfile["web"]], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        base = f"http://127.0.0.1:{port}"
        assert _wait(f"{base}/api/health", proc)["database"] == "ok"
        game = _post_game(base)
        with urllib.request.urlopen(f"{base}/api/games/{game['id']}", timeout=10) as r:
            assert json.loads(r.read())["status"] == "active"
        with urllib.request.urlopen(f"{base}/", timeout=10) as r:
            assert "default-src 'self'" in r.headers["Content-Security-Policy"]
    finally:
        proc.terminate()
        proc.wait(10)


def test_dev_runner_creates_the_database_and_serves(tmp_path):
    port = _free_port()
    db_file = tmp_path / "instance" / "dev.sqlite3"
    env = _env(DATABASE_URL=f"sqlite:///{db_file}")
    proc = subprocess.Popen([sys.executable, "-m", "dominion_server", "--port", str(port)],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        base = f"http://127.0.0.1:{port}"
        assert _wait(f"{base}/api/health", proc)["status"] == "ok"
        assert db_file.exists()
        assert _post_game(base)["token"]
    finally:
        proc.terminate()
        proc.wait(10)


def test_default_database_is_sqlite_in_the_instance_folder(monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    app = create_app({"AUTO_MIGRATE": False})
    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    assert uri == f"sqlite:///{Path(app.instance_path) / 'dominion.sqlite3'}"
    monkeypatch.setenv("DATABASE_URL", "postgres://u@h/db")
    assert create_app({"AUTO_MIGRATE": False}).config["SQLALCHEMY_DATABASE_URI"] == \
        "postgresql+psycopg://u@h/db"


def _procfile() -> dict[str, str]:
    return dict(line.split(": ", 1) for line in (ROOT / "Procfile").read_text().splitlines()
                if line.strip())


def _raw_get(port: int, target: str, headers: dict[str, str]) -> tuple[int, str, bytes]:
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", target, headers=headers)
        r = conn.getresponse()
        return r.status, r.getheader("Content-Type", ""), r.read()
    finally:
        conn.close()


def test_gunicorn_answers_huge_urls_and_headers_as_problems_and_instances_share_nothing(
        tmp_path):
    """Two Procfile web processes on one host: JSON refusals, no shared control socket."""
    from dominion_server.request_limits import MAX_FIELD_SIZE, MAX_FIELDS, MAX_TARGET

    home = tmp_path / "home"  # gunicorn's per-user default paths land here, not in ~
    home.mkdir()
    procs, ports = [], []
    try:
        for i in range(2):
            port = _free_port()
            env = _env(DATABASE_URL=f"sqlite:///{tmp_path / f'db{i}.sqlite3'}", PORT=str(port),
                       WEB_CONCURRENCY="1", HOME=str(home))
            env.pop("XDG_RUNTIME_DIR", None)
            log = open(tmp_path / f"gunicorn{i}.log", "w")
            procs.append(subprocess.Popen(["bash", "-c", "exec " + _procfile()["web"]],
                                          cwd=ROOT, env=env, stdout=log,
                                          stderr=subprocess.STDOUT))
            log.close()
            ports.append(port)
        for port, proc in zip(ports, procs):
            assert _wait(f"http://127.0.0.1:{port}/api/health", proc)["database"] == "ok"
        port = ports[0]
        cases = (
            ("/api/cards?x=" + "a" * (MAX_TARGET + 100), {}, 414),
            ("/api/health", {"X-Padding": "a" * (MAX_FIELD_SIZE + 100)}, 431),
            ("/api/health", {f"X-Field-{i}": "1" for i in range(MAX_FIELDS + 5)}, 431),
        )
        for target, headers, status in cases:
            got, ctype, body = _raw_get(port, target, headers)
            assert (got, ctype) == (status, "application/problem+json"), body[:200]
            assert json.loads(body)["status"] == status
        # Past gunicorn's own limit, gunicorn refuses (its HTML page, the last line).
        assert _raw_get(port, "/api/cards?x=" + "a" * 9000, {})[0] == 414
        # Both instances still serve; neither made the per-user control socket.
        for p in ports:
            assert _raw_get(p, "/api/health", {})[0] == 200
        assert not (home / ".gunicorn").exists()
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
    logs = "".join((tmp_path / f"gunicorn{i}.log").read_text() for i in range(2))
    assert "control socket" not in logs.lower(), logs


def test_gunicorn_limits_sit_above_the_apps():
    """What the app can answer in JSON reaches the app; gunicorn's limits are the last line."""
    import runpy

    from dominion_server import request_limits as app

    conf = runpy.run_path(str(BACKEND / "dominion_server" / "gunicorn_conf.py"))
    # The request line adds the method, spaces and "HTTP/1.1" to the target.
    assert conf["limit_request_line"] >= app.MAX_TARGET + 64
    assert conf["limit_request_line"] <= 8190  # gunicorn's maximum
    assert conf["limit_request_fields"] > app.MAX_FIELDS
    assert conf["limit_request_field_size"] > app.MAX_FIELD_SIZE + 2
    assert conf["control_socket_disable"] is True
    assert "gunicorn_conf.py" in _procfile()["web"]


def _post(base: str, path: str, body: dict, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(f"{base}{path}", json.dumps(body).encode(), headers,
                                 method="POST")
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


@pytest.mark.parametrize("runner", ["dominion-server", "procfile-web"])
def test_the_embedded_servers_deliver_turn_alerts_by_themselves(tmp_path, runner):
    """On SQLite, dominion-server and the Procfile's gunicorn run the delivery
    thread (no worker process): a seat's webhook hears of the game starting."""
    from ..delivery_servers import WebhookReceiver

    port = _free_port()
    env = _env(DATABASE_URL=f"sqlite:///{tmp_path / 'embedded.sqlite3'}", PORT=str(port),
               WEB_CONCURRENCY="1", OUTBOUND_ALLOW_HOSTS="127.0.0.1", HOME=str(tmp_path),
               RATE_LIMITS="0")
    if runner == "dominion-server":
        cmd = [sys.executable, "-m", "dominion_server", "--port", str(port)]
    else:
        cmd = ["bash", "-c", "exec " + _procfile()["web"]]
    log = open(tmp_path / "server.log", "w")
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    log.close()
    try:
        base = f"http://127.0.0.1:{port}"
        _wait(f"{base}/api/health", proc)
        game = _post(base, "/api/games", {"seats": [{"kind": "human", "name": "Ann"},
                                                    {"kind": "human"}]})
        with WebhookReceiver("whsec_" + "A" * 43) as receiver:
            hook = _post(base, f"/api/games/{game['id']}/webhooks",
                         {"url": receiver.hook_url}, game["token"])
            receiver.secret = hook["secret"]
            _post(base, f"/api/games/{game['id']}/join", {"name": "Bob"})
            first = receiver.wait_for(1)[0].data
        # Bob's join starts the game: Ann hears of it (joined, or her turn).
        assert (first["game_id"], first["seat"]) == (game["id"], 0), first
        assert first["type"] in ("joined", "turn"), first
    finally:
        proc.terminate()
        proc.wait(10)


#: The longest pause between polls the docs advise (*Turn structure*: "from 1 s to 8 s").
LONGEST_ADVISED_BACKOFF = 8


def test_gunicorn_keeps_idle_connections_past_the_longest_advised_backoff():
    """Issue 24 (7): a client that pauses as the docs advise reuses its connection, so
    gunicorn's `keepalive` (gunicorn's own reading of the file) outlasts that pause with
    room for the request itself, and the docs say how long it is."""
    from gunicorn.config import Config

    from dominion_server.docs import TURNS

    cfg = Config()
    for key, value in _conf().items():
        if key in cfg.settings:
            cfg.set(key, value)
    assert cfg.keepalive >= LONGEST_ADVISED_BACKOFF + 2
    turns = " ".join(TURNS.split())
    assert "from 1 s to 8 s" in turns  # the back-off this test guards
    assert f"at least {cfg.keepalive} s" in turns


def _conf() -> dict:
    import runpy

    return runpy.run_path(str(BACKEND / "dominion_server" / "gunicorn_conf.py"))


def _http_exchange(sock: socket.socket, target: str) -> bytes:
    """One keep-alive GET on ``sock``; the answer's status line (b"" if the server closed)."""
    sock.sendall(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return b""
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(next(line.split(b":", 1)[1] for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length:")))
    while len(body) < length:
        chunk = sock.recv(65536)
        assert chunk, "the connection closed in the middle of an answer"
        body += chunk
    return head.split(b"\r\n", 1)[0]


def test_a_connection_left_idle_for_the_longest_backoff_still_serves(tmp_path):
    """A real gunicorn from the Procfile: one connection, one request, the longest
    advised pause, and a second request on the same connection is answered."""
    port = _free_port()
    env = _env(DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}", PORT=str(port),
               WEB_CONCURRENCY="1", HOME=str(tmp_path))
    proc = subprocess.Popen(["bash", "-c", "exec " + _procfile()["web"]], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        assert _wait(f"http://127.0.0.1:{port}/api/health", proc)["database"] == "ok"
        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            assert _http_exchange(sock, "/api/health") == b"HTTP/1.1 200 OK"
            # The pause is what is under test (the client's back-off), not a wait for state.
            time.sleep(LONGEST_ADVISED_BACKOFF)
            assert _http_exchange(sock, "/api/health") == b"HTTP/1.1 200 OK"
    finally:
        proc.terminate()
        proc.wait(10)
