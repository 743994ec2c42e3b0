"""Accessibility (issue 12, point 10): axe-core on the home, lobby, table,
decision and end screens at 360x640, in the light and the dark colour scheme
(issue 23: each screen is checked in both, the system's scheme emulated and the
client following it), failing on serious and critical violations; one h1 a screen; the log reachable with the keyboard; the polite
live region; and "Link copied." going away by itself.

axe-core comes from the npm registry at the version pinned by
e2e/package-lock.json (`npm ci --prefix e2e`, which .ci/run does); it is
injected into the page under test, never loaded from a CDN."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from e2e_support import create_game, open_context, open_home, wait_idle, wait_screen
from flow_support import AXE, join, new_game, open_seat, play_out
from scripted import Script, decision
from test_flow import KINGDOM, SEED

#: What fails a screen: axe's impact levels.
FAILING = ("serious", "critical")


def axe(page, name: str) -> None:
    """Run axe-core on what ``page`` shows now, in the light and the dark scheme
    (the client follows the system's: "auto"); fail on serious or critical violations."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.wait_for_function("(s) => document.documentElement.dataset.theme === s", arg=scheme)
        axe_now(page, f"{name} ({scheme})")
    page.emulate_media(color_scheme="light")


def axe_now(page, name: str) -> None:
    """Run axe-core on what ``page`` shows now; fail on serious or critical violations."""
    if not AXE.exists():
        pytest.fail(f"axe-core is not installed ({AXE} is missing): run `npm ci --prefix e2e` "
                    "(.ci/run does) to install the version pinned by e2e/package-lock.json")
    wait_idle(page)
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => (await axe.run(document, { resultTypes: ['violations'] })).violations
        .map(v => ({ id: v.id, impact: v.impact, help: v.help,
                     nodes: v.nodes.map(n => n.target.join(' ') + ' :: ' + (n.failureSummary || '').split('\\n').slice(1).join(' ').trim()) }))""")
    bad = [v for v in found if v["impact"] in FAILING]
    report = "\n".join(f"- {v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(v["nodes"][:6]) for v in bad)
    assert not bad, f"axe-core on the {name} screen:\n{report}"


def one_h1(page, name: str) -> None:
    assert page.locator("h1").count() == 1, f"{name}: {page.locator('h1').all_inner_texts()}"


def log_is_a_keyboard_region(page) -> None:
    """The log is a named region that Tab reaches (after the trash, on the table)."""
    region = page.get_by_role("region", name="Game log")
    expect(region).to_have_attribute("tabindex", "0")
    region.focus()
    assert page.evaluate("document.activeElement.id") == "log"


def a11y_context(browser, server):
    """A phone context that lets the test inject axe-core (the page's CSP allows only its own scripts)."""
    return open_context(browser, server, bypass_csp=True)


def test_home_lobby_and_link_copied(browser, server, shots):
    ctx = a11y_context(browser, server)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"])
    page = ctx.new_page()
    # Home with a game in "Your games".
    g = new_game(server, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "generic", "name": "Bot"}],
                 preset="first-game-1e")
    open_seat(page, g["id"], 0, g["token"], "Ann")
    open_home(page)
    expect(page.locator("#your-games li")).to_have_count(1)
    one_h1(page, "home")
    axe(page, "home")

    create_game(page, "Ann", ["human"], preset="first-game-1e")
    wait_screen(page, "lobby")
    one_h1(page, "lobby")
    axe(page, "lobby")
    # "Link copied." confirms the copy, then goes by itself.
    page.locator("button.copy").first.click()
    expect(page.locator("#notice")).to_contain_text("Link copied.")
    expect(page.locator("#notice")).to_have_count(0)
    ctx.close()


def test_table(browser, server, shots):
    ctx = a11y_context(browser, server)
    page = ctx.new_page()
    g = new_game(server, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "generic", "name": "Bot"}],
                 kingdom=KINGDOM, seed=SEED)
    open_seat(page, g["id"], 0, g["token"], "Ann")
    expect(page.locator("#summary")).to_be_visible()  # the bot moved first
    one_h1(page, "table")
    log_is_a_keyboard_region(page)
    # The live region told the turn and what the bot did.
    expect(page.locator("#announce")).to_have_attribute("aria-live", "polite")
    expect(page.locator("#announce")).to_contain_text("Your turn. Bot: played")
    axe(page, "table")
    ctx.close()


