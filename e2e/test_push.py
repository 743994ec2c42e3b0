"""Turn alerts by Web Push (issue 22), in a real Chromium: the client subscribes
with the server's key and registers the subscription with every stored seat;
a push delivered to the service worker through the DevTools protocol
(``ServiceWorker.deliverPushMessage``) shows the notification, one a game,
never for the game a visible window shows, sets the app badge, and its tap
opens the game; the control's states; "Your games" lists first the games
waiting for you.

This Chromium reaches no push service (no network but 127.0.0.1), so where a
real subscription is needed the browser's ``PushManager`` is replaced by
``FAKE_PUSH`` (a subscription-shaped object). The push messages themselves are
real: Chromium decrypts nothing here, it hands ``data`` to the worker as is."""

from __future__ import annotations

import json

from playwright.sync_api import BrowserContext, Page, Worker, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from e2e_support import api, create_game, open_context, open_home, shot, wait_idle, wait_screen, watch
from flow_support import new_game

#: The browser's push registration stubbed: ``subscribe`` remembers its options
#: (``window.__subscribed``) and gives a subscription whose endpoint is on this
#: machine (the e2e server allows 127.0.0.1 as a push host); it lasts the tab's session.
FAKE_PUSH = """
const fake = {
  endpoint: 'http://127.0.0.1:9/push/e2e-device', expirationTime: null,
  toJSON() { return { endpoint: this.endpoint, expirationTime: null, keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg' } }; },
  unsubscribe() { sessionStorage.removeItem('fake-push'); window.__unsubscribed = true; return Promise.resolve(true); },
};
PushManager.prototype.getSubscription = function () { return Promise.resolve(sessionStorage.getItem('fake-push') ? fake : null); };
PushManager.prototype.subscribe = function (options) {
  window.__subscribed = { userVisibleOnly: options.userVisibleOnly, key: options.applicationServerKey };
  sessionStorage.setItem('fake-push', '1');
  return Promise.resolve(fake);
};
"""

#: The service worker's notifications, read into ``window.__notes`` again and
#: again (``wait_for_function`` waits on it: its predicate cannot await). One
#: read at a time: reads started every 50 ms whatever their answers, on a
#: loaded machine, queued up in the browser ahead of the worker's own
#: ``showNotification`` (a notification not listed within 90 s, seen in CI).
NOTES = """
navigator.serviceWorker.ready.then(async (reg) => {
  for (;;) {
    window.__notes = (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
    await new Promise((ok) => setTimeout(ok, 50));
  }
});
"""

#: Recorders in the service worker: the app badges it sets (``self.__badges``;
#: the badge of an app that is not installed shows nowhere) and the
#: notifications its ``push`` handler showed or failed to show
#: (``self.__shown``), which a failed wait reports.
WORKER_PROBES = """() => { self.__badges = []; self.__shown = [];
    self.navigator.setAppBadge = (n) => { self.__badges.push(n); return Promise.resolve(); };
    self.navigator.clearAppBadge = () => { self.__badges.push(0); return Promise.resolve(); };
    const show = self.registration.showNotification.bind(self.registration);
    self.registration.showNotification = (title, o) => show(title, o).then(
        (r) => { self.__shown.push(o.tag); return r; },
        (e) => { self.__shown.push(`${o.tag} failed: ${e}`); throw e; }); }"""

BOT = {"kind": "bot", "bot": "generic", "name": "Bot"}


def store_seats(page: Page, games: list[tuple[dict, int]]) -> None:
    """Keep these seats on the device, as a create or join would (``at``: older first)."""
    page.evaluate("""(games) => { const all = JSON.parse(localStorage.getItem('dominion.seats') || '{}');
        games.forEach(([g, at]) => { all[g.id] = { token: g.token, seat: g.seat, name: 'Ann', at }; });
        localStorage.setItem('dominion.seats', JSON.stringify(all)); }""", games)


def push_context(browser, server, **kw) -> BrowserContext:
    ctx = open_context(browser, server, **kw)
    ctx.grant_permissions(["notifications"])
    ctx.add_init_script(NOTES)
    return ctx


