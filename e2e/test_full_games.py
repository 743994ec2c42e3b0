"""Full games played to the end through the web UI only."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from e2e_support import (
    create_game, open_context, open_home, watch, no_horizontal_scroll, shot, small_tap_targets, unlabelled_controls,
    wait_screen,
)
from policy import Player, join_by_invite, play_to_end

ATTACK_KINGDOM = ["Militia", "Witch", "Moat", "Bureaucrat", "Library", "Throne Room",
                  "Village", "Market", "Sentry", "Festival"]


def check_end_screen(page, names: list[str], players: int = 2) -> None:
    expect(page.locator("#winner")).to_be_visible()
    rows = page.locator("#scores tbody tr")
    expect(rows).to_have_count(players)
    table = page.locator("#scores").inner_text()
    for n in names:
        assert n in table
    for i in range(players):
        assert re.fullmatch(r"-?\d+ (VP|VB|GyP)", rows.nth(i).locator("td.score").inner_text().strip())
    assert page.locator("#scores tr.win").count() >= 1
    expect(page.locator("section[data-deck]")).to_have_count(players)
    expect(page.locator("#play-again")).to_be_visible()


def final_scores(page) -> list[tuple[str, str]]:
    rows = page.locator("#scores tbody tr")
    return [(rows.nth(i).get_attribute("data-seat"), rows.nth(i).locator("td.score").inner_text())
            for i in range(rows.count())]


def test_phone_player_beats_or_loses_to_a_bot_by_clicking_only(browser, server, shots):
    ctx = open_context(browser, server)
    page = ctx.new_page()
    errors = watch(page)
    open_home(page)
    no_horizontal_scroll(page)
    assert unlabelled_controls(page) == []
    shot(page, shots, "01-home")
    create_game(page, "Ann", ["medium"], preset="first-game-1e")
    wait_screen(page, "table")
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    assert unlabelled_controls(page) == []
    shot(page, shots, "03-table", full=False)
    shot(page, shots, "03-table-full")

    # Card text on tap: a supply pile opens its card, with Buy when affordable.
    page.locator('#supply button.card[data-card="Militia"]').click()
    expect(page.locator("#card-dialog")).to_be_visible()
    expect(page.locator("#card-dialog .dtext")).to_contain_text("discards down to 3")
    page.screenshot(path=str(shots / "04-card-text.png"))
    page.keyboard.press("Escape")
    expect(page.locator("#card-dialog")).to_be_hidden()

    # Long-press shows a hand card's text without playing it: the finger stays
    # down until the text shows, however slowly the page's timer fires.
    before = page.get_attribute("main", "data-version")
    page.locator("#hand button.card").first.hover()
    page.mouse.down()
    expect(page.locator("#card-dialog")).to_be_visible()
    page.mouse.up()
    page.locator("#card-dialog .dactions button.secondary").click()
    expect(page.locator("#card-dialog")).to_be_hidden()
    wait_screen(page, "table")
    assert page.get_attribute("main", "data-version") == before

    me = Player(page, wants={"Militia": 1, "Workshop": 1, "Remodel": 1, "Cellar": 1, "Mine": 1, "Moat": 1})
    play_to_end([me])
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    shot(page, shots, "08-end")
    check_end_screen(page, ["Ann"])
    assert sum(me.bought.values()) > 5
    assert sum(me.decisions.values()) > 0, "no decision was answered"
    assert errors == []

    # Play again: back to the form with the same kingdom, hand-picked.
    page.click("#play-again")
    wait_screen(page, "home")
    expect(page.locator("#kingdom-preview button.card")).to_have_count(10)
    ctx.close()


def test_two_people_join_by_link_and_play_an_attack_game_to_the_end(browser, server, shots):
    ann_ctx = open_context(browser, server)
    bob_ctx = open_context(browser, server, lang="en-GB")
    ann = ann_ctx.new_page()
    bob = bob_ctx.new_page()
    ann_errors, bob_errors = watch(ann), watch(bob)
    create_game(ann, "Ann", ["human"], kingdom=ATTACK_KINGDOM)
    wait_screen(ann, "lobby")
    no_horizontal_scroll(ann)
    link = ann.locator(".invite-link").first.input_value()
    assert "#/join/" in link
    shot(ann, shots, "02-lobby")

    join_by_invite(ann, bob, "Bob")

    players = [
        Player(ann, wants={"Witch": 2, "Militia": 1, "Throne Room": 1, "Moat": 1, "Library": 1}),
        Player(bob, wants={"Militia": 2, "Bureaucrat": 1, "Moat": 2, "Sentry": 1, "Witch": 1}),
    ]
    taken: set[str] = set()

    def screenshot_decisions(p: Player, state: dict) -> None:
        # One picture of each kind of decision made on the other player's turn.
        d = state["decision"]
        if d:
            prompt = d["prompt"]
            if prompt in ("militia.discard", "reaction.reveal", "bureaucrat.topdeck") and prompt not in taken:
                taken.add(prompt)
                shot(p.page, shots, f"05-decision-{prompt.replace('.', '-')}", full=False)
        elif "waiting" not in taken and state["waiting"]:
            taken.add("waiting")
            shot(p.page, shots, "06-waiting", full=False)

    play_to_end(players, hook=screenshot_decisions)
    for p in players:
        check_end_screen(p.page, ["Ann", "Bob"])
    # Both saw the same final scores.
    assert final_scores(ann) == final_scores(bob)
    # Attacks were answered on the other player's turn, by clicking.
    answered = players[0].decisions + players[1].decisions
    print("decisions answered:", dict(answered))
    assert answered["militia.discard"] + answered["reaction.reveal"] + answered["bureaucrat.topdeck"] > 0, answered
    assert ann_errors == [] and bob_errors == []
    ann_ctx.close()
    bob_ctx.close()
