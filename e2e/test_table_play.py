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

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from e2e_support import (
    api, layout_ok, no_horizontal_scroll, open_context, shot, small_tap_targets, wait_idle, wait_screen, watch,
)
from policy import ask_or_send, buy, settle, version, wake

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
        if self.commands[-1]["type"] == "undo" and self.situation.get("refuse_undo"):
            route.fulfill(status=409, content_type="application/problem+json", json={
                "type": "/api/docs#problem-illegal_command", "title": "Illegal command", "status": 409,
                "code": "cannot_undo", "detail": "there is no move this seat may take back now"})
            return
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
ACTION_LEGAL = [*plays("Cellar", "Market", "Copper"), {"type": "play_treasures"}, *buys("Copper", "Curse"),
                {"type": "end_phase"}]


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

    # A buy would end the Action phase too: a pile's window offers none while Actions can be played.
    page.locator('#supply button.card[data-card="Copper"]').click()
    expect(page.locator("#card-dialog")).to_be_visible()
    expect(page.locator('#card-dialog button[data-action="buy"]')).to_have_count(0)
    page.keyboard.press("Escape")

    # End Actions with Cellar and Market in hand: the bar asks, nothing is sent.
    end = page.locator("#btn-end").bounding_box()
    page.click("#btn-end")
    expect(page.locator("#confirm-msg")).to_have_text("You can still play Cellar and Market.")
    expect(page.locator("#btn-confirm")).to_have_text("End Actions anyway")
    # A double tap lands on "Not yet": End's place; the confirmation is elsewhere.
    assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).id",
                         [end["x"] + end["width"] / 2, end["y"] + end["height"] / 2]) == "btn-cancel"
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
    assert cards[0] == "Gold" and cards[-1] == "Copper" and "Curse" not in cards, cards
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
    # In Czech and Hungarian the strip, the bar and its question fit a phone too.
    for lang in ("cs", "hu"):
        page.select_option("#lang", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        wait_idle(page)
        layout_ok(page, lang)
        page.click("#btn-end")
        expect(page.locator("#confirm-msg")).to_contain_text("$6")
        layout_ok(page, lang)
        assert small_tap_targets(page) == []
        shot(page, shots, f"68-confirm-end-turn-{lang}", full=False)
        page.click("#btn-cancel")
    assert table.commands == []
    ctx.close()


# --- real games against the API ---------------------------------------------

class Seat:
    """One seat of a real game, driven through the API with its bearer token."""

    def __init__(self, server: str, game: str, token: str):
        self.server, self.id, self.auth = server, game, {"Authorization": f"Bearer {token}"}
        self.token = token

    def resource(self) -> dict:
        status, body = api(self.server, "GET", f"/api/games/{self.id}", headers=self.auth)
        assert status == 200, body
        return body

    def send(self, command: dict) -> tuple[int, dict]:
        """Send one command; a 429 (the suite shares one address) is sent again
        after the server's one-second window, with the same idempotency key."""
        key = secrets.token_hex(8)
        while True:
            status, body = api(self.server, "POST", f"/api/games/{self.id}/commands", command,
                               headers={**self.auth, "Idempotency-Key": key})
            if status != 429:
                return status, body
            __import__("time").sleep(1)

    def log(self) -> list[dict]:
        status, body = api(self.server, "GET", f"/api/games/{self.id}/log?limit=500", headers=self.auth)
        assert status == 200, body
        return body["events"]


def new_game(server: str, seed: int) -> Seat:
    """Ann against a Big Money bot on KINGDOM, with the shuffles of ``seed``."""
    status, body = api(server, "POST", "/api/games", {
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "big-money"}],
        "kingdom": KINGDOM, "seed": seed})
    assert status == 201, body
    return Seat(server, body["id"], body["token"])


