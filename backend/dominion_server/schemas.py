"""Marshmallow schemas for every request and response of the API.

Request schemas reject unknown body fields and wrong types (422; query
parameters and headers: 400). Response schemas are allowlists: only the fields
named here leave the server, so a field added to an engine view never leaks by
accident.

These schemas are also the source of the OpenAPI document (:mod:`.openapi`):
a schema's docstring is its description, a field's ``metadata`` holds its
description and examples, ``required=True`` on a response field means the
field is always present, and :class:`OneOfSchema` bodies become ``oneOf`` with
a ``discriminator``. What JSON Schema says beyond the fields (``not``,
``anyOf``) is the ``openapi`` option of a schema's ``Meta``, next to the
``@validates_schema`` method that enforces the same rule.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, ClassVar

from marshmallow import (
    EXCLUDE, INCLUDE, RAISE, Schema, ValidationError, fields, post_load, validate,
    validates_schema,
)

from dominion.bots import ALIASES, BOTS, bot_names, canonical
from dominion.commands import COMMAND_TYPES
from dominion.decisions import KINDS as DECISION_KINDS
from dominion.events import EVENT_TYPES
from dominion.i18n import SUPPORTED_LANGS
from dominion.randomizer import EDITIONS, REQUIREMENTS, SETS
from dominion.state import EDITIONS as RULES_EDITIONS

from .names import InvalidName, normalize_name

MAX_SEED = (1 << 64) - 1
COLONY_CHOICES = ("auto", "on", "off")
#: Async-game settings of a creation request, in hours: when to remind a seat
#: that has not moved, and after how long an awaited seat counts as absent.
REMINDER_HOURS = (1, 12, 24)
DEADLINE_HOURS = (24, 72)
#: Commands about seats rather than rules, handled by the service (:mod:`.absence`).
SEAT_COMMAND_TYPES = ("stand_in", "take_back")
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



CODE = validate.Regexp(CODE_PATTERN, error="letters, digits, spaces and dashes only")


#: JSON Schema patterns of the validator functions above (apispec cannot read a function).
PRINTABLE_PATTERN = r"^[^\x00-\x1f\x7f-\x9f]*$"
VALIDATOR_PATTERNS: dict[Any, str] = {printable: PRINTABLE_PATTERN}
#: The component of a player's name; its pattern is :func:`.names.name_pattern`.
PLAYER_NAME = "PlayerName"
NAME_RULES = (
    "Normalized to NFC, trimmed, inner runs of spaces made one; 1 to 40 characters "
    "after that. Refused with 422: control, invisible-formatting (zero-width, bidi), "
    "line-separator, private-use and unassigned characters, lone surrogates, and a "
    "leading combining mark; a zero-width joiner only between two emoji. Any script and "
    "emoji are welcome.")
#: Game ids as they appear in URLs; any other id is 404 without a database query.
GAME_ID_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"
#: ``If-Match`` / ``If-None-Match``: ``*`` or a comma-separated list of entity tags.
ETAG = r'(W/)?"[!#-~]*"'
ETAG_LIST_PATTERN = rf"^(\*|{ETAG}( *, *{ETAG})*)$"
IDEMPOTENCY_KEY_PATTERN = r"^[\x21-\x7e]{1,200}$"
#: A cost band of ``spread`` ("2-3", "4", "5+"), and the query-string form of ``spread``.
BAND_PATTERN = r"^[0-9]{1,3}(\+|-[0-9]{1,3})?$"
_BAND_ITEM = r"[0-9]{1,3}(\+|-[0-9]{1,3})?:(1?[0-9]|20)"
SPREAD_QUERY_PATTERN = rf"^{_BAND_ITEM}(,{_BAND_ITEM}){{0,9}}$"


def open_enum(values: Any) -> dict[str, Any]:
    """JSON Schema of a string whose known ``values`` may grow: an ``anyOf`` of the
    ``enum`` and any string, so a generated client keeps the known values as an enum
    type and still parses a new one (a strict ``enum`` alone makes it raise), plus
    ``x-extensible-enum`` for tools that read it (see *Enums that may grow*)."""
    known = list(values)
    return {"anyOf": [{"type": "string", "enum": known}, {"type": "string"}],
            "x-extensible-enum": known}


def ref(name: str) -> dict[str, str]:
    """A reference to the component schema ``name``."""
    return {"$ref": f"#/components/schemas/{name}"}


#: Enums of the answers whose values may grow, each a named component of its known
#: values (the OpenAPI document adds ``ProblemCode``, from the problem codes):
#: name -> (the known values, read when the document is built; what a client does
#: with a value it does not know).
GROWING_ENUMS: dict[str, tuple[Any, str]] = {
    "DecisionKind": (lambda: DECISION_KINDS,
                     "A decision `kind` known today. New kinds may come (`options` came "
                     "after the others): a client that meets one it does not know cannot "
                     "build an answer from it, so it shows the `prompt` and leaves the "
                     "decision to its player (or to another client)."),
    "EventType": (lambda: tuple(EVENT_TYPES),
                  "An event `type` known today (see *Events*). New types come with new "
                  "cards and rules: show an unknown one by its `text`, which every event "
                  "has."),
    "LegalCommandType": (lambda: COMMAND_TYPES + SEAT_COMMAND_TYPES,
                         "A command `type` known today. New commands may come "
                         "(`stand_in` and `take_back` came later): skip an entry of "
                         "`legal` whose `type` you do not know."),
}


def growing(name: str, **extra: Any) -> dict[str, Any]:
    """Field metadata for a value of the growing enum ``name``: a known value, or any
    other string (so a strict generated client parses a new value instead of failing)."""
    return {"anyOf": [ref(name), {"type": "string"}], "x-extensible-enum": True, **extra}


def doc(field: fields.Field, **metadata: Any) -> fields.Field:
    """``field`` with OpenAPI facts (``description``, ``example``...) added to its metadata."""
    field.metadata = {**field.metadata, **metadata}
    return field


class Int(fields.Integer):
    """An integer as JSON Schema means it: ``3`` or ``3.0``, never ``true`` or ``"3"``."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _validated(self, value: Any) -> int:
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        return super()._validated(value)


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
            if not isinstance(band, str) or not _BAND.match(band):
                raise ValidationError("cost bands are like '2-3', '4', '5+'")
            if isinstance(n, float) and n.is_integer():
                n = int(n)
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 20:
                raise ValidationError("each minimum must be an integer in 0..20")
        return {band: int(n) for band, n in value.items()}


_BAND = validate.Regexp(BAND_PATTERN).regex


#: Components of the names a request may use (the OpenAPI document builds them from
#: the engine's registries): a field's ``component`` metadata makes it a ``$ref``.
KINGDOM_CARD = "KingdomCard"  # an implemented kingdom card, English name
CARD_NAME = "CardName"  # any card the randomizer knows, English name (ban)
PRESET_KEY = "PresetKey"  # a preset's key


