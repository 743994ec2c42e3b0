"""The product in Czech and Hungarian (and the layout in English too), on a phone:
a turn against a bot, the card window, decisions, the log, the lobby, the end
screen and an invite opened in the guest's own language.

On every screen: the page's ``lang`` is the UI language, no word breaks without
a hyphen or spills out of its tile at 360 px, nothing scrolls sideways, and (in
Czech and Hungarian) no English UI string of js/lang/en.js shows. Screenshots of
each screen go to e2e/screenshots/.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e_support import (
    ROOT, api, create_game, layout_ok, open_context, open_home, shot, visible_text, wait_idle, wait_screen,
    watch,
)
from policy import buy, settle, version
from flow_support import one_line_per_buy, turns
from scripted import Script, decision, open_script, tap_answer

LOCALES = {"en": "en-US", "cs": "cs-CZ", "hu": "hu-HU"}
PRESET = "first-game-1e"  # its kingdom has Woodcutter, whose Hungarian name was missing


def _strings(lang: str) -> dict[str, list[str]]:
    """Key -> the strings of that key (one, or each plural form) in js/lang/<lang>.js."""
    text = (ROOT / "frontend" / "js" / "lang" / f"{lang}.js").read_text()
    body = text.split(f"const {lang} = {{", 1)[1].split("\n};", 1)[0]
    quoted = re.compile(r"'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"")
    out, section = {}, None
    for line in body.splitlines():
        if m := re.match(r"  (\w+): \{$", line):
            section = m.group(1)  # "home.new": `new` in the table's `home` section
        elif m := re.match(r"    '?([\w.-]+)'?:(.*)$", line):
            out[f"{section}.{m.group(1)}"] = [a or b for a, b in quoted.findall(m.group(2))]
    return out


def english_ui_words() -> list[str]:
    """The English UI strings (their parts between placeholders) that no Czech or
    Hungarian string contains, plus the game's basic English terms."""
    others = " ".join(s for lang in ("cs", "hu") for ss in _strings(lang).values() for s in ss)
    words = {"Buy", "Action", "Actions", "Treasure", "Treasures", "Victory", "Discard", "Trash", "Card",
             "Cards", "Turn", "Gain", "Draw", "Play all Treasures", "End turn", "Supply", "Deck"}
    for ss in _strings("en").values():
        for s in ss:
            for part in re.split(r"\{\w+\}", s):
                part = part.strip(" .,:;!?()–-…'\"·✓○⛔↻")
                if re.search(r"[A-Za-z]{3,}", part) and part not in others:
                    words.add(part)
    return sorted(words)


ENGLISH = english_ui_words()


def english_on_screen(page, lang: str) -> list[str]:
    """English UI words the page shows (none may show in Czech or Hungarian)."""
    if lang == "en":
        return []
    text = visible_text(page)
    # Players' names are names, whatever their language ("Ann" may look like an English word).
    for name in page.locator("#players .pname").all_inner_texts():
        text = text.replace(name, "")
    return [w for w in ENGLISH if re.search(rf"(?<![\w$+]){re.escape(w)}(?![\w])", text)]


def check_screen(page, lang: str, shots, name: str, full: bool = False) -> None:
    """One screen in ``lang``: layout, no English, a screenshot."""
    wait_idle(page)
    layout_ok(page, lang)
    assert english_on_screen(page, lang) == [], name
    shot(page, shots, f"60-{lang}-{name}", full=full)


def catalog(server: str, lang: str) -> dict[str, dict]:
    status, body = api(server, "GET", f"/api/cards?lang={lang}")
    assert status == 200
    return {c["name"]: c for c in body["cards"]}


def seat_log(page, server: str, lang: str) -> list[dict]:
    """The page's game log in ``lang``, as the API tells it to its seat."""
    game = page.url.split("#/g/")[1]
    token = page.evaluate("(id) => JSON.parse(localStorage.getItem('dominion.seats'))[id].token", game)
    status, body = api(server, "GET", f"/api/games/{game}/log?limit=500&lang={lang}",
                       headers={"Authorization": f"Bearer {token}"})
    assert status == 200
    return body["events"]


