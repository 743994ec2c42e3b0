"""The docs page's example client plays a whole game against a live server."""

from __future__ import annotations

import os
import subprocess
import sys

from dominion_server.docs import CLIENT_EXAMPLE


def test_the_example_client_plays_a_game_to_its_end(live_server):
    # Loopback only: no proxy from the environment may stand in between.
    env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
    run = subprocess.run([sys.executable, str(CLIENT_EXAMPLE), live_server.url],
                         capture_output=True, text=True, timeout=600, env=env)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.startswith("game over: "), run.stdout
    reason = run.stdout.split()[2]
    assert reason in ("provinces", "colonies", "piles"), run.stdout