def _card_item(component: str) -> fields.String:
    return fields.String(validate=[validate.Length(min=1, max=40), printable],
                         metadata={"component": component})


def _cards(max_len: int, what: str, component: str) -> CommaList:
    return doc(CommaList(_card_item(component), validate=validate.Length(max=max_len)),
               description=what, uniqueItems=True)


class OneOfSchema(Schema):
    """A body that is one of several schemas, chosen by the value of one field.

    Loading dispatches on :attr:`discriminator`; the OpenAPI document shows a
    ``oneOf`` with a ``discriminator``. A missing or unknown value fails on
    this schema's own discriminator field.
    """

    discriminator: ClassVar[str]
    variants: ClassVar[dict[str, type[Schema]]]

    class Meta:
        unknown = RAISE

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._variants = {k: v() for k, v in self.variants.items()}  # built once

    def load(self, data: Any, *, many: Any = None, partial: Any = None,
             unknown: Any = None) -> Any:
        kind = data.get(self.discriminator) if isinstance(data, dict) else None
        variant = self._variants.get(kind) if isinstance(kind, str) else None
        if variant is None:
            super().load(data, partial=partial)  # raises: no or an unknown discriminator
            raise AssertionError("the discriminator field must reject unknown values")
        return variant.load(data, partial=partial)


# ---------------------------------------------------------------------------
# Requests: games


class _Random(Schema):
    """Randomizer parameters, the same in a query string and in a request body."""

    seed = Int(validate=validate.Range(min=0, max=MAX_SEED),
                          metadata={"description": "same seed and parameters, same kingdom"})
    sets = doc(CommaList(fields.String(validate=validate.OneOf(SETS)),
                         validate=validate.Length(min=1, max=len(SETS))),
               description="sets to draw from (default: every set)")
    editions = doc(CommaList(fields.String(validate=validate.OneOf(EDITIONS)),
                             validate=validate.Length(min=1, max=len(EDITIONS))),
                   description="draw cards printed in these editions (default: both); "
                           "a game's rules edition is `edition` of `POST /api/games`")
    include = _cards(30, "cards that must be in the kingdom", KINGDOM_CARD)
    ban = _cards(200, "cards that must not be in the kingdom", CARD_NAME)
    count = Int(validate=validate.Range(min=1, max=20),
                           metadata={"description": "kingdom size (default 10)"})
    require = doc(CommaList(fields.String(validate=validate.OneOf(REQUIREMENTS)),
                            validate=validate.Length(max=len(REQUIREMENTS))),
                  description="kinds of card the kingdom must offer")
    reaction = fields.Boolean(metadata={
        "description": "an Attack brings a Reaction when the pool has one"})
    spread = Spread(metadata={
        "type": "object", "maxProperties": 10, "propertyNames": {"pattern": BAND_PATTERN},
        "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 20},
        "description": "cost band (`2-3`, `4`, `5+`) -> fewest cards in it",
        "example": {"2-3": 2, "4": 2, "5+": 2}})


class RandomParamsSchema(_Random):
    """Randomizer parameters of a game creation request (see `GET /api/kingdoms/random`)."""

    class Meta:
        unknown = RAISE


def _query_cards(max_len: int, what: str, component: str) -> CommaList:
    # One query value may hold several names separated by commas (no name has one).
    return doc(CommaList(_card_item(component), validate=validate.Length(max=max_len)),
               description=f"{what}; repeat the parameter or separate names by commas",
               uniqueItems=True)


class RandomQuerySchema(_Random):
    """Query of `GET /api/kingdoms/random` (unknown parameters are ignored)."""

    class Meta:
        unknown = EXCLUDE

    seed = fields.Integer(validate=validate.Range(min=0, max=MAX_SEED),
                          metadata={"description": "same seed and parameters, same kingdom"})
    count = fields.Integer(validate=validate.Range(min=1, max=20),
                           metadata={"description": "kingdom size (default 10)"})
    include = _query_cards(30, "cards that must be in the kingdom", KINGDOM_CARD)
    ban = _query_cards(200, "cards that must not be in the kingdom", CARD_NAME)
    spread = Spread(metadata={
        "type": "string", "pattern": SPREAD_QUERY_PATTERN, "example": "2-3:2,4:2,5+:2",
        "description": "cost bands and the fewest cards in each, e.g. `2-3:2,4:2,5+:2`"})
    colony = fields.String(validate=validate.OneOf(COLONY_CHOICES), load_default="auto",
                           metadata={"description": "Platinum and Colony: the official rule "
                                                    "(`auto`), or forced `on` or `off`"})


def _name(what: str, required: bool = False) -> Name:
    """A player-name field: 1 to 40 characters once normalized."""
    return Name(required=required, validate=validate.Length(min=1, max=40), metadata={
        "description": f"{what}. {NAME_RULES}", "component": PLAYER_NAME, "example": "Ann"})


class HumanSeatSchema(Schema):
    """A seat for a person: the creator's, or one to fill by invitation."""

    class Meta:
        unknown = RAISE

    kind = fields.String(required=True, validate=validate.Equal("human"))
    name = _name("the player's name; required for the creator's seat, "
                 "otherwise the joining player gives it")


#: What each bot is; the names come from the engine's registry (``dominion.bots.BOTS``).
_BOT_KINDS = {
    "easy": "for a first game: buys sensibly but slowly, rarely attacks",
    "medium": "plays any kingdom soundly",
    "hard": "plans for the kingdom: engines, rushes, trashing, the endgame",
    "big-money": "a baseline: buys only Treasures and Victory cards",
    "smithy-big-money": "a baseline: Big Money with a Smithy or two",
}
BOT_DESCRIPTION = (
    "which bot plays this seat: "
    + "; ".join(f"`{n}` ({_BOT_KINDS[n]})" if n in _BOT_KINDS else f"`{n}`" for n in BOTS)
    + ". Aliases, accepted for the bot they name: "
    + ", ".join(f"`{a}` = `{b}`" for a, b in ALIASES.items())
    + "; the game's `seats` show the bot by its own name (`medium` for `generic`).")


