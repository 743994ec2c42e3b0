"""End-to-end fixtures: the real API server (SQLite in a temporary directory)
in a subprocess, and Debian's Chromium driven by Playwright.

The server is the app factory of ``dominion_server`` served by werkzeug's
threaded server on a free port; it serves the web client at ``/``.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, sync_playwright

from e2e_support import BACKEND, CHROMIUM, CHROMIUM_ARGS, SCREENSHOTS, open_context

_SERVER = """
import sys
from werkzeug.serving import make_server
from dominion_server import create_app
from dominion_server.delivery.worker import serve_in_background
app = create_app()
serve_in_background(app)  # turn alerts, as dominion-server delivers them
server = make_server("127.0.0.1", int(sys.argv[1]), app, threaded=True)
print("ready", flush=True)
server.serve_forever()
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: The e2e server's log, shown when a test fails.
SERVER_LOG: Path | None = None
#: Set on a test whose body failed, for its fixtures' teardown.
FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> pytest.TestReport:
    report = yield
    if report.when == "call" and report.failed:
        item.stash[FAILED] = True
    return report


@contextlib.contextmanager
def start_server(tmp: Path, backend: Path = BACKEND) -> Iterator[str]:
    """Serve the app (werkzeug, its own SQLite database in ``tmp``); yields its base URL.

    ``backend``: the server's code (benchmarks/client.py serves an older commit's too).
    """
    port = _free_port()
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(backend), os.environ.get("PYTHONPATH", "")]),
        "DATABASE_URL": f"sqlite:///{tmp / 'e2e.sqlite3'}",
        "AUTO_MIGRATE": "1",
        # Every browser of the suite shares one address; keep the default
        # command limit, but let the suite create its many games.
        "RATE_LIMIT_CREATE": "600 per minute",
        "RATE_LIMIT_JOIN": "600 per minute",
        # Push endpoints of the e2e browsers (test_push.py) are on this machine.
        "OUTBOUND_ALLOW_HOSTS": "127.0.0.1",
    }
    env.pop("TEST_DATABASE_URL", None)
    global SERVER_LOG
    SERVER_LOG = tmp / "server.log"
    log = open(SERVER_LOG, "w")
    proc = subprocess.Popen(
        [sys.executable, "-c", _SERVER, str(port)], cwd=str(tmp), env=env,
        stdout=log, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120  # a loaded machine imports slowly
        while True:
            if proc.poll() is not None:
                raise RuntimeError("server exited: " + (tmp / "server.log").read_text()[-2000:])
            try:
                with urllib.request.urlopen(url + "/api/health", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("server did not start: " + (tmp / "server.log").read_text()[-2000:])
            time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a fresh server with its own SQLite database.

    ``E2E_SERVER_URL`` points the tests at an already running server instead.
    """
    if os.environ.get("E2E_SERVER_URL"):
        yield os.environ["E2E_SERVER_URL"].rstrip("/")
        return
    with start_server(tmp_path_factory.mktemp("e2e-server")) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: apt-get install -y chromium")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture(scope="session")
def shots() -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS


@pytest.fixture
def context(browser: Browser, server: str, request: pytest.FixtureRequest
            ) -> Iterator[BrowserContext]:
    ctx = open_context(browser, server)
    yield ctx
    if request.node.stash.get(FAILED, False):
        keep_evidence(ctx, request.node.name)
    ctx.close()


def keep_evidence(ctx: BrowserContext, name: str) -> None:
    """After a failure: screenshots of the test's pages and the server's last requests."""
    SCREENSHOTS.mkdir(exist_ok=True)
    for i, page in enumerate(ctx.pages):
        try:
            page.screenshot(path=str(SCREENSHOTS / f"failed-{name}-{i}.png"))
            print(f"page {i} at {page.url}: screenshot failed-{name}-{i}.png")
        except Exception as e:  # a crashed page must not hide the real failure
            print(f"page {i}: no screenshot ({e})")
    if SERVER_LOG is not None and SERVER_LOG.exists():
        tail = SERVER_LOG.read_text(errors="replace").splitlines()[-40:]
        print("last lines of the e2e server log:", *tail, sep="\n")
