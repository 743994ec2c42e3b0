"""The randomizer form, languages, resuming after a reload, dropped connections,
rate limits, and taps that a redraw must not swallow."""

from __future__ import annotations

import json
import re
import time
import urllib.parse

from playwright.sync_api import expect

from e2e_support import (
    api, create_game, no_horizontal_scroll, open_context, open_home, shot, wait_idle, wait_screen, watch,
)
from policy import buy, settle, version, wake

#: The game resource, polled by the client (not its /commands or /log).
POLL = "**/api/games/*"
COMMANDS = "**/api/games/*/commands"


def not_modified(route) -> None:
    """Answer a conditional poll "304 Not Modified" without asking the server
    (as if nothing had happened since); an unconditional fetch goes through."""
    etag = route.request.headers.get("if-none-match")
    if route.request.method == "GET" and etag:
        route.fulfill(status=304, headers={"ETag": etag})
    else:
        route.continue_()


def preview_cards(page) -> list[str]:
    return sorted(page.locator("#kingdom-preview button.card").evaluate_all(
        "els => els.map(e => e.dataset.card)"))


def test_randomizer_form_draws_what_the_api_promises_and_rerolls(context, server, shots):
    page = context.new_page()
    errors = watch(page)
    open_home(page)
    page.click("#mode-random")
    wait_idle(page)  # the kingdom rolled on opening the randomizer is drawn
    page.click("#rnd-more summary")
    page.fill("#rnd-include", "Moat")
    page.fill("#rnd-ban", "Witch, Chapel")
    page.check('input[name="require"][value="village"]')
    page.check('input[name="require"][value="plus-buy"]')
    page.fill("#spread-5\\+", "2")
    page.fill("#rnd-seed", "42")
    page.click("#roll")
    wait_idle(page)  # the click sent the request at once: idle means its kingdom is drawn
    expect(page.locator("#kingdom-preview button.card")).to_have_count(10)
    cards = preview_cards(page)

    query = urllib.parse.urlencode({
        "seed": 42, "sets": "base", "editions": "1,2", "include": "Moat", "ban": "Witch,Chapel",
        "require": "village,plus-buy", "reaction": "true", "spread": "5+:2"})
    status, expected = api(server, "GET", f"/api/kingdoms/random?{query}")
    assert status == 200
    assert cards == sorted(expected["cards"])
    assert "Moat" in cards and "Witch" not in cards and "Chapel" not in cards
    _, catalog = api(server, "GET", "/api/cards?lang=en")
    info = {c["name"]: c for c in catalog["cards"]}
    assert any("village" in info[c]["tags"] for c in cards)
    assert any("plus-buy" in info[c]["tags"] for c in cards)
    assert sum(info[c]["cost"] >= 5 for c in cards) >= 2
    expect(page.locator("#as-text")).to_have_text(", ".join(sorted(expected["cards"])))
    no_horizontal_scroll(page)
    shot(page, shots, "07-randomizer")

    # A re-roll draws another kingdom under the same constraints.
    page.click("#reroll")
    wait_idle(page)
    again = preview_cards(page)
    assert len(again) == 10
    assert again != cards
    assert "Moat" in again and "Witch" not in again and "Chapel" not in again

    # Constraints no kingdom meets together (more cards to include than a kingdom
    # holds): the kingdom meets the rest, and the preview says what was given up.
    page.fill("#rnd-include", "Moat, Village, Smithy, Market, Festival, Cellar, Gardens, Workshop, "
                              "Militia, Library, Moneylender")
    page.click("#roll")
    wait_idle(page)
    expect(page.locator("#unmet")).to_contain_text("left out of the cards to include: Moneylender")
    kept = preview_cards(page)
    assert len(kept) == 10 and "Moneylender" not in kept and "Moat" in kept
    expect(page.locator("#form-error")).to_have_count(0)

    # A card name the server does not know is an error the form shows.
    page.fill("#rnd-include", "Moat, Nonsense")
    page.click("#roll")
    wait_idle(page)
    expect(page.locator("#form-error")).to_contain_text("Nonsense")
    assert errors == []


