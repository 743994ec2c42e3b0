"""Intrigue games played to the end through the web UI only: two people in two
browsers on a hand-picked kingdom of the 1st edition, and a phone against a bot
on a random Intrigue kingdom. Every decision is answered by taps (and typing
into the card-name search), and each new kind of decision is checked on the
way: a translated prompt, labelled options, nothing wider than the phone."""

from __future__ import annotations

from playwright.sync_api import expect

from e2e_support import (
    api, create_game, no_horizontal_scroll, open_context, open_home, roll_random_kingdom, shot,
    small_tap_targets, wait_idle, wait_screen, watch,
)
from policy import Player, join_by_invite, play_to_end
from test_full_games import check_end_screen, final_scores

INTRIGUE_KINGDOM = ["Masquerade", "Minion", "Torturer", "Swindler", "Secret Chamber", "Diplomat",
                    "Nobles", "Wishing Well", "Village", "Moat"]

#: The decisions of that kingdom's cards, and the general reaction prompt.
INTRIGUE_PROMPTS = {"masquerade.pass", "masquerade.trash", "minion.choose", "torturer.choose",
                    "torturer.discard", "swindler.gain", "secret_chamber.discard",
                    "secret_chamber.topdeck", "diplomat.discard", "nobles.choose",
                    "wishing_well.name", "reaction.reveal"}

# What a decision panel shows, read in one round trip.
_PANEL = """() => {
  const d = document.querySelector('#decision');
  if (!d) return null;
  const raw = [...d.querySelectorAll('button[data-answer]:not([data-card]), button[data-opt]')]
    .filter(b => b.textContent.trim() === (b.dataset.answer ?? b.dataset.opt));
  return { prompt: d.dataset.prompt, known: d.querySelector('.prompt').dataset.known === 'true',
           text: d.querySelector('.prompt').textContent, raw: raw.map(b => b.textContent) };
}"""


class DecisionChecks:
    """A hook for ``play_to_end``: checks each decision panel it sees, and keeps
    one phone screenshot of the first of each prompt."""

    def __init__(self, shots, prefix: str, phone: bool = False):
        self.shots, self.prefix, self.phone = shots, prefix, phone
        self.seen: set[str] = set()

    def __call__(self, p: Player, state: dict) -> None:
        if not state["decision"]:
            return
        panel = p.page.evaluate(_PANEL)
        assert panel["known"], f"no text for the prompt {panel['prompt']}: {panel['text']!r}"
        assert panel["raw"] == [], f"{panel['prompt']}: options without labels {panel['raw']}"
        if panel["prompt"] in self.seen:
            return
        self.seen.add(panel["prompt"])
        if self.phone:
            no_horizontal_scroll(p.page)
            assert small_tap_targets(p.page) == []
        shot(p.page, self.shots, f"{self.prefix}-{panel['prompt'].replace('.', '-')}", full=False)


