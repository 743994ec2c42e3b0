"""Playing a turn on a phone as a demanding player does (issue 12, the table):
the decision always in view, fair undo, a second tap only where a tap would
throw something away, scores, your deck and per-player turn numbers, what you
can afford in reach, and the phase buttons in view on a desktop.

Scripted game resources show the client exact situations (a Militia arriving
while the page is scrolled, hands that ask or do not ask for a confirmation);
undo, scores and decks are checked on real games against the API. The waits are
the app's own (idle, a new version), never time.
"""

from __future__ import annotations

import json
import secrets

from playwright.sync_api import expect

from e2e_support import api, open_context, shot, small_tap_targets, no_horizontal_scroll, wait_idle, wait_screen, watch
from policy import ask_or_send, settle, version, wake

GAME = "scripted-table"
KINGDOM = ["Workshop", "Village", "Smithy", "Market", "Militia", "Moat", "Cellar", "Festival", "Library", "Gardens"]
BASIC = ["Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse"]
COSTS = {"Copper": 0, "Curse": 0, "Estate": 2, "Silver": 3, "Duchy": 5, "Gold": 6, "Province": 8, "Cellar": 2,
         "Moat": 2, "Village": 3, "Workshop": 3, "Smithy": 4, "Militia": 4, "Gardens": 4, "Market": 5,
         "Festival": 5, "Library": 5}
DESKTOP = {"width": 1280, "height": 800}


# --- scripted situations -------------------------------------------------------

def resource(version_: int, s: dict) -> dict:
    """A game resource for Ann (seat 0) in situation ``s`` (turn seat, phase, hand, legal, decision...)."""
    supply = [{"card": c, "count": 10, "cost": COSTS[c]} for c in BASIC + KINGDOM]
    players = [{"seat": i, "name": n, "hand_count": 5, "deck_count": 5, "discard_count": 3, "discard_top": None,
                "in_play": [], "set_aside": [], "vp_tokens": 0, "turns": 7} for i, n in enumerate(["Ann", "Bob"])]
    players[0]["hand"] = s["hand"]
    d = s.get("decision")
    turn = {"seat": s.get("seat", 0), "number": 13, "phase": s.get("phase", "action"), "actions": 1,
            "buys": s.get("buys", 1), "coins": s.get("coins", 0)}
    waiting = d["seat"] if d else turn["seat"]
    return {
        "id": GAME, "version": version_, "status": "active", "seat": 0, "edition": "2",
        "seats": [{"seat": i, "kind": "human", "name": n, "bot": None, "joined": True} for i, n in enumerate(["Ann", "Bob"])],
        "setup": {"kingdom": KINGDOM, "colony": False, "colony_odds": 0, "colony_reason": "no-prosperity",
                  "preset": None, "randomizer": None, "players": 2},
        "invites": [], "log_seq": 0,
        "view": {
            "seat": 0, "players": players, "supply": supply, "kingdom": KINGDOM, "edition": "2", "trash": [],
            "turn": turn, "awaiting": [waiting],
            "waiting_for": {"seat": waiting, "prompt": d["prompt"] if d else None, "card": d["card"] if d else None},
            "decision": d, "legal": s.get("legal", []), "game_over": False, "result": None,
        },
    }


class Table:
    """Serves one scripted game whose situation the test sets; records every command sent."""

    def __init__(self, situation: dict):
        self.situation = situation
        self.version = 1
        self.commands: list[dict] = []

    def show(self, situation: dict) -> None:
        self.situation = situation
        self.version += 1

    def body(self) -> dict:
        return resource(self.version, self.situation)

    def game(self, route) -> None:
        etag = f'"{self.version}"'
        if route.request.headers.get("if-none-match") == etag:
            route.fulfill(status=304, headers={"ETag": etag})
        else:
            route.fulfill(status=200, json=self.body(), headers={"ETag": etag})

    def command(self, route) -> None:
        self.commands.append(json.loads(route.request.post_data))
        self.version += 1  # the same situation, a new version: the client draws it
        route.fulfill(status=200, json={**self.body(), "events": []}, headers={"ETag": f'"{self.version}"'})

    def open(self, browser, server, **kw):
        ctx = open_context(browser, server, **kw)
        page = ctx.new_page()
        page.route(f"**/api/games/{GAME}", self.game)
        page.route(f"**/api/games/{GAME}/commands", self.command)
        page.route(f"**/api/games/{GAME}/log*", lambda r: r.fulfill(status=200, json={"events": [], "more": False}))
        page.goto(f"/#/g/{GAME}")
        wait_screen(page, "table")
        return ctx, page


def plays(*cards):
    return [{"type": "play", "card": c} for c in cards]


def buys(*cards):
    return [{"type": "buy", "card": c} for c in cards]


