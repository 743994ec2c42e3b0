"""A click policy: plays Dominion through the web UI only, one click at a time.

It reads nothing but the DOM (the client marks its state on ``<main>``:
``data-screen``, ``data-version``, ``data-idle``, ``data-busy``, ``data-phase``,
``data-act``) and only clicks what a person could click: cards in hand, the
phase buttons, supply piles and the dialog's Buy button, and the decision panel.

It never waits on time: it looks at a page only when the page is idle (no
request in flight, the latest state drawn), and after each command it waits
until the answer is drawn. Nothing else changes a page meanwhile: the pages
are played one at a time and bots move inside the human's request.

Strategy, kept simple so games end fast: play Action cards, play all
Treasures, buy Province at $8, Gold at $6-7, a few wanted Action cards,
Duchy late, else Silver; answer each decision with valid options, taking
turns between the choices of one-of prompts (Minion's +$2, then its attack),
revealing each Reaction once when attacked, discarding/trashing the minimum,
naming a card by typing into the search box, placing a card on top or at the
bottom of the deck in turn.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Optional

from playwright.sync_api import Page

#: Optional one-card choices the policy takes (to exercise them) instead of "None".
CHOOSE_A_CARD = {"reaction.reveal", "throne_room.play", "kings_court.play", "mint.reveal",
                 "tiara.play", "anvil.discard", "turn_start.play"}

#: Gained cards Watchtower trashes; any other one it puts onto the deck when it may.
WATCHTOWER_TRASHES = {"Curse", "Copper"}


@dataclass
class Player:
    """One browser page playing one seat, and what it has bought."""

    page: Page
    wants: dict[str, int] = field(default_factory=dict)  # kingdom card -> how many to buy
    bought: Counter = field(default_factory=Counter)
    decisions: Counter = field(default_factory=Counter)  # prompt -> times answered
    played: Counter = field(default_factory=Counter)  # card -> times played from the hand
    clicks: int = 0


def screen(page: Page) -> str:
    return page.get_attribute("main", "data-screen") or ""


def version(page: Page) -> str:
    return page.get_attribute("main", "data-version") or ""


def settle(page: Page, before: str) -> None:
    """Wait until a command sent from ``page`` (at version ``before``) has been
    answered and drawn: the page is idle again at a new version, or shows why not.

    The click that sent it made the page busy at once, so idle here means done.
    """
    page.wait_for_function(
        """(v) => { const m = document.querySelector('main');
                    return m.dataset.idle === 'true' && (m.dataset.version !== v || !!document.querySelector('#notice')); }""",
        arg=before,
    )


def wake(page: Page) -> None:
    """Make a waiting page poll now (as when its tab becomes visible again);
    the poll starts at once, so the page is busy until its answer is drawn."""
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")


def buy(page: Page, card: str) -> None:
    """Buy ``card`` from the Supply as a person would: one tap on its pile when
    the game can take a buy back (the client marks ``#supply[data-one-tap]``),
    else its card window's Buy button; returns once the buy is drawn."""
    tile = page.locator(f'#supply button.card[data-card="{card}"]')
    one_tap = page.get_attribute("#supply", "data-one-tap") == "true"
    before = version(page)
    tile.click()
    if not one_tap:
        page.click('#card-dialog button[data-action="buy"]')
    settle(page, before)


def ask_or_send(page: Page, locator) -> None:
    """Click a phase button: wait until its command is drawn, or until the bar
    asks to confirm it (nothing is sent then)."""
    before = version(page)
    locator.click()
    page.wait_for_function(
        """(v) => { const m = document.querySelector('main');
                    return m.dataset.idle === 'true' && (m.dataset.version !== v || !!document.querySelector('#notice, #btn-confirm')); }""",
        arg=before,
    )


def _click_command(p: Player, locator) -> None:
    before = version(p.page)
    locator.click()
    p.clicks += 1
    settle(p.page, before)


# Everything the policy needs, read in one round trip once the page is idle.
_LOOK = """() => {
  const m = document.querySelector('main');
  if (m.dataset.idle !== 'true') return null;
  const d = document.querySelector('#decision');
  const num = (sel) => { const e = document.querySelector(sel); return e ? parseInt(e.textContent.replace('$', ''), 10) : 0; };
  return {
    screen: m.dataset.screen, phase: m.dataset.phase,
    decision: d ? { kind: d.dataset.kind, prompt: d.dataset.prompt, min: +d.dataset.min, max: +d.dataset.max,
      supply: [...d.querySelectorAll('button[data-answer][data-cost]')].map(e => [e.dataset.answer, +e.dataset.cost]),
      options: d.querySelectorAll('button[data-option]').length,
      opts: [...d.querySelectorAll('button[data-opt]')].map(e => e.dataset.opt),
      answers: [...d.querySelectorAll('button[data-answer]')].map(e => e.dataset.answer),
      positions: [...d.querySelectorAll('button[data-position]')].map(e => e.dataset.position),
      search: !!d.querySelector('#name-filter'),
      subject: (d.querySelector('#subject') || { dataset: {} }).dataset.card || '',
      revealed: (d.querySelector('#revealed') || { dataset: {} }).dataset.cards || '' } : null,
    waiting: !!document.querySelector('#waiting'),
    bar: !!document.querySelector('.actionbar'),
    confirm: !!document.querySelector('#btn-confirm'),
    one_tap: (document.querySelector('#supply') || { dataset: {} }).dataset.oneTap === 'true',
    treasures: !!document.querySelector('#btn-treasures'),
    actions: [...document.querySelectorAll('#hand button.card[data-playable="true"][data-types~="Action"]')].map(e => e.dataset.card),
    buys: num('#stat-buys b'), coins: num('#stat-coins b'),
    supply: Object.fromEntries([...document.querySelectorAll('#supply button.card[data-card]')].map(
      e => [e.dataset.card, [+e.dataset.cost, +e.dataset.count, e.dataset.buyable === 'true']])),
  };
}"""


def look(page: Page) -> dict:
    """The page's state as the policy sees it (see ``_LOOK``), read when idle."""
    return page.wait_for_function(_LOOK).json_value()


#: Typed into the card-name search box (Wishing Well), and the card then tapped.
NAME_QUERY, NAMED_CARD = "cop", "Copper"


def answer_decision(p: Player, d: dict) -> str:
    page = p.page
    panel = page.locator("#decision")
    kind, prompt = d["kind"], d["prompt"]
    turn = p.decisions[prompt]  # how often this prompt was answered before
    p.decisions[prompt] += 1
    if kind == "option" and d["search"]:
        # Name a card: type part of its name, then tap it in the filtered list.
        panel.locator("#name-filter").fill(NAME_QUERY)
        p.clicks += 1
        _click_command(p, panel.locator(f'#name-list button[data-answer="{NAMED_CARD}"]'))
    elif kind == "option" and d["positions"]:
        where = d["positions"][0] if turn % 2 == 0 else d["positions"][-1]  # top, then bottom
        _click_command(p, panel.locator(f'button[data-position="{where}"]'))
    elif kind == "option" and prompt == "watchtower.reveal":
        # Trash what hurts the deck, put the rest on top: both reveal Watchtower.
        wish = "trash" if d["subject"] in WATCHTOWER_TRASHES else "deck"
        choice = wish if wish in d["answers"] else d["answers"][turn % len(d["answers"])]
        _click_command(p, panel.locator(f'button[data-answer="{choice}"]'))
    elif kind == "option":
        choice = d["answers"][turn % len(d["answers"])]
        _click_command(p, panel.locator(f'button[data-answer="{choice}"]'))
    elif kind == "options":
        # Toggle min of them, starting further along each time, then confirm.
        ids = d["opts"]
        for k in range(d["min"]):
            panel.locator(f'button[data-opt="{ids[(turn + k) % len(ids)]}"]').click()
            p.clicks += 1
        _click_command(p, panel.locator("button[data-confirm]"))
    elif kind == "supply":
        name, _ = max(d["supply"], key=lambda x: x[1])  # the most expensive pile
        _click_command(p, panel.locator(f'button[data-answer="{name}"]'))
    elif kind == "order":
        for i in range(d["options"]):
            panel.locator(f'button[data-option="{i}"]').click()
            p.clicks += 1
        _click_command(p, panel.locator("button[data-confirm]"))
    elif d["max"] == 1:  # cards, one at most: a tap answers
        cards = [a for a in d["answers"] if a]
        if prompt == "reaction.reveal":  # each Reaction once, then "done"
            revealed = set(filter(None, d["revealed"].split("|")))
            cards = [c for c in cards if c not in revealed]
        pick_one = cards and (d["min"] == 1 or prompt in CHOOSE_A_CARD)
        _click_command(p, panel.locator(f'button.card[data-answer="{cards[0]}"]') if pick_one
                       else panel.locator('button[data-answer=""]'))
    else:  # cards, several: toggle the fewest allowed, then confirm
        for i in range(d["min"]):
            panel.locator(f'button[data-option="{i}"]').click()
            p.clicks += 1
        _click_command(p, panel.locator("button[data-confirm]"))
    return f"decision {prompt}"


def choose_buy(p: Player, coins: int, supply: dict[str, list]) -> Optional[str]:
    """What to buy with ``coins``: card -> [cost, count, buyable] in ``supply``."""
    def ok(card: str) -> bool:
        return card in supply and supply[card][2]
    provinces = supply.get("Province", [8, 0, False])[1]
    # With Platinum and Colony: Colony at $11, Platinum at $9-10 while Provinces are plenty.
    if coins >= 11 and ok("Colony"):
        return "Colony"
    if 9 <= coins <= 10 and provinces > 4 and ok("Platinum"):
        return "Platinum"
    if coins >= 8 and ok("Province"):
        return "Province"
    wanted = [c for c, n in p.wants.items() if p.bought[c] < n and ok(c) and supply[c][0] <= coins]
    # A wanted card costing $6 or $7 (Nobles) comes before Gold, or it would never be bought.
    if coins < 8 and any(supply[c][0] >= 6 for c in wanted):
        return max(wanted, key=lambda c: supply[c][0])
    if coins >= 6 and ok("Gold"):
        return "Gold"
    if wanted:
        return max(wanted, key=lambda c: supply[c][0])
    if coins >= 5 and provinces <= 4 and ok("Duchy"):
        return "Duchy"
    if coins >= 3 and ok("Silver"):
        return "Silver"
    if coins >= 2 and provinces <= 2 and ok("Estate"):
        return "Estate"
    return None


def take_turn_step(p: Player, s: dict) -> str:
    page = p.page
    if s["phase"] == "action" and s["actions"]:
        name = s["actions"][0]
        _click_command(p, page.locator(f'#hand button.card[data-playable="true"][data-card="{name}"]').first)
        p.played[name] += 1
        return f"play {name}"
    if s["treasures"]:
        _click_command(p, page.locator("#btn-treasures"))
        return "play treasures"
    if s["phase"] == "buy" and s["buys"] > 0:
        card = choose_buy(p, s["coins"], s["supply"])
        if card:
            buy(page, card)
            p.clicks += 1 if s["one_tap"] else 2
            p.bought[card] += 1
            return f"buy {card}"
    if s["confirm"]:  # the bar asks before ending with something left to play or spend
        _click_command(p, page.locator("#btn-confirm"))
        return "end phase (confirmed)"
    ask_or_send(page, page.locator("#btn-end"))
    p.clicks += 1
    return "end phase"


def step(p: Player, hook: Optional[Callable[[Player, dict], None]] = None) -> str:
    """Make one move if this page has one; '' when it must wait, 'end' at the end."""
    s = look(p.page)
    if hook is not None:
        hook(p, s)
    if s["screen"] == "end":
        return "end"
    if s["decision"]:
        return answer_decision(p, s["decision"])
    if s["bar"]:
        return take_turn_step(p, s)
    return ""


def play_to_end(players: list[Player], max_rounds: int = 3000,
                hook: Optional[Callable[[Player, dict], None]] = None) -> None:
    """Let every page move in turn until each shows the end screen.

    A round gives each page one step. When nobody could move, every page
    polls once (the one whose turn it is learns of it); nobody able to move
    after two such polls means the pages are stuck, which fails the test, as
    does a game longer than ``max_rounds`` rounds.

    :param hook: called with each player and its state before its move (e.g. screenshots).
    :raises AssertionError: the game is stuck or does not end in ``max_rounds`` rounds.
    """
    stuck = 0
    for _ in range(max_rounds):
        results = [step(p, hook) for p in players]
        if all(r == "end" for r in results):
            return
        if any(r not in ("", "end") for r in results):
            stuck = 0
            continue
        stuck += 1
        if stuck > 2:
            states = [look(p.page) for p in players]
            raise AssertionError(f"no page can move, even after polling: {states}")
        for p in players:
            wake(p.page)
    raise AssertionError(f"the game did not end in {max_rounds} rounds")


def join_by_invite(host: Page, guest: Page, name: str) -> None:
    """The guest opens the host's first invite link from the lobby and takes
    that seat as ``name``; both pages then show the table."""
    from e2e_support import wait_screen

    guest.goto(host.locator(".invite-link").first.input_value())
    wait_screen(guest, "join")
    guest.fill("#join-name", name)
    guest.click("#join-take")
    wait_screen(guest, "table")
    wake(host)  # the host's lobby notices at its next poll; make that now
    wait_screen(host, "table")
