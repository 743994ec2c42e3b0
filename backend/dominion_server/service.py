"""Game services: load state -> engine apply -> compare-and-swap save -> append logs.

The views (``api.py``) only parse requests and dump responses; everything
stateful happens here. No game is kept in memory between requests: each one
reads the game's row, rebuilds the engine :class:`~dominion.Game` from its
JSON, and writes back with ``UPDATE ... WHERE version = :old``, in the same
transaction as the command-log and event-log inserts. A request that loses
that race writes nothing and answers 412.

Rules live only in the :mod:`dominion` package; this module calls its public
API (``new_game``, ``Game.apply``, ``Game.view``, ``render_event``, bots,
presets, randomizer).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import time
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Callable, Iterable, Optional

from flask import current_app
from sqlalchemy import bindparam, case, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from dominion import (
    CARDS, AgentError, Answer, DominionError, Game, IllegalCommand, InvalidSetup, UnknownCard,
    Undo, english_name, get_preset, new_game, parse_command, randomize,
)
from dominion.bots import Bot, canonical, make_bot
from dominion.randomizer import decide_colony
from dominion.rng import Rng
from dominion.state import SECOND_EDITION
from dominion.setup import first_player_after, validate_kingdom
from dominion.views import render_event

from . import absence, retraction, security, watch
from .delivery import outbox
from .delivery.notices import Snapshot
from .errors import ApiError, engine_error
from .extensions import db
from .models import (
    ACTIVE, BOT, HUMAN, OVER, WAITING, CommandRow, EventRow, GameRow, SeatRow, utcnow,
)

# The service speaks SQL through the tables, not the ORM classes: the hot path
# then skips the ORM's bulk-insert and update-synchronisation machinery.
GAMES = GameRow.__table__
SEATS = SeatRow.__table__
COMMANDS = CommandRow.__table__
EVENTS = EventRow.__table__

log = logging.getLogger(__name__)

#: A bot seat's name when the request gives none ("Easy bot 2"); others are "Bot 2".
_BOT_NAMES = {"big-money": "Big Money", "smithy-big-money": "Smithy Big Money",
              "easy": "Easy bot", "medium": "Bot", "hard": "Hard bot"}


# ---------------------------------------------------------------------------
# Loading


@dataclass
class SeatRecord:
    seat: int
    kind: str
    name: Optional[str]
    bot: Optional[str]
    token_hash: Optional[str]
    join_code: Optional[str]

    @property
    def taken(self) -> bool:
        return self.kind == BOT or self.token_hash is not None


@dataclass
class Loaded:
    """One game as read from the database at ``version``."""

    id: str
    status: str
    version: int
    setup: dict[str, Any]
    state: Optional[str]
    last_seq: int
    seats: list[SeatRecord]
    #: Time of the last write (``None`` until stored): the move deadline counts from it.
    updated_at: Optional[datetime] = None

    def names(self) -> list[str]:
        return [s.name or f"Player {s.seat + 1}" for s in self.seats]

    def bots(self) -> dict[int, Bot]:
        """The bots that play seats: bot seats, and absent humans' stand-ins (absence.py)."""
        return {s.seat: make_bot(s.bot) for s in self.seats if s.bot}

    def record(self, game: Game, raw: list[dict]) -> list[tuple[int, dict]]:
        """Take ``game``'s new state; ``raw`` (its new events) numbered from ``last_seq``."""
        events = list(enumerate(raw, self.last_seq + 1))
        self.state = game.to_json()
        self.status = OVER if game.state.game_over else ACTIVE
        self.last_seq += len(raw)
        return events

    def game(self) -> Game:
        """The engine game, its bot seats answered by their bots inline."""
        if self.state is None:
            raise ApiError("game_not_started", "the game starts when every seat is taken")
        return Game.from_dict(json.loads(self.state), agents=self.bots())


def read_only() -> None:
    """Run this request's queries outside a transaction; call it before any query.

    For requests that only read, each read being one statement. On a database
    server it saves the BEGIN and ROLLBACK round trips, and on PostgreSQL a
    ROLLBACK would also drop the connection's prepared statements, which
    commands would then parse and plan again. SQLite, in process, has no round
    trips to save, and switching its isolation level costs more than it saves.
    """
    if db.session.get_bind().dialect.name != "sqlite":
        db.session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})


def load(game_id: str) -> Loaded:
    """Read a game and its seats in one query.

    :raises ApiError: 404 if there is no such game.
    """
    rows = db.session.execute(_LOAD, {"id": game_id}).all()
    if not rows:
        raise ApiError("game_not_found", "no game has this id")
    first = rows[0]
    return Loaded(first.id, first.status, first.version, json.loads(first.setup), first.state,
                  first.last_seq,
                  [SeatRecord(r.seat, r.kind, r.name, r.bot, r.token_hash, r.join_code)
                   for r in rows], first.updated_at)


