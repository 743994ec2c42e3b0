"""Prosperity in the web client, on phones.

First the new table marks and every new kind of decision on a scripted game
resource (the client sees exactly the decisions of the prompt contract,
whatever the shuffles would deal; the catalog comes from the real server),
then whole games through the real server: two people in two browsers on an
all-Prosperity kingdom (Platinum and Colony by the official rule), a phone
against a bot on a random Prosperity kingdom, and a preset game.

The waits are the app's own (idle after each answer, a new version), never time.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from e2e_support import (
    api, create_game, no_horizontal_scroll, open_context, open_home, roll_random_kingdom, shot,
    small_tap_targets, wait_idle, wait_screen, watch,
)
from policy import Player, join_by_invite, play_to_end
from scripted import Script, decision, open_script, phone_ok, tap_answer
from test_full_games import check_end_screen, final_scores
from test_intrigue import DecisionChecks

GAME = "scripted-prosperity"
KINGDOM = ["Watchtower", "Trade Route", "Bishop", "Monument", "Contraband", "King's Court", "Mint",
           "Peddler", "Charlatan", "Vault"]
BASIC = ["Copper", "Silver", "Gold", "Platinum", "Estate", "Duchy", "Province", "Colony", "Curse"]
#: Costs as the engine would report them this turn: Peddler is cheaper in the Buy phase.
COSTS = {"Copper": 0, "Curse": 0, "Estate": 2, "Silver": 3, "Duchy": 5, "Gold": 6, "Platinum": 9,
         "Province": 8, "Colony": 11, "Watchtower": 3, "Trade Route": 3, "Bishop": 4, "Monument": 4,
         "Contraband": 5, "King's Court": 7, "Mint": 5, "Peddler": 4, "Charlatan": 5, "Vault": 5}

#: The new events as Ann's seat sees them (English texts come from the server).
EVENTS = [
    {"seq": 1, "type": "turn", "seat": 0, "number": 7, "text": "Turn 7: your turn."},
    {"seq": 2, "type": "vp", "seat": 0, "vp": 2, "total": 3, "text": "You took 2 VP tokens (3 in all)."},
    {"seq": 3, "type": "trade_route", "seat": 1, "card": "Estate", "mat": 2,
     "text": "The Estate token moved to the Trade Route mat (2 there)."},
    {"seq": 4, "type": "name", "seat": 1, "card": "Gold", "by": "Contraband",
     "text": "Bob named Gold for Contraband."},
]
#: The same log as the server tells it in Czech and Hungarian (the fixture's own words).
EVENTS_BY_LANG = {
    "en": EVENTS,
    "cs": [{**e, "text": t} for e, t in zip(EVENTS, [
        "Tah 7: tvůj tah.", "Bereš si 2 žetony VB (celkem 3).",
        "Žeton ze Statku se přesouvá na podložku Obchodní stezky (tam 2).", "Bob jmenuje Zlaťák pro Kontraband."])],
    "hu": [{**e, "text": t} for e, t in zip(EVENTS, [
        "7. kör: te jössz.", "Kapsz 2 GyP-jelzőt (összesen 3).",
        "A Birtok jelzője a Kereskedelmi út táblára kerül (ott 2).", "Bob megnevezi az Aranyat (Csempészaru)."])],
}


def resource(version_: int, d: dict | None, turn_seat: int = 0, phase: str = "action") -> dict:
    """A game resource for seat 0 (Ann) at ``version_`` with open decision ``d``."""
    supply = [{"card": c, "count": 8 if c == "Colony" else 10, "cost": COSTS[c]} for c in BASIC + KINGDOM]
    players = [
        {"seat": s, "name": n, "hand_count": 5, "deck_count": 5, "discard_count": 0, "discard_top": None,
         "in_play": [], "set_aside": [], "vp_tokens": tokens, "turns": 7}
        for s, n, tokens in ((0, "Ann", 3), (1, "Bob", 0))
    ]
    players[0]["hand"] = ["Copper", "Curse", "Estate", "Silver", "Bishop"]
    legal = [{"type": "answer"}] if d else [
        {"type": "play", "card": "Curse"}, {"type": "play", "card": "Copper"},
        {"type": "play", "card": "Silver"}, {"type": "play_treasures"}, {"type": "end_phase"},
        *({"type": "buy", "card": c} for c in ("Copper", "Curse", "Estate", "Silver", "Peddler"))]
    return {
        "id": GAME, "version": version_, "status": "active", "seat": 0, "edition": "1",
        "seats": [{"seat": 0, "kind": "human", "name": "Ann", "bot": None, "joined": True},
                  {"seat": 1, "kind": "human", "name": "Bob", "bot": None, "joined": True}],
        "setup": {"kingdom": KINGDOM, "colony": True, "colony_odds": 1.0, "colony_reason": "all-prosperity",
                  "preset": None, "randomizer": None, "players": 2},
        "invites": [], "log_seq": len(EVENTS),
        "view": {
            "seat": 0, "players": players, "supply": supply, "kingdom": KINGDOM, "edition": "1",
            "trash": [],
            "turn": {"seat": turn_seat, "number": 7, "phase": phase, "actions": 1, "buys": 2, "coins": 3,
                     "names": {"contraband": ["Gold"]} if turn_seat == 0 and not d else {}},
            "trade_route": {"piles": ["Duchy", "Province", "Colony"], "mat": 2},
            "curse_is_treasure": True,
            "awaiting": [0], "waiting_for": {"seat": 0, "prompt": d["prompt"], "card": d["card"]} if d else None,
            "decision": d, "legal": legal, "game_over": False, "result": None,
        },
    }


def scripted_resource(version_: int, step: tuple[dict, int] | None) -> dict:
    """The resource at a step of (decision, whose turn); after the last one, Ann's Buy phase."""
    return resource(version_, *step) if step else resource(version_, None, 0, "buy")


