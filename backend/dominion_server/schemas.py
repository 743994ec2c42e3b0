"""Marshmallow schemas for every request and response of the API.

Request schemas reject unknown body fields and wrong types (422; query
parameters: 400). Response schemas are allowlists: only the fields named here
leave the server, so a field added to an engine view never leaks by accident.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from marshmallow import (
    EXCLUDE, RAISE, Schema, ValidationError, fields, post_load, pre_load, validate,
    validates_schema,
)

from dominion.bots import BOTS
from dominion.commands import COMMAND_TYPES
from dominion.i18n import SUPPORTED_LANGS
from dominion.randomizer import EDITIONS, REQUIREMENTS, SETS

from .names import InvalidName, normalize_name

MAX_SEED = (1 << 64) - 1
COLONY_CHOICES = ("auto", "on", "off")
#: Invitation codes as typed: letters, digits, spaces and dashes.
CODE_PATTERN = r"^[A-Za-z0-9 -]{1,20}$"


def printable(value: str) -> None:
    """Reject control characters and lone surrogates (databases refuse NUL, UTF-8 surrogates)."""
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in value):
        raise ValidationError("must not contain control characters")


def text(min: int = 1, max: int = 40) -> fields.String:
    """A string field of printable text with a length range."""
    return fields.String(validate=[validate.Length(min=min, max=max), printable])


class Name(fields.String):
    """A player's name, normalized and checked by :func:`.names.normalize_name`."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        try:
            return normalize_name(super()._deserialize(value, attr, data, **kwargs))
        except InvalidName as e:
            raise ValidationError(str(e)) from None


def name_field(**kwargs: Any) -> Name:
    """A player-name field: 1 to 40 characters once normalized."""
    return Name(validate=validate.Length(min=1, max=40), **kwargs)


CODE = validate.Regexp(CODE_PATTERN, error="letters, digits, spaces and dashes only")


class CommaList(fields.List):
    """A list that also accepts one comma-separated string (``a,b,c``)."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            value = [v.strip() for v in value.split(",") if v.strip()]
        return super()._deserialize(value, attr, data, **kwargs)


class Spread(fields.Field):
    """Cost bands: ``{"2-3": 2, "5+": 2}``, or the string ``2-3:2,5+:2``."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> dict[str, int]:
        if isinstance(value, str):
            out: dict[str, int] = {}
            for part in filter(None, (p.strip() for p in value.split(","))):
                band, sep, n = part.rpartition(":")
                if not sep or not band.strip() or not n.strip().isdigit():
                    raise ValidationError("use bands like 2-3:2,4:2,5+:2")
                out[band.strip()] = int(n)
            value = out
        if not isinstance(value, dict) or len(value) > 10:
            raise ValidationError("must be an object of cost band -> minimum count")
        for band, n in value.items():
            if not isinstance(band, str) or len(band) > 10:
                raise ValidationError("cost bands are short strings like '2-3', '4', '5+'")
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 20:
                raise ValidationError("each minimum must be an integer in 0..20")
        return dict(value)


def _cards(max_len: int = 30) -> CommaList:
    return CommaList(text(), validate=validate.Length(max=max_len))


class _Random(Schema):
    """Randomizer parameters, the same in a query string and in a request body."""

    seed = fields.Integer(validate=validate.Range(min=0, max=MAX_SEED), strict=True)
    sets = CommaList(fields.String(validate=validate.OneOf(SETS)),
                     validate=validate.Length(min=1, max=len(SETS)))
    editions = CommaList(fields.String(validate=validate.OneOf(EDITIONS)),
                         validate=validate.Length(min=1, max=len(EDITIONS)))
    include = _cards()
    ban = _cards(200)
    count = fields.Integer(validate=validate.Range(min=1, max=20), strict=True)
    require = CommaList(fields.String(validate=validate.OneOf(REQUIREMENTS)),
                        validate=validate.Length(max=len(REQUIREMENTS)))
    reaction = fields.Boolean()
    spread = Spread()


class RandomBodySchema(_Random):
    """``random`` object of a game creation request."""

    class Meta:
        unknown = RAISE


class RandomQuerySchema(_Random):
    """Query of ``GET /api/kingdoms/random`` (strings; unknown parameters ignored)."""

    class Meta:
        unknown = EXCLUDE

    seed = fields.Integer(validate=validate.Range(min=0, max=MAX_SEED))
    count = fields.Integer(validate=validate.Range(min=1, max=20))
    colony = fields.String(validate=validate.OneOf(COLONY_CHOICES), load_default="auto")


class SeatSpecSchema(Schema):
    class Meta:
        unknown = RAISE

    kind = fields.String(required=True, validate=validate.OneOf(("human", "bot")))
    name = name_field()
    bot = fields.String(validate=validate.OneOf(sorted(BOTS)))

    @pre_load
    def _strip(self, data: Any, **kwargs: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("name"), str):
            data = {**data, "name": data["name"].strip()}
        return data

    @validates_schema
    def _bot_kind(self, data: dict, **kwargs: Any) -> None:
        if data["kind"] == "bot" and "bot" not in data:
            raise ValidationError("a bot seat needs a bot kind", "bot")
        if data["kind"] == "human" and "bot" in data:
            raise ValidationError("only bot seats have a bot kind", "bot")


