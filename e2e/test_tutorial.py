""""Learn to play" (issue 23, section 4): the tutorial game played to its end
through the UI in each language, with its hints at their moments; skipping it;
"done" remembered after a reload; the hint bubble never over the phase buttons
or a decision's confirm; axe with a hint shown.

The tutorial is an ordinary game (First Game kingdom, the gentle bot, a fixed
seed) made by the home form's "Learn to play"; the hints come from the state
the client has. The waits are the app's own (idle, the bubble's state)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from e2e_support import ROOT, open_context, shot, wait_idle, wait_screen, watch
from policy import Player, play_to_end
from scripted import Script, decision, tap_answer
from test_accessibility import axe

LOCALES = {"en": "en-US", "cs": "cs-CZ", "hu": "hu-HU"}
TABLES = ROOT / "frontend" / "js" / "lang" / "tutorial"
#: Every hint a whole tutorial game shows (Militia's only when the bot attacks).
FULL_GAME = {"welcome", "treasures", "buy", "silver", "action", "plus", "province", "reshuffle", "ending", "end"}
#: What must cover none of the bubble: the phase buttons, the bar's confirm, a decision's confirm.
CONTROLS = ".actionbar button, #btn-confirm, #decision button[data-confirm]"


def hint_patterns(lang: str) -> dict[str, re.Pattern]:
    """Hint id -> a pattern of its text in ``lang`` (placeholders match any words)."""
    text = (TABLES / f"{lang}.js").read_text()
    out = {}
    for key, value in re.findall(r"^    (\w+): '(.*)',$", text, re.M):
        parts = re.split(r"\{\w+\}", value)
        out[key] = re.compile(".+?".join(re.escape(p) for p in parts), re.S)
    return out


def bubble(page) -> dict | None:
    """The hint shown now (id, text, box), with the boxes of the controls it must leave free."""
    return page.evaluate("""(sel) => {
        const b = document.getElementById('tutor');
        if (!b || b.hidden) return null;
        const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
        return { id: b.dataset.hint, text: document.getElementById('tutor-text').textContent, box: box(b),
                 lang: document.documentElement.lang, vh: innerHeight, vw: innerWidth,
                 controls: [...document.querySelectorAll(sel)].filter((e) => e.offsetParent)
                   .map((e) => ({ id: e.id || e.dataset.confirm || e.textContent.trim(), box: box(e) })) };
    }""", CONTROLS)


def check_bubble(b: dict, lang: str, patterns: dict[str, re.Pattern]) -> None:
    """The hint speaks ``lang``, fits the screen and covers no control it must leave free."""
    assert b["lang"] == lang
    assert patterns[b["id"]].fullmatch(b["text"]), (b["id"], b["text"])
    left, top, right, bottom = b["box"]
    assert 0 <= left and right <= b["vw"] and 0 <= top and bottom <= b["vh"], b
    for c in b["controls"]:
        cl, ct, cr, cb = c["box"]
        overlap = min(right, cr) > max(left, cl) and min(bottom, cb) > max(top, ct)
        assert not overlap, f"the hint {b['id']} covers {c['id']}: {b['box']} over {c['box']}"


def moment_ok(hint: str, s: dict) -> bool:
    """``hint`` came at its moment: the page's state ``s`` (policy.look) when it showed."""
    supply = s["supply"]
    provinces = supply.get("Province", [8, 8])[1]
    return {
        "welcome": s["phase"] == "action" and s["bar"],
        "treasures": s["treasures"],
        "buy": s["phase"] == "buy" and s["buys"] > 0,
        "silver": s["phase"] == "buy" and 3 <= s["coins"] < 6,
        "action": bool(s["actions"]),
        "plus": bool(s["actions"]),
        "province": s["phase"] == "buy" and (s["coins"] >= 8 or provinces <= 6),
        "reshuffle": s["bar"],
        "ending": provinces <= 3,
        "end": s["screen"] == "end",
        "militia": bool(s["decision"]),
    }[hint]


def progress(page) -> dict:
    return page.evaluate("JSON.parse(localStorage.getItem('dominion.tutorial') || '{}')")


def start_tutorial(page, name: str = "Ann", shots: Path | None = None) -> None:
    """From the home form: name the player and tap "Learn to play"; the table shows its first hint."""
    page.goto("/")
    wait_screen(page, "home")
    page.fill("#my-name", name)
    if shots:
        shot(page, shots, f"70-{page.evaluate('document.documentElement.lang')}-home-learn-to-play", full=False)
    page.click("#learn")
    wait_screen(page, "table")
    expect(page.locator("#tutor")).to_have_attribute("data-hint", "welcome")