def test_every_prosperity_decision_is_answered_by_taps(browser, server, shots):
    _, catalog = api(server, "GET", "/api/cards")
    all_cards = sorted(c["name"] for c in catalog["cards"])
    hand = ["Copper", "Curse", "Estate", "Silver", "Bishop"]
    yes_no = ["yes", "no"]
    script = Script(GAME, [
        # Asked of Ann in Bob's turn (the player to the left of Contraband's player).
        (decision("contraband.name", "option", all_cards, "Contraband"), 1),
        # Watchtower on a Curse from Bob's Charlatan: gained to the discard pile.
        (decision("watchtower.reveal", "option", ["trash", "deck", "no"], "Watchtower",
                  gained="Curse", to="discard"), 1),
        # Gained onto the deck already: "deck" is left out.
        (decision("watchtower.reveal", "option", ["trash", "no"], "Watchtower", gained="Gold", to="deck"), 0),
        (decision("royal_seal.topdeck", "option", yes_no, "Royal Seal", gained="Gold"), 0),
        (decision("tiara.topdeck", "option", yes_no, "Tiara", gained="Silver"), 0),
        (decision("vault.offer", "option", yes_no, "Vault"), 1),
        (decision("vault.other_discard", "cards", hand, "Vault", 2, 2), 1),
        (decision("mountebank.discard_curse", "option", yes_no, "Mountebank"), 1),
        (decision("forge.gain", "supply", ["Gold"], "Forge", cost=6), 0),
        (decision("kings_court.play", "cards", ["Bishop", "Watchtower"], "King's Court", 0, 1), 0),
        (decision("crystal_ball.choose", "option", ["trash", "discard", "play", "keep"], "Crystal Ball",
                  looked="Gold"), 0),
        (decision("loan.choose", "option", ["discard", "trash"], "Loan", revealed="Copper"), 0),
        (decision("investment.choose", "option", ["coin", "vp"], "Investment"), 0),
        (decision("war_chest.name", "option", all_cards, "War Chest"), 1),
        (decision("war_chest.gain", "supply", ["Silver", "Bishop", "Monument"], "War Chest",
                  max_cost=5, named=["Gold", "Trade Route"]), 0),
        (decision("turn_start.play", "cards", ["Clerk"], None, 0, 1), 0),
        (decision("mint.reveal", "cards", ["Copper", "Silver"], "Mint", 0, 1), 0),
    ], scripted_resource, EVENTS)
    ctx, page = open_script(browser, server, script)
    errors = watch(page)
    panel = page.locator("#decision")
    prompt = panel.locator(".prompt")

    # Contraband: named by the player to the left, in the other player's turn, from the card list.
    expect(panel).to_have_attribute("data-prompt", "contraband.name")
    expect(prompt).to_have_text("Bob played Contraband. Name a card: they cannot buy it this turn.")
    expect(panel.locator("#name-list button[data-answer]")).to_have_count(len(BASIC + KINGDOM))
    panel.locator("#name-filter").fill("plat")
    expect(panel.locator("#name-list button[data-answer]")).to_have_text(["Platinum"])
    phone_ok(page, shots, "40-contraband-name")
    tap_answer(page, panel.locator('#name-list button[data-answer="Platinum"]'))

    # Watchtower: the gained card shows; three labelled choices.
    expect(panel).to_have_attribute("data-prompt", "watchtower.reveal")
    expect(panel.locator("#subject")).to_have_attribute("data-card", "Curse")
    expect(prompt).to_contain_text("You gained Curse.")
    expect(panel.locator("button[data-answer]")).to_have_text(
        ["Reveal it: trash the card", "Reveal it: put the card onto my deck", "No, keep it where it is"])
    phone_ok(page, shots, "41-watchtower-reveal")
    tap_answer(page, panel.locator('button[data-answer="trash"]'))
    expect(panel.locator("#subject")).to_have_attribute("data-card", "Gold")
    expect(panel.locator("button[data-answer]")).to_have_count(2)
    tap_answer(page, panel.locator('button[data-answer="no"]'))

    # Royal Seal and Tiara: yes/no, naming the gained card.
    expect(panel).to_have_attribute("data-prompt", "royal_seal.topdeck")
    expect(prompt).to_have_text("Put the gained Gold onto your deck (Royal Seal)?")
    expect(panel.locator("button[data-answer]")).to_have_text(["Yes", "No"])
    phone_ok(page, shots, "42-royal-seal-topdeck")
    tap_answer(page, panel.locator('button[data-answer="yes"]'))
    expect(panel).to_have_attribute("data-prompt", "tiara.topdeck")
    expect(prompt).to_contain_text("Silver")
    tap_answer(page, panel.locator('button[data-answer="no"]'))

    # Vault offered to the other player: yes, then exactly two cards.
    expect(panel).to_have_attribute("data-prompt", "vault.offer")
    expect(prompt).to_have_text("Bob played Vault. Discard 2 cards to draw a card?")
    tap_answer(page, panel.locator('button[data-answer="yes"]'))
    expect(panel).to_have_attribute("data-prompt", "vault.other_discard")
    expect(prompt).to_have_text("Choose the cards to discard for Vault.")
    confirm = panel.locator("button[data-confirm]")
    panel.locator('button[data-option="0"]').click()
    expect(confirm).to_be_disabled()
    panel.locator('button[data-option="2"]').click()
    panel.locator('button[data-option="3"]').click()  # a third one: ignored
    expect(panel.locator('button[data-option][aria-pressed="true"]')).to_have_count(2)
    phone_ok(page, shots, "43-vault-other-discard")
    tap_answer(page, confirm)

    expect(panel).to_have_attribute("data-prompt", "mountebank.discard_curse")
    expect(prompt).to_have_text("Discard a Curse (instead of gaining a Curse and a Copper)?")
    phone_ok(page, shots, "44-mountebank-discard-curse")
    tap_answer(page, panel.locator('button[data-answer="yes"]'))

    # Forge: the exact cost is said.
    expect(panel).to_have_attribute("data-prompt", "forge.gain")
    expect(prompt).to_have_text("Gain a card costing exactly $6.")
    expect(panel).to_contain_text("Only piles costing exactly $6 can be gained.")
    tap_answer(page, panel.locator('button[data-answer="Gold"]'))

    expect(panel).to_have_attribute("data-prompt", "kings_court.play")
    expect(panel.locator('button[data-answer=""]')).to_be_visible()
    phone_ok(page, shots, "45-kings-court-play")
    tap_answer(page, panel.locator('button[data-answer="Bishop"]'))

    # Crystal Ball: the card looked at, and four choices.
    expect(panel).to_have_attribute("data-prompt", "crystal_ball.choose")
    expect(panel.locator("#subject")).to_have_attribute("data-card", "Gold")
    expect(panel.locator("button[data-answer]")).to_have_text(
        ["Trash it", "Discard it", "Play it", "Put it back"])
    phone_ok(page, shots, "46-crystal-ball-choose")
    tap_answer(page, panel.locator('button[data-answer="play"]'))

    expect(panel).to_have_attribute("data-prompt", "loan.choose")
    expect(prompt).to_have_text("You revealed Copper. Discard it or trash it?")
    tap_answer(page, panel.locator('button[data-answer="trash"]'))

    expect(panel).to_have_attribute("data-prompt", "investment.choose")
    expect(panel.locator("button[data-answer]")).to_have_text(
        ["+$1", "Trash it: +1 VP token per differently named Treasure in your hand"])
    phone_ok(page, shots, "47-investment-choose")
    tap_answer(page, panel.locator('button[data-answer="vp"]'))

    # War Chest: named by the other player, then the gain lists what was named.
    expect(panel).to_have_attribute("data-prompt", "war_chest.name")
    expect(prompt).to_contain_text("Bob played War Chest.")
    panel.locator("#name-filter").fill("gold")
    tap_answer(page, panel.locator('#name-list button[data-answer="Gold"]'))
    expect(panel).to_have_attribute("data-prompt", "war_chest.gain")
    expect(prompt).to_have_text("Gain a card costing up to $5, but not a named one (Gold, Trade Route).")
    phone_ok(page, shots, "48-war-chest-gain")
    tap_answer(page, panel.locator('button[data-answer="Bishop"]'))

    # Clerk at the start of the turn (the engine's own prompt, no card).
    expect(panel).to_have_attribute("data-prompt", "turn_start.play")
    expect(panel.locator(".prompt")).to_have_attribute("data-known", "true")
    tap_answer(page, panel.locator('button[data-answer="Clerk"]'))

    expect(panel).to_have_attribute("data-prompt", "mint.reveal")
    tap_answer(page, panel.locator('button[data-answer=""]'))

    expect(page.locator("#decision")).to_have_count(0)
    assert script.answers == [
        "Platinum", "trash", "no", "yes", "no", "yes", ["Copper", "Estate"], "yes", "Gold", ["Bishop"],
        "play", "trash", "vp", "Gold", "Bishop", ["Clerk"], [],
    ]
    assert errors == []
    ctx.close()