def in_view(page, selector: str) -> dict:
    """Where ``selector`` is against the viewport and the sticky status bar."""
    return page.evaluate("""(sel) => {
        const r = document.querySelector(sel).getBoundingClientRect();
        const bar = document.querySelector('.status').getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + 4);
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, barBottom: bar.bottom,
                 vh: innerHeight, vw: innerWidth, onTop: !!top && document.querySelector(sel).contains(top),
                 scrolled: scrollY };
    }""", selector)


def fully_in_view(page, selector: str) -> None:
    box = in_view(page, selector)
    assert box["top"] >= box["barBottom"] - 0.5 and box["bottom"] <= box["vh"] + 0.5, box
    assert box["left"] >= -0.5 and box["right"] <= box["vw"] + 0.5, box
    assert box["onTop"], f"{selector} is covered: {box}"


MILITIA_HAND = ["Copper", "Copper", "Estate", "Silver", "Village"]


def test_a_militia_arriving_while_scrolled_is_fully_in_view_and_collapses(browser, server, shots):
    table = Table({"seat": 1, "hand": MILITIA_HAND})  # Bob's turn: Ann waits
    ctx, page = table.open(browser, server)
    errors = watch(page)
    expect(page.locator("#waiting")).to_be_visible()
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")  # reading the log
    assert page.evaluate("scrollY") > 300
    # Bob plays Militia: the next poll brings Ann's decision.
    table.show({"seat": 1, "hand": MILITIA_HAND, "legal": [{"type": "answer"}],
                "decision": {"seat": 0, "kind": "cards", "prompt": "militia.discard", "options": MILITIA_HAND,
                             "min": 2, "max": 2, "card": "Militia", "args": {"count": 2}}})
    wake(page)
    panel = page.locator("#decision")
    expect(panel).to_have_attribute("data-prompt", "militia.discard")
    wait_idle(page)
    assert page.evaluate("scrollY") > 300  # the page did not jump: the sheet came to the player
    fully_in_view(page, "#decision")
    for sel in ("#dec-title", "#decision .prompt", "#decision button[data-confirm]", '#decision button[data-option="4"]'):
        fully_in_view(page, sel)
    expect(panel.locator(".prompt")).to_have_text("Discard down to 3 cards in hand.")
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    shot(page, shots, "60-militia-sheet-scrolled", full=False)

    # Collapsed, the sheet leaves the table to look at and keeps the prompt in view.
    page.click("#sheet-toggle")
    expect(panel.locator("#dec-body")).to_be_hidden()
    expect(page.locator("#sheet-toggle")).to_have_attribute("aria-expanded", "false")
    fully_in_view(page, "#decision")
    assert panel.bounding_box()["height"] < 140
    page.locator("#supply").scroll_into_view_if_needed()
    page.locator('#supply button.card[data-card="Militia"]').click()  # its text, to check the attack
    expect(page.locator("#card-dialog")).to_be_visible()
    page.keyboard.press("Escape")
    shot(page, shots, "61-militia-sheet-collapsed", full=False)
    page.click("#sheet-toggle")
    expect(panel.locator("#dec-body")).to_be_visible()
    fully_in_view(page, "#decision button[data-confirm]")

    panel.locator('button[data-option="2"]').click()
    panel.locator('button[data-option="0"]').click()
    before = version(page)
    panel.locator("button[data-confirm]").click()
    settle(page, before)
    assert table.commands == [{"type": "answer", "answer": ["Estate", "Copper"]}]
    assert errors == []
    ctx.close()


ACTION_HAND = ["Cellar", "Market", "Copper", "Copper", "Estate"]
ACTION_LEGAL = [*plays("Cellar", "Market", "Copper"), {"type": "play_treasures"}, {"type": "end_phase"}]


