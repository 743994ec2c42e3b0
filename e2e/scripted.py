"""A scripted game resource for e2e tests of decision panels.

The page talks to routes served here instead of the real game: each answer the
client sends moves the script to its next step, so a test shows the client
exactly the decisions of the prompt contract, whatever the shuffles would deal.
The card catalog still comes from the real server.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Optional, Union
from urllib.parse import parse_qs, urlparse

from e2e_support import no_horizontal_scroll, open_context, shot, small_tap_targets, wait_screen
from policy import settle, version


def decision(prompt, kind, options, card, mn=1, mx=1, **args) -> dict:
    """An open decision for seat 0, as the API sends it."""
    return {"seat": 0, "kind": kind, "prompt": prompt, "options": options, "min": mn, "max": mx,
            "card": card, "args": args}


class Script:
    """Serves a scripted game: each answer moves to the next step.

    :param game: the game id the page opens.
    :param steps: one value per decision, handed to ``resource``.
    :param resource: ``(version, step or None when the script is done) -> game resource``.
    :param events: the game's log, or its log per language (``{"en": [...], "cs": [...]}``),
        served for the ``lang`` the client asks for (English by default, as the API).
    """

    def __init__(self, game: str, steps: list, resource: Callable[[int, Optional[Any]], dict],
                 events: Union[list[dict], dict[str, list[dict]]]):
        self.id = game
        self.steps = steps
        self.resource = resource
        self.events = events
        self.step = 0
        self.answers: list = []
        self.log_langs: list[str] = []  # the `lang` of each log request, in order

    def current(self) -> dict:
        step = self.steps[self.step] if self.step < len(self.steps) else None
        return self.resource(self.step + 1, step)

    def game(self, route) -> None:
        body = self.current()
        etag = f'"{body["version"]}"'
        if route.request.headers.get("if-none-match") == etag:
            route.fulfill(status=304, headers={"ETag": etag})
        else:
            route.fulfill(status=200, json=body, headers={"ETag": etag})

    def command(self, route) -> None:
        cmd = json.loads(route.request.post_data)
        assert cmd["type"] == "answer", cmd
        self.answers.append(cmd["answer"])
        self.step += 1
        body = {**self.current(), "events": []}
        route.fulfill(status=200, json=body, headers={"ETag": f'"{body["version"]}"'})

    def log(self, route) -> None:
        lang = parse_qs(urlparse(route.request.url).query).get("lang", ["en"])[0]
        self.log_langs.append(lang)
        events = self.events.get(lang, self.events["en"]) if isinstance(self.events, dict) else self.events
        route.fulfill(status=200, json={"events": events, "more": False, "next_after": len(events)})


def open_script(browser, server, script: Script, lang: str = "en-US"):
    """A phone page showing the scripted game; returns (context, page)."""
    ctx = open_context(browser, server, lang=lang)
    page = ctx.new_page()
    page.route(f"**/api/games/{script.id}", script.game)
    page.route(f"**/api/games/{script.id}/commands", script.command)
    page.route(f"**/api/games/{script.id}/log*", script.log)
    page.goto(f"/#/g/{script.id}")
    wait_screen(page, "table")
    return ctx, page


def tap_answer(page, locator) -> None:
    """Tap what sends the answer, and wait until the next state is drawn."""
    before = version(page)
    locator.click()
    settle(page, before)


def phone_ok(page, shots, name: str) -> None:
    """The panel fits a phone: no sideways scroll, no small tap targets; screenshot it."""
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    shot(page, shots, name, full=False)
