"""Each kind of Intrigue decision in the web client, one after another, on a
phone: the game resource is scripted (the client sees exactly the decisions of
the prompt contract, whatever the shuffles would deal), the catalog comes from
the real server, and each tap must send the answer the engine expects.

The waits are the app's own: idle after each answer, as everywhere else."""

from __future__ import annotations

from playwright.sync_api import expect

from e2e_support import api, shot, watch
from scripted import Script, decision, open_script, phone_ok, tap_answer

GAME = "scripted"
KINGDOM = ["Pawn", "Courtier", "Masquerade", "Secret Passage", "Secret Chamber", "Torturer",
           "Swindler", "Wishing Well", "Minion", "Nobles"]
BASIC = ["Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse"]
COSTS = {"Copper": 0, "Curse": 0, "Estate": 2, "Silver": 3, "Duchy": 5, "Gold": 6, "Province": 8}

#: The events of the scripted game's log: the new Intrigue kinds as Ann's seat sees them.
EVENTS = [
    {"seq": 1, "type": "turn", "seat": 0, "number": 3, "text": "Turn 3: your turn."},
    {"seq": 2, "type": "pass", "seat": 0, "receiver": 1, "cards": ["Estate"], "text": "You passed Estate to Bob."},
    {"seq": 3, "type": "pass", "seat": 1, "receiver": 0, "cards": ["Copper"], "text": "Bob passed Copper to you."},
    {"seq": 4, "type": "name", "seat": 0, "card": "Gold", "text": "You named Gold."},
    {"seq": 5, "type": "insert", "seat": 0, "cards": ["Silver"], "position": 2,
     "text": "You put Silver into the deck with 2 card(s) above it."},
    {"seq": 6, "type": "trash", "seat": 1, "cards": ["Village"], "source": "supply",
     "text": "Bob trashed Village from the Supply."},
]


def resource(version_: int, d: dict | None, edition: str = "2") -> dict:
    """A game resource for seat 0 (Ann) at ``version_`` with open decision ``d``."""
    supply = [{"card": c, "count": 10, "cost": COSTS.get(c, 4)} for c in BASIC + KINGDOM]
    players = [
        {"seat": s, "name": n, "hand_count": 5, "deck_count": 5, "discard_count": 0, "discard_top": None,
         "in_play": [], "set_aside": [], "vp_tokens": 0, "turns": 3}
        for s, n in enumerate(["Ann", "Bob"])
    ]
    players[0]["hand"] = ["Copper", "Copper", "Estate", "Silver", "Masquerade"]
    return {
        "id": GAME, "version": version_, "status": "active", "seat": 0, "edition": edition,
        "seats": [{"seat": 0, "kind": "human", "name": "Ann", "bot": None, "joined": True},
                  {"seat": 1, "kind": "human", "name": "Bob", "bot": None, "joined": True}],
        "setup": {"kingdom": KINGDOM, "colony": False, "colony_odds": 0, "colony_reason": "no-prosperity",
                  "preset": None, "randomizer": None, "players": 2},
        "invites": [], "log_seq": len(EVENTS),
        "view": {
            "seat": 0, "players": players, "supply": supply, "kingdom": KINGDOM, "edition": edition,
            "trash": [], "turn": {"seat": 0, "number": 3, "phase": "action", "actions": 1, "buys": 1, "coins": 0},
            "awaiting": [0], "waiting_for": {"seat": 0, "prompt": d["prompt"], "card": d["card"]} if d else None,
            "decision": d, "legal": [{"type": "answer"}] if d else [{"type": "end_phase"}],
            "game_over": False, "result": None,
        },
    }