def test_the_table_shows_prosperity_state_on_a_phone_in_three_languages(browser, server, shots):
    script = Script(GAME, [], scripted_resource, EVENTS_BY_LANG)  # no decision: Ann's Buy phase
    ctx, page = open_script(browser, server, script)
    errors = watch(page)
    supply = page.locator("#supply")

    # Platinum and Colony are basic piles.
    for card in ("Platinum", "Colony"):
        expect(page.locator(f'#basic-piles button.card[data-card="{card}"]')).to_have_count(1)
    # Trade Route: the mat, and the Victory piles still carrying a token.
    expect(page.locator("#trade-route")).to_have_attribute("data-mat", "2")
    expect(page.locator("#trade-route")).to_contain_text("Trade Route mat: $2")
    marked = supply.locator("button.card[data-token]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(marked) == ["Colony", "Duchy", "Province"]
    expect(supply.locator('button.card[data-card="Estate"] .badge.token')).to_have_count(0)
    # Contraband: the banned pile is marked and cannot be bought.
    gold = supply.locator('button.card[data-card="Gold"]')
    expect(gold).to_have_attribute("data-banned", "true")
    expect(gold).to_have_attribute("data-buyable", "false")
    expect(gold.locator(".tag")).to_have_text("banned")
    expect(gold.locator(".tag use")).to_have_attribute("href", re.compile(r"icons/cards\.svg#ui-banned$"))  # an icon, not an emoji
    expect(page.locator("#banned")).to_have_text("Contraband: Gold cannot be bought this turn.")
    # Peddler's cost in the Buy phase: the printed one struck through, the current one marked.
    peddler = supply.locator('button.card[data-card="Peddler"]')
    expect(peddler).to_have_attribute("data-printed-cost", "8")
    expect(peddler.locator(".cost.changed .printed")).to_have_text("$8")
    expect(peddler.locator(".cost.changed .lower")).to_have_text("$4")
    expect(supply.locator('button.card[data-card="Mint"]')).not_to_have_attribute("data-printed-cost", "5")
    # Curse is a Treasure here: playable from the hand, as the engine's legal list says.
    expect(page.locator('#hand button.card[data-card="Curse"]')).to_have_attribute("data-playable", "true")
    expect(page.locator("#curse-treasure")).to_be_visible()
    # VP tokens of every player (a kingdom with Bishop and Monument).
    expect(page.locator('#players [data-seat="0"] .vp-tokens')).to_have_attribute("data-vp-tokens", "3")
    expect(page.locator('#players [data-seat="1"] .vp-tokens')).to_have_attribute("data-vp-tokens", "0")
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    page.locator("#supply").scroll_into_view_if_needed()
    shot(page, shots, "49-prosperity-table", full=True)
    page.locator("#trade-route").scroll_into_view_if_needed()
    shot(page, shots, "50-prosperity-supply", full=False)

    # The log in each language as the server tells it (oldest first; the turn line is its
    # heading), and the table texts in Czech and Hungarian.
    log = page.locator("#log li")
    expect(log).to_have_text([e["text"] for e in EVENTS if e["type"] != "turn"])
    page.select_option("#lang", "cs")
    expect(log).to_have_text([e["text"] for e in EVENTS_BY_LANG["cs"] if e["type"] != "turn"])
    expect(page.locator("#banned")).to_have_text("Kontraband: Zlaťák v tomto tahu koupit nelze.")
    no_horizontal_scroll(page)
    page.select_option("#lang", "hu")
    expect(log).to_have_text([e["text"] for e in EVENTS_BY_LANG["hu"] if e["type"] != "turn"])
    expect(page.locator("#trade-route")).to_contain_text("tábla: $2")
    no_horizontal_scroll(page)
    shot(page, shots, "51-prosperity-table-hu", full=False)
    assert errors == []
    ctx.close()


# --- whole games through the real server ------------------------------------

#: Every card the two-browser game must see played or answered, all from Prosperity:
#: Platinum and Colony come with it by the official rule.
GAME_KINGDOM = ["Watchtower", "Trade Route", "Bishop", "Monument", "Contraband", "King's Court", "Mint",
                "Worker's Village", "Royal Seal", "Vault"]
#: The game's seed (sent with the creation request): shuffles, and so this game, are reproducible.
GAME_SEED = 20260101

# What the Prosperity marks on a table show, read in one round trip.
_MARKS = """() => {
  const tr = document.querySelector('#trade-route');
  const banned = document.querySelector('#banned');
  return {
    mat: tr ? +tr.dataset.mat : null,
    tokens: [...document.querySelectorAll('#players .vp-tokens')].map(e => +e.dataset.vpTokens),
    banned: banned ? banned.dataset.cards.split('|') : [],
    bannedTiles: [...document.querySelectorAll('#supply button.card[data-banned="true"]')].map(
      e => [e.dataset.card, e.dataset.buyable]),
  };
}"""


def seeded(page, seed: int) -> None:
    """Send ``seed`` with this page's game creation request (the form has no field for it)."""
    def add_seed(route) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        body = json.loads(route.request.post_data)
        route.continue_(post_data=json.dumps({**body, "seed": seed}))
    page.route("**/api/games", add_seed)


class Marks:
    """A hook for ``play_to_end``: remembers what the Prosperity marks showed."""

    def __init__(self, shots=None):
        self.mats: set[int] = set()
        self.max_tokens = 0
        self.banned_checked = 0
        self.shots = shots
        self.shot_taken = False

    def __call__(self, p: Player, state: dict) -> None:
        if state["screen"] != "table":
            return
        m = p.page.evaluate(_MARKS)
        if m["mat"] is not None:
            self.mats.add(m["mat"])
        self.max_tokens = max([self.max_tokens, *m["tokens"]])
        if m["banned"]:
            # A named card is marked on its pile and can never be bought this turn.
            assert sorted(c for c, _ in m["bannedTiles"]) == sorted(set(m["banned"]) & set(state["supply"]))
            assert all(buyable == "false" for _, buyable in m["bannedTiles"]), m
            self.banned_checked += 1
        if self.shots and not self.shot_taken and self.max_tokens and max(self.mats, default=0):
            # VP tokens and the Trade Route mat in a real game, on the phone.
            p.page.locator("#players").scroll_into_view_if_needed()
            shot(p.page, self.shots, "65-prosperity-players-tokens", full=False)
            p.page.locator("#trade-route").scroll_into_view_if_needed()
            shot(p.page, self.shots, "66-prosperity-trade-route", full=False)
            self.shot_taken = True


def test_two_people_play_a_prosperity_game_with_colony_to_the_end(browser, server, shots):
    ann_ctx = open_context(browser, server)
    bob_ctx = open_context(browser, server, lang="hu-HU")  # Bob plays in Hungarian
    ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
    ann_errors, bob_errors = watch(ann), watch(bob)
    seeded(ann, GAME_SEED)
    create_game(ann, "Ann", ["human"], kingdom=GAME_KINGDOM)
    wait_screen(ann, "lobby")
    join_by_invite(ann, bob, "Bob")

    # All ten kingdom cards are from Prosperity: Platinum and Colony are in (the official rule).
    game_id = ann.url.split("#/g/")[1]
    _, spectator = api(server, "GET", f"/api/games/{game_id}")
    assert spectator["setup"]["colony"] is True and spectator["setup"]["colony_reason"] == "all-prosperity"
    for page in (ann, bob):
        for card in ("Platinum", "Colony"):
            expect(page.locator(f'#basic-piles button.card[data-card="{card}"]')).to_have_count(1)
        expect(page.locator("#trade-route")).to_have_attribute("data-mat", "0")
        expect(page.locator("#players .vp-tokens")).to_have_count(2)

    players = [
        Player(ann, wants={"King's Court": 2, "Contraband": 2, "Trade Route": 1, "Monument": 1, "Mint": 1,
                           "Watchtower": 1}),
        Player(bob, wants={"Bishop": 1, "Watchtower": 2, "Mint": 1, "Contraband": 1, "King's Court": 2,
                           "Vault": 1}),
    ]
    checks = DecisionChecks(shots, "60-prosperity", phone=True)
    marks = Marks(shots)

    def hook(p: Player, state: dict) -> None:
        checks(p, state)
        marks(p, state)

    play_to_end(players, hook=hook)
    for p in players:
        check_end_screen(p.page, ["Ann", "Bob"])
    assert final_scores(ann) == [(s, v.replace("GyP", "VP")) for s, v in final_scores(bob)]
    played = players[0].played + players[1].played
    answered = players[0].decisions + players[1].decisions
    print("played:", dict(played))
    print("bought:", dict(players[0].bought), dict(players[1].bought))
    print("decisions answered:", dict(answered))
    print("trade route mat values seen:", sorted(marks.mats), "most VP tokens:", marks.max_tokens)
    assert played["Watchtower"] + answered["watchtower.reveal"] >= 1
    assert played["Trade Route"] >= 1 and played["King's Court"] >= 1 and played["Mint"] >= 1
    assert played["Bishop"] + played["Monument"] >= 1
    # VP tokens showed on the table, the Trade Route mat grew.
    assert marks.max_tokens >= 1 and max(marks.mats) >= 1
    # Contraband (a Treasure, from "Play all Treasures") was named by the other browser,
    # and the named pile was shown as not buyable.
    assert answered["contraband.name"] >= 1 and marks.banned_checked >= 1
    # The end screen says how much of a score came from VP tokens.
    _, final = api(server, "GET", f"/api/games/{game_id}")
    for p in final["view"]["players"]:
        row = ann.locator(f'#scores tr[data-seat="{p["seat"]}"] .with-tokens')
        if p["vp_tokens"]:
            expect(row).to_have_attribute("data-vp-tokens", str(p["vp_tokens"]))
        else:
            expect(row).to_have_count(0)
    ann.locator("#scores").scroll_into_view_if_needed()
    shot(ann, shots, "61-prosperity-end", full=False)
    assert ann_errors == [] and bob_errors == []
    ann_ctx.close()
    bob_ctx.close()


def test_phone_game_against_a_bot_on_a_random_prosperity_kingdom(browser, server, shots):
    ctx = open_context(browser, server)
    page = ctx.new_page()
    errors = watch(page)
    kingdom = roll_random_kingdom(page, server, "prosperity", colony="auto")
    # The preview says Platinum and Colony are used (all Prosperity), and the game has them.
    expect(page.locator("#colony-line")).to_contain_text("With Platinum and Colony")
    no_horizontal_scroll(page)
    page.click("#create")
    wait_screen(page, "table")
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    for card in ("Platinum", "Colony"):
        expect(page.locator(f'#basic-piles button.card[data-card="{card}"]')).to_have_count(1)
    shot(page, shots, "62-phone-prosperity-start", full=False)

    me = Player(page, wants={c: 1 for c in kingdom})
    checks = DecisionChecks(shots, "63-phone-prosperity", phone=True)
    play_to_end([me], hook=checks)
    check_end_screen(page, ["Ann"])
    no_horizontal_scroll(page)
    print("kingdom:", kingdom)
    print("played:", dict(me.played), "decisions answered:", dict(me.decisions))
    assert sum(me.bought[c] for c in kingdom) > 0
    assert errors == []
    ctx.close()


def test_a_prosperity_preset_game_follows_the_platinum_colony_rule(context, server):
    _, listing = api(server, "GET", "/api/kingdoms/presets")
    presets = {p["key"]: p for p in listing["presets"]}
    # The rulebook's Prosperity kingdoms are playable now that their cards exist.
    for key in ("beginners", "friendly-interactive", "big-actions", "biggest-money-1e", "kings-army-1e",
                "good-life-1e", "paths-to-victory", "all-along-the-watchtower", "lucky-seven",
                "biggest-money-2e", "kings-army-2e", "good-life-2e"):
        assert presets[key]["available"], key
    page = context.new_page()
    open_home(page)
    page.fill("#my-name", "Ann")
    page.click("#mode-preset")
    options = page.locator("#preset option:not([disabled])").evaluate_all("els => els.map(e => e.value)")
    assert "big-actions" in options and "good-life-2e" in options
    page.select_option("#rnd-colony", "auto")
    # A mixed kingdom: the official rule draws when the game starts, the form says with what chance.
    page.select_option("#preset", "kings-army-1e")
    expect(page.locator("#colony-line")).to_have_text(
        "Platinum and Colony: drawn when the game starts (chance 50 %).")
    page.select_option("#preset", "big-actions")
    expect(page.locator("#colony-line")).to_contain_text("With Platinum and Colony")
    wait_idle(page)
    page.click("#create")
    wait_screen(page, "table")  # the other seat is a bot
    game_id = page.url.split("#/g/")[1]
    _, game = api(server, "GET", f"/api/games/{game_id}")
    # Every card of Big Actions is from Prosperity: the official rule adds Platinum and Colony.
    assert game["setup"]["preset"] == "big-actions"
    assert game["setup"]["colony"] is True and game["setup"]["colony_reason"] == "all-prosperity"
    for card in ("Platinum", "Colony"):
        expect(page.locator(f'#basic-piles button.card[data-card="{card}"]')).to_have_count(1)
    # "Never" in the form wins over the rule.
    page.goto("/")
    wait_screen(page, "home")
    page.click("#mode-preset")
    page.select_option("#preset", "big-actions")
    page.select_option("#rnd-colony", "off")
    expect(page.locator("#colony-line")).to_contain_text("Without Platinum and Colony")
    wait_idle(page)
    page.click("#create")
    wait_screen(page, "table")
    expect(page.locator('#basic-piles button.card[data-card="Colony"]')).to_have_count(0)
    game_id = page.url.split("#/g/")[1]
    _, game = api(server, "GET", f"/api/games/{game_id}")
    assert game["setup"]["colony"] is False and game["setup"]["colony_reason"] == "forced"


#: Treasures whose decisions come up in the middle of "Play all Treasures".
TREASURE_KINGDOM = ["Tiara", "Anvil", "Contraband", "Crystal Ball", "Loan", "Investment", "War Chest",
                    "Royal Seal", "Venture", "Quarry"]


def test_treasure_decisions_come_up_through_the_one_play_all_treasures_tap(browser, server, shots):
    """The policy plays Treasures only with the "Play all Treasures" button (never one by one),
    so each Treasure's decision answered here came up in the middle of that one command."""
    ctx = open_context(browser, server)
    page = ctx.new_page()
    errors = watch(page)
    seeded(page, GAME_SEED + 1)
    create_game(page, "Ann", ["medium"], kingdom=TREASURE_KINGDOM)
    wait_screen(page, "table")
    me = Player(page, wants={"Tiara": 2, "Anvil": 2, "Investment": 1, "Crystal Ball": 1, "Loan": 1,
                             "War Chest": 1, "Royal Seal": 1, "Contraband": 1})
    checks = DecisionChecks(shots, "64-treasures", phone=True)
    play_to_end([me], hook=checks)
    check_end_screen(page, ["Ann"])
    print("decisions answered:", dict(me.decisions), "bought:", dict(me.bought))
    assert me.played == {}  # no Action card in this kingdom: every play was the button's
    for prompt in ("tiara.play", "anvil.discard", "investment.choose", "crystal_ball.choose"):
        assert me.decisions[prompt] >= 1, (prompt, me.decisions)
    assert errors == []
    ctx.close()
