"""Async games in the browser (issue 22 §4): the home form's reminder and move-deadline
settings reach the game and show in the lobby; an absent seat's player and the others
get their buttons on the table.

Every wait is on the app's state (idle marker, screen, elements), never on time.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta, timezone

import pytest
from playwright.sync_api import BrowserContext, expect

import conftest
from e2e_support import (
    no_horizontal_scroll, open_context, open_home, shot, small_tap_targets, wait_idle, wait_screen,
    watch,
)
from flow_support import join, new_game, open_seat, resource


def test_settings_chosen_on_home_show_in_the_lobby(context: BrowserContext, server: str,
                                                   shots) -> None:
    page = context.new_page()
    errors = watch(page)
    open_home(page)
    page.fill("#my-name", "Ann")
    page.select_option("#seat-kind-2", "human")
    expect(page.locator("#kingdom-preview button.card")).to_have_count(10)
    # The choices, in the player's words.
    expect(page.locator("#reminder option")).to_have_text(
        ["Never", "After 1 h", "After 12 h", "After 24 h"])
    expect(page.locator("#deadline option")).to_have_text(["None", "1 day", "3 days"])
    page.select_option("#reminder", "12")
    page.select_option("#deadline", "72")
    wait_idle(page)
    page.locator("#async-settings").scroll_into_view_if_needed()
    shot(page, shots, "async-home-settings", full=False)
    assert [t for t in small_tap_targets(page) if "#reminder" in t or "#deadline" in t] == []
    page.click("#create")
    wait_screen(page, "lobby")
    line = page.locator("#async-line")
    expect(line).to_have_attribute("data-reminder", "12")
    expect(line).to_have_attribute("data-deadline", "72")
    expect(line).to_have_text("Reminders: after 12 h · Move deadline: 3 days")
    shot(page, shots, "async-lobby")
    # The server has them too.
    game_id = page.url.rsplit("/", 1)[1]
    setup = resource(server, game_id)["setup"]
    assert (setup["reminder"], setup["deadline"]) == (12, 72)
    # A reload keeps the form's choices for the next game.
    open_home(page)
    expect(page.locator("#deadline")).to_have_value("72")
    assert errors == []


def _age(game_id: str, hours: float) -> None:
    """Move the game's last write back in the e2e server's own database."""
    assert conftest.SERVER_LOG is not None
    db = conftest.SERVER_LOG.parent / "e2e.sqlite3"
    when = (datetime.now(timezone.utc) - timedelta(hours=hours)).strftime("%Y-%m-%d %H:%M:%S.%f")
    with sqlite3.connect(db) as conn:
        assert conn.execute("UPDATE games SET updated_at = ? WHERE id = ?",
                            (when, game_id)).rowcount == 1


def test_absent_seat_buttons(context: BrowserContext, browser, server: str, shots) -> None:
    if conftest.SERVER_LOG is None:
        pytest.skip("needs the suite's own server (its database is aged directly)")
    game = new_game(server, [{"kind": "human", "name": "Ann"}, {"kind": "human"}], deadline=24,
                    kingdom=["Cellar", "Chapel", "Moat", "Village", "Workshop", "Militia",
                             "Smithy", "Throne Room", "Market", "Witch"])
    bob = join(server, game, "Bob")
    tokens = {game["seat"]: game["token"], bob["seat"]: bob["token"]}
    names = {game["seat"]: "Ann", bob["seat"]: "Bob"}
    mover = resource(server, game["id"])["view"]["awaiting"][0]
    other = 1 - mover
    _age(game["id"], 25)

    page = context.new_page()
    errors = watch(page)
    open_seat(page, game["id"], other, tokens[other], names[other])
    panel = page.locator(f'#absent .absent-seat[data-seat="{mover}"]')
    expect(panel).to_contain_text(f"{names[mover]} missed the move deadline.")
    no_horizontal_scroll(page)
    shot(page, shots, "async-absent", full=False)
    # The absent player, on their own device, is told too (and gets no stand-in button).
    ctx2 = open_context(browser, server)
    try:
        page2 = ctx2.new_page()
        errors2 = watch(page2)
        open_seat(page2, game["id"], mover, tokens[mover], names[mover])
        mine = page2.locator("#absent")
        expect(mine).to_contain_text("You missed the move deadline")
        expect(page2.locator("#absent button")).to_have_count(0)

        page.click(f'[data-fk="stand-in-{mover}"]')
        # The answer came: a bot plays the seat (its turn was played in that request).
        expect(panel).to_have_attribute("data-stood-in", "true")
        expect(panel).to_contain_text(f"A bot plays for {names[mover]}.")
        expect(page.locator(f'[data-fk="stand-in-{mover}"]')).to_have_count(0)

        # The absent player's page learns it from its poll, and takes the seat back.
        expect(mine).to_contain_text("A bot plays your seat while you are away.")
        shot(page2, shots, "async-take-back", full=False)
        page2.click("#take-back")
        expect(page2.locator("#absent")).to_have_count(0)
        wait_idle(page2)
        assert errors2 == []
    finally:
        ctx2.close()
    after = resource(server, game["id"])
    assert after["absent"] == [] and after["seats"][mover]["bot"] is None
    assert after["view"]["awaiting"] == [other]  # the bot did play that turn for it
    assert errors == []


@pytest.mark.parametrize("locale,text", [
    ("cs-CZ", "Připomínky: po 1 h · Lhůta na tah: 1 den"),
    ("hu-HU", "Emlékeztetők: 1 óra után · Lépési határidő: 1 nap"),
])
def test_the_lobby_tells_the_settings_in_czech_and_hungarian(browser, server: str, locale: str,
                                                             text: str) -> None:
    game = new_game(server, [{"kind": "human", "name": "Ann"}, {"kind": "human"}],
                    reminder=1, deadline=24)
    ctx = open_context(browser, server, lang=locale)
    try:
        page = ctx.new_page()
        open_seat(page, game["id"], game["seat"], game["token"], "Ann", screen="lobby")
        expect(page.locator("#async-line")).to_have_text(text)
    finally:
        ctx.close()