class BotName(fields.String):
    """A bot's name or alias, loaded as the bot's own (canonical) name."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        return canonical(super()._deserialize(value, attr, data, **kwargs))


class BotSeatSchema(Schema):
    """A seat played by a bot of the server."""

    class Meta:
        unknown = RAISE

    kind = fields.String(required=True, validate=validate.Equal("bot"))
    bot = BotName(required=True, validate=validate.OneOf(bot_names()),
                  metadata={"description": BOT_DESCRIPTION})
    name = _name("shown to the players (default: the bot's name and seat)")


class SeatSpecSchema(OneOfSchema):
    """One seat of a new game: a human or a bot."""

    discriminator = "kind"
    variants = {"human": HumanSeatSchema, "bot": BotSeatSchema}
    kind = fields.String(required=True, validate=validate.OneOf(tuple(variants)))


_KINGDOM_SOURCES = ("kingdom", "preset", "random")
EDITION_ERROR = 'the edition is "1" (1st-edition rules) or "2" (2nd-edition rules), a string'
EDITION_DESCRIPTION = (
    "the rules edition the game plays: `\"1\"` or `\"2\"`. Only the cards whose text "
    "changed what they do between editions play differently (Throne Room, Mine, "
    "Moneylender: not optional in the 1st edition; Masquerade: who passes; Prosperity's "
    "Mint, Hoard and Quarry: on buying and while in play in the 1st edition, on gaining "
    "and for the turn in the 2nd); any card may be in a game of either edition. Default: the preset's edition (1st for the "
    "Czech rulebooks' kingdoms, 2nd for the Hungarian one's, see "
    "`GET /api/kingdoms/presets`), else `\"2\"`.")
_MAX_SEATS = 6


def _creator_rule() -> dict[str, Any]:
    """JSON Schema of "the creator's seat is a human seat with a name".

    The creator is ``creator_seat``, or else the first human seat: either
    ``creator_seat`` is absent and the seats start with bots then a named
    human, or it is ``k`` and seat ``k`` is a named human.
    """
    named_human = {"properties": {"kind": {"const": "human"}}, "required": ["kind", "name"]}
    bot = {"properties": {"kind": {"const": "bot"}}}
    first_human_named = {"anyOf": [
        {"minItems": k + 1, "prefixItems": [bot] * k + [named_human]} for k in range(_MAX_SEATS)]}
    return {"anyOf": [
        {"properties": {"creator_seat": {"not": {}}, "seats": first_human_named}},
        *({"required": ["creator_seat"],
           "properties": {"creator_seat": {"const": k},
                          "seats": {"minItems": k + 1, "prefixItems": [{}] * k + [named_human]}}}
          for k in range(_MAX_SEATS)),
    ]}


class GameCreateSchema(Schema):
    """Body of `POST /api/games`.

    The kingdom comes from at most one of `kingdom`, `preset` and `random`;
    with none of them it is drawn at random from every set. `edition` picks the
    rules edition (default: the preset's, else the 2nd). The creator's seat
    (`creator_seat`, by default the first human seat) must be a human seat
    with a `name`; the other human seats get invitation codes.
    """

    class Meta:
        unknown = RAISE
        openapi = {
            "not": {"anyOf": [{"required": [a, b]} for i, a in enumerate(_KINGDOM_SOURCES)
                              for b in _KINGDOM_SOURCES[i + 1:]]},
            "allOf": [_creator_rule()],
        }

    seats = fields.List(fields.Nested(SeatSpecSchema), required=True,
                        validate=validate.Length(min=2, max=_MAX_SEATS),
                        metadata={"description": "2 to 6 seats in turn order"})
    creator_seat = Int(validate=validate.Range(min=0, max=_MAX_SEATS - 1),
                                  metadata={"description": "the creator's seat "
                                                           "(default: the first human seat)"})
    kingdom = fields.List(_card_item(KINGDOM_CARD),
                          validate=validate.Length(min=1, max=20),
                          metadata={"uniqueItems": True,
                                    "description": "kingdom card names, each once; the "
                                                   "English names listed, and the server "
                                                   "also takes a card's Czech or "
                                                   "Hungarian name in any case "
                                                   "(`local_name` of `GET /api/cards`)"})
    preset = fields.String(validate=[validate.Length(min=1, max=60), printable], metadata={
        "component": PRESET_KEY})
    random = fields.Nested(RandomParamsSchema)
    seed = Int(validate=validate.Range(min=0, max=MAX_SEED),
                          metadata={"description": "seed of the game's shuffles "
                                                   "(kept secret; default: a random one)"})
    colony = fields.String(validate=validate.OneOf(COLONY_CHOICES), load_default="auto",
                           metadata={"description": "Platinum and Colony: the official rule "
                                                    "(`auto`: always with an all-Prosperity "
                                                    "kingdom, never without a Prosperity "
                                                    "card, else if a random kingdom card is "
                                                    "from Prosperity), or forced `on` or "
                                                    "`off`; `setup.colony`, `colony_odds` "
                                                    "and `colony_reason` tell the outcome"})
    edition = fields.String(
        validate=validate.OneOf(RULES_EDITIONS, error=EDITION_ERROR),
        error_messages={"invalid": EDITION_ERROR, "null": EDITION_ERROR},
        metadata={"description": EDITION_DESCRIPTION, "example": "2"})
    # Async games (issue 22): both end up in `setup` and are kept by a rematch.
    reminder = Int(allow_none=True, validate=validate.OneOf(REMINDER_HOURS), metadata={
        "description": "remind a seat that has not moved after this many hours (`1`, `12` or "
                       "`24`); `null` or absent: never",
        "example": 12})
    deadline = Int(allow_none=True, validate=validate.OneOf(DEADLINE_HOURS), metadata={
        "description": "the move deadline in hours (`24` or `72`): once nobody has moved for "
                       "that long, the seats the game waits for are absent, and any other "
                       "player may hand an absent seat to a bot (`stand_in`) until its player "
                       "takes it back (`take_back`); `null` or absent: no deadline",
        "example": 24})

    @validates_schema
    def _consistent(self, data: dict, **kwargs: Any) -> None:
        given = [k for k in _KINGDOM_SOURCES if k in data]
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
    """Body of `POST /api/games/{game_id}/join`."""

    class Meta:
        unknown = RAISE

    name = _name("the joining player's name", required=True)
    code = fields.String(validate=CODE, metadata={
        "description": "invitation code of the seat to take (default: the first free seat)",
        "example": "K7QX-2MHP"})


class JoinByCodeSchema(JoinSchema):
    """Body of `POST /api/join`: the invitation code alone finds the game."""

    code = fields.String(required=True, validate=CODE, metadata={
        "description": "invitation code of the seat to take", "example": "K7QX-2MHP"})


# ---------------------------------------------------------------------------
# Requests: commands


def _command_type(kind: str) -> fields.String:
    return fields.String(required=True, validate=validate.Equal(kind))


def _card(what: str) -> fields.String:
    return fields.String(required=True, validate=[validate.Length(min=1, max=40), printable],
                         metadata={"description": what, "example": "Silver"})


class _Command(Schema):
    class Meta:
        unknown = RAISE


class PlayCommandSchema(_Command):
    """Play a card from the hand: an Action card in the Action phase (uses an Action),
    or a Treasure card (ends the Action phase)."""

    type = _command_type("play")
    card = _card("the card in hand to play")


class PlayTreasuresCommandSchema(_Command):
    """Play every Treasure in the hand (ends the Action phase)."""

    type = _command_type("play_treasures")


class BuyCommandSchema(_Command):
    """Buy a card from the supply (ends the Action phase, never the turn)."""

    type = _command_type("buy")
    card = _card("the supply pile to buy from")


class EndPhaseCommandSchema(_Command):
    """End the Action phase; in the Buy phase, end the turn (clean-up)."""

    type = _command_type("end_phase")


class UndoCommandSchema(_Command):
    """Take back this seat's last move while no new information appeared (fair undo):
    offered in `view.legal` only when allowed, else refused with `cannot_undo`.
    The undone command's events leave the log for everyone and `log_epoch` grows."""

    type = _command_type("undo")


ANSWER_TEXT = {"type": "string", "maxLength": 100}


class Answer(fields.Raw):
    """A decision answer: a string, a list of strings, or ``null``."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        ok = value is None or (isinstance(value, str) and len(value) <= 100) or (
            isinstance(value, list) and len(value) <= 500
            and all(isinstance(x, str) and len(x) <= 100 for x in value))
        if not ok:
            raise ValidationError("an answer is a string, a list of strings or null")
        return value


class AnswerCommandSchema(_Command):
    """Answer the open decision addressed to this seat (see `Decision`)."""

    type = _command_type("answer")
    answer = Answer(required=True, allow_none=True, metadata={
        "anyOf": [ANSWER_TEXT, {"type": "array", "items": ANSWER_TEXT, "maxItems": 500},
                  {"type": "null"}],
        "description": "`cards`: a list of card names; `option`: one option; `supply`: "
                       "a pile name, or `null` when `min` is 0; `order`: every option, "
                       "the card to end on top first",
        "example": ["Copper", "Estate"]})


class StandInCommandSchema(_Command):
    """Hand another player's seat to a bot (the Medium bot, `medium`) because it missed
    the game's move deadline: offered in `view.legal` (one entry per absent seat) to
    every other human seat whose own seat is not played by a bot. The bot then plays
    that seat, inline like any bot, until its player sends `take_back`. Refused
    before the deadline passed (`seat_not_absent`), for a bot seat (`seat_is_bot`),
    for one's own seat (`own_seat`) and for a seat a bot already plays
    (`seat_stood_in`)."""

    type = _command_type("stand_in")
    seat = Int(required=True, validate=validate.Range(min=0, max=_MAX_SEATS - 1),
               metadata={"description": "the absent seat (see `absent`)", "example": 0})


class TakeBackCommandSchema(_Command):
    """Take your seat back from the bot that plays it while you were absent (any time;
    offered in `view.legal` while a bot plays your seat, else `not_stood_in`)."""

    type = _command_type("take_back")


class CommandSchema(OneOfSchema):
    """Body of `POST /api/games/{game_id}/commands`: one command, by `type`."""

    discriminator = "type"
    variants = {"play": PlayCommandSchema, "play_treasures": PlayTreasuresCommandSchema,
                "buy": BuyCommandSchema, "end_phase": EndPhaseCommandSchema,
                "answer": AnswerCommandSchema, "undo": UndoCommandSchema,
                # About seats, not rules: the service applies them (absence.py).
                "stand_in": StandInCommandSchema, "take_back": TakeBackCommandSchema}
    type = fields.String(required=True, validate=validate.OneOf(tuple(variants)))


assert tuple(CommandSchema.variants) == COMMAND_TYPES + SEAT_COMMAND_TYPES, \
    "one schema per command type"


# ---------------------------------------------------------------------------
# Requests: query strings, path parameters and headers


class GamePathSchema(Schema):
    game_id = fields.String(required=True, validate=validate.Regexp(GAME_ID_PATTERN),
                            metadata={"description": "the game's id"})


def _lang(what: str) -> fields.String:
    return fields.String(load_default="en", validate=validate.OneOf(SUPPORTED_LANGS),
                         metadata={"description": f"language of {what}"})


class LogQuerySchema(Schema):
    class Meta:
        unknown = EXCLUDE

    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=2**31 - 1),
                           metadata={"description": "only events whose `seq` is greater"})
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=500),
                           metadata={"description": "page size"})
    lang = _lang("each event's `text` (card names, plurals)")


class CardsQuerySchema(Schema):
    class Meta:
        unknown = EXCLUDE

    lang = _lang("`local_name`, `type_names`, `text` and `texts`")


class PresetsQuerySchema(Schema):
    class Meta:
        unknown = EXCLUDE

    available = fields.Boolean(load_default=False, metadata={
        "description": "only the kingdoms whose cards are all playable here"})


_ETAGS = validate.Regexp(ETAG_LIST_PATTERN, error="a list of entity tags, or *")


#: The value of a ``wait`` preference: seconds, a whole number (RFC 7240's
#: delta-seconds) or, beyond the RFC, a decimal such as ``0.5`` or ``1e9``. Any
#: length: a number too large to hold is infinite, and every wait is clamped to
#: the server's maximum alike (issue 24: ``1e9`` was once answered at once).
PREFER_WAIT_PATTERN = r"^[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?$"
_PREFER_WAIT = re.compile(PREFER_WAIT_PATTERN)


def prefer_wait(header: str) -> float | None:
    """The ``wait`` preference of a ``Prefer`` header (RFC 7240), in seconds.

    Other preferences and their parameters are skipped; the first ``wait``
    counts. ``None`` when there is none or its value is not a number of
    seconds: like any preference the server does not understand, it is
    ignored (the header is advisory; never an error).
    """
    for pref in header.split(","):
        name, eq, value = pref.split(";", 1)[0].partition("=")
        if name.strip().lower() != "wait":
            continue
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] == '"':
            value = value[1:-1]
        return float(value) if eq and _PREFER_WAIT.match(value) else None
    return None


class PreferField(fields.String):
    """The ``Prefer`` header, loaded as its ``wait`` in seconds (``None``: no wait)."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> float | None:
        return prefer_wait(super()._deserialize(value, attr, data, **kwargs))


class PollHeadersSchema(Schema):
    """Headers of `GET /api/games/{game_id}`."""

    class Meta:
        unknown = EXCLUDE

    if_none_match = fields.String(data_key="If-None-Match", validate=_ETAGS, metadata={
        "description": "the `ETag` you hold: 304 without a body while it is current",
        "example": '"v12-s0"'})
    prefer = PreferField(data_key="Prefer", metadata={
        "description": "`wait=<seconds>` (RFC 7240) with `If-None-Match`: while the tag "
                       "is current, hold the request up to that long (at most 25 s: a "
                       "longer wait, however large, is held 25 s) and answer as soon as "
                       "the game changes (long polling). Seconds are a whole number or a "
                       "decimal (`0.5`, `1e3`); another value, or another preference, is "
                       "ignored (an immediate answer, as without the header). See *Turn "
                       "structure*.",
        "example": "wait=25"})


class CommandHeadersSchema(Schema):
    """Headers of `POST /api/games/{game_id}/commands`."""

    class Meta:
        unknown = EXCLUDE

    if_match = fields.String(data_key="If-Match", validate=_ETAGS, metadata={
        "description": "the `ETag` of the view you decided on: 412 if the game moved on",
        "example": '"v12-s0"'})
    idempotency_key = fields.String(
        data_key="Idempotency-Key",
        validate=validate.Regexp(IDEMPOTENCY_KEY_PATTERN,
                                 error="1-200 visible ASCII characters"),
        metadata={"description": "a fresh key per command (1-200 visible ASCII characters): "
                                 "a retry with the same key gets the first answer and never "
                                 "applies the command twice",
                  "example": "3f1c9e0a-5b7d-4c55-9f0e-2a6b8d4e7c11"})


# ---------------------------------------------------------------------------
# Responses (``required=True``: always present in the answer)


def _strs(**kw: Any) -> fields.List:
    return fields.List(fields.String(), **kw)


def _ints(**kw: Any) -> fields.List:
    return fields.List(fields.Integer(), **kw)


class ProblemSchema(Schema):
    """RFC 9457 problem details, with the API's extension members."""

    class Meta:
        unknown = INCLUDE  # documented as open: more members may come

    type = fields.String(required=True, metadata={
        "description": "link to this code's entry in `/api/docs`", "example":
        "/api/docs#problem-cannot_afford"})
    title = fields.String(required=True)
    status = fields.Integer(required=True, validate=validate.Range(min=400, max=599))
    detail = fields.String(required=True, metadata={"description": "what went wrong this time"})
    code = fields.Raw(required=True, metadata=growing(
        "ProblemCode", description="stable, machine-readable code (see *Problem codes*); "
                                   "may gain values (see *Enums that may grow*)"))
    errors = fields.Raw(metadata={"type": "object",
                                  "description": "field -> messages (invalid body, query "
                                                 "or headers)"})
    constraint = fields.String(metadata={"description": "the randomizer constraint that failed"})
    current_version = fields.Integer(metadata={"description": "the game's version now (412)"})
    reason = fields.String(metadata={
        "description": "`unsafe_url`: why the URL was refused (`scheme`, `credentials`, "
                       "`too_long`, `bad_host`, `private_address`, `unresolvable`, `port`)"})


class PlayerViewSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    hand_count = fields.Integer(required=True)
    deck_count = fields.Integer(required=True)
    discard_count = fields.Integer(required=True)
    discard_top = fields.String(required=True, allow_none=True)
    in_play = _strs(required=True)
    set_aside = _strs(required=True)
    vp_tokens = fields.Integer(required=True, metadata={
        "description": "VP tokens taken (Bishop, Monument, Goons...): public, and counted "
                       "in the score"})
    turns = fields.Integer(required=True, metadata={
        "description": "turns this player has begun: for the player whose turn it is, the "
                       "number of its turn in progress (\"Turn 15\")"})
    vp = fields.Integer(required=True, metadata={
        "description": "the player's VP total (cards and VP tokens) as the viewer may know "
                       "it: exact for the viewer's own entry and once the game is over. A "
                       "card passed with Masquerade is seen only by its giver and receiver, "
                       "so for everyone else (other seats, spectators) the total is counted "
                       "as if that pass had not happened: the card's VP stay with the giver, "
                       "and Gardens, Duke and the like count the cards the viewer believes "
                       "the player has"})
    hand = _strs(metadata={"description": "only in the viewer's own entry"})
    cards = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "only in the viewer's own entry: how many of each card the viewer "
                       "owns (hand, deck, discard pile, in play, set aside), dearest first "
                       "like `result.decks`",
        "example": {"Gold": 1, "Silver": 2, "Estate": 3, "Copper": 7}})


