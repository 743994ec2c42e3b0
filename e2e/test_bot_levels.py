"""The home form's bot choice: three levels with a line each, the baselines
under their own label, Medium for a new seat, and a form stored with the old
name ("generic") still creating a game with the Medium bot."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from e2e_support import no_horizontal_scroll, open_context, open_home, wait_idle, watch

LEVELS = ["easy", "medium", "hard"]
BASELINES = ["big-money", "smithy-big-money"]


def options(page, selector: str) -> list[str]:
    return page.locator(selector).evaluate_all("els => els.map(e => e.value)")


def test_the_form_offers_three_levels_with_a_line_each(context, server):
    page = context.new_page()
    errors = watch(page)
    open_home(page)
    assert options(page, "#seat-kind-2 option") == ["human", *LEVELS, *BASELINES]
    # The baselines sit under their own label, after the levels.
    group = page.locator("#seat-kind-2 optgroup")
    expect(group).to_have_attribute("label", "Simple strategies")
    assert options(page, "#seat-kind-2 optgroup option") == BASELINES
    # A new seat gets the Medium bot, and says what it is.
    expect(page.locator("#seat-kind-2")).to_have_value("medium")
    expect(page.locator("#seat-info-2")).to_have_text("Plays any kingdom soundly")
    page.click("#add-seat")
    expect(page.locator("#seat-kind-3")).to_have_value("medium")
    page.select_option("#seat-kind-2", "easy")
    expect(page.locator("#seat-info-2")).to_have_text(
        "For your first games: buys sensibly, rarely attacks")
    page.select_option("#seat-kind-3", "hard")
    expect(page.locator("#seat-info-3")).to_contain_text("Plans for the kingdom")
    # A baseline and a friend's seat have no line.
    page.select_option("#seat-kind-2", "big-money")
    expect(page.locator("#seat-info-2")).to_have_text("")
    page.select_option("#seat-kind-2", "human")
    expect(page.locator("#seat-info-2")).to_have_text("")
    assert errors == []


def test_the_lines_fit_a_phone_in_czech_and_hungarian(browser, server):
    for lang, easy in (("cs-CZ", "Na první hry"), ("hu-HU", "Első játékokhoz")):
        ctx = open_context(browser, server, lang=lang)
        page = ctx.new_page()
        open_home(page)
        page.select_option("#seat-kind-2", "easy")
        expect(page.locator("#seat-info-2")).to_contain_text(easy)
        page.select_option("#seat-kind-2", "hard")
        wait_idle(page)
        no_horizontal_scroll(page)
        ctx.close()


def test_a_form_stored_with_the_old_bot_name_creates_a_medium_bot(context, server):
    page = context.new_page()
    open_home(page)
    stored = {"seats": [{"kind": "me", "name": "Ann"}, {"kind": "bot", "bot": "generic"}],
              "mode": "preset", "preset": "first-game-1e"}
    page.evaluate("(f) => localStorage.setItem('dominion.home', f)", json.dumps(stored))
    open_home(page)
    expect(page.locator("#seat-kind-2")).to_have_value("medium")
    expect(page.locator("#kingdom-preview button.card")).to_have_count(10)
    wait_idle(page)
    with page.expect_request(lambda r: r.method == "POST" and r.url.endswith("/api/games")) as req:
        page.click("#create")
    seats = req.value.post_data_json["seats"]
    assert [s.get("bot") for s in seats] == [None, "medium"]
    assert seats[1]["name"] == "Medium 2"
