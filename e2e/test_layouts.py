"""Every screen size (issue 23, section 2) and the audit's small items (section 6).

At 360x640, 640x360, 768x1024 and 1280x800, in light and dark colour schemes, a
scripted game (the client sees exactly the state it needs) is shown with an open
decision and then in the Buy phase: the hand, the phase buttons and the
decision's confirm button are inside the viewport, nothing overflows sideways,
and on a tablet or desktop the supply, the play area and the log are in view
together. Screenshots go to e2e/screenshots/layout-*.png.

The section 6 items run against the real server where they need one (undo seen
by another human, "Link copied." leaving with the lobby). Waits are on the app's
state, never on time.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

import pytest
from playwright.sync_api import Page, expect

from e2e_support import PHONE, create_game, open_context, open_home, shot, wait_screen, watch
from flow_support import command, join, new_game, open_seat, resource as api_resource
from scripted import Script, decision, tap_answer
from test_look import every_tile_shows_its_picture

SIZES = {
    "phone": {"width": 360, "height": 640},
    "landscape": {"width": 640, "height": 360},
    "tablet": {"width": 768, "height": 1024},
    "desktop": {"width": 1280, "height": 800},
}
LONG = "Szentgyörgyvölgyi Kálmánné Bartholomeusz"
KINGDOM = ["Cellar", "Chapel", "Village", "Smithy", "Militia", "Market", "Laboratory",
           "Courtier", "Secret Passage", "Festival"]
BASIC = ["Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse"]
COSTS = {"Copper": 0, "Curse": 0, "Estate": 2, "Silver": 3, "Duchy": 5, "Gold": 6, "Province": 8,
         "Cellar": 2, "Chapel": 2, "Village": 3, "Courtier": 5, "Secret Passage": 4, "Militia": 4,
         "Smithy": 4, "Market": 5, "Laboratory": 5, "Festival": 5}
HAND = ["Copper", "Copper", "Copper", "Estate", "Silver", "Estate", "Village"]
#: A log with a buy and its gain: the client shows one line for them.
EVENTS = [
    {"seq": 1, "type": "turn", "seat": 1, "number": 5, "text": "Turn 5: Bob's turn."},
    {"seq": 2, "type": "play", "seat": 1, "cards": ["Copper", "Silver"], "text": "Bob played Copper, Silver."},
    {"seq": 3, "type": "buy", "seat": 1, "card": "Silver", "text": "Bob bought Silver."},
    {"seq": 4, "type": "gain", "seat": 1, "card": "Silver", "to": "discard", "text": "Bob gained Silver."},
    {"seq": 5, "type": "draw", "seat": 1, "count": 5, "text": "Bob drew 5 cards."},
    {"seq": 6, "type": "turn", "seat": 0, "number": 6, "text": "Turn 6: your turn."},
]


def resource_for(names=("Ann", "Bob"), turn_seat=0, phase="action", hand=HAND, over=False, gid="layout"):
    """A game resource builder for Script: seat 0's view, the decision from the script."""
    def build(version_: int, d: dict | None) -> dict:
        supply = [{"card": c, "count": 10 if c in KINGDOM else 30, "cost": COSTS[c]} for c in BASIC + KINGDOM]
        players = [
            {"seat": s, "name": n, "hand_count": 5, "deck_count": 7, "discard_count": 3, "discard_top": "Copper",
             "in_play": [], "set_aside": [], "vp_tokens": 0, "turns": 6, "vp": 3 + s}
            for s, n in enumerate(names)
        ]
        players[0]["hand"] = list(hand)
        players[0]["cards"] = {"Copper": 7, "Estate": 3, "Silver": 1, "Village": 1}
        buy = d is None and phase == "buy"
        if buy:
            players[0]["in_play"] = ["Copper", "Copper", "Silver"]
        legal = [{"type": "answer"}] if d else (
            [{"type": "buy", "card": c} for c in BASIC + KINGDOM if COSTS[c] <= 4] + [{"type": "end_phase"}]
            if buy else [{"type": "play", "card": "Village"}, {"type": "play_treasures"}, {"type": "end_phase"}])
        turn = {"seat": turn_seat, "number": 6, "phase": "buy" if buy else "action",
                "actions": 0 if buy else 1, "buys": 1, "coins": 4 if buy else 0}
        result = {"scores": [30 + s for s in range(len(names))], "turns": [20] * len(names),
                  "winners": [len(names) - 1], "end_reason": "provinces"} if over else None
        return {
            "id": gid, "version": version_, "status": "over" if over else "active", "seat": 0, "edition": "2",
            "seats": [{"seat": s, "kind": "human", "name": n, "bot": None, "joined": True} for s, n in enumerate(names)],
            "setup": {"kingdom": KINGDOM, "colony": False, "colony_odds": 0, "colony_reason": "no-prosperity",
                      "preset": None, "randomizer": None, "players": len(names)},
            "invites": [], "log_seq": len(EVENTS),
            "view": {
                "seat": 0, "players": players, "supply": supply, "kingdom": KINGDOM, "edition": "2", "trash": [],
                "turn": turn, "awaiting": [0] if not over else [],
                "waiting_for": {"seat": 0, "prompt": d["prompt"], "card": d["card"]} if d else None,
                "decision": d, "legal": [] if over else legal, "game_over": over, "result": result,
            },
        }
    return build