def test_end(browser, server, shots):
    ctx = a11y_context(browser, server)
    page = ctx.new_page()
    done = new_game(server, [{"kind": "human", "name": "Ann"}, {"kind": "human"}], preset="first-game-1e")
    bob = join(server, done, "Bob")
    play_out(server, done["id"], {0: done["token"], 1: bob["token"]})
    open_seat(page, done["id"], 0, done["token"], "Ann", screen="end")
    one_h1(page, "end")
    log_is_a_keyboard_region(page)
    axe(page, "end")
    ctx.close()


GAME = "a11y-decision"
BASIC = ["Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse"]
COSTS = {"Copper": 0, "Curse": 0, "Estate": 2, "Silver": 3, "Duchy": 5, "Gold": 6, "Province": 8, "Moat": 2,
         "Village": 3, "Smithy": 4, "Bureaucrat": 4, "Militia": 4, "Bandit": 5, "Witch": 5, "Market": 5,
         "Festival": 5, "Laboratory": 5}


def scripted(version_: int, d: dict | None) -> dict:
    """Ann's view while Bob's Militia makes her discard (``d``), then waiting for Bob."""
    players = [{"seat": s, "name": n, "hand_count": 5, "deck_count": 5, "discard_count": 0, "discard_top": None,
                "in_play": [], "set_aside": [], "vp_tokens": 0, "turns": 2} for s, n in enumerate(["Ann", "Bob"])]
    players[0]["hand"] = ["Copper", "Copper", "Estate", "Silver", "Village"]
    players[1]["in_play"] = ["Militia"]
    return {
        "id": GAME, "version": version_, "status": "active", "seat": 0,
        "seats": [{"seat": s, "kind": "human", "name": n, "bot": None, "joined": True} for s, n in enumerate(["Ann", "Bob"])],
        "setup": {"kingdom": KINGDOM, "colony": False, "players": 2}, "invites": [], "log_seq": 2,
        "view": {
            "seat": 0, "players": players, "kingdom": KINGDOM, "edition": "2", "trash": [],
            "supply": [{"card": c, "count": 10, "cost": COSTS.get(c, 4)} for c in BASIC + KINGDOM],
            "turn": {"seat": 1, "number": 4, "phase": "action", "actions": 0, "buys": 1, "coins": 2},
            "awaiting": [0] if d else [1], "waiting_for": {"seat": 0 if d else 1, "prompt": "militia.discard" if d else None,
                                                          "card": "Militia" if d else None},
            "decision": d, "legal": [{"type": "answer"}] if d else [], "game_over": False, "result": None,
        },
    }


def test_decision_and_its_announcement(browser, server, shots):
    script = Script(GAME, [decision("militia.discard", "cards", ["Copper", "Copper", "Estate", "Silver", "Village"],
                                    "Militia", 2, 2)], scripted,
                    [{"seq": 1, "type": "turn", "seat": 1, "number": 4, "text": "Turn 4: Bob's turn."},
                     {"seq": 2, "type": "play", "seat": 1, "card": "Militia", "text": "Bob played Militia."}])
    ctx = a11y_context(browser, server)
    page = ctx.new_page()
    page.route(f"**/api/games/{GAME}", script.game)
    page.route(f"**/api/games/{GAME}/commands", script.command)
    page.route(f"**/api/games/{GAME}/log*", script.log)
    page.goto(f"/#/g/{GAME}")
    wait_screen(page, "table")
    expect(page.locator("#decision")).to_be_visible()
    # Announced once, politely: whose decision and what it asks.
    expect(page.locator("#announce")).to_have_text("Your decision: Discard down to 3 cards in hand.")
    one_h1(page, "decision")
    axe(page, "decision")
    ctx.close()