class GameCreateSchema(Schema):
    """Body of ``POST /api/games``."""

    class Meta:
        unknown = RAISE

    seats = fields.List(fields.Nested(SeatSpecSchema), required=True,
                        validate=validate.Length(min=2, max=6))
    creator_seat = fields.Integer(strict=True, validate=validate.Range(min=0, max=5))
    kingdom = fields.List(text(), validate=validate.Length(min=1, max=20))
    preset = text(max=60)
    random = fields.Nested(RandomBodySchema)
    seed = fields.Integer(strict=True, validate=validate.Range(min=0, max=MAX_SEED))
    colony = fields.String(validate=validate.OneOf(COLONY_CHOICES), load_default="auto")

    @validates_schema
    def _consistent(self, data: dict, **kwargs: Any) -> None:
        given = [k for k in ("kingdom", "preset", "random") if k in data]
        if len(given) > 1:
            raise ValidationError("give at most one of kingdom, preset, random", given[1])
        seats = data["seats"]
        humans = [i for i, s in enumerate(seats) if s["kind"] == "human"]
        if not humans:
            raise ValidationError("at least one seat must be human", "seats")
        creator = data.get("creator_seat", humans[0])
        if creator >= len(seats) or seats[creator]["kind"] != "human":
            raise ValidationError("the creator must take a human seat", "creator_seat")
        if "name" not in seats[creator]:
            raise ValidationError({creator: {"name": ["the creator's seat needs a name"]}},
                                  "seats")

    @post_load
    def _defaults(self, data: dict, **kwargs: Any) -> dict:
        if "creator_seat" not in data:
            data["creator_seat"] = next(
                i for i, s in enumerate(data["seats"]) if s["kind"] == "human")
        return data


class JoinSchema(Schema):
    """Body of ``POST /api/games/{id}/join``."""

    class Meta:
        unknown = RAISE

    name = name_field(required=True)
    code = fields.String(validate=CODE)

    @pre_load
    def _strip(self, data: Any, **kwargs: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("name"), str):
            data = {**data, "name": data["name"].strip()}
        return data


class JoinByCodeSchema(JoinSchema):
    """Body of ``POST /api/join``: the code alone finds the game."""

    code = fields.String(required=True, validate=CODE)


class CommandSchema(Schema):
    """Body of ``POST /api/games/{id}/commands``: one command in its dict form."""

    class Meta:
        unknown = RAISE

    type = fields.String(required=True, validate=validate.OneOf(COMMAND_TYPES))
    card = text()
    answer = fields.Raw(allow_none=True)

    @validates_schema
    def _shape(self, data: dict, **kwargs: Any) -> None:
        kind = data["type"]
        if kind in ("play", "buy"):
            if "card" not in data:
                raise ValidationError(f"'{kind}' needs a card", "card")
        elif "card" in data:
            raise ValidationError(f"'{kind}' takes no card", "card")
        if kind == "answer":
            if "answer" not in data:
                raise ValidationError("'answer' needs an answer", "answer")
            a = data["answer"]
            ok = a is None or (isinstance(a, str) and len(a) <= 100) or (
                isinstance(a, list) and len(a) <= 500
                and all(isinstance(x, str) and len(x) <= 100 for x in a))
            if not ok:
                raise ValidationError("an answer is a string, a list of strings or null",
                                      "answer")
        elif "answer" in data:
            raise ValidationError(f"'{kind}' takes no answer", "answer")


class LogQuerySchema(Schema):
    class Meta:
        unknown = EXCLUDE

    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=2**31 - 1))
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=500))


class CardsQuerySchema(Schema):
    class Meta:
        unknown = EXCLUDE

    lang = fields.String(load_default="en", validate=validate.OneOf(SUPPORTED_LANGS))


class PresetsQuerySchema(Schema):
    class Meta:
        unknown = EXCLUDE

    available = fields.Boolean(load_default=False)


# ---------------------------------------------------------------------------
# Responses


class ProblemSchema(Schema):
    """RFC 9457 problem details, with the API's extension members."""

    type = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    code = fields.String(required=True)
    errors = fields.Raw()
    constraint = fields.String()
    current_version = fields.Integer()


class PlayerViewSchema(Schema):
    seat = fields.Integer()
    name = fields.String()
    hand_count = fields.Integer()
    deck_count = fields.Integer()
    discard_count = fields.Integer()
    discard_top = fields.String(allow_none=True)
    in_play = fields.List(fields.String())
    set_aside = fields.List(fields.String())
    vp_tokens = fields.Integer()
    turns = fields.Integer()
    hand = fields.List(fields.String())  # own seat only; absent for the others


class PileSchema(Schema):
    card = fields.String()
    count = fields.Integer()
    cost = fields.Integer()


class TurnSchema(Schema):
    seat = fields.Integer()
    number = fields.Integer()
    phase = fields.String()
    actions = fields.Integer()
    buys = fields.Integer()
    coins = fields.Integer()


