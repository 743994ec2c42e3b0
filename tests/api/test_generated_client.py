"""A client generated from /api/openapi.json by openapi-python-client plays a game.

The generator is pinned in the test extras; it reads the document as any client
author would, so what it makes of it is the contract as others see it (issue 24):
growing enums that do not break it, the version in the body, spectating without a
token. Everything below talks to a real server on 127.0.0.1 through the generated
package only.
"""

from __future__ import annotations

import importlib
import inspect
import os
import subprocess
import sys
import typing
import uuid
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

PACKAGE = "dominion_api_client"
#: Requests a game may take before the test gives up (a game against bots takes ~100).
LIMIT = 1000


@pytest.fixture(scope="module")
def generated(app, tmp_path_factory) -> typing.Iterator[ModuleType]:
    """The package generated from the app's document, imported."""
    out = tmp_path_factory.mktemp("generated")
    spec = out / "openapi.json"
    spec.write_bytes(app.test_client().get("/api/openapi.json").get_data())
    bindir = Path(sys.executable).parent  # the generator runs the pinned ruff on its output
    env = {**os.environ, "PATH": f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}"}
    run = subprocess.run(
        [str(bindir / "openapi-python-client"), "generate", "--path", str(spec),
         "--output-path", str(out / PACKAGE), "--meta", "none"],
        capture_output=True, text=True, timeout=300, env=env)
    assert run.returncode == 0, run.stdout + run.stderr
    # Any warning means part of the document was left out of the client.
    assert "Warning" not in run.stdout + run.stderr, run.stdout + run.stderr
    sys.path.insert(0, str(out))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(out))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def _mod(generated: ModuleType, name: str) -> ModuleType:
    return importlib.import_module(f"{generated.__name__}.{name}")


def _client_types(function: Any) -> set[str]:
    """The client classes an endpoint function's ``client`` parameter takes."""
    hint = inspect.signature(function).parameters["client"].annotation
    return {t.__name__ for t in (typing.get_args(hint) or (hint,))}


def test_spectating_operations_take_a_client_without_a_token(generated):
    """Issue 24 (3): the game and its log are readable without a token, and the
    generated functions say so (a token stays required for commands and rematch)."""
    games = _mod(generated, "api.games")
    for name in ("get_game", "get_log"):
        module = importlib.import_module(f"{games.__name__}.{name}")
        for function in (module.sync, module.sync_detailed):
            assert _client_types(function) == {"AuthenticatedClient", "Client"}, name
    for name in ("post_command", "rematch"):
        module = importlib.import_module(f"{games.__name__}.{name}")
        assert _client_types(module.sync) == {"AuthenticatedClient"}, name


def test_new_values_of_growing_enums_do_not_break_the_generated_models(generated):
    """Issue 24 (1): a value added later to a growing enum is read as a string; a known
    one as the enum."""
    models = _mod(generated, "models")
    decision = models.Decision.from_dict({
        "seat": 0, "kind": "a-kind-from-the-future", "prompt": "x.y", "options": [],
        "min": 0, "max": 0, "card": None, "args": {}})
    assert decision.kind == "a-kind-from-the-future"
    assert models.Decision.from_dict({**decision.to_dict(), "kind": "cards"}).kind is \
        models.DecisionKind.CARDS
    event = models.Event.from_dict({"seq": 1, "type": "new_event", "text": "Something."})
    assert event.type_ == "new_event" and event.to_dict()["type"] == "new_event"
    assert isinstance(models.Event.from_dict({"seq": 1, "type": "buy", "text": "x"}).type_,
                      models.EventType)
    problem = models.Problem.from_dict({"type": "/api/docs#problem-new", "title": "New",
                                        "status": 422, "detail": "x", "code": "new_code"})
    assert problem.code == "new_code"
    legal = models.LegalCommand.from_dict({"type": "new_command"})
    assert legal.type_ == "new_command"