class PileSchema(Schema):
    card = fields.String(required=True)
    count = fields.Integer(required=True, metadata={"description": "cards left"})
    cost = fields.Integer(required=True, metadata={"description": "cost now (after reductions)"})


class TurnSchema(Schema):
    seat = fields.Integer(required=True, metadata={"description": "whose turn it is"})
    number = fields.Integer(required=True)
    phase = fields.String(required=True, validate=validate.OneOf(("action", "buy")))
    actions = fields.Integer(required=True)
    buys = fields.Integer(required=True)
    coins = fields.Integer(required=True)
    names = fields.Dict(required=True, keys=fields.String(), values=_strs(), metadata={
        "description": "cards named this turn, by effect: `contraband` (they cannot be "
                       "bought this turn), `war_chest` (War Chest cannot gain them)"})


class TradeRouteSchema(Schema):
    """The Trade Route mat (games with Trade Route only)."""

    piles = _strs(required=True, metadata={
        "description": "Victory supply piles still carrying a token; the first card "
                       "gained from one moves its token to the mat"})
    mat = fields.Integer(required=True, metadata={
        "description": "tokens on the mat: Trade Route makes +$1 per token"})


class WaitingForSchema(Schema):
    """Who must answer the open decision. The deciding seat, and everyone for a
    public prompt (one whose existence reveals nothing hidden, see the decision
    prompts on `/api/docs`), also learn the `prompt` and its `card`."""

    seat = fields.Integer(required=True)
    prompt = fields.String()
    card = fields.String(allow_none=True)