def test_every_new_kind_of_decision_answers_what_the_engine_expects(browser, server, shots):
    _, catalog = api(server, "GET", "/api/cards")
    all_cards = sorted(c["name"] for c in catalog["cards"])  # as the engine lists them
    positions = [str(i) for i in range(6)]
    script = Script(GAME, [
        decision("pawn.choose", "options", ["card", "action", "buy", "coin"], "Pawn", 2, 2),
        decision("courtier.choose", "options", ["action", "buy", "coins", "gold"], "Courtier", 2, 2,
                 revealed="Nobles", count=2),
        decision("wishing_well.name", "option", all_cards, "Wishing Well"),
        decision("secret_passage.card", "cards", ["Copper", "Copper", "Estate", "Silver", "Masquerade"],
                 "Secret Passage"),
        decision("secret_passage.position", "option", positions, "Secret Passage", placing="Silver"),
        decision("masquerade.pass", "cards", ["Copper", "Copper", "Estate", "Silver", "Masquerade"],
                 "Masquerade", receiver=1),
        decision("reaction.reveal", "cards", ["Secret Chamber"], "Torturer", 0, 1, revealed=["Secret Chamber"]),
        decision("torturer.choose", "option", ["discard", "curse"], "Torturer"),
        decision("swindler.gain", "supply", ["Silver"], "Swindler", target=1, trashed="Silver", cost=3),
        decision("minion.choose", "option", ["coins", "attack"], "Minion"),
        decision("secret_chamber.topdeck", "cards", ["Copper", "Estate", "Silver"], "Secret Chamber", 2, 2),
    ], resource, EVENTS)
    ctx, page = open_script(browser, server, script)
    errors = watch(page)
    panel = page.locator("#decision")

    # Pawn: two different bonuses; Confirm only once exactly two are on.
    expect(panel).to_have_attribute("data-prompt", "pawn.choose")
    expect(panel.locator("button[data-opt]")).to_have_text(["+1 Card", "+1 Action", "+1 Buy", "+$1"])
    confirm = panel.locator("button[data-confirm]")
    expect(confirm).to_be_disabled()
    panel.locator('button[data-opt="buy"]').click()
    expect(confirm).to_be_disabled()
    panel.locator('button[data-opt="card"]').click()
    panel.locator('button[data-opt="coin"]').click()  # a third one: ignored
    expect(panel.locator('button[data-opt][aria-pressed="true"]')).to_have_count(2)
    phone_ok(page, shots, "30-pawn-choose")
    tap_answer(page, confirm)

    # Courtier: as many as the revealed card has types.
    expect(panel).to_have_attribute("data-prompt", "courtier.choose")
    expect(panel.locator(".prompt")).to_contain_text("Nobles")
    panel.locator('button[data-opt="gold"]').click()
    panel.locator('button[data-opt="action"]').click()
    tap_answer(page, panel.locator("button[data-confirm]"))

    # Wishing Well: the game's cards at first, any card by searching.
    expect(panel).to_have_attribute("data-prompt", "wishing_well.name")
    expect(panel.locator("#name-list button[data-answer]")).to_have_count(
        len(set(BASIC + KINGDOM) & set(all_cards)))
    panel.locator("#name-filter").fill("gard")
    expect(panel.locator("#name-list button[data-answer]")).to_have_text(["Gardens"])
    panel.locator("#name-filter").fill("zzz")
    expect(panel.locator("#name-none")).to_be_visible()
    panel.locator("#name-filter").fill("gold")
    phone_ok(page, shots, "31-wishing-well-name")
    tap_answer(page, panel.locator('#name-list button[data-answer="Gold"]'))

    # Secret Passage: the card, then where it goes (the decision names the card).
    expect(panel).to_have_attribute("data-prompt", "secret_passage.card")
    tap_answer(page, panel.locator('button[data-answer="Silver"]'))
    expect(panel).to_have_attribute("data-prompt", "secret_passage.position")
    expect(panel.locator("#placing button.card")).to_have_attribute("data-card", "Silver")
    expect(panel.locator("button[data-position]")).to_have_text(
        ["On top", "2nd from the top", "3rd from the top", "4th from the top", "5th from the top", "At the bottom"])
    phone_ok(page, shots, "32-secret-passage-position")
    tap_answer(page, panel.locator('button[data-position="5"]'))

    # Masquerade: who receives the card.
    expect(panel).to_have_attribute("data-prompt", "masquerade.pass")
    expect(panel.locator(".prompt")).to_have_text("Pass a card from your hand to Bob.")
    tap_answer(page, panel.locator('button[data-answer="Estate"]'))

    # A second Reaction: what was revealed already, and a clear way to stop.
    expect(panel).to_have_attribute("data-prompt", "reaction.reveal")
    expect(panel.locator("#revealed")).to_have_text("Already revealed: Secret Chamber.")
    expect(panel.locator('button[data-answer=""]')).to_have_text("Done, reveal no more")
    phone_ok(page, shots, "33-reaction-reveal-again")
    tap_answer(page, panel.locator('button[data-answer=""]'))

    expect(panel).to_have_attribute("data-prompt", "torturer.choose")
    expect(panel.locator("button[data-answer]")).to_have_text(["Discard 2 cards", "Gain a Curse to your hand"])
    tap_answer(page, panel.locator('button[data-answer="curse"]'))

    # Swindler: the attacker chooses what the victim gains.
    expect(panel).to_have_attribute("data-prompt", "swindler.gain")
    expect(panel.locator(".prompt")).to_have_text("Bob trashed Silver. Choose a card costing $3 for them to gain.")
    tap_answer(page, panel.locator('button[data-answer="Silver"]'))

    expect(panel).to_have_attribute("data-prompt", "minion.choose")
    phone_ok(page, shots, "34-minion-choose")
    tap_answer(page, panel.locator('button[data-answer="attack"]'))

    # Secret Chamber: the tap order shows; the last card tapped ends on top.
    expect(panel).to_have_attribute("data-prompt", "secret_chamber.topdeck")
    panel.locator('button[data-option="2"]').click()
    panel.locator('button[data-option="0"]').click()
    expect(panel.locator('button[data-option="0"] .badge')).to_have_text("2")
    tap_answer(page, panel.locator("button[data-confirm]"))

    expect(page.locator("#decision")).to_have_count(0)
    assert script.answers == [
        ["card", "buy"], ["action", "gold"], "Gold", ["Silver"], "5", ["Estate"], [], "curse", "Silver",
        "attack", ["Silver", "Copper"],
    ]
    assert errors == []
    ctx.close()