def registration_id(ctx: BrowserContext, page: Page, server: str):
    """A DevTools session of ``page`` and the id of the app's service worker registration."""
    cdp = ctx.new_cdp_session(page)
    regs: list[dict] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda e: regs.extend(e["registrations"]))
    cdp.send("ServiceWorker.enable")
    # The event comes after enable's answer: each round trip to the page lets it in.
    for _ in range(1000):
        ours = [r for r in regs if r["scopeURL"] == server + "/" and not r["isDeleted"]]
        if ours:
            return cdp, ours[-1]["registrationId"]
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    raise AssertionError(f"no registration of {server}/ among {regs}")


def wait_notes(page: Page, worker: Worker, predicate: str) -> None:
    """Wait until the page's list of notifications satisfies ``predicate``; else
    fail with what the worker showed and the page last listed."""
    try:
        page.wait_for_function(f"() => {predicate}")
    except PlaywrightTimeoutError:
        raise AssertionError(f"not {predicate}: the worker showed {worker.evaluate('self.__shown')}, "
                             f"badges {worker.evaluate('self.__badges')}; "
                             f"the page lists {page.evaluate('window.__notes')}") from None


def message(server: str, game: dict, **kw) -> dict:
    """The push JSON of the contract (issue 22) for ``game``."""
    return {"id": f"ev-{kw.get('version', 1)}-{game['id']}", "kind": "turn", "game_id": game["id"], "seat": 0,
            "version": 1, "title": "Your turn", "body": "Dominion: turn 2 against Bot",
            "url": f"/#/g/{game['id']}", "tag": f"game-{game['id']}", **kw}


def test_alerts_subscribe_with_the_servers_key_and_register_every_stored_seat(browser, server, shots):
    """Needs the server's push endpoints (branch delivery-outbox): the page asks
    for the key, subscribes with it and registers the subscription with each
    stored seat, which the server accepts (201); off deletes them again."""
    status, key = api(server, "GET", "/api/push/key")
    assert status == 200, f"the server has no push endpoints (branch delivery-outbox): {status} {key}"
    ctx = push_context(browser, server)
    ctx.add_init_script(FAKE_PUSH)
    page = ctx.new_page()
    errors = watch(page)
    a = new_game(server, [{"kind": "human", "name": "Ann"}, BOT], preset="first-game-1e")
    b = new_game(server, [{"kind": "human", "name": "Ann"}, BOT], preset="first-game-1e")
    open_home(page)
    store_seats(page, [(a, 1), (b, 2)])
    page.goto(f"/#/g/{a['id']}")
    wait_screen(page, "table")
    posted = []
    page.on("response", lambda r: posted.append(r) if r.request.method == "POST" and r.url.endswith("/push-subscriptions") else None)

    page.click("#alerts-btn")
    expect(page.locator("#alerts-btn")).to_have_attribute("data-state", "on")
    expect(page.locator("#notice")).to_contain_text("even with the app closed")
    wait_idle(page)
    shot(page, shots, "80-turn-alerts-on", full=False)
    assert page.evaluate("window.__subscribed") == {"userVisibleOnly": True, "key": key["public_key"]}
    sent = {r.url.split("/")[-2]: r for r in posted}
    assert set(sent) == {a["id"], b["id"]}
    for game in (a, b):
        r = sent[game["id"]]
        assert r.status in (200, 201), (r.status, r.text())
        assert r.request.headers["authorization"] == f"Bearer {game['token']}"
        body = json.loads(r.request.post_data)
        assert body["lang"] == "en" and body["subscription"]["endpoint"] == "http://127.0.0.1:9/push/e2e-device"
        assert set(body["subscription"]["keys"]) == {"p256dh", "auth"}
        status, listed = api(server, "GET", f"/api/games/{game['id']}/push-subscriptions",
                             headers={"Authorization": f"Bearer {game['token']}"})
        assert status == 200 and [s["endpoint"] for s in listed["subscriptions"]] == [body["subscription"]["endpoint"]]

    # A game created now gets the subscription too.
    with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/push-subscriptions")) as rc:
        create_game(page, "Ann", ["big-money"], preset="first-game-1e")
    wait_screen(page, "table")
    new_id = page.evaluate("location.hash.split('/')[2]")
    assert rc.value.url.endswith(f"/{new_id}/push-subscriptions") and rc.value.status == 201, (rc.value.url, rc.value.status)

    def again(game):
        return page.expect_response(lambda r: r.request.method == "POST"
                                    and r.url.endswith(f"/{game['id']}/push-subscriptions"))
    # Back to a game: registered once more since this page loaded (the same endpoint: 200).
    with again(a) as ra:
        page.goto(f"/#/g/{a['id']}")
    assert ra.value.status == 200, ra.value.status
    wait_screen(page, "table")

    # Another language: each registration follows it.
    with again(a) as ra, again(b) as rb:
        page.select_option("#lang", "cs")
    for r in (ra.value, rb.value):
        assert r.status == 200 and json.loads(r.request.post_data)["lang"] == "cs", (r.status, r.text())

    # Off: the registrations go, then the browser's subscription.
    page.click("#alerts-btn")
    expect(page.locator("#alerts-btn")).to_have_attribute("data-state", "off")
    page.wait_for_function("() => window.__unsubscribed === true")
    for game in (a, b, {"id": new_id, "token": page.evaluate(
            "(id) => JSON.parse(localStorage.getItem('dominion.seats'))[id].token", new_id)}):
        status, listed = api(server, "GET", f"/api/games/{game['id']}/push-subscriptions",
                             headers={"Authorization": f"Bearer {game['token']}"})
        assert status == 200 and listed["subscriptions"] == []
    assert not errors
    ctx.close()


