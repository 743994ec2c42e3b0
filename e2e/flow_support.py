"""Helpers of the flow and accessibility tests: games made and played through
the API (so a test reaches a late or finished game in seconds), opened in a
browser that holds the seat's token, and the game log as the API tells it."""

from __future__ import annotations

import itertools
import time
from pathlib import Path

from playwright.sync_api import Page

from e2e_support import api, wait_screen

AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
_keys = itertools.count()


def new_game(server: str, seats: list[dict], **body) -> dict:
    """Create a game as seat 0 (``seats`` as the API takes them): its creation answer."""
    status, d = api(server, "POST", "/api/games", {"seats": seats, **body})
    assert status == 201, d
    return d


def join(server: str, game: dict, name: str, index: int = 0) -> dict:
    """Take a free seat of ``game`` with its ``index``-th invitation: the join answer."""
    code = game["invites"][index]["code"]
    status, d = api(server, "POST", f"/api/games/{game['id']}/join", {"name": name, "code": code})
    assert status in (200, 201), d
    return d


def auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def resource(server: str, game_id: str, token: str | None = None) -> dict:
    status, d = api(server, "GET", f"/api/games/{game_id}", headers=auth(token) if token else None)
    assert status == 200, d
    return d


def command(server: str, game_id: str, token: str, cmd: dict) -> dict:
    """Send one command; a rate-limited one is sent again after the second the server asks for."""
    key = f"flow-{next(_keys)}"
    for _ in range(30):
        status, d = api(server, "POST", f"/api/games/{game_id}/commands", cmd,
                        {**auth(token), "Idempotency-Key": key})
        if status != 429:
            break
        time.sleep(1)  # the server's command limit is per second (Retry-After: 1)
    assert status == 200, d
    return d


def log(server: str, game_id: str, token: str, lang: str = "en") -> list[dict]:
    """The whole event log as ``token``'s seat sees it, oldest first."""
    events, after = [], 0
    while True:
        status, d = api(server, "GET", f"/api/games/{game_id}/log?after={after}&limit=500&lang={lang}",
                        headers=auth(token))
        assert status == 200, d
        events += d["events"]
        if not d["more"]:
            return events
        after = d["next_after"]


def big_money_step(server: str, game_id: str, tokens: dict[int, str], before=None) -> dict:
    """One command of whoever must act (Big Money: Province at $8, Gold at $6,
    Silver at $3; decisions get their first valid answer); ``before(view, cmd)``
    runs before it is sent. Returns the view it acted on."""
    seat = resource(server, game_id)["view"]["awaiting"][0]
    v = resource(server, game_id, tokens[seat])["view"]
    d = v["decision"]
    legal = {c["type"]: c for c in v["legal"]}
    if d:
        cmd = {"type": "answer", "answer": d["options"][0] if d["kind"] == "option" else d["options"][:d["min"]]}
    elif "play_treasures" in legal:
        cmd = {"type": "play_treasures"}
    else:
        buys = {c["card"] for c in v["legal"] if c["type"] == "buy"}
        want = next((c for c in ("Province", "Gold", "Silver") if c in buys), None)
        cmd = {"type": "buy", "card": want} if want else {"type": "end_phase"}
    if before:
        before(v, cmd)
    command(server, game_id, tokens[seat], cmd)
    return v


def play_out(server: str, game_id: str, tokens: dict[int, str], before=None, until=None) -> None:
    """Play Big Money for every human seat until the game is over (or ``until(view)``)."""
    for _ in range(3000):
        d = resource(server, game_id)
        if d["status"] == "over" or (until and until(d["view"])):
            return
        big_money_step(server, game_id, tokens, before)
    raise AssertionError("the game did not end")


def open_seat(page: Page, game_id: str, seat: int, token: str, name: str, screen: str = "table") -> None:
    """Open ``game_id`` in ``page`` as the seat whose token it is (as if this device had joined it)."""
    page.goto("/")
    wait_screen(page, "home")
    page.evaluate("""([id, seat]) => { const all = JSON.parse(localStorage.getItem('dominion.seats') || '{}');
        all[id] = seat; localStorage.setItem('dominion.seats', JSON.stringify(all)); }""",
                  [game_id, {"token": token, "seat": seat, "name": name, "at": 0}])
    page.goto(f"/#/g/{game_id}")
    wait_screen(page, screen)


def one_line_per_buy(events: list[dict]) -> list[dict]:
    """The events the client draws as lines: a buy's own gain (same seat and card,
    to the discard pile, right after it) is not a line of its own (issue 23)."""
    return [e for i, e in enumerate(events)
            if not (i and e["type"] == "gain" and events[i - 1]["type"] == "buy"
                    and events[i - 1]["seat"] == e["seat"] and events[i - 1].get("card") == e.get("card")
                    and not e.get("source") and e.get("to") in (None, "discard"))]


def turns(events: list[dict]) -> list[dict]:
    """The log in turns as the client shows them: {seat, n (the player's own number), events}."""
    out, count = [], {}
    for e in events:
        if e["type"] == "turn" or not out:
            count[e["seat"]] = count.get(e["seat"], 0) + 1
            out.append({"seat": e["seat"], "n": count[e["seat"]], "events": []})
            if e["type"] == "turn":
                continue
        out[-1]["events"].append(e)
    return out