class DecisionSchema(Schema):
    """A choice this seat must make before the game goes on; answer it with an `answer`
    command. `cards`: a list of `min`..`max` of `options` (a multiset); `option`: one of
    `options`; `supply`: one pile of `options`, or `null` when `min` is 0; `order`: every
    one of `options`, the card to end on top first."""

    seat = fields.Integer(required=True)
    kind = fields.Raw(required=True, metadata=growing(
        "DecisionKind", description="how to answer; may gain values (see *Enums that may "
                                    "grow*)"))
    prompt = fields.String(required=True, metadata={
        "description": "stable key saying what the choice is for", "example": "militia.discard"})
    options = _strs(required=True)
    min = fields.Integer(required=True)
    max = fields.Integer(required=True)
    card = fields.String(required=True, allow_none=True,
                         metadata={"description": "the card whose effect asks"})
    args = fields.Dict(required=True, keys=fields.String(),
                       metadata={"description": "values for the prompt's text"})


class LegalCommandSchema(Schema):
    """A command this seat may send now; `answer` carries the open decision instead of
    listing every possible answer."""

    type = fields.Raw(required=True, metadata=growing(
        "LegalCommandType", description="may gain values (see *Enums that may grow*)"))
    card = fields.String()
    decision = fields.Nested(DecisionSchema)
    seat = fields.Integer(metadata={"description": "`stand_in`: the absent seat"})


#: Why a game ended (``result.end_reason``): a closed set, the rules' three endings.
END_REASONS = ("provinces", "colonies", "piles")


class ResultSchema(Schema):
    scores = _ints(required=True)
    turns = _ints(required=True)
    winners = _ints(required=True, metadata={"description": "seats; ties go to fewer turns"})
    tie_break = fields.Boolean(required=True)
    end_reason = fields.Raw(required=True, allow_none=True, metadata={
        "anyOf": [ref("EndReason"), {"type": "null"}]})
    decks = fields.List(fields.Dict(keys=fields.String(), values=fields.Integer()))