def test_a_push_shows_one_notification_a_game_never_for_the_visible_game_sets_the_badge_and_opens_the_game(
        browser, server):
    """The pushes come through the DevTools protocol, so the worker's ``push``
    handler runs as for a real one. What the test cannot do is tap a
    notification (no DevTools command clicks one), so it calls the worker's
    ``reopen`` (what its ``notificationclick`` handler runs with the
    notification's data) in the worker: with the app's window on another
    screen, it shows the game in that window. Its last step, ``focus()``, needs
    the tap itself: Chromium refuses it outside a notification click, which the
    evaluation reports. The app badge is watched by replacing the worker's
    ``navigator.setAppBadge``/``clearAppBadge`` with recorders (the badge of an
    app that is not installed shows nowhere)."""
    ctx = push_context(browser, server)
    page = ctx.new_page()
    errors = watch(page)
    a = new_game(server, [{"kind": "human", "name": "Ann"}, BOT], preset="first-game-1e")
    b = new_game(server, [{"kind": "human", "name": "Ann"}, BOT], preset="first-game-1e")
    open_home(page)
    store_seats(page, [(a, 1), (b, 2)])
    page.goto(f"/#/g/{a['id']}")
    wait_screen(page, "table")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null && Array.isArray(window.__notes)")
    worker = ctx.service_workers[0] if ctx.service_workers else ctx.wait_for_event("serviceworker")
    worker.evaluate(WORKER_PROBES)
    cdp, reg = registration_id(ctx, page, server)

    def deliver(msg: dict) -> None:
        cdp.send("ServiceWorker.deliverPushMessage", {"origin": server, "registrationId": reg, "data": json.dumps(msg)})

    # A push for the game on the screen: no notification. One for the other game shows;
    # it came later, so the first one's handler had its turn.
    deliver(message(server, a, waiting=2))
    deliver(message(server, b, waiting=3))
    wait_notes(page, worker, "window.__notes.length > 0")
    notes = page.evaluate("window.__notes")
    assert notes == [{"title": "Your turn", "body": "Dominion: turn 2 against Bot", "tag": f"game-{b['id']}",
                      "data": {"url": f"/#/g/{b['id']}", "game_id": b["id"]}}], notes
    # The same game again: its notification is replaced, not piled up.
    deliver(message(server, b, version=2, body="Dominion: turn 3 against Bot", waiting=1))
    wait_notes(page, worker, "window.__notes.length === 1 && window.__notes[0].body.includes('turn 3')")
    deliver(message(server, b, version=3, kind="game_over", title="Game over", body="Bot wins", waiting=0))
    wait_notes(page, worker, "window.__notes.length === 1 && window.__notes[0].title === 'Game over'")
    assert worker.evaluate("self.__badges") == [2, 3, 1, 0]

    # The tap's handler with the app on its home screen: the game opens in that window.
    page.goto("/#/")
    wait_screen(page, "home")
    data = page.evaluate("window.__notes[0].data")
    refused = worker.evaluate("(d) => reopen(d).then(() => 'focused', (e) => e.name)", data)
    page.wait_for_url(f"**/#/g/{b['id']}")
    wait_screen(page, "table")
    assert refused in ("focused", "InvalidAccessError"), refused
    assert not errors
    ctx.close()