@pytest.mark.parametrize("lang", ["en", "cs", "hu"])
def test_the_tutorial_is_played_to_its_end_with_each_hint_at_its_moment(browser, server, shots, lang):
    ctx = open_context(browser, server, lang=LOCALES[lang], bypass_csp=True)  # axe is injected
    page = ctx.new_page()
    errors = watch(page)
    patterns = hint_patterns(lang)
    start_tutorial(page, shots=shots)
    # The game: the First Game kingdom against one bot (the gentle one).
    game = page.evaluate("location.hash").split("/")[-1]
    seat = page.evaluate("(id) => JSON.parse(localStorage.getItem('dominion.seats'))[id]", game)
    axe(page, f"table with a hint ({lang})")
    shot(page, shots, f"70-{lang}-tutorial-welcome", full=False)

    seen: list[str] = []

    def read_hints(p: Player, s: dict) -> None:
        # Each hint shown now: its language, its moment, its place; then "Got it" (the next may follow).
        while (b := bubble(p.page)) is not None:
            check_bubble(b, lang, patterns)
            assert moment_ok(b["id"], s), (b["id"], s)
            seen.append(b["id"])
            p.page.click("#tutor-ok")
            wait_idle(p.page)

    player = Player(page, wants={"Village": 1, "Smithy": 1})
    play_to_end([player], hook=read_hints)  # the hook also reads the end screen's hint
    print(f"{lang}: hints {seen}; {player.clicks} taps, bought {dict(player.bought)}")
    assert len(seen) == len(set(seen)), seen  # each hint once
    assert seen[0] == "welcome" and seen[-1] == "end", seen
    militia = "militia" in seen
    assert set(seen) == FULL_GAME | ({"militia"} if militia else set()), seen
    assert progress(page)["done"] is True and progress(page)["game"] == game
    assert seat["name"] == "Ann"

    # Done is remembered: the home form says so after a reload, and the game shows no hint again.
    page.goto("/")
    page.reload()
    wait_screen(page, "home")
    expect(page.locator("#learn")).to_have_attribute("data-done", "true")
    page.goto(f"/#/g/{game}")
    wait_screen(page, "end")
    expect(page.locator("#tutor")).to_have_count(0)
    assert errors == []
    ctx.close()


def test_skip_ends_the_tutorial_and_is_remembered(browser, server):
    ctx = open_context(browser, server, lang="cs-CZ")
    page = ctx.new_page()
    start_tutorial(page)
    expect(page.locator("#tutor-skip")).to_have_text("Přeskočit výuku")
    # Another language mid-game: the hint shown speaks it at once (its table comes on demand).
    page.select_option("#lang", "hu")
    expect(page.locator("#tutor-skip")).to_have_text("Oktatás kihagyása")
    assert hint_patterns("hu")["welcome"].fullmatch(page.locator("#tutor-text").text_content())
    page.click("#tutor-skip")
    expect(page.locator("#tutor")).to_be_hidden()
    assert progress(page)["skipped"] is True and progress(page)["done"] is True
    # The game goes on without hints: the first buy phase (a hint's moment) shows none.
    page.click("#btn-treasures")
    page.wait_for_function("() => document.querySelector('main').dataset.phase === 'buy'"
                           " && document.querySelector('main').dataset.idle === 'true'")
    expect(page.locator("#tutor")).to_be_hidden()
    page.reload()
    wait_screen(page, "table")
    assert page.locator("#tutor:not([hidden])").count() == 0
    page.goto("/")
    wait_screen(page, "home")
    expect(page.locator("#learn")).to_have_attribute("data-done", "true")
    ctx.close()


@pytest.mark.parametrize("size", [(640, 360), (768, 1024), (1280, 800)])
def test_the_hint_leaves_the_phase_buttons_free_at_other_sizes(browser, server, shots, size):
    width, height = size
    ctx = open_context(browser, server, viewport={"width": width, "height": height})
    page = ctx.new_page()
    patterns = hint_patterns("en")
    start_tutorial(page)
    b = bubble(page)
    assert b is not None and b["controls"], b
    check_bubble(b, "en", patterns)
    # The hint takes no tap: "Play all Treasures" works under it, and the buy phase's hint
    # comes (the welcome's moment is over) beside the bar with its strip of piles to buy.
    page.click("#btn-treasures")
    expect(page.locator("#tutor")).to_have_attribute("data-hint", "buy")
    wait_idle(page)
    b = bubble(page)
    assert b is not None and b["controls"], b
    check_bubble(b, "en", patterns)
    shot(page, shots, f"72-tutorial-buy-{width}x{height}", full=False)
    ctx.close()