def play_until(seat: Seat, done, max_turns: int = 16) -> dict:
    """Money turns for Ann (Workshop at $3-$4, Cellar or Estate at $2, Silver, Gold) until
    her turn starts with ``done(view)`` true; returns that view."""
    view = seat.resource()["view"]
    for _ in range(max_turns):
        assert view["turn"]["seat"] == 0 and not view["decision"], view["turn"]
        if done(view):
            return view
        number = view["turn"]["number"]
        if {"type": "play_treasures"} in view["legal"]:
            view = seat.send({"type": "play_treasures"})[1]["view"]
        coins = view["turn"]["coins"]
        cards = view["players"][0]["cards"]
        card = ("Gold" if coins >= 6 else "Silver" if coins >= 5 else "Workshop" if coins >= 3
                else ("Cellar" if not cards.get("Cellar") else "Estate") if coins == 2 else None)
        if card:
            view = seat.send({"type": "buy", "card": card})[1]["view"]
        while view["turn"]["number"] == number:
            view = seat.send({"type": "end_phase"})[1]["view"]
    raise AssertionError(f"no such turn in {max_turns} turns")


def open_seat(browser, server, seat: Seat, **kw):
    """A browser on this device holding Ann's seat (as after creating the game), showing the table."""
    ctx = open_context(browser, server, **kw)
    ctx.add_init_script(f"""localStorage.setItem('dominion.seats', JSON.stringify(
        {{ {json.dumps(seat.id)}: {{ token: {json.dumps(seat.token)}, seat: 0, name: 'Ann', at: 1 }} }}))""")
    page = ctx.new_page()
    page.goto(f"/#/g/{seat.id}")
    wait_screen(page, "table")
    return ctx, page


def table_state(page) -> dict:
    """What the table shows of the game state, the log included."""
    return page.evaluate("""() => ({
        hand: [...document.querySelectorAll('#hand button.card')].map(e => e.dataset.card).sort(),
        inPlay: [...document.querySelectorAll('#in-play button.card')].map(e => e.dataset.card),
        phase: document.querySelector('main').dataset.phase,
        stats: [...document.querySelectorAll('.stat b')].map(e => e.textContent),
        supply: [...document.querySelectorAll('#supply button.card')].map(e => e.dataset.card + ':' + e.dataset.count),
        deck: [...document.querySelectorAll('#my-deck li')].map(e => e.dataset.card + ':' + e.dataset.count),
        log: [...document.querySelectorAll('#log li')].map(e => e.textContent),
    })""")


def tap(page, selector: str) -> None:
    before = version(page)
    page.locator(selector).first.click()
    settle(page, before)


