"""The client's look (issue 23, section 1): every card tile shows its picture
from the sprite, light and dark schemes with a switch that is kept, About with
the pictures' credit, and motion that goes under ``prefers-reduced-motion``.
Screenshots at 360x640 in both schemes go to e2e/screenshots/look-*.png."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from e2e_support import open_context, open_home, shot, wait_idle, wait_screen
from flow_support import join, new_game, open_seat, resource
from scripted import Script, decision
from test_accessibility import axe
from test_accessibility import scripted as militia_view
from test_flow import KINGDOM, SEED

#: For each card tile (`.card[data-card]`) and the card window's face: the id its
#: <use> names, whether the sprite has that symbol, and whether it drew (a box).
PICTURES = """async (sel) => {
  const tiles = [...document.querySelectorAll(sel)].filter((el) => el.getClientRects().length);
  const uses = tiles.map((el) => el.querySelector('svg.pic use'));
  const href = uses.find(Boolean)?.getAttribute('href') || '';
  const sprite = new DOMParser().parseFromString(await (await fetch(href.split('#')[0])).text(), 'image/svg+xml');
  return tiles.map((el, i) => {
    const use = uses[i];
    const id = use ? use.getAttribute('href').split('#')[1] : null;
    const box = use ? use.getBBox() : null;
    return { card: el.dataset.card || el.className, id, symbol: !!(id && sprite.getElementById(id)),
             drawn: !!box && box.width > 0 && box.height > 0 };
  });
}"""


def symbol_id(card: str) -> str:
    """As card.js and scripts/icons/build.mjs name a card's symbol."""
    return re.sub(r"^-|-$", "", re.sub(r"[^a-z0-9]+", "-", card.lower()))


def every_tile_shows_its_picture(page: Page, where: str, at_least: int) -> None:
    sel = f"{where} .card[data-card]"
    # A <use> of another file draws once that file has arrived: wait on it, not on time.
    page.wait_for_function("""(sel) => [...document.querySelectorAll(sel)].filter((el) => el.getClientRects().length)
        .every((el) => { const u = el.querySelector('svg.pic use'); if (!u) return false;
                         const b = u.getBBox(); return b.width > 0 && b.height > 0; })""", arg=sel)
    tiles = page.evaluate(PICTURES, sel)
    assert len(tiles) >= at_least, (where, tiles)
    bad = [t for t in tiles if not (t["symbol"] and t["drawn"] and t["id"] == symbol_id(t["card"]))]
    assert not bad, f"{where}: tiles without their picture: {bad}"


def scheme(page: Page, name: str) -> None:
    """Emulate a system colour scheme and wait until the page shows it (auto)."""
    page.emulate_media(color_scheme=name)
    page.wait_for_function("(n) => document.documentElement.dataset.theme === n", arg=name)


@pytest.mark.parametrize("colors", ["light", "dark"])
def test_every_card_tile_shows_its_picture_in_both_schemes(browser, server, shots, colors):
    ctx = open_context(browser, server, color_scheme=colors)
    page = ctx.new_page()
    open_home(page)
    assert page.evaluate("document.documentElement.dataset.theme") == colors
    every_tile_shows_its_picture(page, "#kingdom-preview", 10)
    shot(page, shots, f"look-home-{colors}", full=False)

    g = new_game(server, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "generic", "name": "Bot"}],
                 kingdom=KINGDOM, seed=SEED)
    open_seat(page, g["id"], 0, g["token"], "Ann")
    every_tile_shows_its_picture(page, "#hand", 5)
    every_tile_shows_its_picture(page, "#supply", 17)
    shot(page, shots, f"look-table-{colors}", full=False)
    shot(page, shots, f"look-table-{colors}-full")
    # The card window: the same picture, larger, with its cost and type line.
    page.locator("#kingdom-piles .card").first.click(button="right")
    face = page.locator("#card-dialog .face")
    expect(face).to_be_visible()
    card = page.locator("#kingdom-piles .card").first.get_attribute("data-card")
    assert face.locator("use").get_attribute("href").endswith(f"#{symbol_id(card)}")
    shot(page, shots, f"look-card-{colors}", full=False)
    ctx.close()


def test_decision_options_show_their_pictures(browser, server, shots):
    script = Script("look-decision", [decision("militia.discard", "cards", ["Copper", "Copper", "Estate", "Silver", "Village"],
                                               "Militia", 2, 2)], militia_view, [])
    script.id = "a11y-decision"  # the view's own game id
    ctx = open_context(browser, server, color_scheme="dark")
    page = ctx.new_page()
    page.route(f"**/api/games/{script.id}", script.game)
    page.route(f"**/api/games/{script.id}/commands", script.command)
    page.route(f"**/api/games/{script.id}/log*", script.log)
    page.goto(f"/#/g/{script.id}")
    wait_screen(page, "table")
    every_tile_shows_its_picture(page, "#decision .opts", 5)
    shot(page, shots, "look-decision-dark", full=False)
    ctx.close()