# --- Militia: the bot's attack, scripted so that it surely comes

GAME = "tutorial-militia"
KINGDOM = ["Cellar", "Moat", "Merchant", "Village", "Workshop", "Militia", "Remodel", "Smithy", "Market", "Mine"]
COSTS = {"Copper": 0, "Curse": 0, "Estate": 2, "Silver": 3, "Duchy": 5, "Gold": 6, "Province": 8, "Cellar": 2,
         "Moat": 2, "Merchant": 3, "Village": 3, "Workshop": 3, "Militia": 4, "Remodel": 4, "Smithy": 4,
         "Market": 5, "Mine": 5}
HAND = ["Copper", "Copper", "Estate", "Silver", "Estate"]


def militia_resource(version_: int, d: dict | None) -> dict:
    """The tutorial game at the bot's turn 3: it played Militia, and Ann must discard (``d``), then waits."""
    players = [{"seat": s, "name": n, "hand_count": 5, "deck_count": 5, "discard_count": 5, "discard_top": "Copper",
                "in_play": [], "set_aside": [], "vp_tokens": 0, "turns": 3, "vp": 3} for s, n in enumerate(["Ann", "Bot"])]
    players[0]["hand"] = HAND if d else ["Copper", "Copper", "Silver"]
    players[1]["in_play"] = ["Militia"]
    return {
        "id": GAME, "version": version_, "status": "active", "seat": 0,
        "seats": [{"seat": 0, "kind": "human", "name": "Ann", "bot": None, "joined": True},
                  {"seat": 1, "kind": "bot", "name": "Bot", "bot": "big-money", "joined": True}],
        "setup": {"kingdom": KINGDOM, "colony": False, "colony_odds": 0, "colony_reason": "no-prosperity",
                  "preset": "first-game-2e", "randomizer": None, "players": 2, "edition": "2"},
        "invites": [], "log_seq": 0, "log_epoch": 0,
        "view": {
            "seat": 0, "players": players, "kingdom": KINGDOM, "edition": "2", "trash": [],
            "supply": [{"card": c, "count": 8 if c == "Province" else 10, "cost": k} for c, k in COSTS.items()],
            "turn": {"seat": 1, "number": 6, "phase": "action", "actions": 0, "buys": 1, "coins": 2, "names": {}},
            "awaiting": [0] if d else [1], "waiting_for": {"seat": 0, "prompt": d["prompt"], "card": d["card"]} if d else None,
            "decision": d, "legal": [{"type": "answer"}] if d else [],
            "game_over": False, "result": None,
        },
    }


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_bots_militia_is_explained_beside_the_discard_and_its_confirm(browser, server, shots, lang):
    script = Script(GAME, [decision("militia.discard", "cards", HAND, "Militia", 2, 2)], militia_resource, [])
    ctx = open_context(browser, server, lang=LOCALES[lang], bypass_csp=True)
    # This device's tutorial is that game, its first hints seen already.
    ctx.add_init_script("localStorage.setItem('dominion.tutorial', JSON.stringify("
                        + json.dumps({"game": GAME, "seen": ["welcome", "treasures", "buy"], "done": False}) + "))")
    page = ctx.new_page()
    page.route(f"**/api/games/{GAME}", script.game)
    page.route(f"**/api/games/{GAME}/commands", script.command)
    page.route(f"**/api/games/{GAME}/log*", script.log)
    page.goto(f"/#/g/{GAME}")
    wait_screen(page, "table")
    expect(page.locator("#tutor")).to_have_attribute("data-hint", "militia")
    expect(page.locator("#decision button[data-confirm]")).to_be_visible()
    b = bubble(page)
    assert b is not None and b["controls"], b  # checked against the decision's confirm
    check_bubble(b, lang, hint_patterns(lang))
    assert "Bot" in b["text"]
    axe(page, f"Militia's discard with its hint ({lang})")
    shot(page, shots, f"71-{lang}-tutorial-militia", full=False)
    # The hint takes no tap: the discard is answered under it, and then it goes.
    panel = page.locator("#decision")
    panel.locator('button[data-option="2"]').click()
    panel.locator('button[data-option="4"]').click()
    tap_answer(page, panel.locator("button[data-confirm]"))
    assert script.answers == [["Estate", "Estate"]]
    expect(page.locator("#tutor")).to_be_hidden()
    ctx.close()


def test_the_tutorial_tables_name_every_hint_in_every_language():
    keys = {lang: set(hint_patterns(lang)) for lang in LOCALES}
    assert keys["en"] >= FULL_GAME | {"militia"}
    assert keys["cs"] == keys["en"] == keys["hu"]
    assert Path(TABLES).is_dir()
