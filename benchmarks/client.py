"""Web client benchmark: time to the first render in a new browser, at phone size.

Run: ``python3 benchmarks/client.py [--runs 5]`` (needs Debian's chromium and
the test extra's playwright). Starts the e2e suite's server (werkzeug, SQLite in
a temporary directory) and opens, each time in a fresh browser profile (no
cache, no service worker): the home screen, and a game's table by its link.
Prints the median and the worst of ``performance`` marks the client sets when
it first draws (``dominion:first-render``, ``dominion:first-game-render``);
the issue asks for under 1 s. It asserts nothing: figures vary by machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))

from playwright.sync_api import sync_playwright  # noqa: E402

from e2e_support import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402
from conftest import start_server  # noqa: E402


def first_render(browser, url: str, screen: str, mark: str) -> float:
    ctx = browser.new_context(viewport=PHONE, has_touch=True)
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_selector(f"main[data-screen='{screen}']", state="attached")
    ms = page.evaluate("(m) => performance.getEntriesByName(m)[0].startTime", mark)
    ctx.close()
    return ms


def new_game(server: str) -> str:
    body = {"seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "big-money"}],
            "creator_seat": 0, "preset": "first-game-1e"}
    req = urllib.request.Request(server + "/api/games", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(req) as r:
        return json.load(r)["id"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp, start_server(Path(tmp)) as server, \
            sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        game = f"{server}/#/g/{new_game(server)}"
        for name, url, screen, mark in (
            ("home", server + "/", "home", "dominion:first-render"),
            ("a game's table (spectator)", game, "table", "dominion:first-game-render"),
        ):
            times = [first_render(browser, url, screen, mark) for _ in range(args.runs)]
            print(f"first render, {name}: median {statistics.median(times):.0f} ms, "
                  f"worst {max(times):.0f} ms over {args.runs} new browsers")
        browser.close()


if __name__ == "__main__":
    main()