# Every game has a seat 0; its row alone carries the setup and state, so the
# join costs one round trip without copying the state once per seat.
_LOAD = (
    select(GAMES.c.id, GAMES.c.status, GAMES.c.version, GAMES.c.last_seq, GAMES.c.updated_at,
           case((SEATS.c.seat == 0, GAMES.c.setup)).label("setup"),
           case((SEATS.c.seat == 0, GAMES.c.state)).label("state"),
           SEATS.c.seat, SEATS.c.kind, SEATS.c.name, SEATS.c.bot, SEATS.c.token_hash,
           SEATS.c.join_code)
    .join(SEATS, SEATS.c.game_id == GAMES.c.id)
    .where(GAMES.c.id == bindparam("id"))
    .order_by(SEATS.c.seat)
)


def authenticate(
    header: Optional[str], seats: Iterable[tuple[int, Optional[str]]], required: bool = False
) -> Optional[int]:
    """The seat of the bearer token in ``header`` (``None``: a spectator).

    :raises ApiError: 401 for a malformed or unknown token, or a missing one
        when ``required``.
    """
    try:
        token = security.bearer_token(header)
    except security.BadAuthorization:
        raise _unauthorized("the Authorization header must be 'Bearer <seat token>'") from None
    if token is None:
        if required:
            raise _unauthorized("this request needs a seat token")
        return None
    seat = security.match_seat(token, seats)
    if seat is None:
        raise _unauthorized("the token is not valid for this game")
    return seat


def _unauthorized(detail: str) -> ApiError:
    return ApiError("unauthorized", detail, headers={"WWW-Authenticate": 'Bearer realm="dominion"'})


def etag(version: int, seat: Optional[int]) -> str:
    """Strong ETag of the representation of ``version`` for ``seat``."""
    return f'"v{version}-{"x" if seat is None else f"s{seat}"}"'


def current_etag(game_id: str, header: Optional[str]) -> tuple[str, Optional[int]]:
    """The ETag the caller would get now, reading only the version and token hashes.

    :raises ApiError: 404 no such game, 401 bad token.
    """
    version, seat, _ = _current(game_id, header)
    return etag(version, seat), seat


def _current(game_id: str, header: Optional[str]) -> tuple[int, Optional[int], bool]:
    """The game's version, the caller's seat, and whether the game can no longer change.

    :raises ApiError: 404 no such game, 401 bad token.
    """
    rows = db.session.execute(_VERSION, {"id": game_id}).all()
    if not rows:
        raise ApiError("game_not_found", "no game has this id")
    seat = authenticate(header, ((r.seat, r.token_hash) for r in rows))
    # A finished game changes once more: when its rematch is linked (``rematch``).
    over_setup = rows[0].over_setup
    final = over_setup is not None and json.loads(over_setup).get("rematch") is not None
    return rows[0].version, seat, final


_VERSION = (
    select(GAMES.c.version, SEATS.c.seat, SEATS.c.token_hash,
           # Only a finished game's setup is read (for its rematch link): polls stay light.
           case((GAMES.c.status == OVER, GAMES.c.setup), else_=None).label("over_setup"))
    .join(SEATS, SEATS.c.game_id == GAMES.c.id)
    .where(GAMES.c.id == bindparam("id"))
)


def etag_matches(header: str, current: str) -> bool:
    """Whether an ``If-Match``/``If-None-Match`` list names ``current`` (or is ``*``)."""
    tags = [t.strip() for t in header.split(",")]
    return "*" in tags or current in tags


@dataclass
class Poll:
    """The answer to a conditional ``GET`` of a game, maybe after a wait."""

    etag: str  # the caller's current ETag
    modified: bool  # ``If-None-Match`` no longer names it: send the game
    waited: Optional[float]  # seconds granted, when the request was held
    #: Why a wait that was asked for was not held: one of :data:`REFUSALS`.
    refused: Optional[str] = None


#: ``Longpoll-Refused`` values: the process holds its maximum of polls, it is
#: stopping, or the game can no longer change (over, its rematch linked).
REFUSALS = ("busy", "stopping", "final")