class ViewSchema(Schema):
    """What one seat (or a spectator) may see: never other hands or any deck's order."""

    seat = fields.Integer(required=True, allow_none=True)
    players = fields.List(fields.Nested(PlayerViewSchema), required=True)
    supply = fields.List(fields.Nested(PileSchema), required=True)
    kingdom = _strs(required=True)
    edition = fields.String(required=True, validate=validate.OneOf(RULES_EDITIONS), metadata={
        "description": "the rules edition: cards play `texts[edition]` of `GET /api/cards`"})
    trash = _strs(required=True)
    turn = fields.Nested(TurnSchema, required=True)
    awaiting = _ints(required=True, metadata={"description": "the seats that must act now"})
    waiting_for = fields.Nested(WaitingForSchema, required=True, allow_none=True)
    decision = fields.Nested(DecisionSchema, required=True, allow_none=True,
                             metadata={"description": "this seat's open decision"})
    legal = fields.List(fields.Nested(LegalCommandSchema), required=True, metadata={
        "description": "every command this seat may send now (authoritative)"})
    game_over = fields.Boolean(required=True)
    result = fields.Nested(ResultSchema, required=True, allow_none=True)
    trade_route = fields.Nested(TradeRouteSchema, required=True, allow_none=True, metadata={
        "description": "the Trade Route mat; `null` when Trade Route is not in the kingdom"})
    curse_is_treasure = fields.Boolean(required=True, metadata={
        "description": "Charlatan is in the kingdom: Curse is also a Treasure worth $1"})


class SeatInfoSchema(Schema):
    seat = fields.Integer(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(("human", "bot")))
    name = fields.String(required=True, allow_none=True)
    bot = fields.String(required=True, allow_none=True, metadata={
        "description": "the bot that plays the seat, by its own name (never an alias: "
                       "`medium`, not `generic`): a bot seat's, or for a `human` seat the "
                       "stand-in that plays it while its player is absent (`stand_in`)"})
    joined = fields.Boolean(required=True)


class InviteSchema(Schema):
    seat = fields.Integer(required=True)
    code = fields.String(required=True)
    url = fields.String(required=True, metadata={"description": "the web client's join link"})


#: Why a game has Platinum and Colony or not (the official rule, or forced).
COLONY_REASONS = ("all-prosperity", "no-prosperity", "random", "forced")


class SetupSchema(Schema):
    kingdom = _strs(required=True)
    colony = fields.Boolean(required=True, metadata={
        "description": "Platinum and Colony are in the supply (and an empty Colony pile "
                       "ends the game)"})
    colony_odds = fields.Float(required=True, validate=validate.Range(min=0, max=1), metadata={
        "description": "the official odds of Platinum and Colony for this kingdom: the "
                       "share of Prosperity cards"})
    colony_reason = fields.String(required=True, validate=validate.OneOf(COLONY_REASONS),
                                  metadata={"description": "`all-prosperity`, `no-prosperity`, "
                                            "`random` (one random kingdom card decided) or "
                                            "`forced` (the creator's `colony`)"})
    preset = fields.String(required=True, allow_none=True)
    randomizer = fields.Dict(required=True, allow_none=True)
    players = fields.Integer(required=True)
    edition = fields.String(required=True, validate=validate.OneOf(RULES_EDITIONS), metadata={
        "description": "the rules edition the game plays (also `view.edition` once started)"})
    reminder = fields.Integer(required=True, allow_none=True, metadata={
        "description": "hours after which a seat that has not moved is reminded; `null`: "
                       "never"})
    deadline = fields.Integer(required=True, allow_none=True, metadata={
        "description": "the move deadline in hours; `null`: none (see `deadline_at`)"})


class RematchSchema(Schema):
    """The next game of the same players (`POST /api/games/{id}/rematch`)."""

    id = fields.String(required=True, metadata={"description": "the new game's id"})
    invite = fields.Nested(InviteSchema, required=True, allow_none=True, metadata={
        "description": "the caller's own seat in the new game, while it is free: shown only "
                       "to that seat of this game; `null` once taken, for bots and for "
                       "spectators"})


class GameSchema(Schema):
    """The game resource: the lobby, and the caller's view once it started."""

    id = fields.String(required=True)
    version = fields.Integer(required=True, metadata={
        "description": "grows with every change. The `ETag` of this answer is "
                       '`"v<version>-s<seat>"` (`"v<version>-x"` for a spectator), a stable '
                       "format: build `If-Match` and `If-None-Match` from the body if your "
                       "client does not show headers"})
    status = fields.String(required=True, validate=validate.OneOf(("waiting", "active", "over")))
    seat = fields.Integer(required=True, allow_none=True,
                          metadata={"description": "the caller's seat; `null`: a spectator"})
    seats = fields.List(fields.Nested(SeatInfoSchema), required=True)
    setup = fields.Nested(SetupSchema, required=True)
    invites = fields.List(fields.Nested(InviteSchema), required=True, metadata={
        "description": "the free seats' codes, for seated players only"})
    log_seq = fields.Integer(required=True, metadata={"description": "`seq` of the last event"})
    log_epoch = fields.Integer(required=True, metadata={
        "description": "how many times a move was taken back (`undo`), from 0: the undone "
                       "events leave the log, so a client that sees a new `log_epoch` reads "
                       "the log again from the start; `log_seq` is then the last remaining "
                       "`seq`"})
    view = fields.Nested(ViewSchema, required=True, allow_none=True)
    rematch = fields.Nested(RematchSchema, required=True, allow_none=True, metadata={
        "description": "the rematch of this (finished) game once a seat asked for one; "
                       "writing it changes `version`, so pollers see it"})
    deadline_at = fields.DateTime(required=True, allow_none=True, metadata={
        "description": "when the seats the game waits for (`view.awaiting`) miss the move "
                       "deadline: the last change plus `setup.deadline` hours (nobody has "
                       "moved since). `null` without a deadline or when the game is not "
                       "active. It does not change `version` when it passes: compare it "
                       "with the clock"})
    absent = _ints(required=True, metadata={
        "description": "absent seats: awaited human seats whose deadline passed, and seats "
                       "a bot plays for their player (`stand_in`) until `take_back`"})


class EventSchema(Schema):
    """An event as the caller may see it; other seats' hidden cards become `count`."""

    seq = fields.Integer(required=True)
    type = fields.Raw(required=True, metadata=growing(
        "EventType", description="what happened; may gain values (see *Enums that may "
                                 "grow*)"))
    seat = fields.Integer(allow_none=True)
    text = fields.String(required=True, metadata={
        "description": "one sentence for the viewer, in the `lang` asked for (English by default)"})
    card = fields.String()
    cards = _strs()
    count = fields.Integer()
    to = fields.String()
    source = fields.String()
    reason = fields.String()
    number = fields.Integer()
    receiver = fields.Integer(metadata={"description": "`pass`: the seat that got the card"})
    position = fields.Integer(metadata={"description": "`insert`: cards above the inserted one"})
    by = fields.Raw(metadata={
        "anyOf": [{"type": "string"}, {"type": "integer"}],
        "description": "`name`: the card whose effect asked for the name (Wishing Well, "
                       "Contraband, War Chest); `stand_in` and `take_back`: the seat that "
                       "sent the command (an integer)"})
    vp = fields.Integer(metadata={"description": "`vp`: how many VP tokens the seat took"})
    total = fields.Integer(metadata={"description": "`vp`: the seat's VP tokens now"})
    mat = fields.Integer(metadata={
        "description": "`trade_route`: the tokens on the Trade Route mat now"})
    undone = fields.List(fields.Dict(), metadata={
        "description": "`undo`: the events the undo took back, oldest first, each as every "
                       "seat may see it (`type`, `seat`, `card` or `cards`, or `count` where "
                       "the cards are hidden)"})