class WaitingForSchema(Schema):
    seat = fields.Integer()
    prompt = fields.String()
    card = fields.String(allow_none=True)


class DecisionSchema(Schema):
    seat = fields.Integer()
    kind = fields.String()
    prompt = fields.String()
    options = fields.List(fields.String())
    min = fields.Integer()
    max = fields.Integer()
    card = fields.String(allow_none=True)
    args = fields.Dict(keys=fields.String())


class LegalSchema(Schema):
    type = fields.String()
    card = fields.String()
    decision = fields.Nested(DecisionSchema)


class ResultSchema(Schema):
    scores = fields.List(fields.Integer())
    turns = fields.List(fields.Integer())
    winners = fields.List(fields.Integer())
    tie_break = fields.Boolean()
    end_reason = fields.String(allow_none=True)
    decks = fields.List(fields.Dict(keys=fields.String(), values=fields.Integer()))


class ViewSchema(Schema):
    """An engine view (:func:`dominion.views.view`) as one seat may see it."""

    seat = fields.Integer(allow_none=True)
    players = fields.List(fields.Nested(PlayerViewSchema))
    supply = fields.List(fields.Nested(PileSchema))
    kingdom = fields.List(fields.String())
    trash = fields.List(fields.String())
    turn = fields.Nested(TurnSchema)
    awaiting = fields.List(fields.Integer())
    waiting_for = fields.Nested(WaitingForSchema, allow_none=True)
    decision = fields.Nested(DecisionSchema, allow_none=True)
    legal = fields.List(fields.Nested(LegalSchema))
    game_over = fields.Boolean()
    result = fields.Nested(ResultSchema, allow_none=True)


class SeatInfoSchema(Schema):
    seat = fields.Integer()
    kind = fields.String()
    name = fields.String(allow_none=True)
    bot = fields.String(allow_none=True)
    joined = fields.Boolean()


class InviteSchema(Schema):
    seat = fields.Integer()
    code = fields.String()
    url = fields.String()


class SetupSchema(Schema):
    kingdom = fields.List(fields.String())
    colony = fields.Boolean()
    colony_odds = fields.Float()
    colony_reason = fields.String()
    preset = fields.String(allow_none=True)
    randomizer = fields.Dict(allow_none=True)
    players = fields.Integer()


class GameSchema(Schema):
    """The game resource: lobby data and the caller's view."""

    id = fields.String()
    version = fields.Integer()
    status = fields.String()
    seat = fields.Integer(allow_none=True)
    seats = fields.List(fields.Nested(SeatInfoSchema))
    setup = fields.Nested(SetupSchema)
    invites = fields.List(fields.Nested(InviteSchema))
    log_seq = fields.Integer()
    view = fields.Nested(ViewSchema, allow_none=True)


class EventSchema(Schema):
    """A rendered event: ``seq`` plus what :func:`dominion.views.render_event` gives."""

    class Meta:
        unknown = EXCLUDE

    seq = fields.Integer(required=True)
    type = fields.String(required=True)
    seat = fields.Integer(allow_none=True)
    text = fields.String(required=True)
    card = fields.String()
    cards = fields.List(fields.String())
    count = fields.Integer()
    to = fields.String()
    source = fields.String()
    reason = fields.String()
    number = fields.Integer()


class CommandResultSchema(GameSchema):
    events = fields.List(fields.Nested(EventSchema))


class SeatTokenSchema(Schema):
    """Answer to creating or joining: the seat token is shown once, here only."""

    id = fields.String()
    seat = fields.Integer()
    token = fields.String()
    invites = fields.List(fields.Nested(InviteSchema))
    game = fields.Nested(GameSchema)


class LogPageSchema(Schema):
    events = fields.List(fields.Nested(EventSchema))
    more = fields.Boolean()
    next_after = fields.Integer()


class CardSchema(Schema):
    name = fields.String()
    local_name = fields.String()
    set = fields.String()
    editions = fields.List(fields.String())
    cost = fields.Integer()
    types = fields.List(fields.String())
    text = fields.String()
    basic = fields.Boolean()
    tags = fields.List(fields.String())


class CatalogSchema(Schema):
    lang = fields.String()
    cards = fields.List(fields.Nested(CardSchema))


class KingdomSchema(Schema):
    cards = fields.List(fields.String())
    colony = fields.Boolean()
    colony_odds = fields.Float()
    colony_reason = fields.String()
    seed = fields.Integer()
    method = fields.String()
    sets = fields.List(fields.String())
    as_text = fields.String()


class PresetSchema(Schema):
    key = fields.String()
    name = fields.String()
    names = fields.Dict(keys=fields.String(), values=fields.String())
    cards = fields.List(fields.String())
    sets = fields.List(fields.String())
    source = fields.List(fields.String())
    available = fields.Boolean()


class PresetListSchema(Schema):
    presets = fields.List(fields.Nested(PresetSchema))


class HealthSchema(Schema):
    status = fields.String()
    database = fields.String()
    version = fields.String()