def test_undo_takes_back_a_play_and_a_buy_but_nothing_after_a_draw(browser, server, shots):
    seat = new_game(server, seed=7)
    play_until(seat, lambda v: {"Workshop", "Cellar"} <= set(v["players"][0]["hand"]))
    ctx, page = open_seat(browser, server, seat)
    errors = watch(page)
    expect(page.locator("#btn-undo")).to_have_count(0)  # nothing to take back at the start of a turn
    start = table_state(page)
    epoch = seat.resource()["log_epoch"]

    # A Workshop played and undone before its gain is chosen: the sheet offers Undo.
    tap(page, '#hand button.card[data-card="Workshop"]')
    expect(page.locator("#decision")).to_have_attribute("data-prompt", "workshop.gain")
    tap(page, "#dec-undo")
    expect(page.locator("#decision")).to_have_count(0)
    # The same table; the log's Workshop line became one saying it was taken back (issue 23).
    now = table_state(page)
    assert now["log"][len(start["log"]):] == ["You took back: played Workshop."], now["log"][-4:]
    assert now == {**start, "log": now["log"]}

    # Played and its Silver gained: Undo in the bar takes both back, for the log too.
    tap(page, '#hand button.card[data-card="Workshop"]')
    tap(page, '#decision button[data-answer="Silver"]')
    played = table_state(page)
    assert played["inPlay"] == ["Workshop"] and played["log"] != start["log"]
    assert any("Workshop" in line for line in played["log"])
    shot(page, shots, "65-undo-in-bar", full=False)
    tap(page, "#btn-undo")
    wait_idle(page)
    now = table_state(page)
    assert now["log"][len(start["log"]):] == [
        "You took back: played Workshop.", "You took back: played Workshop; gained Silver."], now["log"]
    assert now == {**start, "log": now["log"]}
    resource = seat.resource()
    assert resource["log_epoch"] == epoch + 2
    # Ann never played a Workshop before (the money turns play none): its events are gone for her.
    assert not [e for e in seat.log() if e["type"] == "play" and "Workshop" in json.dumps(e)]

    # Cellar draws: nothing before it can be taken back, and the API refuses.
    tap(page, '#hand button.card[data-card="Cellar"]')
    panel = page.locator("#decision")
    expect(panel).to_have_attribute("data-prompt", "cellar.discard")
    panel.locator('button.card[data-card="Estate"]').first.click()
    tap(page, "#decision button[data-confirm]")
    expect(page.locator("#btn-undo")).to_have_count(0)
    resource = seat.resource()
    assert {"type": "undo"} not in resource["view"]["legal"]
    status, problem = seat.send({"type": "undo"})
    assert status in (409, 422) and problem["code"] == "cannot_undo", problem
    assert seat.resource()["version"] == resource["version"]
    # A stale page that still offers Undo (here: a poll answer with undo in it) shows the refusal.
    drawn = table_state(page)

    offered = []

    def offer_undo(route):
        if offered:  # once is enough: later polls see the game as it is
            route.fallback()
            return
        response = route.fetch(headers={k: v for k, v in route.request.headers.items() if k != "if-none-match"})
        body = response.json()
        body["view"]["legal"].append({"type": "undo"})
        try:
            route.fulfill(status=200, json=body, headers={"ETag": response.headers["etag"]})
            offered.append(True)
        except PlaywrightError:  # the page dropped this poll for a newer one, which comes here too
            pass

    page.route(f"**/api/games/{seat.id}", offer_undo)
    wake(page)
    expect(page.locator("#btn-undo")).to_be_visible()
    wait_idle(page)
    page.unroute(f"**/api/games/{seat.id}")
    page.click("#btn-undo")
    # The refusal in words, and the game as it is (read again): no Undo, nothing changed.
    expect(page.locator("#notice")).to_contain_text("Not allowed")
    expect(page.locator("#btn-undo")).to_have_count(0)
    wait_idle(page)
    assert table_state(page) == drawn
    page.click("#notice button.secondary")  # dismissed

    # Treasures with Workshop still playable: asked once. Then a one-tap buy, undone.
    page.click("#btn-treasures")
    expect(page.locator("#confirm-msg")).to_contain_text("Workshop")
    tap(page, "#btn-confirm")
    expect(page.locator("main")).to_have_attribute("data-phase", "buy")
    before_buy = table_state(page)
    strip = page.locator("#buy-strip")
    card = strip.locator("button.card").first.get_attribute("data-card")  # the dearest one affordable
    fully_in_view(page, f'#buy-strip button.card[data-card="{card}"]')
    # The card's window stays a long press (here: the mouse's right button) away, with Buy in it.
    strip.locator(f'button.card[data-card="{card}"]').click(button="right")
    expect(page.locator('#card-dialog button[data-action="buy"]')).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#card-dialog")).to_be_hidden()
    assert table_state(page) == before_buy
    tap(page, f'#buy-strip button.card[data-card="{card}"]')  # one tap buys
    bought = table_state(page)
    assert bought != before_buy and page.locator("#stat-buys b").inner_text() == "0"
    assert any(card in line for line in bought["log"])
    expect(strip).to_have_count(0)
    tap(page, "#btn-undo")
    now = table_state(page)
    assert now == {**before_buy, "log": now["log"]}
    assert now["log"] == before_buy["log"] + [f"You took back: bought {card}."]  # one line, not a vanished one
    # Again: the Treasures go back to the hand; before them was the draw.
    tap(page, "#btn-undo")
    assert table_state(page)["phase"] == "action"
    expect(page.locator("#btn-undo")).to_have_count(0)
    assert errors == []
    ctx.close()