def _answer(decision: Any) -> Any:
    """A legal answer to any decision, from its kind, options and bounds."""
    kind, options = str(decision.kind), list(decision.options)
    if kind in ("cards", "options"):
        return options[: decision.min_]
    if kind == "order":
        return options
    if kind == "supply":
        return options[0] if decision.min_ > 0 else None
    return options[0]


def _choose(view: Any) -> dict[str, Any]:
    """Big Money from the `legal` list: answer, play Treasures, buy the best, end."""
    legal = [c.to_dict() for c in view.legal]
    if view.decision is not None:
        return {"type": "answer", "answer": _answer(view.decision)}
    if {"type": "play_treasures"} in legal:
        return {"type": "play_treasures"}
    for card in ("Province", "Gold", "Silver"):
        if {"type": "buy", "card": card} in legal:
            return {"type": "buy", "card": card}
    return {"type": "end_phase"}


def test_a_generated_client_plays_a_game_against_bots_to_the_end_and_spectates(
        generated, live_server):
    client_mod = _mod(generated, "client")
    models = _mod(generated, "models")
    games = {name: importlib.import_module(f"{generated.__name__}.api.games.{name}")
             for name in ("create_game", "get_game", "get_log", "post_command")}
    commands = {"play": models.PlayCommand, "play_treasures": models.PlayTreasuresCommand,
                "buy": models.BuyCommand, "end_phase": models.EndPhaseCommand,
                "answer": models.AnswerCommand}
    # Loopback only: no proxy from the environment may stand in between.
    anonymous = client_mod.Client(base_url=live_server.url, httpx_args={"trust_env": False})

    created = games["create_game"].sync(client=anonymous, body=models.GameCreate(seats=[
        models.HumanSeat(kind=models.HumanSeatKind.HUMAN, name="Ann"),
        models.BotSeat(kind=models.BotSeatKind.BOT, bot=models.BotSeatBot.BIG_MONEY),
        models.BotSeat(kind=models.BotSeatKind.BOT, bot=models.BotSeatBot.GENERIC)]))
    assert isinstance(created, models.SeatToken), created
    me = client_mod.AuthenticatedClient(base_url=live_server.url, token=created.token,
                                        httpx_args={"trust_env": False})
    game, rejected = created.game, 0
    for _ in range(LIMIT):
        view = game.view
        if view.game_over:
            break
        # The ETag from the body (its documented, stable format): no headers needed.
        etag = f'"v{game.version}-s{game.seat}"'
        if view.seat not in view.awaiting:
            r = games["get_game"].sync_detailed(created.id, client=me, if_none_match=etag,
                                                prefer="wait=5")
        else:
            body = commands[(cmd := _choose(view))["type"]].from_dict(cmd)
            r = games["post_command"].sync_detailed(created.id, client=me, body=body,
                                                    if_match=etag,
                                                    idempotency_key=str(uuid.uuid4()))
            rejected += r.status_code != 200
        assert r.status_code in (200, 304), (r.status_code, r.content[:500])
        assert r.headers["ETag"] == (etag if r.status_code == 304 else
                                     f'"v{r.parsed.version}-s{r.parsed.seat}"')
        if r.status_code == 200:
            game = r.parsed
    else:
        pytest.fail(f"no end after {LIMIT} requests")
    assert rejected == 0
    result = game.view.result
    assert isinstance(result.end_reason, models.EndReason)
    assert len(result.scores) == 3 and game.status == models.GameStatus.OVER

    # A spectator: no token at all, the generated package's plain Client.
    seen = games["get_game"].sync_detailed(created.id, client=anonymous)
    assert seen.status_code == 200 and seen.parsed.seat is None
    assert seen.headers["ETag"] == f'"v{seen.parsed.version}-x"'
    assert seen.parsed.view.result.scores == result.scores
    events, after = [], 0
    while True:
        page = games["get_log"].sync(created.id, client=anonymous, after=after, limit=500)
        assert isinstance(page, models.LogPage), page
        events += page.events
        if not page.more:
            break
        after = page.next_after
    assert [e.seq for e in events] == list(range(1, game.log_seq + 1))
    assert all(isinstance(e.type_, models.EventType) and e.text for e in events)