def poll(game_id: str, header: Optional[str], if_none_match: str,
         wait: Optional[float]) -> Poll:
    """Compare ``If-None-Match`` with the game; while it matches, hold up to ``wait`` seconds.

    ``wait`` (from ``Prefer: wait``) is cut to ``LONGPOLL_MAX_WAIT``; without
    it, when the process already holds ``LONGPOLL_MAX_WAITERS`` polls or is
    stopping, or when the game can no longer change, the answer is immediate
    (``waited`` is ``None``; ``refused`` says why, if a wait was asked for).
    While held the request owns
    no database connection or transaction (the session is closed) and waits
    on the process's :class:`~dominion_server.watch.Watcher`; each time it
    wakes, it reads the version and token hashes again, so the answer is the
    ETag of this caller's seat now.

    :raises ApiError: 404 no such game (also when deleted while waiting),
        401 bad token.
    """
    watcher = watch.current()
    since = watcher.mark()  # before reading: a commit after the read cannot go unnoticed
    version, seat, final = _current(game_id, header)
    tag = etag(version, seat)
    granted = min(wait or 0.0, current_app.config["LONGPOLL_MAX_WAIT"])
    if not etag_matches(if_none_match, tag):
        return Poll(tag, True, None)
    if granted <= 0:
        return Poll(tag, False, None)
    if final:  # holding it could only end in the same 304
        return Poll(tag, False, None, "final")
    deadline = time.monotonic() + granted
    held = False
    while True:
        db.session.close()  # the connection goes back to the pool while we wait
        outcome = watcher.wait(game_id, version, deadline - time.monotonic(), since)
        if outcome is watch.Outcome.REFUSED:
            if not held:
                return Poll(tag, False, None, "stopping" if watcher.closed else "busy")
            break
        held = True
        read_only()
        since = watcher.mark()
        version, seat, _ = _current(game_id, header)
        tag = etag(version, seat)
        if not etag_matches(if_none_match, tag):
            return Poll(tag, True, granted)
        if outcome is not watch.Outcome.CHANGED or time.monotonic() >= deadline:
            break
    return Poll(tag, False, granted if held else None)


# ---------------------------------------------------------------------------
# Representations


def game_resource(g: Loaded, seat: Optional[int], game: Optional[Game] = None) -> dict[str, Any]:
    """The game as ``seat`` may see it (``None``: a spectator)."""
    if game is None and g.state is not None:
        game = g.game()
    setup = g.setup
    now = utcnow()
    view = game.view(seat) if game is not None else None
    if view is not None:
        # Seat commands (stand_in, take_back) are the service's, next to the rules' ones.
        view["legal"] = view["legal"] + absence.legal(g, game, seat, now)
    invites = []
    # A rematch's codes reach each player through the old game (rematch_link).
    if seat is not None and g.status == WAITING and "rematch_of" not in setup:
        invites = [invite(g.id, s.seat, s.join_code) for s in g.seats
                   if s.kind == HUMAN and not s.taken and s.join_code]
    return {
        "id": g.id,
        "version": g.version,
        "status": g.status,
        "seat": seat,
        "seats": [
            # Seats written before the bots had levels may hold an alias ("generic").
            {"seat": s.seat, "kind": s.kind, "name": s.name,
             "bot": s.bot and canonical(s.bot), "joined": s.taken}
            for s in g.seats
        ],
        "setup": {
            "kingdom": setup["kingdom"],
            "colony": setup["colony"],
            "colony_odds": setup["colony_odds"],
            "colony_reason": setup["colony_reason"],
            "preset": setup.get("preset"),
            "randomizer": setup.get("randomizer"),
            "players": len(g.seats),
            "edition": edition_of(setup),
            "reminder": setup.get("reminder"),
            "deadline": setup.get("deadline"),
        },
        "invites": invites,
        "log_seq": g.last_seq,
        "log_epoch": game.history.epoch if game is not None else 0,
        "view": view,
        "rematch": rematch_link(setup.get("rematch"), seat),
        **absence.resource_fields(g, game, now),
    }


def rematch_link(new_id: Optional[str], seat: Optional[int]) -> Optional[dict[str, Any]]:
    """The ``rematch`` member of an old game's resource, as ``seat`` may see it.

    The invite is the caller's own seat of the new game while it is free; a
    spectator (``None``) learns only the id. Costs a query only when a
    rematch exists and the caller has a seat.
    """
    if new_id is None:
        return None
    code = None
    if seat is not None:
        row = db.session.execute(
            select(SEATS.c.kind, SEATS.c.token_hash, SEATS.c.join_code)
            .where(SEATS.c.game_id == new_id, SEATS.c.seat == seat)).first()
        if row is not None and row.kind == HUMAN and row.token_hash is None:
            code = row.join_code
    return {"id": new_id, "invite": invite(new_id, seat, code) if code else None}


def edition_of(setup: dict[str, Any]) -> str:
    """The rules edition of a game; games stored before editions existed play the 2nd."""
    return setup.get("edition", SECOND_EDITION)


def invite(game_id: str, seat: int, code: str) -> dict[str, Any]:
    # A fragment URL: the code never reaches server logs or Referer headers.
    return {"seat": seat, "code": code, "url": f"/#/join/{game_id}/{code}"}