def open_at(browser, server, script: Script, viewport, scheme="light", lang="en-US"):
    ctx = open_context(browser, server, lang=lang, viewport=viewport)
    page = ctx.new_page()
    page.emulate_media(color_scheme=scheme)
    errors = watch(page)
    page.route(f"**/api/games/{script.id}", script.game)
    page.route(f"**/api/games/{script.id}/commands", script.command)
    page.route(f"**/api/games/{script.id}/log*", script.log)
    page.goto(f"/#/g/{script.id}")
    wait_screen(page, "table" if "end" not in script.id else "end")
    return ctx, page, errors


_BOX = """(sel) => { const e = document.querySelector(sel); if (!e) return null;
  const r = e.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height}; }"""


def box(page: Page, sel: str) -> dict:
    b = page.evaluate(_BOX, sel)
    assert b is not None, f"{sel} is not on the page"
    return b


def inside(page: Page, sel: str, bottom_limit: float | None = None) -> None:
    """``sel``'s box lies within the viewport (and above ``bottom_limit`` when given)."""
    b = box(page, sel)
    w, h = page.evaluate("[innerWidth, innerHeight]")
    limit = h if bottom_limit is None else bottom_limit
    assert b["width"] > 0 and b["height"] > 0, f"{sel} is not rendered"
    assert b["top"] >= -0.5 and b["left"] >= -0.5 and b["right"] <= w + 0.5 and b["bottom"] <= limit + 0.5, \
        f"{sel} {b} is not inside {w}x{limit}"


def uncovered(page: Page, sel: str) -> None:
    """Nothing (a sheet, a bar) lies over the middle of ``sel``: it can be seen and tapped."""
    hit = page.evaluate("""(sel) => { const e = document.querySelector(sel); const r = e.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!top && (top === e || e.contains(top)); }""", sel)
    assert hit, f"{sel} is covered"