def test_language_is_chosen_from_the_browser_switchable_and_kept(browser, server):
    cz = open_context(browser, server, lang="cs-CZ")
    page = cz.new_page()
    open_home(page)
    expect(page.locator("#create-form h2")).to_have_text("Nová hra")
    page.click("#mode-pick")
    expect(page.locator("#create-form")).to_contain_text("Vesnice")  # Village
    expect(page.locator("#create-form")).to_contain_text("Hradní příkop")  # Moat
    assert page.evaluate("document.documentElement.lang") == "cs"
    # The browser's language is a default, not a choice: nothing is stored until one is made.
    assert page.evaluate("localStorage.getItem('dominion.lang')") is None

    page.select_option("#lang", "hu")
    assert page.evaluate("localStorage.getItem('dominion.lang')") == "hu"
    expect(page.locator("#create-form h2")).to_have_text("Új játék")
    expect(page.locator("#create-form")).to_contain_text("Falu")  # Village
    expect(page.locator("#create-form")).to_contain_text("Várárok")  # Moat
    wait_idle(page)
    no_horizontal_scroll(page)
    page.reload()
    wait_screen(page, "home")
    expect(page.locator("#create-form h2")).to_have_text("Új játék")
    expect(page.locator("#lang")).to_have_value("hu")

    page.select_option("#lang", "en")
    expect(page.locator("#create-form h2")).to_have_text("New game")
    expect(page.locator("#create-form")).to_contain_text("Village")
    cz.close()


#: Supply piles at the start of a 2-player game.
PILES = {"Silver": 40, "Copper": 46}


def affordable(page) -> str:
    """Silver when the hand pays for it, else Copper (always affordable)."""
    tile = page.locator('#supply button.card[data-card="Silver"]')
    return "Silver" if tile.get_attribute("data-buyable") == "true" else "Copper"


def turn_number(page) -> int:
    return int(page.locator("#turn-line").inner_text().split()[1])


def table_state(page) -> dict:
    return page.evaluate("""() => ({
        hand: [...document.querySelectorAll('#hand button.card')].map(e => e.dataset.card).sort(),
        turn: document.querySelector('#turn-line').textContent,
        phase: document.querySelector('main').dataset.phase,
        version: document.querySelector('main').dataset.version,
        stats: [...document.querySelectorAll('.stat b')].map(e => e.textContent),
        supply: [...document.querySelectorAll('#supply button.card')].map(e => e.dataset.card + ':' + e.dataset.count),
        players: [...document.querySelectorAll('.player .kv')].map(e => e.textContent),
    })""")


def test_reload_mid_game_resumes_the_same_state_and_language(context, server, shots):
    page = context.new_page()
    create_game(page, "Ann", ["big-money"], preset="first-game-1e")
    wait_screen(page, "table")
    url = page.url
    assert "#/g/" in url
    first = turn_number(page)
    # One turn: Treasures, buy a card, end the turn (the bot then plays its own).
    before = version(page)
    page.click("#btn-treasures")
    settle(page, before)
    buy(page, affordable(page))
    before = version(page)
    page.click("#btn-end")
    settle(page, before)
    page.select_option("#lang", "cs")
    wait_idle(page)  # the Czech card names have arrived and are drawn
    expect(page.locator("#supply")).to_contain_text("Stříbrňák")  # Silver, in Czech
    expect(page.locator("#supply")).to_contain_text("Hradní příkop")  # Moat
    state = table_state(page)
    assert state["turn"].startswith(f"Tah {first + 1}")  # Czech for "Turn N": Ann's own count

    page.reload()
    wait_screen(page, "table")
    assert page.url == url
    assert table_state(page) == state
    expect(page.locator("#supply")).to_contain_text("Stříbrňák")
    shot(page, shots, "10-table-czech", full=False)

    # A new tab of the same browser opens the same seat from the link alone.
    # Its conditional polls see nothing new, as when the move below happens
    # between two of its polls: its next command must be the one to find out.
    other = context.new_page()
    other.route(POLL, not_modified)
    other.goto(url)
    wait_screen(other, "table")
    assert table_state(other) == state

    # A move made in one tab makes the other tab's next command stale: it gets
    # a 412, says so, and redraws the current state instead of acting twice.
    before = version(page)
    page.click("#btn-treasures")
    settle(page, before)
    coins = page.locator("#stat-coins b").inner_text()
    other.click("#btn-treasures")
    settle(other, before)
    expect(other.locator("#notice")).to_contain_text("Hra mezitím pokročila")
    assert version(other) == version(page)
    expect(other.locator("#stat-coins b")).to_have_text(coins)
    other.close()