def check_log(page, server: str, lang: str) -> None:
    """The log shows the server's sentences in ``lang``, oldest first, each turn
    under a heading in ``lang`` with the player's own turn number."""
    shown = turns(one_line_per_buy(seat_log(page, server, lang)))[-8:]  # the client shows the last 8 turns
    expect(page.locator("#log li")).to_have_text([e["text"] for tn in shown for e in tn["events"]])
    names = page.locator("#players .pname").all_inner_texts()
    heading = {"en": "Turn {n} — {name}", "cs": "Tah {n} — {name}", "hu": "{n}. kör — {name}"}[lang]
    expect(page.locator("#log h3")).to_have_text([heading.format(n=tn["n"], name=names[tn["seat"]]) for tn in shown])


def check_card_window(page, cards: dict[str, dict], lang: str, name: str, edition: str) -> None:
    """The card window of ``name``: local name, English name, types and rules text in ``lang``."""
    c = cards[name]
    dialog = page.locator("#card-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("h2")).to_have_text(c["local_name"])
    if lang != "en":
        expect(dialog.locator('p[lang="en"]')).to_have_text(name)
    expect(dialog.locator("#card-types")).to_have_text(" · " + " – ".join(c["type_names"]))
    text = dialog.locator(".dtext")
    expect(text).to_have_attribute("lang", lang)
    expect(text).to_have_attribute("data-edition", edition)
    expect(text).to_have_text(c["texts"][edition])


@pytest.mark.parametrize("lang", ["cs", "hu", "en"])
def test_a_turn_against_a_bot_in_each_language(browser, server, shots, lang):
    ctx = open_context(browser, server, lang=LOCALES[lang])
    page = ctx.new_page()
    errors = watch(page)
    cards = catalog(server, lang)
    open_home(page)
    check_screen(page, lang, shots, "home-random", full=True)
    page.click("#mode-pick")
    check_screen(page, lang, shots, "home-pick", full=True)
    page.click("#mode-preset")
    page.select_option("#preset", PRESET)
    _, presets = api(server, "GET", "/api/kingdoms/presets")
    preset = next(p for p in presets["presets"] if p["key"] == PRESET)
    local = preset["names"][lang] if lang != "en" else preset["name"]
    expect(page.locator("#preset option:checked")).to_contain_text(local)
    check_screen(page, lang, shots, "home-preset", full=True)

    create_game(page, "Ann", ["big-money"], preset=PRESET)
    wait_screen(page, "table")
    # The bot is named in the creator's language.
    bot = {"en": "Big Money 2", "cs": "Velké peníze 2", "hu": "Nagy pénz 2"}[lang]
    expect(page.locator("#players .pname").filter(has_text=bot)).to_have_count(1)
    edition = page.get_attribute("#edition-line", "data-edition")
    for pile in page.locator("#kingdom-piles button.card").all():
        expect(pile.locator(".nm")).to_have_text(cards[pile.get_attribute("data-card")]["local_name"])
    check_screen(page, lang, shots, "table")

    # The card window: the local rules text of this game's edition.
    page.locator('#supply button.card[data-card="Militia"]').click()
    check_card_window(page, cards, lang, "Militia", edition)
    check_screen(page, lang, shots, "card-window")
    page.keyboard.press("Escape")
    expect(page.locator("#card-dialog")).to_be_hidden()

    # A turn: Treasures, a buy (one tap where undo can take it back), end of the turn (the bot plays its own).
    before = version(page)
    page.click("#btn-treasures")
    settle(page, before)
    check_screen(page, lang, shots, "table-buy")
    card = "Silver" if page.get_attribute('#supply button.card[data-card="Silver"]', "data-buyable") == "true" \
        else "Copper"
    buy(page, card)
    before = version(page)
    page.click("#btn-end")
    settle(page, before)
    check_log(page, server, lang)
    page.locator("#log").scroll_into_view_if_needed()
    check_screen(page, lang, shots, "log")

    # Another language: the log comes again from the start, in that language.
    other = "hu" if lang == "cs" else "cs"
    page.select_option("#lang", other)
    wait_idle(page)
    check_log(page, server, other)
    check_screen(page, other, shots, f"log-after-{lang}")
    assert errors == []
    ctx.close()


# --- decisions and the end screen, scripted --------------------------------------------

GAME = "scripted-languages"
KINGDOM = ["Cellar", "Moat", "Village", "Woodcutter", "Workshop", "Militia", "Remodel", "Smithy",
           "Market", "Mine"]
BASIC = ["Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse"]
COSTS = {"Copper": 0, "Curse": 0, "Estate": 2, "Silver": 3, "Duchy": 5, "Gold": 6, "Province": 8,
         "Cellar": 2, "Moat": 2, "Village": 3, "Woodcutter": 3, "Workshop": 3, "Militia": 4, "Remodel": 4,
         "Smithy": 4, "Market": 5, "Mine": 5}
HAND = ["Copper", "Copper", "Estate", "Estate", "Silver"]


def events(cards: dict[str, dict]) -> list[dict]:
    """A short log; its sentences are the fixture's own (the server writes the real ones)."""
    return [{"seq": 1, "type": "turn", "seat": 0, "number": 3, "text": f"— 3 — {cards['Cellar']['local_name']}"},
            {"seq": 2, "type": "play", "seat": 0, "card": "Cellar", "text": f"Ann: {cards['Cellar']['local_name']}"}]


def resource(version_: int, d: dict | None) -> dict:
    """Seat 0 (Ann) with decision ``d``; when the script is done, the game is over."""
    supply = [{"card": c, "count": 8, "cost": COSTS[c]} for c in BASIC + KINGDOM]
    players = [{"seat": s, "name": n, "hand_count": 5, "deck_count": 5, "discard_count": 3, "discard_top": "Estate",
                "in_play": ["Cellar"] if s == 0 else [], "set_aside": [], "vp_tokens": 0, "turns": 3}
               for s, n in enumerate(["Ann", "Bob"])]
    players[0]["hand"] = HAND
    over = d is None
    view = {
        "seat": 0, "players": players, "supply": supply, "kingdom": KINGDOM, "edition": "2",
        "trash": ["Copper"], "turn": {"seat": 0, "number": 3, "phase": "action", "actions": 0, "buys": 1, "coins": 0},
        "awaiting": [] if over else [0], "waiting_for": None if over else {"seat": 0, "prompt": d["prompt"], "card": d["card"]},
        "decision": d, "legal": [{"type": "answer"}] if d else [],
        "game_over": over,
        "result": {"scores": [12, 9], "turns": [3, 3], "winners": [0], "end_reason": "provinces", "tie_break": False,
                   "decks": [{"Copper": 7, "Estate": 3, "Cellar": 1, "Woodcutter": 1},
                             {"Copper": 7, "Estate": 3, "Militia": 1}]} if over else None,
    }
    return {
        "id": GAME, "version": version_, "status": "over" if over else "active", "seat": 0, "edition": "2",
        "seats": [{"seat": 0, "kind": "human", "name": "Ann", "bot": None, "joined": True},
                  {"seat": 1, "kind": "human", "name": "Bob", "bot": None, "joined": True}],
        "setup": {"kingdom": KINGDOM, "colony": False, "colony_odds": 0, "preset": None, "players": 2},
        "invites": [], "log_seq": 2, "view": view,
    }


@pytest.mark.parametrize("lang", ["cs", "hu", "en"])
def test_decisions_card_window_and_end_screen_in_each_language(browser, server, shots, lang):
    cards = catalog(server, lang)
    script = Script(GAME, [
        decision("cellar.discard", "cards", HAND, "Cellar", 0, 5),
        decision("militia.discard", "cards", HAND, "Militia", 2, 2),
        decision("workshop.gain", "supply", ["Silver", "Estate", "Woodcutter", "Cellar"], "Workshop", max_cost=4),
    ], resource, {lang: events(cards), "en": events(catalog(server, "en"))})
    ctx, page = open_script(browser, server, script, lang=LOCALES[lang])
    errors = watch(page)
    panel = page.locator("#decision")

    # Cellar: the card that asks is named in the local language, and shows its text on a tap.
    expect(panel).to_have_attribute("data-prompt", "cellar.discard")
    source = panel.locator("#dec-card")
    expect(source).to_have_text(cards["Cellar"]["local_name"])
    # Plurals by the CLDR rules: Czech 5 karet / 2 karty, Hungarian no plural after a numeral.
    upto = {"en": "Choose up to 5 cards.", "cs": "Vyber nejvýše 5 karet.", "hu": "Válassz legfeljebb 5 kártyát."}
    expect(panel).to_contain_text(upto[lang])
    check_screen(page, lang, shots, "decision-cellar")
    source.click()
    check_card_window(page, cards, lang, "Cellar", "2")
    check_screen(page, lang, shots, "decision-card-window")
    page.keyboard.press("Escape")
    expect(page.locator("#card-dialog")).to_be_hidden()
    panel.locator('button[data-option="2"]').click()
    panel.locator('button[data-option="3"]').click()
    tap_answer(page, panel.locator("button[data-confirm]"))

    # Militia (Bob's attack): discard two.
    expect(panel).to_have_attribute("data-prompt", "militia.discard")
    expect(panel.locator("#dec-card")).to_have_text(cards["Militia"]["local_name"])
    two = {"en": "Choose 2 cards.", "cs": "Vyber 2 karty.", "hu": "Válassz 2 kártyát."}
    expect(panel).to_contain_text(two[lang])
    panel.locator('button[data-option="0"]').click()
    panel.locator('button[data-option="2"]').click()
    check_screen(page, lang, shots, "decision-militia")
    tap_answer(page, panel.locator("button[data-confirm]"))

    # Workshop: a pile of the Supply.
    expect(panel).to_have_attribute("data-prompt", "workshop.gain")
    check_screen(page, lang, shots, "decision-workshop")
    tap_answer(page, panel.locator('button[data-answer="Woodcutter"]'))

    wait_screen(page, "end")
    expect(page.locator("#scores td.score").first).to_have_text({"en": "12 VP", "cs": "12 VB", "hu": "12 GyP"}[lang])
    check_screen(page, lang, shots, "end", full=True)
    assert script.answers == [["Estate", "Estate"], ["Copper", "Estate"], "Woodcutter"]
    assert set(script.log_langs) == {lang}
    assert errors == []
    ctx.close()


JOIN_TITLE = {"en": "Join game", "cs": "Připojit se ke hře", "hu": "Csatlakozás"}
NEW_GAME = {"en": "New game", "cs": "Nová hra", "hu": "Új játék"}


@pytest.mark.parametrize("host_lang, guest_lang", [("cs", "hu"), ("hu", "en"), ("en", "cs")])
def test_an_invite_opens_in_the_guests_language(browser, server, shots, host_lang, guest_lang):
    host_ctx = open_context(browser, server, lang=LOCALES[host_lang])
    guest_ctx = open_context(browser, server, lang=LOCALES[guest_lang])
    host, guest = host_ctx.new_page(), guest_ctx.new_page()
    create_game(host, "Anna", ["human"], preset=PRESET)
    wait_screen(host, "lobby")
    check_screen(host, host_lang, shots, "lobby", full=True)
    link = host.locator(".invite-link").first.input_value()
    assert "lang" not in link and "?" not in link  # nothing of the host's language

    guest.goto(link)
    wait_screen(guest, "join")
    expect(guest.locator("#join-seat h1")).to_have_text(JOIN_TITLE[guest_lang])
    check_screen(guest, guest_lang, shots, "join")
    guest.fill("#join-name", "Béla")
    guest.click("#join-take")
    wait_screen(guest, "table")
    check_screen(guest, guest_lang, shots, f"guest-table-host-{host_lang}")
    # The host still plays in their own language.
    open_home(host)
    assert host.evaluate("document.documentElement.lang") == host_lang
    expect(host.locator("#create-form h2")).to_have_text(NEW_GAME[host_lang])
    host_ctx.close()
    guest_ctx.close()


@pytest.mark.parametrize("lang", ["cs", "hu", "en"])
def test_every_card_name_fits_its_tiles_at_360_px(browser, server, shots, lang):
    """Every card of the catalog as a Supply tile, in the hand and in play: no name
    breaks mid-word or spills out of its tile (long names get a smaller font)."""
    cards = catalog(server, lang)
    names = list(cards)
    kingdom = [n for n in names if not cards[n]["basic"]]

    def everything(version_: int, _step) -> dict:
        players = [{"seat": s, "name": n, "hand_count": len(names), "deck_count": 5, "discard_count": 0,
                    "discard_top": None, "in_play": names if s == 0 else [], "set_aside": [], "vp_tokens": 0,
                    "turns": 3} for s, n in enumerate(["Ann", "Bob"])]
        players[0]["hand"] = names
        return {
            "id": GAME, "version": version_, "status": "active", "seat": 0, "edition": "2",
            "seats": [{"seat": s, "kind": "human", "name": n, "bot": None, "joined": True}
                      for s, n in enumerate(["Ann", "Bob"])],
            "setup": {"kingdom": kingdom, "colony": True, "colony_odds": 1, "preset": None, "players": 2},
            "invites": [], "log_seq": 0,
            "view": {"seat": 0, "players": players, "kingdom": kingdom, "edition": "2", "trash": names,
                     "supply": [{"card": n, "count": 10, "cost": cards[n]["cost"]} for n in names],
                     "turn": {"seat": 0, "number": 3, "phase": "buy", "actions": 0, "buys": 1, "coins": 3},
                     "awaiting": [0], "waiting_for": None, "decision": None,
                     "legal": [{"type": "end_phase"}] + [{"type": "play", "card": n} for n in names],
                     "game_over": False, "result": None},
        }

    ctx, page = open_script(browser, server, Script(GAME, [], everything, []), lang=LOCALES[lang])
    page.click("#trash summary")
    expect(page.locator("#supply button.card")).to_have_count(len(names))
    check_screen(page, lang, shots, "every-card", full=True)
    ctx.close()


@pytest.mark.parametrize("lang, unmet, problem", [
    ("cs", "vynecháno z karet k zařazení", "Název karty neznáme"),
    ("hu", "kimaradt a kötelező kártyák közül", "Ismeretlen kártyanév"),
])
def test_a_problem_the_player_causes_is_told_in_their_language(browser, server, shots, lang, unmet, problem):
    ctx = open_context(browser, server, lang=LOCALES[lang])
    page = ctx.new_page()
    open_home(page)
    page.click("#mode-random")
    wait_idle(page)
    page.click("#rnd-more summary")
    # More cards to include than a kingdom holds, by their local names: a kingdom of
    # the first ten, and a note naming the one left out, in the player's language.
    cards = catalog(server, lang)
    eleven = ["Moat", "Village", "Smithy", "Market", "Festival", "Cellar", "Gardens", "Workshop", "Militia",
              "Library", "Moneylender"]
    page.fill("#rnd-include", ", ".join(cards[c]["local_name"] for c in eleven))
    page.click("#roll")
    wait_idle(page)
    expect(page.locator("#unmet")).to_contain_text(f"{unmet}: {cards['Moneylender']['local_name']}")
    check_screen(page, lang, shots, "home-unmet", full=True)
    # A name no card has is the player's problem, told in their language.
    page.fill("#rnd-include", "Xyzzy")
    page.click("#roll")
    wait_idle(page)
    expect(page.locator("#form-error")).to_contain_text(problem)
    check_screen(page, lang, shots, "home-problem", full=True)
    ctx.close()