def _render(events: list[tuple[int, dict]], seat: Optional[int], names: list[str],
            lang: str = "en") -> list[dict]:
    return [{"seq": seq, **render_event(e, seat, names, lang)} for seq, e in events]


# ---------------------------------------------------------------------------
# Creating and joining


def _kingdom_names(names: list[str]) -> list[str]:
    """English names for a kingdom typed in English, Czech or Hungarian."""
    out = []
    for n in names:
        if n not in CARDS:
            try:
                n = english_name(n)
            except UnknownCard:
                pass  # validate_kingdom names it in its error
        out.append(n)
    return out


def _choose_kingdom(data: dict[str, Any], seed: int) -> dict[str, Any]:
    """Kingdom, Platinum/Colony, rules edition and their provenance from a creation request.

    The edition is the request's, else the preset's rulebook's, else the 2nd.

    :raises ApiError: 422 for an unknown preset or bad cards (randomizer
        constraints are met as far as they can be: see ``setup.randomizer.unmet``).
    """
    force = {"on": True, "off": False}.get(data.get("colony", "auto"))
    setup: dict[str, Any] = {"preset": None, "randomizer": None}
    edition = SECOND_EDITION
    try:
        if "kingdom" in data or "preset" in data:
            if "preset" in data:
                p = get_preset(data["preset"])
                cards = p.kingdom()
                setup["preset"] = p.key
                edition = p.edition
            else:
                cards = validate_kingdom(_kingdom_names(data["kingdom"]))
            # The official rule, with a generator derived from the game seed.
            colony, odds, reason = decide_colony(cards, Rng((seed + 1) % (1 << 64)), force)
        else:
            params = dict(data.get("random") or {})
            reaction = params.pop("reaction", False)
            spread = params.pop("spread", None)
            k = randomize(**params, reaction_if_attack=reaction, cost_spread=spread,
                          colony=force, strict=False)
            cards, colony, odds, reason = list(k.cards), k.colony, k.colony_odds, k.colony_reason
            setup["randomizer"] = k.to_dict()
    except DominionError as e:  # unknown preset or card, Unsatisfiable
        raise engine_error(e) from None
    setup.update(kingdom=list(cards), colony=colony, colony_odds=odds, colony_reason=reason,
                 edition=data.get("edition", edition))
    return setup


@dataclass
class SeatGrant:
    """What creating or joining hands the caller: its seat and secret token."""

    game_id: str
    seat: int
    token: str
    invites: list[dict[str, Any]]


def create_game(data: dict[str, Any]) -> SeatGrant:
    """Create a game from a validated creation request and seat its creator.

    The engine state is made as soon as every human seat is taken (at once
    if the creator is the only human); bots then play until a human must act.

    :raises ApiError: 422 for an impossible kingdom.
    """
    seed = data.get("seed")
    if seed is None:
        seed = secrets.randbits(64)
    setup = _choose_kingdom(data, seed)
    setup["seed"] = seed  # secret: never in a response
    # Async-game settings (hours or None); the delivery worker reads them here too.
    setup.update(reminder=data.get("reminder"), deadline=data.get("deadline"))
    game_id = security.new_game_id()
    creator = data["creator_seat"]
    token = security.new_token()
    now = utcnow()
    seats: list[SeatRecord] = []
    for i, spec in enumerate(data["seats"]):
        if spec["kind"] == BOT:
            name = spec.get("name") or _bot_name(spec["bot"], i)
            seats.append(SeatRecord(i, BOT, name, spec["bot"], None, None))
        elif i == creator:
            seats.append(SeatRecord(i, HUMAN, spec["name"], None, security.token_hash(token), None))
        else:
            seats.append(SeatRecord(i, HUMAN, spec.get("name"), None, None,
                                    security.new_join_code()))
    g = Loaded(game_id, WAITING, 1, setup, None, 0, seats)
    events: list[tuple[int, dict]] = []
    commands: list[tuple[int, dict]] = []
    if all(s.taken for s in seats):
        events, commands = _start(g)
    for attempt in range(3):
        try:
            _insert_game(g, commands, events, now)
            break
        except IntegrityError:
            # A join code already in use elsewhere (1 in 2**40): draw new ones.
            db.session.rollback()
            if attempt == 2:
                raise
            for s in seats:
                if s.join_code:
                    s.join_code = security.new_join_code()
    invites = [invite(game_id, s.seat, s.join_code) for s in seats if s.join_code]
    return SeatGrant(game_id, creator, token, invites)