def test_the_colour_switch_is_kept_and_auto_follows_the_system(browser, server, shots):
    ctx = open_context(browser, server, color_scheme="light")
    page = ctx.new_page()
    open_home(page)
    switch = page.locator("#theme")
    expect(switch.locator("[aria-pressed=true]")).to_have_attribute("data-theme", "auto")
    bg = "getComputedStyle(document.body).backgroundColor"
    light = page.evaluate(bg)
    switch.locator("[data-theme=dark]").click()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert page.evaluate(bg) != light
    assert page.evaluate("localStorage.getItem('dominion.theme')") == "dark"
    page.reload()
    wait_screen(page, "home")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")  # kept, whatever the system says
    expect(page.locator("#theme [data-theme=dark]")).to_have_attribute("aria-pressed", "true")
    page.locator("#theme [data-theme=auto]").click()
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert page.evaluate("localStorage.getItem('dominion.theme')") is None
    scheme(page, "dark")  # auto follows the system as it changes
    assert page.evaluate(bg) != light
    ctx.close()


@pytest.mark.parametrize("system, kept, shown", [("dark", None, "dark"), ("light", "dark", "dark"),
                                                  ("dark", "light", "light")])
def test_the_scheme_applies_before_the_app_loads(browser, server, system, kept, shown):
    """No light page first on a dark system: with the app's modules held back, the page
    already shows the scheme (the system's, or the one kept on this device)."""
    ctx = open_context(browser, server, color_scheme=system)
    if kept:
        ctx.add_init_script(f"localStorage.setItem('dominion.theme', '{kept}')")
    page = ctx.new_page()
    page.route(re.compile(r"/js/(?!boot-theme\.js).*\.js$"), lambda route: route.abort())
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("data-theme", shown)
    expect(page.locator("#main")).to_have_text("Loading…")  # the app itself never ran
    bg = page.evaluate("getComputedStyle(document.body).backgroundColor")
    lum = sum(int(v) for v in re.findall(r"\d+", bg)[:3])
    assert (lum < 200) == (shown == "dark"), bg
    ctx.close()


@pytest.mark.parametrize("lang, credit", [("en-US", "Game Icons by Lorc, Delapouite and contributors"),
                                          ("cs-CZ", "Game Icons, autoři Lorc, Delapouite a další"),
                                          ("hu-HU", "Game Icons, készítői Lorc, Delapouite és mások")])
def test_about_credits_the_pictures_and_the_game(browser, server, shots, lang, credit):
    ctx = open_context(browser, server, lang=lang, bypass_csp=True)  # axe is injected
    page = ctx.new_page()
    open_home(page)
    page.locator("#about-link").click()
    wait_screen(page, "about")
    axe(page, "about")  # both schemes
    expect(page.locator("#about-icons")).to_contain_text(credit)
    expect(page.locator("#about-icons")).to_contain_text("CC BY 3.0")
    expect(page.locator("#about-game")).to_contain_text("Donald X. Vaccarino")
    expect(page.locator("#about-game")).to_contain_text("Rio Grande Games")
    expect(page.locator("#about a[href='https://game-icons.net/']")).to_have_count(1)
    expect(page.locator("#about a[href='https://creativecommons.org/licenses/by/3.0/']")).to_have_count(1)
    assert page.locator("h1").count() == 1
    shot(page, shots, f"look-about-{lang[:2]}", full=False)
    page.locator("#about-back").click()
    wait_screen(page, "home")
    ctx.close()


#: Counts the Web Animations the page starts (installed before its scripts run).
COUNT_ANIMATIONS = """(() => { window.__animations = 0; const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) { window.__animations += 1; return animate.apply(this, args); }; })()"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_played_card_moves_and_coins_count_up_unless_motion_is_reduced(browser, server, shots, motion):
    ctx = open_context(browser, server, reduced_motion=motion)
    ctx.add_init_script(COUNT_ANIMATIONS)
    page = ctx.new_page()
    g = new_game(server, [{"kind": "human", "name": "Ann"}, {"kind": "human"}], kingdom=KINGDOM, seed=SEED)
    bob = join(server, g, "Bob")  # a human: nothing moves but what the player whose turn it is does
    seat = resource(server, g["id"], g["token"])["view"]["turn"]["seat"]
    open_seat(page, g["id"], seat, [g, bob][seat]["token"], ["Ann", "Bob"][seat])
    expect(page.locator("#stat-coins b")).to_have_text("$0")
    page.locator("#hand .card[data-card=Copper]").first.click()
    expect(page.locator("#in-play .card[data-card=Copper]")).to_have_count(1)
    expect(page.locator("#stat-coins b")).to_have_text("$1")  # the real number is the final one at once
    started = page.evaluate("window.__animations")
    running = page.evaluate("document.getAnimations().length")
    if motion == "reduce":
        assert started == 0 and running == 0, (started, running)
        assert page.locator(".counting, .pic.ghost").count() == 0
    else:
        assert started >= 1  # the Copper moved from the hand to the play area
    wait_idle(page)
    ctx.close()
