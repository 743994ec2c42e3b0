"""Helpers for the end-to-end tests: browser contexts, direct API calls, layout
and accessibility checks, and creating a game through the home form."""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, expect

ROOT = Path(__file__).resolve().parent.parent
BACKEND = ROOT / "backend"
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
PHONE = {"width": 360, "height": 640}
#: Budget of every wait (Playwright actions, ``expect``, ``wait_for_*``). The
#: waits end on the app's own state, so a generous budget only costs time when
#: something is really broken, and a loaded 2-core CI machine needs it.
TIMEOUT_MS = 90_000
expect.set_options(timeout=TIMEOUT_MS)


class Errors(list):
    """Uncaught errors and CSP violations seen by a page (checked at the end)."""


def open_context(browser: Browser, server: str, lang: str = "en-US", **kw) -> BrowserContext:
    """A fresh browser profile (own storage) at phone size with touch, in ``lang``."""
    ctx = browser.new_context(
        base_url=server, viewport=kw.pop("viewport", PHONE), locale=lang,
        has_touch=kw.pop("has_touch", True), is_mobile=kw.pop("is_mobile", False), **kw,
    )
    ctx.set_default_timeout(TIMEOUT_MS)
    return ctx


def watch(page: Page) -> Errors:
    """Collect uncaught page errors and CSP violations of ``page``."""
    errors = Errors()
    page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
    page.on("console", lambda m: errors.append(f"console: {m.text}")
            if m.type == "error" and "Content Security Policy" in m.text else None)
    return errors


