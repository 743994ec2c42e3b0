"""The README's two set-up commands are the ones that work.

The first runs the product: it is executed here as written (a virtual
environment in the checkout, the pinned install, the server) and the test
waits until the game it serves answers. The second must be the CI entry
point, so CI proves it on every run.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def setup_commands() -> list[str]:
    """The commands of the README's first code block, without their comments."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.match(r"```sh\n(.*?)\n```", text, re.S)
    assert match, "the README must start with a sh code block of set-up commands"
    return [re.split(r"\s{2,}#", line)[0].strip() for line in match.group(1).splitlines()]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as resp:
            return resp.status, resp.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def test_the_readme_starts_with_a_run_and_a_test_command():
    commands = setup_commands()
    assert len(commands) == 2
    assert commands[1] == "bash .ci/run"
    assert (ROOT / ".ci" / "run").is_file()


def test_the_readme_run_command_serves_the_game(tmp_path):
    port = _free_port()
    env = {**os.environ, "PORT": str(port),
           "DATABASE_URL": f"sqlite:///{tmp_path / 'readme.sqlite3'}"}
    env.pop("PYTHONPATH", None)
    log = tmp_path / "server.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(["bash", "-c", setup_commands()[0]], cwd=ROOT, env=env,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        # The install may download; the wait ends as soon as the server answers
        # or the command exits, and is bounded only against a hang.
        deadline = time.monotonic() + 600
        status = None
        while proc.poll() is None and time.monotonic() < deadline:
            try:
                status, _ = _get(f"http://127.0.0.1:{port}/api/health")
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.5)
        assert status == 200, f"no answer from the server; its output:\n{log.read_text()[-3000:]}"
        status, page = _get(f"http://127.0.0.1:{port}/")
        assert status == 200 and "<html" in page.lower()
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