def _insert_game(g: Loaded, commands: list[tuple[int, dict]],
                 events: list[tuple[int, dict]], now, commit: bool = True) -> None:
    db.session.execute(insert(GAMES).values(
        id=g.id, status=g.status, version=g.version, setup=json.dumps(g.setup), state=g.state,
        last_seq=g.last_seq, created_at=now, updated_at=now))
    db.session.execute(insert(SEATS), [
        {"game_id": g.id, "seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot,
         "token_hash": s.token_hash, "join_code": s.join_code,
         "joined_at": now if s.taken else None}
        for s in g.seats
    ])
    _append_logs(g.id, g.version, commands, events, now)
    if commit:
        db.session.commit()


def _bot_name(kind: str, seat: int) -> str:
    return f"{_BOT_NAMES.get(kind, 'Bot')} {seat + 1}"


def _start(g: Loaded) -> tuple[list[tuple[int, dict]], list[tuple[int, dict]]]:
    """Deal the game (all seats taken) and let bots play; updates ``g`` in place."""
    setup = g.setup
    bots = g.bots()
    try:
        game = new_game(g.names(), setup["kingdom"], seed=setup["seed"],
                        colony=setup["colony"], agents=bots, edition=edition_of(setup),
                        first=setup.get("first_player"))
    except InvalidSetup as e:
        raise engine_error(e) from None
    raw, commands = run_bots(game, bots)
    return g.record(game, raw), commands


def join_game(game_id: str, name: str, code: Optional[str] = None) -> SeatGrant:
    """Take a free human seat (the one of ``code``, or the first free one;
    a rematch's seats only with their codes).

    :raises ApiError: 404 unknown game or code, 409 no free seat or seat taken.
    """
    for _ in range(5):  # another join may win the race: look again
        g = load(game_id)
        free = [s for s in g.seats if s.kind == HUMAN and not s.taken]
        if g.status != WAITING or not free:
            raise ApiError("game_full", "every seat of this game is taken")
        if code is None and "rematch_of" in g.setup:
            # Its seats wait for the old game's players: the id alone is not enough.
            raise ApiError("seat_taken", "a rematch's seats are taken with their "
                                         "invitation codes")
        if code is not None:
            wanted = security.normalize_join_code(code)
            chosen = [s for s in free if s.join_code and hmac.compare_digest(
                s.join_code.encode(), wanted.encode())]
            if not chosen:
                raise ApiError("seat_taken", "this invitation code is used up or wrong")
            seat = chosen[0]
        else:
            seat = free[0]
        grant = _take_seat(g, seat, name)
        if grant is not None:
            return grant
    raise ApiError("seat_taken", "the seat was taken by someone else; try again")


def join_by_code(code: str, name: str) -> SeatGrant:
    """Take the free seat an invitation code belongs to, in whatever game.

    :raises ApiError: 404 if no free seat has this code.
    """
    wanted = security.normalize_join_code(code)
    game_id = db.session.execute(
        select(SEATS.c.game_id).where(SEATS.c.join_code == wanted)
    ).scalar()
    if game_id is None:
        raise ApiError("not_found", "no free seat has this invitation code")
    return join_game(game_id, name, wanted)


def _take_seat(g: Loaded, seat: SeatRecord, name: str,
               token: Optional[str] = None) -> Optional[SeatGrant]:
    """Give ``seat`` to ``name`` with ``token`` (a new one by default); ``None``
    if another request changed the game or took the seat first."""
    token = token or security.new_token()
    seat.token_hash = security.token_hash(token)
    seat.name = name
    seat.join_code = None
    old = g.version
    g.version += 1
    events: list[tuple[int, dict]] = []
    commands: list[tuple[int, dict]] = []
    if all(s.taken for s in g.seats):
        events, commands = _start(g)
    now = utcnow()
    try:
        if not _cas(g, old, now):
            db.session.rollback()
            return None
        taken = db.session.execute(
            update(SEATS)
            .where(SEATS.c.game_id == g.id, SEATS.c.seat == seat.seat,
                   SEATS.c.token_hash.is_(None))
            .values(token_hash=seat.token_hash, name=name, join_code=None, joined_at=now)
        ).rowcount
        if taken != 1:
            db.session.rollback()
            return None
        _append_logs(g.id, g.version, commands, events, now)
        outbox.seat_taken(g.id, g.version, g.seats, seat.seat,
                          g.game() if g.state is not None else None, now)
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        return None
    return SeatGrant(g.id, seat.seat, token, [])


# ---------------------------------------------------------------------------
# Rematch

#: Setup members a rematch keeps: the same kingdom, Platinum/Colony and edition, and
#: the same reminder and move deadline.
_REMATCH_KEEPS = ("kingdom", "colony", "colony_odds", "colony_reason", "preset", "randomizer",
                  "edition", "reminder", "deadline")