def api(server: str, method: str, path: str, body=None, headers=None):
    """A direct API call (for checks the UI cannot make): (status, json)."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(server + path, data=data, method=method, headers={
        "Content-Type": "application/json", "Accept": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            raw = r.read()
            return r.status, (json.loads(raw) if raw else None)
    except urllib.error.HTTPError as e:
        raw = e.read()
        return e.code, (json.loads(raw) if raw else None)


def no_horizontal_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.evaluate("window.innerWidth")
    assert width <= viewport, f"horizontal scroll: content {width}px > viewport {viewport}px"


def small_tap_targets(page: Page) -> list[str]:
    """Visible buttons, links, selects and inputs smaller than 44x44 px."""
    return page.evaluate(
        """() => {
        const bad = [];
        for (const el of document.querySelectorAll('button, a[href], select, input:not([type=checkbox]):not([type=radio]), summary, label.check')) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 && r.height === 0) continue;  // not rendered
          if (el.closest('dialog:not([open])') || el.classList.contains('skip')) continue;
          if (r.height < 43.5 || r.width < 43.5) bad.push(`${el.tagName}#${el.id || ''}.${el.className} ${Math.round(r.width)}x${Math.round(r.height)} "${(el.textContent || '').trim().slice(0, 20)}"`);
        }
        return bad;
    }"""
    )


def shot(page: Page, shots: Path, name: str, full: bool = True) -> None:
    """Save a screenshot; ``full=False`` keeps just what the phone screen shows."""
    page.screenshot(path=str(shots / f"{name}.png"), full_page=full)


def unlabelled_controls(page: Page) -> list[str]:
    """Visible controls without an accessible name (label, text or aria-label)."""
    return page.evaluate(
        """() => {
        const bad = [];
        for (const el of document.querySelectorAll('button, a[href], select, input, textarea')) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 && r.height === 0) continue;
          const named = (el.getAttribute('aria-label') || '').trim()
            || (el.labels && [...el.labels].some(l => l.textContent.trim()))
            || (!['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName) && el.textContent.trim());
          if (!named) bad.push(`${el.tagName}#${el.id}.${el.className}`);
        }
        return bad;
    }"""
    )


#: True when the client has no request in flight, no command waiting for a
#: retry and no redraw pending: what ``<main>`` shows is the latest state it has.
IDLE = "() => document.querySelector('main').dataset.idle === 'true'"


def wait_idle(page: Page) -> None:
    """Wait until the page is idle (see ``IDLE``)."""
    page.wait_for_function(IDLE)


def wait_screen(page: Page, name: str) -> None:
    """Wait until the page is idle on screen ``name`` (home, join, lobby, table, end)."""
    page.wait_for_function(
        "(name) => { const m = document.querySelector('main');"
        " return m.dataset.idle === 'true' && m.dataset.screen === name; }", arg=name)


def open_home(page: Page) -> None:
    """Load the home page and wait until the catalog and presets have arrived."""
    page.goto("/")
    wait_screen(page, "home")


def create_game(page: Page, name: str, seats: list[str], kingdom: list[str] | None = None,
                preset: str | None = None, edition: str | None = None) -> None:
    """Fill the home form and start a game; ``seats`` are the other seats'
    select values ("human" or a bot kind); a kingdom is hand-picked by clicking;
    ``edition`` ("1" or "2") is chosen last (a preset picks its own)."""
    open_home(page)
    page.fill("#my-name", name)
    while page.locator(".seat select").count() < len(seats):
        page.click("#add-seat")
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-kind-{i + 2}", kind)
    if preset:
        page.click("#mode-preset")
        page.select_option("#preset", preset)
    elif kingdom:
        page.click("#mode-pick")
        for card in kingdom:
            page.check(f'input[name="pick"][value="{card}"]')
        expect(page.locator("#pick-count")).to_contain_text("10")
    expect(page.locator("#kingdom-preview button.card")).to_have_count(10)
    if edition:
        page.select_option("#edition", edition)
    # Click on a settled page: no answer (a kingdom rolled when the form
    # opened in random mode, say) may redraw the form under the click.
    wait_idle(page)
    page.click("#create")


def roll_random_kingdom(page: Page, server: str, card_set: str, colony: str | None = None) -> list[str]:
    """On the home screen, name the player Ann and draw a random kingdom of one set
    (optionally with a Platinum/Colony choice); returns the kingdom shown."""
    open_home(page)
    page.fill("#my-name", "Ann")
    page.click("#mode-random")
    wait_idle(page)
    page.uncheck('input[name="set"][value="base"]')
    page.check(f'input[name="set"][value="{card_set}"]')
    if colony is not None:
        page.select_option("#rnd-colony", colony)
    page.click("#roll")
    wait_idle(page)  # the click sent the request at once: idle means its kingdom is drawn
    kingdom = page.locator("#kingdom-preview button.card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert len(kingdom) == 10
    _, catalog = api(server, "GET", "/api/cards?lang=en")
    sets = {c["name"]: c["set"] for c in catalog["cards"]}
    assert {sets[c] for c in kingdom} == {card_set}, kingdom
    return kingdom


#: For each visible text, the words split over two lines without a hyphen, the
#: words wider than their tile or button, and the words off the screen's right edge.
#: A split is a hyphenation only where the element hyphenates and may not break
#: words otherwise (``hyphens: auto`` with ``overflow-wrap`` and ``word-break``
#: normal: the browser then draws a hyphen), or where the text has a soft hyphen.
_WORD_BREAKS = r"""() => {
  const bad = [];
  const vw = document.documentElement.clientWidth;
  const range = document.createRange();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const scrolls = (el) => { for (let e = el; e && e !== document.body; e = e.parentElement) {
    const o = getComputedStyle(e).overflowX; if (o === 'auto' || o === 'scroll') return true; } return false; };
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !node.data.trim()) continue;
    if (el.closest('dialog:not([open]), .sr-only, .skip, script, style, noscript, select, option')) continue;
    const box = el.getBoundingClientRect();
    if (!box.width && !box.height) continue;  // not rendered
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden') continue;
    const hyphenates = cs.hyphens === 'auto' && cs.overflowWrap === 'normal'
      && (cs.wordBreak === 'normal' || cs.wordBreak === 'keep-all');
    const tile = el.closest('button, .card, summary, a.btn');
    const edge = tile ? tile.getBoundingClientRect() : null;
    for (const m of node.data.matchAll(/[\p{L}\p{N}\u00AD'’]+/gu)) {
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0.5);
      if (!rects.length) continue;
      const lines = [];
      for (const r of rects) if (!lines.some((b) => Math.abs(b - r.bottom) < 3)) lines.push(r.bottom);
      const where = `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${el.className} "${m[0]}"`;
      if (lines.length > 1 && !hyphenates && !m[0].includes('\u00AD')) bad.push(`split: ${where}`);
      const left = Math.min(...rects.map((r) => r.left));
      const right = Math.max(...rects.map((r) => r.right));
      if (edge && (right > edge.right + 1 || left < edge.left - 1)) bad.push(`outside its ${tile.tagName.toLowerCase()}: ${where}`);
      else if (right > vw + 1 && !scrolls(el)) bad.push(`off screen: ${where}`);
    }
  }
  return bad;
}"""


def word_breaks(page: Page) -> list[str]:
    """Visible words broken mid-word without a hyphen, or not fitting (see ``_WORD_BREAKS``)."""
    return page.evaluate(_WORD_BREAKS)


def layout_ok(page: Page, lang: str) -> None:
    """At phone width: the page speaks ``lang``, no word breaks without a hyphen or
    spills out of its tile, and nothing scrolls sideways."""
    assert page.evaluate("document.documentElement.lang") == lang
    bad = word_breaks(page)
    assert bad == [], bad
    no_horizontal_scroll(page)


#: The visible text of a page, without what is English on purpose (``lang="en"``:
#: a card's English name under its local one, the kingdom "as text").
_VISIBLE_TEXT = r"""() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !node.data.trim()) continue;
    if (el.closest('dialog:not([open]), .sr-only, .skip, script, style, noscript, select, option, [lang="en"]')) continue;
    const box = el.getBoundingClientRect();
    if (!box.width && !box.height) continue;
    if (getComputedStyle(el).visibility === 'hidden') continue;
    out.push(node.data);
  }
  for (const el of document.querySelectorAll('select')) {  // a select shows its chosen option
    const r = el.getBoundingClientRect();
    if ((r.width || r.height) && el.selectedOptions[0] && !el.closest('[lang="en"]')) out.push(el.selectedOptions[0].text);
  }
  return out.join('\n');
}"""


def visible_text(page: Page) -> str:
    return page.evaluate(_VISIBLE_TEXT)


class Traffic:
    """The bytes a browser context received from the network (issue 23's budget).

    Each request counts what Chromium received for it: Playwright's
    ``sizes()``, ``responseHeadersSize + responseBodySize``, which is the
    DevTools protocol's ``encodedDataLength`` (headers and the body as sent,
    compressed or not). An answer from the browser's cache or from the service
    worker's counts 0; the service worker's own requests count as the page's.
    Only for pages without a held long poll (:meth:`settle` waits for every answer).
    """

    def __init__(self, ctx: BrowserContext) -> None:
        self.requests: list = []
        self.received: list[tuple[str, int]] = []  # (url, bytes), in order of request
        ctx.on("request", lambda req: self.requests.append(req))

    def settle(self) -> int:
        """Wait for every request seen so far to end (by its answer, not by time),
        then the bytes received since the context opened."""
        while len(self.received) < len(self.requests):
            req = self.requests[len(self.received)]
            n = 0
            if req.response() is not None:  # None: it failed
                try:
                    sizes = req.sizes()
                    n = max(0, sizes["responseHeadersSize"] + sizes["responseBodySize"])
                except Exception:  # the body broke off: nothing more came
                    n = 0
            self.received.append((req.url, n))
        return sum(n for _, n in self.received)


def home_usable(page: Page) -> None:
    """Wait until the home form is drawn and idle, and the service worker has kept
    the files this page loaded (what a first visit or a reload fetches)."""
    page.wait_for_function("() => document.querySelector(\"main[data-screen='home'][data-idle='true'] #create:not([disabled])\")"
                           " && document.body.dataset.shell === 'cached'")