def test_a_command_whose_answer_is_lost_is_retried_and_applied_once(context, server, shots):
    page = context.new_page()
    create_game(page, "Ann", ["big-money"], preset="first-game-1e")
    wait_screen(page, "table")
    before = version(page)
    page.click("#btn-treasures")
    settle(page, before)
    card = affordable(page)
    count = int(page.get_attribute(f'#supply button.card[data-card="{card}"]', "data-count"))

    # The buy reaches the server, but its answer never comes back. Polls see
    # nothing new meanwhile, so only the retry can tell the client what happened.
    keys: list[str] = []

    def lose_answer(route):
        keys.append(route.request.headers.get("idempotency-key"))
        if len(keys) == 1:
            route.fetch()  # the server applies it...
            route.abort("connectionreset")  # ...and the connection drops
        else:
            route.continue_()

    page.route(POLL, not_modified)
    page.route(COMMANDS, lose_answer)
    one_tap = page.get_attribute("#supply", "data-one-tap") == "true"
    before = version(page)
    # The only answer the page gets is the retry's (the first was dropped).
    with page.expect_response(lambda r: "/commands" in r.url) as answer:
        page.click(f'#supply button.card[data-card="{card}"]')  # with undo, one tap buys
        if not one_tap:
            page.click('#card-dialog button[data-action="buy"]')
    settle(page, before)  # idle: the retry has been answered and drawn
    page.unroute(COMMANDS)
    page.unroute(POLL)
    assert len(keys) == 2 and keys[0] == keys[1] and keys[0]
    assert answer.value.headers.get("idempotent-replayed") == "true"
    assert version(page) != before
    assert int(page.get_attribute(f'#supply button.card[data-card="{card}"]', "data-count")) == count - 1
    expect(page.locator("#stat-buys b")).to_have_text("0")

    # Offline while ending the turn: the client waits for the connection, then
    # sends the command again with the same key.
    number = turn_number(page)
    before = version(page)
    context.set_offline(True)
    page.click("#btn-end")
    expect(page.locator("#notice")).to_be_visible()
    shot(page, shots, "09-offline", full=False)
    assert version(page) == before
    context.set_offline(False)
    settle(page, before)
    assert turn_number(page) == number + 1  # Ann's next turn (the bot played one between)

    # The server agrees: exactly one card was bought and the turn ended once.
    game_id = page.url.split("#/g/")[1]
    _, spectator = api(server, "GET", f"/api/games/{game_id}")
    piles = {p["card"]: p["count"] for p in spectator["view"]["supply"]}
    assert spectator["view"]["turn"]["seat"] == 0 and spectator["view"]["players"][0]["turns"] == number + 1
    _, log = api(server, "GET", f"/api/games/{game_id}/log?limit=500")
    buys = [(e["seat"], e["card"]) for e in log["events"] if e["type"] == "buy"]
    gains = [e["card"] for e in log["events"] if e["type"] == "gain"]
    assert [c for s, c in buys if s == 0] == [card]
    assert piles[card] == PILES[card] - gains.count(card)


def test_a_rate_limited_command_waits_as_told_and_is_sent_again(context, server):
    page = context.new_page()
    create_game(page, "Ann", ["big-money"], preset="first-game-1e")
    wait_screen(page, "table")
    sent: list[tuple[float, str]] = []
    held = []  # the retry, held until the test has seen the notice
    seen_notice = False

    def limited_once(route):
        sent.append((time.monotonic(), route.request.headers.get("idempotency-key")))
        if len(sent) == 1:  # as the server answers past RATE_LIMIT_COMMANDS
            route.fulfill(status=429, content_type="application/problem+json",
                          headers={"Retry-After": "2"}, body=json.dumps({
                              "type": "/api/docs#problem-rate_limited", "status": 429,
                              "title": "Too Many Requests", "code": "rate_limited",
                              "detail": "too many requests from this address"}))
        elif seen_notice:
            route.continue_()
        else:
            held.append(route)

    page.route(COMMANDS, limited_once)
    before = version(page)
    page.click("#btn-treasures")
    expect(page.locator("#notice")).to_be_visible()  # stays until the retry is answered
    seen_notice = True
    for route in held:
        route.continue_()
    settle(page, before)
    page.unroute(COMMANDS)
    assert len(sent) == 2 and sent[0][1] == sent[1][1]
    # Not sooner than Retry-After. Load only delays the retry (the first
    # timestamp is taken before the 429 is even sent), so this cannot flake.
    assert sent[1][0] - sent[0][0] >= 1.9
    assert version(page) != before
    expect(page.locator("#notice")).to_be_hidden()
    expect(page.locator("#stat-coins b")).not_to_have_text("0")