def no_sideways_overflow(page: Page) -> None:
    width, inner = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
    assert width <= inner, f"horizontal overflow: {width}px > {inner}px"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_table_at_every_size(browser, server, shots, size, scheme):
    """The decision's confirm and the hand, then the phase buttons and the hand, in view; no sideways
    scroll; every card tile shows its picture."""
    script = Script("layout", [
        decision("chapel.trash", "cards", HAND, "Chapel", 0, 4),
    ], resource_for(phase="buy"), EVENTS)
    ctx, page, errors = open_at(browser, server, script, SIZES[size], scheme)
    expect(page.locator("#decision")).to_have_attribute("data-prompt", "chapel.trash")
    inside(page, "#decision [data-confirm]")
    inside(page, "#hand-title")
    inside(page, "#hand .cards > .card")
    every_tile_shows_its_picture(page, "#decision", 5)
    if size != "phone":  # (on a phone the sheet lists the hand's cards itself)
        uncovered(page, "#hand .cards > .card")
    no_sideways_overflow(page)
    if size == "landscape":
        # Beside the table, not over it: the sheet starts right of the hand and the supply.
        sheet = box(page, "#decision")
        assert sheet["left"] >= box(page, "#hand")["right"] and sheet["left"] >= box(page, "#supply")["right"]
        assert sheet["top"] <= 1 and sheet["bottom"] >= 359
    shot(page, shots, f"layout-{size}-{scheme}-decision", full=False)
    page.locator("#decision button.card[data-option='3']").click()  # an Estate
    tap_answer(page, page.locator("#decision [data-confirm]"))
    assert script.answers == [["Estate"]]

    expect(page.locator("#decision")).to_have_count(0)
    expect(page.locator("main")).to_have_attribute("data-phase", "buy")
    bar_top = box(page, ".actionbar")["top"] if size not in ("landscape",) else None
    inside(page, "#btn-end")
    inside(page, "#hand-title", bar_top)
    inside(page, "#hand .cards > .card", bar_top)
    uncovered(page, "#hand .cards > .card")
    uncovered(page, "#btn-end")
    no_sideways_overflow(page)
    every_tile_shows_its_picture(page, "#hand", 4)
    every_tile_shows_its_picture(page, "#supply", 17)
    if size == "landscape":
        # Hand and supply side by side, the phase buttons in a column beside them.
        hand, supply, bar = box(page, "#hand"), box(page, "#supply"), box(page, ".actionbar")
        assert supply["left"] >= hand["right"] and abs(supply["top"] - hand["top"]) < 40
        assert bar["left"] >= supply["right"] - 0.5
        assert box(page, ".status")["height"] <= 56  # the turn and the numbers, then every VP
        # Nothing cut short: the turn, the phase, and each player's name and VP.
        for sel in ("#turn-line", "#phase", "#vp-line"):
            assert page.eval_on_selector(sel, "e => e.scrollWidth <= e.clientWidth"), sel
        expect(page.locator("#phase")).to_have_text("Buy phase")
    if size in ("tablet", "desktop"):
        # Everything at once: supply, hand, play area, log and the phase buttons.
        for sel in ("#supply", "#in-play", "#log", "#kingdom-piles", "#basic-piles"):
            inside(page, sel, bar_top)
        # The focus frame on <main> is gone; the keyboard's focus still shows.
        # (The app focuses <main> on a new screen, by script, as here.)
        outline = page.evaluate("""() => { const m = document.querySelector('main'); m.focus();
            return [document.activeElement.id, getComputedStyle(m).outlineStyle]; }""")
        assert outline == ["main", "none"], outline
        page.keyboard.press("Tab")
        focused = page.evaluate("""() => { const s = getComputedStyle(document.activeElement);
            return [document.activeElement.tagName, s.outlineStyle, s.outlineWidth]; }""")
        assert focused[1] != "none" and focused[2] != "0px", focused
    shot(page, shots, f"layout-{size}-{scheme}-buy", full=False)
    assert errors == []
    ctx.close()


@pytest.mark.parametrize("size", ["phone", "landscape"])
def test_courtier_in_czech_and_secret_passage_with_nine_cards_fit(browser, server, shots, size):
    positions = [str(i) for i in range(10)]  # 9 cards in the deck: 10 places
    script = Script("layout", [
        decision("courtier.choose", "options", ["action", "buy", "coins", "gold"], "Courtier", 2, 2,
                 revealed="Province", count=2),
        decision("secret_passage.position", "option", positions, "Secret Passage", placing="Silver"),
    ], resource_for(), EVENTS)
    ctx, page, errors = open_at(browser, server, script, SIZES[size], lang="cs-CZ")
    expect(page.locator("#decision")).to_have_attribute("data-prompt", "courtier.choose")
    for opt in ("action", "buy", "coins", "gold"):
        inside(page, f"#decision [data-opt='{opt}']")
    inside(page, "#decision [data-confirm]")
    no_sideways_overflow(page)
    shot(page, shots, f"layout-{size}-cs-courtier", full=False)
    page.locator("#decision [data-opt='coins']").click()
    page.locator("#decision [data-opt='gold']").click()
    tap_answer(page, page.locator("#decision [data-confirm]"))
    expect(page.locator("#decision")).to_have_attribute("data-prompt", "secret_passage.position")
    shot(page, shots, f"layout-{size}-cs-secret-passage", full=False)
    for p in positions:
        inside(page, f"#decision [data-position='{p}']")
    tap_answer(page, page.locator("#decision [data-position='9']"))
    assert script.answers == [["coins", "gold"], "9"]
    assert errors == []
    ctx.close()