#: The scripted log in Czech and Hungarian: the server writes these sentences (the
#: fixture's own words here); the client shows them as they come, in the asked language.
EVENTS_BY_LANG = {
    "en": EVENTS,
    "cs": [{**e, "text": t} for e, t in zip(EVENTS, [
        "Tah 3: tvůj tah.", "Předáváš Statek hráči Bob.", "Bob ti předává Měďák.", "Jmenuješ Zlaťák.",
        "Vkládáš Stříbrňák do dobíracího balíčku, nad ním 2 karty.", "Bob zahazuje Vesnici ze zásoby na smetiště."])],
    "hu": [{**e, "text": t} for e, t in zip(EVENTS, [
        "3. kör: te jössz.", "Átadsz egy Birtokot neki: Bob.", "Bob átad neked egy Rezet.", "Megnevezed: Arany.",
        "Egy Ezüstöt teszel a paklidba, fölötte 2 kártya.", "Bob kihajít egy Falut a kínálatból a szemétbe."])],
}


def test_new_prompts_and_log_lines_are_in_czech_and_hungarian(browser, server, shots):
    script = Script(GAME, [
        decision("masquerade.pass", "cards", ["Copper", "Estate"], "Masquerade", receiver=1),
        decision("wishing_well.name", "option", ["Copper", "Gold", "Nobles"], "Wishing Well"),
    ], resource, EVENTS_BY_LANG)
    ctx, page = open_script(browser, server, script, lang="cs-CZ")
    panel = page.locator("#decision")
    expect(panel.locator(".prompt")).to_have_text("Předej kartu z ruky hráči Bob.")
    expect(panel.locator("#dec-card")).to_have_text("Maškary")  # the card that asks, by its Czech name
    log = page.locator("#log li")
    # Oldest first; the turn's own line is its heading, not an item.
    expect(log).to_have_text([e["text"] for e in EVENTS_BY_LANG["cs"] if e["type"] != "turn"])
    tap_answer(page, panel.locator('button[data-answer="Estate"]'))
    # A local name without its accents finds the card.
    panel.locator("#name-filter").fill("medak")
    expect(panel.locator("#name-list button[data-answer]")).to_have_text(["Měďák"])
    shot(page, shots, "35-wishing-well-czech", full=False)

    # The card window: Secret Passage's Czech name is our translation; the game's edition's text.
    _, cs = api(server, "GET", "/api/cards?lang=cs")
    cs = {c["name"]: c for c in cs["cards"]}
    assert cs["Secret Passage"]["unofficial"] and not cs["Masquerade"]["unofficial"]
    # The decision sheet covers the bottom of the screen: collapsed, it shows the table.
    page.click("#sheet-toggle")
    expect(panel.locator("#dec-body")).to_be_hidden()
    page.locator('#supply button.card[data-card="Secret Passage"]').click()
    expect(page.locator("#unofficial-name")).to_be_visible()
    expect(page.locator("#card-dialog .dlabel")).to_contain_text("2. edice")
    expect(page.locator("#card-dialog .dtext")).to_have_text(cs["Secret Passage"]["texts"]["2"])
    page.keyboard.press("Escape")
    page.locator('#supply button.card[data-card="Masquerade"]').click()
    expect(page.locator("#card-dialog h2")).to_have_text("Maškary")
    expect(page.locator("#unofficial-name")).to_have_count(0)
    page.keyboard.press("Escape")
    expect(page.locator("#card-dialog")).to_be_hidden()

    # Another language: the log comes again from the start, in Hungarian.
    page.select_option("#lang", "hu")
    expect(panel.locator(".prompt")).to_contain_text("Nevezz meg egy kártyát")
    expect(log).to_have_text([e["text"] for e in EVENTS_BY_LANG["hu"] if e["type"] != "turn"])
    assert script.log_langs[-1] == "hu" and "cs" in script.log_langs
    ctx.close()