def rematch(game_id: str, auth: Optional[str]) -> tuple[SeatGrant, bool]:
    """The next game of a finished game's players; the caller's seat in it.

    The first call (of any seat) creates it: the same kingdom, Platinum and
    Colony, edition and seats (names; bots stay bots, seated at once), the
    first player by rules.md 1.4, the caller seated and the other humans
    holding invitation codes that only they see, in the old game's
    ``rematch``. Linking it there is a compare-and-swap on the old game's
    version (which pollers then see change), so simultaneous calls make one
    game. Every later call gets that game: the caller's seat token in it is
    derived from its token in the old game, so a retry gets the same token,
    and a free seat is taken as joining would.

    :returns: the grant, and whether this call created the game.
    :raises ApiError: 401 without a seat token of the game, 404 unknown game,
        409 ``game_not_over``, or ``seat_taken`` when the caller's seat in the
        rematch was taken with its invitation code (by another token).
    """
    for _ in range(5):  # another request may link or seat first: look again
        g = load(game_id)
        seat = authenticate(auth, ((s.seat, s.token_hash) for s in g.seats), required=True)
        assert seat is not None
        token = security.bearer_token(auth)
        assert token is not None
        if g.status != OVER:
            raise ApiError("game_not_over", "a rematch can follow only a finished game")
        new_id = g.setup.get("rematch")
        if new_id is None:
            grant = _create_rematch(g, seat, token)
            if grant is not None:
                return grant, True
        else:
            grant = _claim_rematch(new_id, seat, token)
            if grant is not None:
                return grant, False
    raise ApiError("seat_taken", "the game kept changing; try again")


def _rematch_token(token: str, new_id: str) -> str:
    return security.derived_token(token, f"rematch:{new_id}")


def _create_rematch(old: Loaded, seat: int, token: str) -> Optional[SeatGrant]:
    """Create the rematch and link it in ``old``; ``None`` if another request linked first."""
    winners = old.game().result()["winners"]
    seed = secrets.randbits(64)
    setup = {k: old.setup.get(k) for k in _REMATCH_KEEPS}
    setup.update(
        seed=seed,  # secret: never in a response
        first_player=first_player_after(winners, len(old.seats), Rng((seed + 2) % (1 << 64))),
        rematch_of=old.id,
    )
    new_id = security.new_game_id()
    mine = _rematch_token(token, new_id)
    seats = []
    for s in old.seats:
        if s.kind == BOT:
            seats.append(SeatRecord(s.seat, BOT, s.name, s.bot, None, None))
        elif s.seat == seat:
            seats.append(SeatRecord(s.seat, HUMAN, s.name, None, security.token_hash(mine), None))
        else:
            seats.append(SeatRecord(s.seat, HUMAN, s.name, None, None, security.new_join_code()))
    g = Loaded(new_id, WAITING, 1, setup, None, 0, seats)
    events: list[tuple[int, dict]] = []
    commands: list[tuple[int, dict]] = []
    if all(s.taken for s in seats):
        events, commands = _start(g)
    hook = current_app.config.get("BEFORE_SAVE_HOOK")
    if hook is not None:
        hook()  # tests hold simultaneous requests here to race the CAS for real
    now = utcnow()
    linked = dict(old.setup, rematch=new_id)
    try:
        won = db.session.execute(
            update(GAMES).where(GAMES.c.id == old.id, GAMES.c.version == old.version)
            .values(version=old.version + 1, setup=json.dumps(linked), updated_at=now)
        ).rowcount == 1
        if not won:
            db.session.rollback()
            return None
        watch.saved(old.id, old.version + 1)  # the old game's pollers learn of the rematch now
        _insert_game(g, commands, events, now, commit=False)
        db.session.commit()
    except IntegrityError:  # a join code already in use elsewhere: try again
        db.session.rollback()
        return None
    return SeatGrant(new_id, seat, mine, [])


def _claim_rematch(new_id: str, seat: int, token: str) -> Optional[SeatGrant]:
    """The caller's seat in an existing rematch: its token again, or the free seat taken."""
    mine = _rematch_token(token, new_id)
    g = load(new_id)
    s = g.seats[seat]
    stored = s.token_hash
    if stored is not None and hmac.compare_digest(stored, security.token_hash(mine)):
        return SeatGrant(new_id, seat, mine, [])
    if s.kind != HUMAN or s.taken:
        raise ApiError("seat_taken", "your seat in the rematch was taken with its invitation "
                                     "code")
    return _take_seat(g, s, s.name or f"Player {seat + 1}", mine)


# ---------------------------------------------------------------------------
# Commands


