"""Statistics of a finished game (``GET /api/games/{id}/stats``).

The figures come from :mod:`dominion.statistics`. All but the coins follow
from the stored event log (undone moves are already gone from it). The coins
a turn made are in no event, so the game is played again from its set-up
through its command log (bots' commands included; undos take back what they
took back then, and ``stand_in``/``take_back`` hand seats to the stand-in bot
as they did), with a :class:`~dominion.statistics.Recorder` watching. The
replay is trusted only when it gives back exactly the stored events; if it
does not (a game stored by an older engine), the statistics come from the
stored events alone and the coins are ``null``.

Only finished games have statistics: everything in them is then public. They
never change, so each process keeps the last :data:`CACHED` games' figures by
id and version (a replay costs some 30 ms for a 2-player game, more for 6).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any, Optional

from sqlalchemy import select

from dominion import DominionError, Game, new_game
from dominion.bots import make_bot
from dominion.events import EVENT_TYPES
from dominion.statistics import GameStats, Recorder, first_seat_of, summarize

from .absence import STAND_IN_BOT
from .errors import ApiError
from .extensions import db
from .models import BOT, OVER, CommandRow, EventRow
from .service import Loaded, edition_of, load

#: The server's own events (stand_in, take_back): about who plays, not the rules.
SEAT_EVENTS = frozenset(k for k, v in EVENT_TYPES.items() if v.seats)
COMMANDS = CommandRow.__table__
EVENTS = EventRow.__table__


def finished(game_id: str) -> Loaded:
    """The game, if it is over.

    :raises ApiError: 404 no such game, 409 ``game_not_over``.
    """
    g = load(game_id)
    if g.status != OVER or g.state is None:
        raise ApiError("game_not_over", "statistics are shown once the game is over")
    return g


#: How many games' statistics a process keeps.
CACHED = 64
_cache: "OrderedDict[tuple[str, int], dict[str, Any]]" = OrderedDict()
_lock = threading.Lock()


def stats(g: Loaded) -> dict[str, Any]:
    """The statistics of the finished game ``g`` as the API gives them (before the
    dump; callers must not change it: it may be the cached copy)."""
    key = (g.id, g.version)
    with _lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    out = _compute(g)
    with _lock:
        _cache[key] = out
        while len(_cache) > CACHED:
            _cache.popitem(last=False)
    return out


def _compute(g: Loaded) -> dict[str, Any]:
    stored = [json.loads(r.data) for r in db.session.execute(
        select(EVENTS.c.data).where(EVENTS.c.game_id == g.id).order_by(EVENTS.c.seq))]
    rules = [e for e in stored if e.get("type") not in SEAT_EVENTS]
    final = Game.from_json(g.state).state
    figures = _replayed(g, rules)
    if figures is None:
        figures = summarize(rules, final, first_seat_of(rules))
    setup = g.setup
    names = g.names()
    out = figures.to_dict()
    for p in out["players"]:
        p["name"] = names[p["seat"]]
    return {"id": g.id, "edition": edition_of(setup), "colony": setup["colony"],
               "kingdom": list(setup["kingdom"]), **out}


def _replayed(g: Loaded, stored: list[dict[str, Any]]) -> Optional[GameStats]:
    """The statistics with coins, by replaying the command log; ``None`` if the
    replay does not give back ``stored`` (the rules' events of the log)."""
    setup = g.setup
    kinds = {s.seat: s.bot for s in g.seats if s.kind == BOT and s.bot}
    rows = db.session.execute(
        select(COMMANDS.c.seat, COMMANDS.c.command, COMMANDS.c.version)
        .where(COMMANDS.c.game_id == g.id).order_by(COMMANDS.c.id)).all()
    try:
        game = new_game(g.names(), setup["kingdom"], seed=setup["seed"],
                        colony=setup["colony"], agents=_agents(kinds),
                        edition=edition_of(setup), first=setup.get("first_player"))
        rec = Recorder(game)
        version = None
        for row in rows:
            if row.version != version:
                # Each request played with bots made for it, as the service does.
                version = row.version
                game.agents = _agents(kinds)
            command = json.loads(row.command)
            if command.get("type") == "stand_in":
                kinds[command["seat"]] = STAND_IN_BOT
                game.agents[command["seat"]] = make_bot(STAND_IN_BOT)
            elif command.get("type") == "take_back":
                kinds.pop(row.seat, None)
                game.agents.pop(row.seat, None)
            else:
                rec.apply(row.seat, command)
    except (DominionError, KeyError, TypeError, ValueError):
        return None
    if not game.state.game_over or rec.stored_events() != stored:
        return None
    return rec.summary()


def _agents(kinds: dict[int, str]) -> dict[int, Any]:
    return {seat: make_bot(kind) for seat, kind in kinds.items()}