def check_scores_deck_and_turns(page, seat: Seat) -> None:
    """VP totals, Ann's deck and the per-player turn numbers on the table are the API's."""
    view = seat.resource()["view"]
    for p in view["players"]:
        expect(page.locator(f'#vp-line [data-seat="{p["seat"]}"]')).to_have_attribute("data-vp", str(p["vp"]))
        expect(page.locator(f'#players .player[data-seat="{p["seat"]}"] .vp')).to_have_attribute("data-vp", str(p["vp"]))
    cards = view["players"][0]["cards"]
    shown = page.locator("#my-deck li").evaluate_all("els => els.map(e => [e.dataset.card, +e.dataset.count])")
    assert dict(shown) == cards and [c for c, _ in shown] == list(cards)
    expect(page.locator("#my-deck")).to_have_attribute("data-total", str(sum(cards.values())))
    # Estates, Duchies, Provinces and Gardens (a card per 10 cards) make Ann's total.
    own = cards.get("Estate", 0) + 3 * cards.get("Duchy", 0) + 6 * cards.get("Province", 0) \
        + cards.get("Gardens", 0) * (sum(cards.values()) // 10) - cards.get("Curse", 0)
    assert view["players"][0]["vp"] == own + view["players"][0]["vp_tokens"]
    mine = view["players"][view["turn"]["seat"]]["turns"]
    expect(page.locator("#turn-line")).to_have_attribute("data-turn", str(mine))
    expect(page.locator("#turn-line")).to_contain_text(f"Turn {mine} ·")
    assert view["turn"]["number"] > mine  # the game's count is another (higher) number


def test_scores_deck_turn_numbers_and_buttons_in_view_on_a_desktop(browser, server, shots):
    seat = new_game(server, seed=11)
    play_until(seat, lambda v: v["players"][0]["turns"] >= 9 and v["players"][0]["cards"].get("Estate", 0) > 3)
    ctx, page = open_seat(browser, server, seat)
    errors = watch(page)
    page.locator("#my-deck summary").click()
    check_scores_deck_and_turns(page, seat)
    page.locator("#players").scroll_into_view_if_needed()
    shot(page, shots, "66-scores-and-deck", full=False)
    # A buy changes Ann's deck and score: both follow.
    ask_or_send(page, page.locator("#btn-treasures"))
    if page.locator("#btn-confirm").count():  # a Workshop or Cellar in hand: asked first
        tap(page, "#btn-confirm")
    coins = int(page.locator("#stat-coins b").inner_text().lstrip("$"))
    buy(page, "Duchy" if coins >= 5 else "Estate")
    check_scores_deck_and_turns(page, seat)
    ctx.close()

    # 1280x800 with a long log: the phase buttons stay in view wherever the page is scrolled.
    ctx, page = open_seat(browser, server, seat, viewport=DESKTOP, has_touch=False)
    # The log shows its last turns (earlier ones a tap away): the page is far taller than the window.
    # (One line per buy since issue 23; the log scrolls in its own column on a desktop.)
    assert page.locator("#log li").count() >= 20
    assert page.evaluate("""() => document.documentElement.scrollHeight > 1.5 * innerHeight
        || document.querySelector('#log').scrollHeight > document.querySelector('#log').clientHeight""")
    for where in ("0", "document.documentElement.scrollHeight", "400"):
        page.evaluate(f"window.scrollTo(0, {where})")
        fully_in_view(page, "#btn-end")
        for i in range(page.locator(".actionbar .btns > button").count()):  # Undo too, where it is
            fully_in_view(page, f".actionbar .btns > button:nth-child({i + 1})")
    shot(page, shots, "67-desktop-long-log", full=False)
    assert errors == []
    ctx.close()


def test_an_undo_the_server_refuses_is_told_in_each_language(browser, server):
    # Another tab of this seat drew a card meanwhile: this page still offers Undo, the server refuses.
    table = Table({"phase": "buy", "hand": ["Estate"], "coins": 0, "buys": 0, "refuse_undo": True,
                   "legal": [{"type": "undo"}, {"type": "end_phase"}]})
    ctx, page = table.open(browser, server, lang="cs-CZ")
    for lang, text in (("cs", "Tento tah už vzít zpět nelze."), ("hu", "Ezt a lépést már nem vonhatod vissza."),
                       ("en", "Not allowed: there is no move this seat may take back now")):
        page.select_option("#lang", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        wait_idle(page)
        page.click("#btn-undo")
        expect(page.locator("#notice")).to_contain_text(text)
        wait_idle(page)
        page.click("#notice button.secondary")
    assert table.commands == [{"type": "undo"}] * 3
    ctx.close()