def test_lobby_shares_links_and_codes_and_starts_when_every_seat_is_taken(browser, server, shots):
    ann_ctx = open_context(browser, server)
    ann_ctx.grant_permissions(["clipboard-read", "clipboard-write"])
    ann = ann_ctx.new_page()
    create_game(ann, "Ann", ["human", "human"], preset="first-game-1e")
    wait_screen(ann, "lobby")
    expect(ann.locator(".invite-link")).to_have_count(2)
    expect(ann.locator("#kingdom-preview button.card")).to_have_count(10)
    ann.locator("button.copy").first.click()
    expect(ann.locator("#notice")).to_contain_text("Link copied")
    link = ann.locator(".invite-link").first.input_value()
    assert ann.evaluate("navigator.clipboard.readText()") == link
    code = ann.locator(".invite-link").nth(1).get_attribute("data-code")

    bob_ctx = open_context(browser, server)
    bob = bob_ctx.new_page()
    bob.goto(link)
    wait_screen(bob, "join")
    bob.fill("#join-name", "Bob")
    bob.click("#join-take")
    wait_screen(bob, "lobby")  # one seat is still free
    expect(bob.locator("#lobby")).to_contain_text("Bob")

    # Carol types the short code on the home page.
    carol_ctx = open_context(browser, server, lang="hu-HU")
    carol = carol_ctx.new_page()
    open_home(carol)
    carol.fill("#join-code", code.lower())
    carol.click("#join-go")
    wait_screen(carol, "join")
    carol.fill("#join-name", "Carol")
    carol.click("#join-take")
    wait_screen(carol, "table")
    for page in (ann, bob):
        wake(page)  # their lobbies notice at the next poll: make that now
        wait_screen(page, "table")
    names = carol.locator("#players .pname").all_inner_texts()
    assert names == ["Ann", "Bob", "Carol"]

    # A used invitation cannot take a seat again.
    dave_ctx = open_context(browser, server)
    dave = dave_ctx.new_page()
    dave.goto(link)
    wait_screen(dave, "join")
    dave.fill("#join-name", "Dave")
    dave.click("#join-take")
    expect(dave.locator("#join-seat .notice")).to_contain_text("full or has already started")
    for ctx in (ann_ctx, bob_ctx, carol_ctx, dave_ctx):
        ctx.close()


#: The client's poll delays (js/game.js) when the server answers its long polls
#: at once: fast after a change, 1.5 times longer after each unchanged answer,
#: and every 15 s in a hidden tab (which must still learn of its turn).
FAST_MS, BACKOFF, HIDDEN_MS = 800, 1.5, 15_000


def is_poll(request) -> bool:
    return request.method == "GET" and re.search(r"/api/games/[^/]+$", request.url) is not None


def answers_poll(response) -> bool:
    return is_poll(response.request)