class CommandResultSchema(GameSchema):
    """The game after the command, and the events it caused."""

    events = fields.List(fields.Nested(EventSchema), required=True, metadata={
        "description": "what this command and the bots after it did"})


class SeatTokenSchema(Schema):
    """Answer to creating or joining: the seat token is shown once, here only."""

    id = fields.String(required=True)
    seat = fields.Integer(required=True)
    token = fields.String(required=True, metadata={
        "description": "the seat token: send it as `Authorization: Bearer <token>`"})
    invites = fields.List(fields.Nested(InviteSchema), required=True)
    game = fields.Nested(GameSchema, required=True)


class LogPageSchema(Schema):
    events = fields.List(fields.Nested(EventSchema), required=True)
    more = fields.Boolean(required=True)
    next_after = fields.Integer(required=True, metadata={"description": "`after` of the next page"})


class CardTextsSchema(Schema):
    """A card's rules text in a game of each edition. They differ only for the cards
    whose text changed what they do (Throne Room, Mine, Moneylender, Masquerade; Mint,
    Hoard, Quarry); a card printed in one edition only plays the same text in a game
    of the other."""

    # Keys "1" and "2" are not identifiers: the fields are named apart.
    first = fields.String(required=True, attribute="1", data_key="1",
                          metadata={"description": "in a 1st-edition game"})
    second = fields.String(required=True, attribute="2", data_key="2",
                           metadata={"description": "in a 2nd-edition game"})


class CardSchema(Schema):
    name = fields.String(required=True)
    local_name = fields.String(required=True)
    unofficial = fields.Boolean(required=True, metadata={
        "description": "`local_name` is our own translation: no rulebook we follow names "
                       "the card in this language (always false in English)"})
    set = fields.String(required=True)
    editions = _strs(required=True, metadata={"description": "editions that print the card"})
    cost = fields.Integer(required=True)
    types = _strs(required=True, metadata={"description": "type identifiers (English)"})
    type_names = _strs(required=True, metadata={
        "description": "the types in the catalog's language, in the order of `types`"})
    text = fields.String(required=True, metadata={
        "description": "the rules text in the catalog's language (2nd edition; the same "
                       "as `texts.2`)"})
    texts = fields.Nested(CardTextsSchema, required=True, metadata={
        "description": "edition -> the rules text a game of that edition plays "
                       "(see `view.edition`)"})
    basic = fields.Boolean(required=True)
    tags = _strs(required=True)


class CatalogSchema(Schema):
    lang = fields.String(required=True)
    cards = fields.List(fields.Nested(CardSchema), required=True)


class UnmetSchema(Schema):
    constraint = fields.String(required=True, metadata={
        "description": "`include`, `ban`, `require:<tag>`, `cost:<band>` or `reaction`; "
                       "more may come"})
    message = fields.String(required=True, metadata={"description": "what was given up, "
                                                                      "in English"})
    cards = _strs(required=True, metadata={
        "description": "included cards left out, or banned cards used anyway"})
    wanted = fields.Integer(required=True, allow_none=True, metadata={
        "description": "a cost band's minimum as asked"})
    got = fields.Integer(required=True, allow_none=True, metadata={
        "description": "the most cards of that band a kingdom could have"})


class KingdomSchema(Schema):
    cards = _strs(required=True)
    colony = fields.Boolean(required=True)
    colony_odds = fields.Float(required=True, validate=validate.Range(min=0, max=1), metadata={
        "description": "the official odds: the share of Prosperity cards"})
    colony_reason = fields.String(required=True, validate=validate.OneOf(COLONY_REASONS))
    seed = fields.Integer(required=True)
    method = fields.String(required=True, validate=validate.OneOf(("sampled", "constructed")))
    sets = _strs(required=True)
    as_text = fields.String(required=True, metadata={"description": "comma-separated names"})
    unmet = fields.List(fields.Nested(UnmetSchema), required=True, metadata={
        "description": "the constraints this kingdom does not meet because no kingdom meets "
                       "them together with the others (empty when every one is met)"})


class PresetSchema(Schema):
    key = fields.String(required=True)
    name = fields.String(required=True)
    names = fields.Dict(required=True, keys=fields.String(), values=fields.String(),
                        metadata={"description": "language -> name, for every language"})
    names_unofficial = _strs(required=True, metadata={
        "description": "the languages whose name is our own translation, not a rulebook's"})
    cards = _strs(required=True)
    sets = _strs(required=True)
    source = _strs(required=True)
    edition = fields.String(required=True, validate=validate.OneOf(RULES_EDITIONS), metadata={
        "description": "the rulebook's edition: the default `edition` of a game made "
                       "from this preset"})
    available = fields.Boolean(required=True, metadata={
        "description": "every card is playable here"})


class PresetListSchema(Schema):
    presets = fields.List(fields.Nested(PresetSchema), required=True)


class HealthSchema(Schema):
    status = fields.String(required=True, validate=validate.OneOf(("ok", "degraded")))
    database = fields.String(required=True, validate=validate.OneOf(("ok", "unavailable")))
    version = fields.String(required=True)


# ---------------------------------------------------------------------------
# Turn alerts (issue 22): push subscriptions and webhooks

#: A push endpoint or webhook URL as the schema takes it; the server checks it
#: further (https, public addresses...) and answers 422 ``unsafe_url``.
URL_PATTERN = r"^https?://[!-~]+$"
#: ``keys.p256dh``: an uncompressed P-256 point (65 bytes, 0x04 first), base64url.
P256DH_PATTERN = r"^B[A-Za-z0-9_-]{85}[AEIMQUYcgkosw048]=?$"
#: ``keys.auth``: 16 random bytes, base64url.
AUTH_PATTERN = r"^[A-Za-z0-9_-]{21}[AQgw](==)?$"
ALERT_LANG = {"description": "language of the alerts' texts", "example": "en"}


def _alert_lang() -> fields.String:
    return fields.String(load_default="en", validate=validate.OneOf(SUPPORTED_LANGS),
                         metadata=ALERT_LANG)