def test_alerts_stay_on_after_a_reload_as_the_subscription_says(browser, server):
    """The state on a new page comes from the browser: its subscription ("On"), else
    alerts while the page is open; a permission withdrawn since then shows "Blocked"."""
    ctx = push_context(browser, server)
    ctx.add_init_script(FAKE_PUSH)
    page = ctx.new_page()
    open_home(page)
    page.evaluate("localStorage.setItem('dominion.alerts', 'on')")
    page.reload()
    wait_screen(page, "home")
    expect(page.locator("#alerts-btn")).to_have_attribute("data-state", "page")
    page.evaluate("sessionStorage.setItem('fake-push', '1')")  # subscribed
    page.reload()
    wait_screen(page, "home")
    expect(page.locator("#alerts-btn")).to_have_attribute("data-state", "on")
    expect(page.locator("#alerts-btn")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#alerts-btn")).to_have_accessible_name("Turn alerts: On")
    ctx.clear_permissions()
    page.add_init_script("Object.defineProperty(Notification, 'permission', { get: () => 'denied' })")
    page.reload()
    wait_screen(page, "home")
    expect(page.locator("#alerts-btn")).to_have_attribute("data-state", "blocked")
    ctx.close()


def alerts_state(page: Page, shots) -> tuple[str, str]:
    """Turn the alerts on where push cannot be had: (the control's state, what the notice says)."""
    page.click("#alerts-btn")
    btn = page.locator("#alerts-btn")
    expect(btn).to_have_attribute("aria-pressed", "true")
    expect(btn).not_to_have_attribute("data-state", "on")
    expect(page.locator("#notice")).to_be_visible()
    state = btn.get_attribute("data-state")
    shot(page, shots, f"80-turn-alerts-{state}", full=False)
    return state, page.locator("#notice .msg").inner_text()


def test_the_control_says_blocked_unsupported_and_install_first_on_an_iphone(browser, server, shots):
    # Notifications denied by the browser.
    ctx = open_context(browser, server)
    page = ctx.new_page()
    open_home(page)
    page.evaluate("Notification.requestPermission = () => Promise.resolve('denied')")
    state, text = alerts_state(page, shots)
    assert state == "blocked" and "allow them in its settings" in text, (state, text)
    expect(page.locator("#alerts-btn")).to_have_accessible_name("Turn alerts: Blocked")
    ctx.close()

    # No Web Push in this browser: alerts while the page is open.
    ctx = push_context(browser, server)
    ctx.add_init_script("delete window.PushManager")
    page = ctx.new_page()
    open_home(page)
    state, text = alerts_state(page, shots)
    assert state == "page" and "only while the page is open" in text, (state, text)
    expect(page.locator("#alerts-btn")).to_contain_text("Limited")
    ctx.close()

    # Safari on an iPhone, in a tab: Web Push needs the app on the home screen.
    ctx = open_context(browser, server, user_agent=(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
        "(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"))
    page = ctx.new_page()
    open_home(page)
    state, text = alerts_state(page, shots)
    assert state == "ios" and "Add to Home Screen" in text, (state, text)
    expect(page.locator("#alerts-btn")).to_contain_text("Install")
    # Off again: one tap.
    page.click("#alerts-btn")
    expect(page.locator("#alerts-btn")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#alerts-btn")).to_have_accessible_name("Turn alerts: Off")
    ctx.close()


def test_your_games_lists_the_games_waiting_for_you_first_and_the_badge_counts_them(browser, server):
    ctx = open_context(browser, server)
    ctx.add_init_script("window.__badges = []; navigator.setAppBadge = (n) => { window.__badges.push(n); return Promise.resolve(); };")
    page = ctx.new_page()
    mine = new_game(server, [{"kind": "human", "name": "Ann"}, BOT], preset="first-game-1e")
    lobby = new_game(server, [{"kind": "human", "name": "Ann"}, {"kind": "human"}], preset="first-game-1e")
    open_home(page)
    store_seats(page, [(mine, 1), (lobby, 2)])  # the lobby is the most recent
    page.reload()
    wait_screen(page, "home")
    rows = page.locator("#your-games li")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_have_attribute("data-game", mine["id"])
    expect(rows.nth(0)).to_have_attribute("data-mine", "true")
    expect(rows.nth(1)).to_have_attribute("data-game", lobby["id"])
    assert page.evaluate("window.__badges") == [1]
    ctx.close()