@pytest.mark.parametrize("size", ["phone", "landscape"])
def test_a_long_list_keeps_its_confirm_in_view_and_shows_it_scrolls(browser, server, shots, size):
    hand = ["Copper"] * 7 + ["Estate"] * 5 + ["Silver"] * 4
    script = Script("layout", [decision("chapel.trash", "cards", hand, "Chapel", 0, 4)],
                    resource_for(hand=hand), EVENTS)
    ctx, page, _ = open_at(browser, server, script, SIZES[size])
    sheet = page.locator("#decision")
    expect(sheet).to_have_attribute("data-prompt", "chapel.trash")
    scrolls = page.evaluate("(() => { const s = document.querySelector('#decision'); return s.scrollHeight > s.clientHeight; })()")
    assert scrolls  # the list is longer than the sheet
    inside(page, "#decision [data-confirm]")
    # The scroll hint: shadows drawn by backgrounds that move with the content (local) and stay (scroll).
    attach = page.evaluate("getComputedStyle(document.querySelector('#decision')).backgroundAttachment")
    assert "local" in attach and "scroll" in attach
    shot(page, shots, f"layout-{size}-long-list", full=False)
    page.evaluate("document.querySelector('#decision').scrollTop = 1e6")
    inside(page, "#decision [data-confirm]")
    ctx.close()


def test_the_sheet_header_keeps_arrow_title_and_card_on_one_line(browser, server, shots):
    script = Script("layout", [decision("baron.discard", "option", ["yes", "no"], "Baron")],
                    resource_for(), EVENTS)
    ctx, page, _ = open_at(browser, server, script, PHONE)
    title, card = box(page, "#dec-title"), box(page, "#dec-card")
    # One line: the title is no taller than the card it holds, the arrow beside the text.
    assert title["height"] <= card["height"] + 4, (title, card)
    arrow = page.evaluate("""() => { const h = document.querySelector('#dec-title');
        const r = document.createRange(); r.selectNodeContents(h.firstChild);
        const t = r.getBoundingClientRect(); return [t.top, t.bottom, h.getBoundingClientRect().top]; }""")
    assert arrow[0] - arrow[2] < card["height"]  # the title text is on the header's only line
    shot(page, shots, "layout-phone-sheet-header", full=False)
    ctx.close()


@pytest.mark.parametrize("size", ["phone", "landscape"])
def test_long_names_and_answering_anothers_attack(browser, server, shots, size):
    script = Script("layout", [decision("militia.discard", "cards", HAND[:5], "Militia", 2, 2)],
                    resource_for(names=("Ann", LONG), turn_seat=1), EVENTS)
    ctx, page, _ = open_at(browser, server, script, SIZES[size], lang="cs-CZ")
    expect(page.locator("#decision")).to_have_attribute("data-prompt", "militia.discard")
    line = page.evaluate("parseFloat(getComputedStyle(document.querySelector('#vp-line')).lineHeight)")
    for seat in (0, 1):
        assert box(page, f".vp-of[data-seat='{seat}']")["height"] <= line + 2
    assert box(page, "#turn-line")["height"] <= line * 1.3 + 2
    expect(page.locator(".vp-of[data-seat='1'] .who")).to_have_attribute("title", LONG)
    # The numbers are the attacker's, and say so; your own tiles are not there.
    expect(page.locator("#stats-of")).to_contain_text(LONG)
    expect(page.locator("#stat-actions")).to_have_count(0)
    inside(page, "#decision [data-confirm]")
    no_sideways_overflow(page)
    shot(page, shots, f"layout-{size}-cs-long-name-attack", full=False)
    # A tap shows the names in full.
    page.locator(".status").click()
    expect(page.locator(".status")).to_have_class(re.compile(r"\bfull-names\b"))
    assert box(page, ".vp-of[data-seat='1']")["width"] >= box(page, ".vp-of[data-seat='0']")["width"]
    ctx.close()