def test_a_second_tap_only_where_a_tap_would_throw_something_away(browser, server, shots):
    table = Table({"hand": ACTION_HAND, "legal": ACTION_LEGAL})
    ctx, page = table.open(browser, server)
    errors = watch(page)
    hand = page.locator("#hand")
    # A Copper in the Action phase does not look like a playable Action.
    expect(hand.locator('button.card[data-card="Market"]')).to_have_class(
        __import__("re").compile(r"\bplayable\b"))
    copper = hand.locator('button.card[data-card="Copper"]').first
    assert "playable" not in (copper.get_attribute("class") or "").split()
    assert copper.evaluate("e => getComputedStyle(e.querySelector('.nm'), '::after').content") in ("none", "normal")

    # End Actions with Cellar and Market in hand: the bar asks, nothing is sent.
    page.click("#btn-end")
    expect(page.locator("#confirm-msg")).to_have_text("You can still play Cellar and Market.")
    expect(page.locator("#btn-confirm")).to_have_text("End Actions anyway")
    fully_in_view(page, "#btn-confirm")
    assert table.commands == []
    assert small_tap_targets(page) == []
    shot(page, shots, "62-confirm-end-actions", full=False)
    page.click("#btn-cancel")
    expect(page.locator("#confirm-msg")).to_have_count(0)

    # A stray tap on a Copper asks the same; one more tap plays it.
    copper.click()
    expect(page.locator("#confirm-msg")).to_have_text("You can still play Cellar and Market.")
    expect(page.locator("#btn-confirm")).to_have_text("Play Copper anyway")
    assert table.commands == []
    before = version(page)
    page.click("#btn-confirm")
    settle(page, before)
    assert table.commands == [{"type": "play", "card": "Copper"}]
    expect(page.locator("#confirm-msg")).to_have_count(0)

    # Play all Treasures in the Action phase ends it too: asked, then sent on the second tap.
    page.click("#btn-treasures")
    expect(page.locator("#btn-confirm")).to_have_text("Play Treasures anyway")
    before = version(page)
    page.click("#btn-confirm")
    settle(page, before)
    assert table.commands[-1] == {"type": "play_treasures"}

    # No Action left to play: End Actions and a Copper go at once, and Copper wears the mark.
    table.show({"hand": ["Copper", "Estate", "Village"], "legal": [*plays("Copper"), {"type": "end_phase"}]})
    wake(page)
    wait_idle(page)
    expect(hand.locator('button.card[data-card="Copper"]')).to_have_class(__import__("re").compile(r"\bplayable\b"))
    ask_or_send(page, page.locator("#btn-end"))
    expect(page.locator("#btn-confirm")).to_have_count(0)
    assert table.commands[-1] == {"type": "end_phase"}
    hand.locator('button.card[data-card="Copper"]').click()
    wait_idle(page)
    expect(page.locator("#btn-confirm")).to_have_count(0)
    assert table.commands[-1] == {"type": "play", "card": "Copper"}

    # End turn with $5 and a Buy left: asked. With nothing to spend, or no Buy: not asked.
    buy_phase = {"phase": "buy", "hand": ["Estate"], "coins": 5, "buys": 1,
                 "legal": [*buys("Copper", "Curse", "Estate", "Silver", "Village", "Market"), {"type": "end_phase"}]}
    table.show(buy_phase)
    wake(page)
    wait_idle(page)
    n = len(table.commands)
    page.click("#btn-end")
    expect(page.locator("#confirm-msg")).to_have_text("You still have $5 and 1 Buy.")
    expect(page.locator("#btn-confirm")).to_have_text("End turn anyway")
    assert len(table.commands) == n
    shot(page, shots, "63-confirm-end-turn", full=False)
    before = version(page)
    page.click("#btn-confirm")
    settle(page, before)
    assert table.commands[-1] == {"type": "end_phase"}
    # Treasures still in hand count as coins left.
    table.show({**buy_phase, "hand": ["Gold"], "coins": 0,
                "legal": [*buys("Copper", "Curse"), {"type": "play_treasures"}, {"type": "end_phase"}]})
    wake(page)
    wait_idle(page)
    page.click("#btn-end")
    expect(page.locator("#confirm-msg")).to_have_text("Your Treasures are still in your hand and you have 1 Buy.")
    page.click("#btn-cancel")
    for quiet in ({**buy_phase, "coins": 0, "legal": [*buys("Copper", "Curse"), {"type": "end_phase"}]},
                  {**buy_phase, "coins": 5, "buys": 0, "legal": [{"type": "end_phase"}]}):
        table.show(quiet)
        wake(page)
        wait_idle(page)
        n = len(table.commands)
        ask_or_send(page, page.locator("#btn-end"))
        expect(page.locator("#btn-confirm")).to_have_count(0)
        assert len(table.commands) == n + 1 and table.commands[-1] == {"type": "end_phase"}
    assert errors == []
    ctx.close()


def test_the_buy_phase_puts_what_you_can_afford_in_reach(browser, server, shots):
    table = Table({"phase": "buy", "hand": ["Estate"], "coins": 6, "buys": 1,
                   "legal": [*buys("Copper", "Curse", "Estate", "Cellar", "Moat", "Silver", "Village", "Workshop",
                                   "Smithy", "Militia", "Gardens", "Duchy", "Market", "Festival", "Library", "Gold"),
                             {"type": "end_phase"}]})
    ctx, page = table.open(browser, server)
    strip = page.locator("#buy-strip")
    expect(strip).to_be_visible()
    cards = strip.locator("button.card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert cards[0] == "Gold" and cards[-2:] == ["Copper", "Curse"], cards
    fully_in_view(page, '#buy-strip button.card[data-card="Gold"]')
    assert page.evaluate("scrollY") == 0
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    shot(page, shots, "64-buy-strip", full=False)
    # Without undo on the server (no log_epoch), a tap opens the card with its Buy button.
    strip.locator('button.card[data-card="Gold"]').click()
    expect(page.locator('#card-dialog button[data-action="buy"]')).to_be_visible()
    page.keyboard.press("Escape")
    assert table.commands == []
    ctx.close()
