"""Game statistics (issue 23, section 3): the end screen's VP chart, the statistics
view of a finished game (#/g/<id>/stats) with a line per player in each chart and a
table row per turn, at 360 px, in axe's eyes; a running game has none yet."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from e2e_support import api, no_horizontal_scroll, open_context, shot, wait_screen
from flow_support import join, new_game, open_seat, play_out
from test_accessibility import a11y_context, axe, one_h1
from test_languages import LOCALES, check_screen

TITLES = {"en": "Game statistics", "cs": "Statistiky hry", "hu": "Játékstatisztika"}


@pytest.fixture(scope="module")
def finished(server):
    """Ann and Bob (Big Money through the API) and a Big Money bot, played to the end."""
    g = new_game(server, [{"kind": "human", "name": "Ann"}, {"kind": "human"},
                          {"kind": "bot", "bot": "big-money", "name": "Zora"}], preset="first-game-1e", seed=23)
    bob = join(server, g, "Bob")
    play_out(server, g["id"], {0: g["token"], 1: bob["token"]})
    return g


def test_end_screen_and_statistics_view_draw_a_line_per_player(browser, server, shots, finished):
    g = finished
    status, stats = api(server, "GET", f"/api/games/{g['id']}/stats")
    assert status == 200, stats
    turns = len(stats["turns"])
    assert turns == sum(p["turns"] for p in stats["players"]) > 3
    ctx = a11y_context(browser, server)
    page = ctx.new_page()
    open_seat(page, g["id"], 0, g["token"], "Ann", screen="end")
    # The end screen loads the statistics module and shows the VP chart.
    expect(page.locator("#end #chart-vp-svg g.series polyline")).to_have_count(3)
    shot(page, shots, "stats-01-end")
    page.locator("#stats-link").click()
    wait_screen(page, "stats")
    assert page.url.endswith(f"#/g/{g['id']}/stats")
    one_h1(page, "stats")
    for chart in ("chart-vp", "chart-coins", "chart-gained"):
        svg = page.locator(f"#{chart}-svg")
        expect(svg).to_be_visible()
        expect(svg.locator("g.series polyline")).to_have_count(3)
        assert svg.get_attribute("role") == "img" and svg.get_attribute("aria-label")
        # Readable at 360 px: the chart fits the screen and is not squeezed flat.
        box = svg.bounding_box()
        assert box["width"] <= 360 and box["height"] >= 150, box
    # Each VP line has a point per turn of the game, the coins line one per own turn.
    vp = page.locator("#chart-vp-svg g.series").first
    expect(vp.locator("circle")).to_have_count(turns)
    coins = page.locator("#chart-coins-svg g.series").first
    expect(coins.locator("circle")).to_have_count(stats["players"][0]["turns"])
    # The table for screen readers: one row a turn, a VP column a player.
    rows = page.locator("#stats-table tbody tr")
    expect(rows).to_have_count(turns)
    expect(page.locator("#stats-table thead th")).to_have_count(4 + 3)
    last = rows.nth(turns - 1).locator("td").all_inner_texts()[-3:]
    assert [int(x) for x in last] == [p["vp"] for p in stats["players"]]
    expect(page.locator("#stats-totals tbody tr")).to_have_count(3)
    expect(page.locator("section[data-deck]")).to_have_count(3)
    no_horizontal_scroll(page)
    shot(page, shots, "stats-02-view")
    axe(page, "stats")
    # Back to the game's end screen.
    page.locator("#stats-back").click()
    wait_screen(page, "end")
    ctx.close()


def test_a_running_game_has_no_statistics_yet(browser, server):
    g = new_game(server, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "big-money"}],
                 preset="first-game-1e")
    ctx = a11y_context(browser, server)
    page = ctx.new_page()
    open_seat(page, g["id"], 0, g["token"], "Ann")
    page.goto(f"/#/g/{g['id']}/stats")
    wait_screen(page, "stats")
    expect(page.locator("#stats [role=alert]")).to_contain_text("once the game is over")
    expect(page.locator("svg.chart")).to_have_count(0)
    axe(page, "stats (refused)")
    ctx.close()


@pytest.mark.parametrize("lang", ["cs", "hu"])
def test_statistics_view_in_each_language(browser, server, shots, finished, lang):
    """Czech and Hungarian at 360 px: no English, no broken word, nothing sideways."""
    g = finished
    ctx = open_context(browser, server, lang=LOCALES[lang])
    page = ctx.new_page()
    open_seat(page, g["id"], 0, g["token"], "Ann", screen="end")
    expect(page.locator("#stats-link")).to_have_text(TITLES[lang])
    page.goto(f"/#/g/{g['id']}/stats")
    wait_screen(page, "stats")
    expect(page.locator("h1")).to_have_text(TITLES[lang])
    expect(page.locator("#chart-vp-svg g.series")).to_have_count(3)
    check_screen(page, lang, shots, "stats", full=True)
    ctx.close()