def run_bots(game: Game, bots: dict[int, Bot]) -> tuple[list[dict], list[tuple[int, dict]]]:
    """Let bot seats move until a human must act, the game ends, or the step limit.

    Like :func:`dominion.bots.act`, but keeps each bot command for the
    command log. Bot decisions inside other seats' commands are answered
    inline by the engine (bots are the game's agents).

    :returns: the events and the (seat, command) pairs, in order.
    """
    limit = current_app.config["BOT_STEP_LIMIT"]
    events: list[dict] = []
    commands: list[tuple[int, dict]] = []
    for _ in range(limit):
        waiting = game.awaiting()
        if not waiting or waiting[0] not in bots:
            return events, commands
        seat = waiting[0]
        bot = bots[seat]
        pending = game.pending
        cmd = Answer(bot.decide(game, pending)) if pending is not None else bot.command(game, seat)
        try:
            events += game.apply(seat, cmd)
        except IllegalCommand as e:  # the bot's bug, not the caller's mistake
            raise AgentError(f"bot {bot.name!r} of seat {seat} sent {cmd!r}: {e.message}") from None
        commands.append((seat, cmd.to_dict()))
    log.warning("bots stopped after %d moves in one request", limit)
    return events, commands


@dataclass
class CommandOutcome:
    body: str  # JSON response body
    etag: str
    replayed: bool


def fingerprint(command: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(command, sort_keys=True).encode()).hexdigest()


def _replay(game_id: str, seat: int, key: str, fp: str) -> Optional[CommandOutcome]:
    row = db.session.execute(
        select(COMMANDS.c.fingerprint, COMMANDS.c.response, COMMANDS.c.version).where(
            COMMANDS.c.game_id == game_id, COMMANDS.c.seat == seat,
            COMMANDS.c.idempotency_key == key)
    ).first()
    if row is None:
        return None
    if row.fingerprint != fp:
        raise ApiError("idempotency_key_reused",
                       "this Idempotency-Key was already used for another command")
    return CommandOutcome(row.response, etag(row.version, seat), True)


def apply_command(
    game_id: str,
    auth: Optional[str],
    command: dict[str, Any],
    if_match: Optional[str],
    key: Optional[str],
    dump: Callable[[dict[str, Any]], dict[str, Any]],
) -> CommandOutcome:
    """Apply one command as the caller's seat, let bots answer, and save.

    A retry with an ``Idempotency-Key`` already stored gets the first answer.
    The stored key is looked up only when the command cannot be applied (the
    retry finds the game moved on) or its log row collides with the first
    one, so a first attempt costs no extra query.

    :param dump: turns the result dict into the response dict (schema dump).
    :raises ApiError: 401, 403 (not this seat's move), 404, 409 (not started,
        over), 412 (stale ``If-Match`` or lost race), 422 (illegal command,
        or the key was used for another command).
    """
    g = load(game_id)
    seat = authenticate(auth, ((s.seat, s.token_hash) for s in g.seats), required=True)
    assert seat is not None
    fp = fingerprint(command)
    try:
        return _apply(g, seat, command, fp, if_match, key, dump)
    except ApiError:
        if key is not None:
            db.session.rollback()
            first = _replay(g.id, seat, key, fp)
            if first is not None:
                return first
        raise


def _apply(g: Loaded, seat: int, command: dict[str, Any], fp: str, if_match: Optional[str],
           key: Optional[str], dump: Callable[[dict[str, Any]], dict[str, Any]]
           ) -> CommandOutcome:
    if g.status == WAITING:
        raise ApiError("game_not_started", "the game starts when every seat is taken")
    if g.status == OVER:
        raise ApiError("game_over", "the game is over")
    if if_match is not None and not etag_matches(if_match, etag(g.version, seat)):
        raise _stale(g.version, seat)
    game = g.game()
    bots = g.bots()
    waiting = game.awaiting()
    if waiting and waiting[0] in bots:
        # Only after a request stopped at BOT_STEP_LIMIT: the bots finish first,
        # and the caller must look at the game again before deciding.
        _catch_up(g, game, bots)
        raise _stale(g.version, seat)
    before = Snapshot.of(game)
    now = utcnow()
    changed_seat = None
    undoing = False
    if absence.is_seat_command(command):
        changed_seat, own = absence.apply(g, game, seat, command, now)
        bots = g.bots()  # a stand-in plays at once; a seat taken back waits for its player
    else:
        try:
            cmd = parse_command(command)
            own = game.apply(seat, cmd)
        except IllegalCommand as e:
            raise engine_error(e) from None
        # An undo takes back the tail of the event log: the undone command's events,
        # told to everyone in one "took back" line instead (retraction.py).
        if isinstance(cmd, Undo):
            undoing = True
            g.last_seq, line = retraction.take_back(g.id, seat, g.last_seq, game.retracted)
            own = [line]
    bot_events, bot_commands = run_bots(game, bots)
    old = g.version
    g.version += 1
    g.updated_at = now
    events = g.record(game, own + bot_events)
    result = game_resource(g, seat, game)
    result["events"] = _render(events, seat, g.names())
    body = json.dumps(dump(result), separators=(",", ":"))
    hook = current_app.config.get("BEFORE_SAVE_HOOK")
    if hook is not None:
        hook()  # tests hold simultaneous requests here to race the CAS for real
    own_row = {"game_id": g.id, "seat": seat, "actor": HUMAN, "command": json.dumps(command),
               "version": g.version, "idempotency_key": key, "fingerprint": fp,
               "response": body, "created_at": now}
    try:
        if not _cas(g, old, now):
            raise _LostRace()
        if undoing:
            db.session.execute(_RETRACT, {"gid": g.id, "after": g.last_seq - len(events)})
        if changed_seat is not None:
            absence.save(g.id, changed_seat)
        _append_logs(g.id, g.version, bot_commands, events, now, own_row)
        outbox.changed(g.id, g.version, before, game, g.seats, seat, now)
        db.session.commit()
    except (_LostRace, IntegrityError):
        # Another request moved the game first, or stored this key first.
        db.session.rollback()
        version = db.session.execute(
            select(GAMES.c.version).where(GAMES.c.id == g.id)).scalar()
        db.session.rollback()
        raise _stale(version, seat) from None
    return CommandOutcome(body, etag(g.version, seat), False)