class PushKeysSchema(Schema):
    class Meta:
        unknown = RAISE

    p256dh = fields.String(required=True, validate=validate.Regexp(P256DH_PATTERN), metadata={
        "description": "the browser's P-256 public key (base64url): alerts are encrypted "
                       "to it (RFC 8291)"})
    auth = fields.String(required=True, validate=validate.Regexp(AUTH_PATTERN), metadata={
        "description": "the browser's 16-byte authentication secret (base64url)"})


class BrowserSubscriptionSchema(Schema):
    """A browser's `PushSubscription.toJSON()`."""

    class Meta:
        unknown = RAISE

    endpoint = fields.String(required=True, validate=[
        validate.Length(min=1, max=1000), validate.Regexp(URL_PATTERN)], metadata={
        "description": "the push service URL of this browser (https)"})
    keys = fields.Nested(PushKeysSchema, required=True)
    expirationTime = fields.Float(allow_none=True, metadata={
        "description": "when the browser expires it (ms since the epoch), or `null`"})


class PushSubscriptionCreateSchema(Schema):
    """Body of `POST /api/games/{game_id}/push-subscriptions`."""

    class Meta:
        unknown = RAISE

    subscription = fields.Nested(BrowserSubscriptionSchema, required=True)
    lang = _alert_lang()


class PushSubscriptionSchema(Schema):
    """A push subscription of the caller's seat."""

    id = fields.String(required=True)
    endpoint = fields.String(required=True)
    lang = fields.String(required=True, validate=validate.OneOf(SUPPORTED_LANGS))
    created_at = fields.DateTime(required=True)


class PushSubscriptionListSchema(Schema):
    subscriptions = fields.List(fields.Nested(PushSubscriptionSchema), required=True)


class PushKeySchema(Schema):
    """The server's VAPID public key: `applicationServerKey` of `pushManager.subscribe`."""

    public_key = fields.String(required=True, metadata={
        "description": "uncompressed P-256 point, base64url without padding"})


class WebhookCreateSchema(Schema):
    """Body of `POST /api/games/{game_id}/webhooks`."""

    class Meta:
        unknown = RAISE

    url = fields.String(required=True, validate=[
        validate.Length(min=1, max=2000), validate.Regexp(URL_PATTERN)], metadata={
        "description": "where to POST the seat's events (https)",
        "example": "https://bot.example.com/dominion"})
    lang = _alert_lang()


class WebhookSchema(Schema):
    """A webhook of the caller's seat (its secret is shown only on creation and rotation)."""

    id = fields.String(required=True)
    url = fields.String(required=True)
    lang = fields.String(required=True, validate=validate.OneOf(SUPPORTED_LANGS))
    enabled = fields.Boolean(required=True, metadata={
        "description": "`false` once disabled after repeated failed deliveries (register "
                       "it again to resume)"})
    failures = fields.Integer(required=True, metadata={
        "description": "failed deliveries in a row"})
    disabled_reason = fields.String(required=True, allow_none=True, metadata={
        "description": "why it was disabled, or `null`"})
    created_at = fields.DateTime(required=True)


class WebhookCreatedSchema(WebhookSchema):
    """The new webhook, with its signing secret (shown here and on rotation only)."""

    secret = fields.String(required=True, metadata={
        "description": "the Standard Webhooks signing secret (`whsec_...`)"})


class WebhookListSchema(Schema):
    webhooks = fields.List(fields.Nested(WebhookSchema), required=True)


class WebhookSecretSchema(Schema):
    secret = fields.String(required=True, metadata={
        "description": "the new signing secret; the old one no longer signs"})


ALERT_KINDS = ("turn", "decision", "game_over", "joined", "reminder", "deadline")


class AlertFactsSchema(Schema):
    """What a turn alert says: facts only, never a card of a hand or deck."""

    class Meta:
        unknown = INCLUDE  # documented as open: more facts may come

    kind = fields.String(required=True, validate=validate.OneOf(ALERT_KINDS))
    game_id = fields.String(required=True)
    seat = fields.Integer(required=True, metadata={"description": "the seat told"})
    version = fields.Integer(required=True, metadata={"description": "the game's version"})
    turn = fields.Integer(metadata={"description": "the turn number"})
    players = _strs(metadata={"description": "every seat's name, by seat"})
    prompt = fields.String(metadata={"description": "`decision`: the prompt key",
                                     "example": "militia.discard"})
    card = fields.String(allow_none=True, metadata={
        "description": "`decision`: the card whose effect asks", "example": "Militia"})
    player = fields.String(metadata={
        "description": "`joined`: who joined; `decision`: whose turn; `deadline`: who is "
                       "absent"})
    absent = fields.Integer(metadata={"description": "`deadline`: the seat that missed it"})
    hours = fields.Float(metadata={"description": "`reminder`, `deadline`: the setting"})
    result = fields.Nested(ResultSchema, metadata={"description": "`game_over`"})
    title = fields.String(metadata={"description": "the alert's title in the hook's `lang`"})
    body = fields.String(metadata={"description": "one line in the hook's `lang`"})
    url = fields.String(metadata={"description": "the game's page", "example": "/#/g/abc"})


class WebhookEventSchema(Schema):
    """The body of each webhook call, signed by the Standard Webhooks specification
    (`webhook-id` = `id`, `webhook-timestamp`, `webhook-signature` headers). The same
    `id` comes again on a retry: drop repeats. Answer 2xx."""

    type = fields.String(required=True, validate=validate.OneOf(ALERT_KINDS))
    id = fields.String(required=True, metadata={"description": "the event id"})
    game_id = fields.String(required=True)
    seat = fields.Integer(required=True)
    version = fields.Integer(required=True)
    timestamp = fields.DateTime(required=True, metadata={"description": "when it happened"})
    data = fields.Nested(AlertFactsSchema, required=True)


class PushMessageSchema(Schema):
    """The JSON a service worker's `push` event holds (decrypted by the browser)."""

    id = fields.String(required=True, metadata={"description": "the event id"})
    kind = fields.String(required=True, validate=validate.OneOf(ALERT_KINDS))
    game_id = fields.String(required=True)
    seat = fields.Integer(required=True)
    version = fields.Integer(required=True)
    title = fields.String(required=True, metadata={"example": "Your turn"})
    body = fields.String(required=True, metadata={"example": "Dominion: turn 7 against Bob"})
    url = fields.String(required=True, metadata={"example": "/#/g/abc"})
    tag = fields.String(required=True, metadata={
        "description": "one per game: the game's notification is replaced"})
    waiting = fields.Integer(metadata={
        "description": "games in which this browser's seats must act now (the app badge)"})


class SubscriptionPathSchema(GamePathSchema):
    sub_id = fields.String(required=True, validate=validate.Regexp(r"^[0-9]{1,18}$"),
                           metadata={"description": "the subscription's id"})


class WebhookPathSchema(GamePathSchema):
    wid = fields.String(required=True, validate=validate.Regexp(r"^[0-9]{1,18}$"),
                        metadata={"description": "the webhook's id"})