def test_without_long_polling_polls_are_conditional_back_off_and_slow_down_in_a_hidden_tab(context, server):
    page = context.new_page()
    page.clock.install()
    create_game(page, "Ann", ["human"], preset="first-game-1e")
    wait_screen(page, "lobby")
    # The server answers every long poll at once, without Preference-Applied
    # (as one without long polling, or with too many waiters, does).
    page.route(POLL, not_modified)
    # From here the page's time moves only when the test says so; a reload
    # starts the polling afresh (the first fetch is unconditional and gets 200).
    page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 1)
    page.reload()
    wait_screen(page, "lobby")
    sent = []
    page.on("request", lambda r: sent.append(r) if is_poll(r) else None)
    # The first conditional poll asks to be held, and goes at once.
    with page.expect_response(answers_poll) as answer:
        page.clock.run_for(1)
    assert answer.value.status == 304
    assert answer.value.request.headers.get("prefer") == "wait=25"
    # The client then polls on its own schedule (`data-live` says which way it polls).
    page.wait_for_function("() => { const m = document.querySelector('main');"
                           " return m.dataset.live === 'false' && m.dataset.idle === 'true'; }")
    sent.clear()

    def next_poll_after(ms: int) -> None:
        """Nothing is polled until ``ms`` have passed, then one conditional poll gets 304."""
        page.clock.run_for(ms - 1)
        wait_idle(page)
        assert sent == [], f"polled before {ms} ms"
        with page.expect_response(answers_poll) as answer:
            page.clock.run_for(1)
        assert answer.value.status == 304
        assert answer.value.request.headers.get("if-none-match")
        wait_idle(page)
        assert len(sent) == 1
        sent.clear()

    delay = FAST_MS
    for _ in range(4):  # backing off while nothing changes
        next_poll_after(delay)
        delay = round(delay * BACKOFF)

    # A hidden tab polls rarely; showing it again polls at once.
    page.evaluate("""() => { Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
                             document.dispatchEvent(new Event('visibilitychange')); }""")
    next_poll_after(HIDDEN_MS)
    with page.expect_response(answers_poll):
        page.evaluate("""() => { Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
                                 document.dispatchEvent(new Event('visibilitychange')); }""")
    wait_idle(page)
    assert len(sent) == 1


def test_a_redraw_between_press_and_release_does_not_swallow_the_tap(context, server):
    page = context.new_page()
    open_home(page)
    page.fill("#my-name", "Ann")
    page.click("#mode-preset")
    page.select_option("#preset", "first-game-2e")
    expect(page.locator("#kingdom-preview button.card")).to_have_count(10)
    wait_idle(page)
    page.locator("#create").scroll_into_view_if_needed()
    box = page.locator("#create").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    # Something redraws the screen while the finger is down (here a route event).
    page.evaluate("window.dispatchEvent(new HashChangeEvent('hashchange'))")
    assert page.get_attribute("main", "data-idle") == "false"  # the redraw waits for the release
    page.mouse.up()
    page.wait_for_url(re.compile(r"#/g/"))
    wait_screen(page, "table")


def test_a_move_taken_back_leaves_the_log_the_page_shows(context, server):
    """An undo (sent through the API with the page's own seat token) takes the
    undone move's events out of the log: the page sees `log_epoch` grow and
    reads the log again, instead of keeping lines of a move that never happened."""
    page = context.new_page()
    errors = watch(page)
    create_game(page, "Ann", ["big-money"], preset="first-game-1e")
    wait_screen(page, "table")
    game_id = page.url.split("#/g/")[1]
    token = page.evaluate(
        "(id) => JSON.parse(localStorage.getItem('dominion.seats'))[id].token", game_id)
    before = version(page)
    page.click("#btn-treasures")
    settle(page, before)
    buy(page, affordable(page))  # one tap: the game can take it back
    seqs = page.locator("#log li").evaluate_all("els => els.map(e => +e.dataset.seq)")
    bought = max(seqs)  # the buy: its gain (bought + 1) is not a line of its own

    # (The page may learn of it at once, from its held poll: its version before is read first.)
    before = version(page)
    status, body = api(server, "POST", f"/api/games/{game_id}/commands", {"type": "undo"},
                       {"Authorization": f"Bearer {token}"})
    assert status == 200, body
    # The buy and its gain went; one line saying what was taken back took the buy's number.
    assert body["log_epoch"] == 1 and body["log_seq"] == bought
    wake(page)
    settle(page, before)
    expect(page.locator("#log li").last).to_have_text(re.compile(r"^You took back: bought "))
    seqs = page.locator("#log li").evaluate_all("els => els.map(e => +e.dataset.seq)")
    assert seqs and max(seqs) == bought
    expect(page.locator("#btn-treasures")).to_have_count(0)  # the Treasures stay played
    assert errors == []