def test_the_end_table_never_wraps_the_vp_column(browser, server, shots):
    script = Script("layout-end", [], resource_for(names=("Ann", LONG, "Eva"), over=True, gid="layout-end"), EVENTS)
    ctx, page, _ = open_at(browser, server, script, PHONE, lang="cs-CZ")
    # Each VP cell's text is on one line: its text boxes all share one top.
    lines = page.evaluate("""() => [...document.querySelectorAll('#scores td.num')].map((td) => {
        const r = document.createRange(); r.selectNodeContents(td);
        return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size; })""")
    assert lines and all(n == 1 for n in lines), lines
    assert page.locator("#scores td.score").first.inner_text().strip()
    no_sideways_overflow(page)
    shot(page, shots, "layout-phone-cs-end-long-name")
    ctx.close()


def test_one_log_line_per_buy_and_a_piles_count_said_once(browser, server, shots):
    script = Script("layout", [], resource_for(phase="buy"), EVENTS)
    ctx, page, _ = open_at(browser, server, script, SIZES["tablet"])
    log = page.locator("#log")
    expect(log.locator("li")).to_have_count(3)  # play, buy, draw: the buy's gain is not a line
    expect(log).to_contain_text("Bob bought Silver.")
    expect(log).not_to_contain_text("Bob gained Silver.")
    name = page.locator("#supply button.card[data-card='Village']").aria_snapshot()
    assert name.count("10") == 1, name
    ctx.close()


def test_start_the_game_is_in_reach_on_a_phone(browser, server, shots):
    ctx = open_context(browser, server, viewport=PHONE)
    page = ctx.new_page()
    open_home(page)
    inside(page, "#create")
    page.click("#add-seat")
    page.click("#add-seat")
    inside(page, "#create")
    shot(page, shots, "layout-phone-home-start", full=False)
    ctx.close()


def test_link_copied_leaves_with_the_lobby(browser, server, shots):
    ctx = open_context(browser, server, viewport=PHONE)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"])
    page = ctx.new_page()
    create_game(page, "Ann", ["human"], preset="first-game-1e")
    wait_screen(page, "lobby")
    link = page.locator(".linkbox").first.input_value()
    page.locator("button.copy").first.click()
    expect(page.locator("#notice")).to_contain_text("Link copied.")
    game_id, code = (unquote(x) for x in link.split("#/join/")[1].split("/"))
    join(server, {"id": game_id, "invites": [{"code": code}]}, "Bob")
    wait_screen(page, "table")
    expect(page.locator("#notice")).to_have_count(0)
    ctx.close()


def test_others_read_what_an_undo_took_back(browser, server, shots):
    g = new_game(server, [{"kind": "human", "name": "Ann"}, {"kind": "human"}], preset="first-game-1e", seed=5)
    j = join(server, g, "Bob")
    tokens = {g["seat"]: g["token"], j["seat"]: j["token"]}
    names = {g["seat"]: "Ann", j["seat"]: "Bob"}
    actor = api_resource(server, g["id"])["view"]["awaiting"][0]
    other = 1 - actor
    ctx = open_context(browser, server, viewport=PHONE)
    page = ctx.new_page()
    open_seat(page, g["id"], other, tokens[other], names[other])
    command(server, g["id"], tokens[actor], {"type": "play_treasures"})
    command(server, g["id"], tokens[actor], {"type": "buy", "card": "Copper"})
    log = page.locator("#log")
    bought = log.locator("li", has_text=re.compile(rf"^{names[actor]} bought Copper\.$"))
    expect(bought).to_have_count(1)
    expect(log).not_to_contain_text(f"{names[actor]} gained Copper.")  # one line per buy
    command(server, g["id"], tokens[actor], {"type": "undo"})
    expect(log.locator("li").last).to_have_text(f"{names[actor]} took back: bought Copper.")
    expect(bought).to_have_count(0)
    shot(page, shots, "layout-phone-undo-line")
    ctx.close()