class _LostRace(Exception):
    pass


def _catch_up(g: Loaded, game: Game, bots: dict[int, Bot]) -> None:
    """Let waiting bots move and save; someone else doing it first is fine too."""
    before = Snapshot.of(game)
    raw, commands = run_bots(game, bots)
    old = g.version
    g.version += 1
    events = g.record(game, raw)
    now = utcnow()
    if _cas(g, old, now):
        _append_logs(g.id, g.version, commands, events, now)
        outbox.changed(g.id, g.version, before, game, g.seats, None, now)
        db.session.commit()
    else:
        db.session.rollback()
        g.version = db.session.execute(
            select(GAMES.c.version).where(GAMES.c.id == g.id)).scalar()
        db.session.rollback()


def _stale(version: int, seat: Optional[int]) -> ApiError:
    return ApiError(
        "stale_version",
        f"the game is at version {version}; fetch it and decide again",
        extra={"current_version": version},
        headers={"ETag": etag(version, seat)},
    )


def _cas(g: Loaded, old: int, now) -> bool:
    """Write the game if it is still at ``old``; the caller commits or rolls back."""
    won = db.session.execute(_CAS, {
        "gid": g.id, "old": old, "version": g.version, "state": g.state, "status": g.status,
        "last_seq": g.last_seq, "updated_at": now,
    }).rowcount == 1
    if won:
        watch.saved(g.id, g.version)  # held polls of this process wake on commit
    return won


_RETRACT = delete(EVENTS).where(EVENTS.c.game_id == bindparam("gid"),
                                EVENTS.c.seq > bindparam("after"))

_CAS = (
    update(GAMES)
    .where(GAMES.c.id == bindparam("gid"), GAMES.c.version == bindparam("old"))
    .values(version=bindparam("version"), state=bindparam("state"),
            status=bindparam("status"), last_seq=bindparam("last_seq"),
            updated_at=bindparam("updated_at"))
)


def _append_logs(game_id: str, version: int, commands: list[tuple[int, dict]],
                 events: list[tuple[int, dict]], now, first: Optional[dict] = None) -> None:
    """Insert the command-log rows (``first``, then the bots') and the events."""
    rows = [first] if first is not None else []
    rows += [{"game_id": game_id, "seat": seat, "actor": BOT, "command": json.dumps(cmd),
              "version": version, "idempotency_key": None, "fingerprint": None,
              "response": None, "created_at": now}
             for seat, cmd in commands]
    if rows:
        db.session.execute(insert(COMMANDS), rows)
    if events:
        db.session.execute(insert(EVENTS), [
            {"game_id": game_id, "seq": seq, "version": version,
             "data": json.dumps(e, separators=(",", ":"))}
            for seq, e in events
        ])


# ---------------------------------------------------------------------------
# Event log


def log_page(game_id: str, auth: Optional[str], after: int, limit: int,
             lang: str = "en") -> dict[str, Any]:
    """Events after ``after`` as the caller's seat may see them, told in ``lang``."""
    g = load(game_id)
    seat = authenticate(auth, ((s.seat, s.token_hash) for s in g.seats))
    rows = db.session.execute(
        select(EVENTS.c.seq, EVENTS.c.data)
        .where(EVENTS.c.game_id == g.id, EVENTS.c.seq > after)
        .order_by(EVENTS.c.seq).limit(limit + 1)
    ).all()
    more = len(rows) > limit
    rows = rows[:limit]
    events = _render([(r.seq, json.loads(r.data)) for r in rows], seat, g.names(), lang)
    return {"events": events, "more": more, "next_after": rows[-1].seq if rows else after}