def test_two_people_play_an_intrigue_game_of_the_first_edition_to_the_end(browser, server, shots):
    ann_ctx = open_context(browser, server)
    bob_ctx = open_context(browser, server, lang="cs-CZ")  # Bob plays in Czech
    ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
    ann_errors, bob_errors = watch(ann), watch(bob)
    create_game(ann, "Ann", ["human"], kingdom=INTRIGUE_KINGDOM, edition="1")
    wait_screen(ann, "lobby")
    join_by_invite(ann, bob, "Bob")

    # The table says which rules apply, and Masquerade's card window shows that text.
    game_id = ann.url.split("#/g/")[1]
    _, spectator = api(server, "GET", f"/api/games/{game_id}")
    assert spectator["view"]["edition"] == "1"
    for page in (ann, bob):
        expect(page.locator("#edition-line")).to_have_attribute("data-edition", "1")
    expect(bob.locator("#edition-line")).to_contain_text("1. edice")
    ann.locator('#supply button.card[data-card="Masquerade"]').click()
    expect(ann.locator("#card-dialog .dtext")).to_have_attribute("data-edition", "1")
    expect(ann.locator("#card-dialog .dlabel")).to_contain_text("1st edition")
    ann.keyboard.press("Escape")
    expect(ann.locator("#card-dialog")).to_be_hidden()

    players = [
        Player(ann, wants={"Masquerade": 1, "Minion": 2, "Torturer": 2, "Wishing Well": 1,
                           "Secret Chamber": 1, "Nobles": 1}),
        Player(bob, wants={"Swindler": 2, "Diplomat": 1, "Masquerade": 1, "Torturer": 1,
                           "Wishing Well": 1, "Nobles": 1, "Moat": 1}),
    ]
    checks = DecisionChecks(shots, "20-intrigue", phone=True)
    czech_lines: set[str] = set()

    def hook(p: Player, state: dict) -> None:
        checks(p, state)
        # Bob's Czech log tells the new events in Czech (the log shows the latest ones).
        if p.page is bob and len(czech_lines) < 3:
            log = bob.locator("#log").inner_text()
            # The receiver's name, not a question mark: the log API keeps `receiver`.
            czech_lines.update(w for w in ("předává hráči Ann", "předává hráči Bob", "jmenuje") if w in log)

    play_to_end(players, hook=hook)
    for p in players:
        check_end_screen(p.page, ["Ann", "Bob"])
    # The same final scores (Bob reads them in Czech: "VB" for "VP").
    assert [(s, v.split()[0]) for s, v in final_scores(ann)] == [(s, v.split()[0]) for s, v in final_scores(bob)]
    answered = players[0].decisions + players[1].decisions
    print("decisions answered:", dict(answered))
    played = INTRIGUE_PROMPTS & set(answered)
    # Which cards come up is up to the shuffles (test_decisions.py covers each
    # kind of decision deterministically); several always do.
    assert len(played) >= 4, answered
    if answered["masquerade.pass"]:
        assert {"předává hráči Ann", "předává hráči Bob"} & czech_lines, czech_lines
    if answered["wishing_well.name"]:
        assert "jmenuje" in czech_lines
    assert ann_errors == [] and bob_errors == []
    ann_ctx.close()
    bob_ctx.close()


def test_phone_game_against_a_bot_on_a_random_intrigue_kingdom(browser, server, shots):
    ctx = open_context(browser, server)
    page = ctx.new_page()
    errors = watch(page)
    kingdom = roll_random_kingdom(page, server, "intrigue")
    expect(page.locator("#edition")).to_have_value("2")
    no_horizontal_scroll(page)
    page.click("#create")
    wait_screen(page, "table")
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    expect(page.locator("#edition-line")).to_have_attribute("data-edition", "2")

    me = Player(page, wants={c: 1 for c in kingdom})
    checks = DecisionChecks(shots, "21-phone-intrigue", phone=True)
    play_to_end([me], hook=checks)
    check_end_screen(page, ["Ann"])
    no_horizontal_scroll(page)
    print("decisions answered:", dict(me.decisions))
    assert sum(me.bought[c] for c in kingdom) > 0
    assert errors == []
    ctx.close()


def test_the_form_plays_a_presets_edition_unless_told_otherwise(context, server):
    _, listing = api(server, "GET", "/api/kingdoms/presets")
    editions = {p["key"]: p["edition"] for p in listing["presets"] if p["available"]}
    assert editions["victory-dance"] == "1" and editions["underlings"] == "2"
    page = context.new_page()
    open_home(page)
    page.fill("#my-name", "Ann")
    page.click("#mode-preset")
    for key in ("victory-dance", "underlings", "victory-dance"):
        page.select_option("#preset", key)
        expect(page.locator("#edition")).to_have_value(editions[key])
    # The player may still change it; the game plays what the form shows.
    page.select_option("#edition", "2")
    wait_idle(page)
    page.click("#create")
    wait_screen(page, "table")  # the other seat is a bot
    expect(page.locator("#edition-line")).to_have_attribute("data-edition", "2")
    game_id = page.url.split("#/g/")[1]
    _, game = api(server, "GET", f"/api/games/{game_id}")
    assert game["view"]["edition"] == "2"
