"""The OpenAPI 3.1 description of the API, as a plain Python dict.

Served at ``/api/openapi.json`` and rendered at ``/api/docs``. A test checks
that every route of the app appears here, and schemathesis checks the answers
of the running app against it.
"""

from __future__ import annotations

import copy
from typing import Any

from dominion.bots import BOTS
from dominion.commands import COMMAND_TYPES
from dominion.i18n import SUPPORTED_LANGS
from dominion.randomizer import EDITIONS, REQUIREMENTS, SETS

from .errors import TITLES

JSON = "application/json"
PROBLEM = "application/problem+json"
MAX_SEED = (1 << 64) - 1

Schema = dict[str, Any]


def ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


def obj(props: dict[str, Schema], required: list[str] | None = None,
        additional: bool = False, **extra: Any) -> Schema:
    out: Schema = {"type": "object", "properties": props, "additionalProperties": additional}
    if required:
        out["required"] = required
    out.update(extra)
    return out


STR = {"type": "string"}
INT = {"type": "integer"}
BOOL = {"type": "boolean"}
STRS = {"type": "array", "items": STR}
INTS = {"type": "array", "items": INT}
CARD_NAME = {"type": "string", "minLength": 1, "maxLength": 40}
#: Display names: printable text (no control characters).
NAME = {"type": "string", "minLength": 1, "maxLength": 40,
        "pattern": "^[^\\x00-\\x1f\\x7f-\\x9f]+$"}
CODE = {"type": "string", "pattern": "^[A-Za-z0-9 -]{1,20}$"}


def _comma_list(values: tuple[str, ...] | None, description: str) -> Schema:
    item = {"type": "string", "enum": list(values)} if values else CARD_NAME
    return {"type": "array", "items": item, "description": description}


GAME_PROPS: dict[str, Schema] = {
    "id": STR,
    "version": INT,
    "status": {"type": "string", "enum": ["waiting", "active", "over"]},
    "seat": nullable(INT),
    "seats": {"type": "array", "items": ref("SeatInfo")},
    "setup": ref("Setup"),
    "invites": {"type": "array", "items": ref("Invite"),
                "description": "free seats' codes, for seated players only"},
    "log_seq": {"type": "integer", "description": "seq of the last event"},
    "view": nullable(ref("View")),
}
GAME_REQUIRED = ["id", "version", "status", "seat", "seats", "setup", "invites", "log_seq", "view"]

SCHEMAS: dict[str, Schema] = {
    "Problem": obj(
        {
            "type": {"type": "string", "description": "URI reference naming the problem type"},
            "title": STR,
            "status": {"type": "integer", "minimum": 400, "maximum": 599},
            "detail": STR,
            "code": {"type": "string", "description": "stable machine-readable code"},
            "errors": {"type": "object", "description": "field -> messages (schema errors)"},
            "constraint": {"type": "string", "description": "randomizer constraint that failed"},
            "current_version": {"type": "integer", "description": "game version now (412)"},
        },
        ["type", "title", "status", "detail", "code"],
        additional=True,
        description="RFC 9457 problem details.",
    ),
    "SeatSpec": {
        "oneOf": [
            obj({"kind": {"const": "human"},
                 "name": {**NAME, "description": "required for the creator's seat"}},
                ["kind"], title="HumanSeat"),
            obj({"kind": {"const": "bot"},
                 "bot": {"type": "string", "enum": sorted(BOTS)},
                 "name": NAME},
                ["kind", "bot"], title="BotSeat"),
        ],
    },
    "RandomParams": obj(
        {
            "seed": {"type": "integer", "minimum": 0, "maximum": MAX_SEED},
            "sets": {"type": "array", "items": {"type": "string", "enum": list(SETS)},
                     "minItems": 1, "maxItems": len(SETS)},
            "editions": {"type": "array", "items": {"type": "string", "enum": list(EDITIONS)},
                         "minItems": 1, "maxItems": len(EDITIONS)},
            "include": {"type": "array", "items": CARD_NAME, "maxItems": 30},
            "ban": {"type": "array", "items": CARD_NAME, "maxItems": 200},
            "count": {"type": "integer", "minimum": 1, "maximum": 20},
            "require": {"type": "array", "items": {"type": "string", "enum": list(REQUIREMENTS)},
                        "maxItems": len(REQUIREMENTS)},
            "reaction": BOOL,
            "spread": {"type": "object", "maxProperties": 10,
                       "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 20},
                       "description": "cost band ('2-3', '4', '5+') -> minimum cards"},
        },
        description="Randomizer parameters (see GET /api/kingdoms/random).",
    ),
    "GameCreate": obj(
        {
            "seats": {"type": "array", "items": ref("SeatSpec"), "minItems": 2, "maxItems": 6,
                      "contains": {"type": "object", "properties": {"kind": {"const": "human"}},
                                   "required": ["kind"]},
                      "description": "at least one human; the creator's seat needs a name"},
            "creator_seat": {"type": "integer", "minimum": 0, "maximum": 5,
                             "description": "default: the first human seat"},
            "kingdom": {"type": "array", "items": CARD_NAME, "minItems": 1, "maxItems": 20,
                        "description": "card names (English, Czech or Hungarian)"},
            "preset": {"type": "string", "minLength": 1, "maxLength": 60,
                       "description": "a preset key or name (GET /api/kingdoms/presets)"},
            "random": ref("RandomParams"),
            "seed": {"type": "integer", "minimum": 0, "maximum": MAX_SEED,
                     "description": "seed of the game's shuffles (kept secret)"},
            "colony": {"type": "string", "enum": ["auto", "on", "off"], "default": "auto",
                       "description": "Platinum/Colony: official rule, or forced"},
        },
        ["seats"],
        description="At most one of kingdom, preset, random; none means a random kingdom.",
    ),
    "Join": obj(
        {"name": NAME,
         "code": {**CODE, "description": "invitation code of a seat; default: the first free seat"}},
        ["name"],
    ),
    "JoinByCode": obj({"name": NAME, "code": CODE}, ["name", "code"]),
    "Command": obj(
        {
            "type": {"type": "string", "enum": list(COMMAND_TYPES)},
            "card": CARD_NAME,
            "answer": {"anyOf": [STR, {"type": "array", "items": STR, "maxItems": 500},
                                 {"type": "null"}],
                       "description": "answer to the open decision (see Decision)"},
        },
        ["type"],
        description=("play/buy need card; answer needs answer; play_treasures and end_phase "
                     "take nothing else."),
    ),
    "Decision": obj(
        {
            "seat": INT,
            "kind": {"type": "string", "enum": ["cards", "option", "supply", "order"]},
            "prompt": {"type": "string", "description": "stable key, e.g. militia.discard"},
            "options": STRS,
            "min": INT,
            "max": INT,
            "card": nullable(STR),
            "args": {"type": "object"},
        },
        ["seat", "kind", "prompt", "options", "min", "max", "card", "args"],
        description=("cards: answer a list of min..max options; option: one option id; "
                     "supply: a pile name (or null when min is 0); order: every option, "
                     "the card to end on top first."),
    ),
    "LegalCommand": obj(
        {"type": {"type": "string", "enum": list(COMMAND_TYPES)}, "card": STR,
         "decision": ref("Decision")},
        ["type"],
    ),
    "PlayerView": obj(
        {
            "seat": INT, "name": STR, "hand_count": INT, "deck_count": INT,
            "discard_count": INT, "discard_top": nullable(STR), "in_play": STRS,
            "set_aside": STRS, "vp_tokens": INT, "turns": INT,
            "hand": {**STRS, "description": "only in the viewer's own entry"},
        },
        ["seat", "name", "hand_count", "deck_count", "discard_count", "discard_top",
         "in_play", "set_aside", "vp_tokens", "turns"],
    ),
    "Pile": obj({"card": STR, "count": INT, "cost": INT}, ["card", "count", "cost"]),
    "Turn": obj(
        {"seat": INT, "number": INT, "phase": {"type": "string", "enum": ["action", "buy"]},
         "actions": INT, "buys": INT, "coins": INT},
        ["seat", "number", "phase", "actions", "buys", "coins"],
    ),
    "WaitingFor": obj({"seat": INT, "prompt": STR, "card": nullable(STR)},
                      ["seat", "prompt", "card"]),
    "Result": obj(
        {"scores": INTS, "turns": INTS, "winners": INTS, "tie_break": BOOL,
         "end_reason": nullable(STR),
         "decks": {"type": "array",
                   "items": {"type": "object", "additionalProperties": INT}}},
        ["scores", "turns", "winners", "tie_break", "end_reason"],
    ),
    "View": obj(
        {
            "seat": nullable(INT),
            "players": {"type": "array", "items": ref("PlayerView")},
            "supply": {"type": "array", "items": ref("Pile")},
            "kingdom": STRS,
            "trash": STRS,
            "turn": ref("Turn"),
            "awaiting": {**INTS, "description": "seats that must act now"},
            "waiting_for": nullable(ref("WaitingFor")),
            "decision": nullable(ref("Decision")),
            "legal": {"type": "array", "items": ref("LegalCommand")},
            "game_over": BOOL,
            "result": nullable(ref("Result")),
        },
        ["seat", "players", "supply", "kingdom", "trash", "turn", "awaiting", "waiting_for",
         "decision", "legal", "game_over", "result"],
        description="What one seat (or a spectator) may see; never other hands or deck order.",
    ),
    "SeatInfo": obj(
        {"seat": INT, "kind": {"type": "string", "enum": ["human", "bot"]},
         "name": nullable(STR), "bot": nullable(STR), "joined": BOOL},
        ["seat", "kind", "name", "bot", "joined"],
    ),
    "Invite": obj({"seat": INT, "code": STR, "url": STR}, ["seat", "code", "url"]),
    "Setup": obj(
        {"kingdom": STRS, "colony": BOOL, "colony_odds": {"type": "number"},
         "colony_reason": STR, "preset": nullable(STR),
         "randomizer": nullable({"type": "object"}), "players": INT},
        ["kingdom", "colony", "colony_odds", "colony_reason", "preset", "randomizer",
         "players"],
    ),
    "Game": obj(GAME_PROPS, GAME_REQUIRED),
    "Event": obj(
        {"seq": INT, "type": STR, "seat": nullable(INT), "text": STR, "card": STR,
         "cards": STRS, "count": INT, "to": STR, "source": STR, "reason": STR, "number": INT},
        ["seq", "type", "text"],
        description="An event as the caller may see it; others' hidden cards become count.",
    ),
    "CommandResult": obj(
        {**GAME_PROPS, "events": {"type": "array", "items": ref("Event"),
                                  "description": "what this command and the bots did"}},
        GAME_REQUIRED + ["events"],
        description="The game after the command, and the events it caused.",
    ),
    "SeatToken": obj(
        {"id": STR, "seat": INT,
         "token": {"type": "string", "description": "seat token: shown only here"},
         "invites": {"type": "array", "items": ref("Invite")}, "game": ref("Game")},
        ["id", "seat", "token", "invites", "game"],
    ),
    "LogPage": obj(
        {"events": {"type": "array", "items": ref("Event")}, "more": BOOL,
         "next_after": INT},
        ["events", "more", "next_after"],
    ),
    "Card": obj(
        {"name": STR, "local_name": STR, "set": STR, "editions": STRS, "cost": INT,
         "types": STRS, "text": STR, "basic": BOOL, "tags": STRS},
        ["name", "local_name", "set", "editions", "cost", "types", "text", "basic", "tags"],
    ),
    "Catalog": obj({"lang": STR, "cards": {"type": "array", "items": ref("Card")}},
                   ["lang", "cards"]),
    "Kingdom": obj(
        {"cards": STRS, "colony": BOOL,
         "colony_odds": {"type": "number", "minimum": 0, "maximum": 1,
                         "description": "share of Prosperity cards = official odds"},
         "colony_reason": {"type": "string",
                           "enum": ["all-prosperity", "no-prosperity", "random", "forced"]},
         "seed": INT, "method": {"type": "string", "enum": ["sampled", "constructed"]},
         "sets": STRS,
         "as_text": {"type": "string", "description": "comma-separated English names"}},
        ["cards", "colony", "colony_odds", "colony_reason", "seed", "method", "sets",
         "as_text"],
    ),
    "Preset": obj(
        {"key": STR, "name": STR,
         "names": {"type": "object", "additionalProperties": STR,
                   "description": "language -> name in the seeds' languages"},
         "cards": STRS, "sets": STRS, "source": STRS, "available": BOOL},
        ["key", "name", "names", "cards", "sets", "source", "available"],
    ),
    "PresetList": obj({"presets": {"type": "array", "items": ref("Preset")}}, ["presets"]),
    "Health": obj({"status": STR, "database": STR, "version": STR},
                  ["status", "database", "version"]),
}

_STATUS_TEXT = {
    200: "OK", 201: "Created", 304: "Not modified (If-None-Match matched)",
    400: "Malformed JSON, query or header", 401: "Missing, malformed or unknown seat token",
    403: "Not this seat's turn or decision", 404: "No such game (or code)",
    409: "Conflict with the game's state (full, not started, over)",
    412: "If-Match names an old version, or a simultaneous command won",
    413: "Request body too large", 415: "Body is not application/json",
    422: "Valid JSON that the schema or the rules reject",
    429: "Too many requests from this address; retry after Retry-After seconds",
    500: "Internal error", 503: "Database busy or unreachable; retry",
}


def _problem(status: int) -> Schema:
    return {"description": _STATUS_TEXT[status],
            "content": {PROBLEM: {"schema": ref("Problem")}}}


def _ok(schema: str, status: int = 200, headers: dict[str, Schema] | None = None,
        media: str = JSON) -> dict[str, Any]:
    out: dict[str, Any] = {"description": _STATUS_TEXT[status],
                           "content": {media: {"schema": ref(schema)}}}
    if headers:
        out["headers"] = headers
    return out


def _responses(ok: dict[int, Any], *errors: int) -> dict[str, Any]:
    out = {str(k): v for k, v in ok.items()}
    for status in sorted(set(errors) | {500, 503}):
        out[str(status)] = _problem(status)
    return out


ETAG_HEADER = {"description": "strong ETag of this version for this seat",
               "schema": STR, "required": True}
GAME_ID = {"name": "game_id", "in": "path", "required": True,
           "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"}}
OPTIONAL_AUTH = [{}, {"seatToken": []}]
REQUIRED_AUTH = [{"seatToken": []}]


def _body(schema: str, example: Any) -> dict[str, Any]:
    return {"required": True, "content": {JSON: {"schema": ref(schema), "example": example}}}


def _query(name: str, schema: Schema, description: str) -> dict[str, Any]:
    return {"name": name, "in": "query", "required": False, "schema": schema,
            "description": description}


RANDOM_PARAMS = [
    _query("seed", {"type": "integer", "minimum": 0, "maximum": MAX_SEED},
           "same seed and parameters -> same kingdom"),
    _query("sets", {"type": "string"}, f"comma-separated sets: {', '.join(SETS)}"),
    _query("editions", {"type": "string"}, f"comma-separated editions: {', '.join(EDITIONS)}"),
    _query("include", {"type": "string"}, "comma-separated cards that must be in it"),
    _query("ban", {"type": "string"}, "comma-separated cards that must not be in it"),
    _query("count", {"type": "integer", "minimum": 1, "maximum": 20}, "kingdom size (10)"),
    _query("require", {"type": "string"},
           f"comma-separated requirements: {', '.join(REQUIREMENTS)}"),
    _query("reaction", {"type": "boolean"}, "an Attack brings a Reaction when the pool has one"),
    _query("spread", {"type": "string"}, "cost bands, e.g. 2-3:2,4:2,5+:2"),
    _query("colony", {"type": "string", "enum": ["auto", "on", "off"]},
           "Platinum/Colony: official rule (auto) or forced"),
]

PATHS: dict[str, Any] = {
    "/api/games": {
        "post": {
            "operationId": "createGame",
            "summary": "Create a game",
            "description": ("2-6 seats, humans and bots. The creator gets a seat token; "
                            "the other human seats get invitation codes. The game starts "
                            "when every seat is taken; bots then play until a human must act."),
            "tags": ["games"],
            "requestBody": _body("GameCreate", {
                "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "generic"}],
                "preset": "first-game-2e", "colony": "auto"}),
            "responses": _responses(
                {201: _ok("SeatToken", 201, {"ETag": ETAG_HEADER,
                                             "Location": {"schema": STR, "required": True}})},
                400, 413, 415, 422, 429),
        },
    },
    "/api/join": {
        "post": {
            "operationId": "joinByCode",
            "summary": "Take the free seat of an invitation code",
            "tags": ["games"],
            "requestBody": _body("JoinByCode", {"name": "Bob", "code": "K7QX2MHP"}),
            "responses": _responses({200: _ok("SeatToken", 200, {"ETag": ETAG_HEADER})},
                                    400, 404, 409, 413, 415, 422, 429),
        },
    },
    "/api/games/{game_id}": {
        "parameters": [GAME_ID],
        "get": {
            "operationId": "getGame",
            "summary": "The game as the caller's seat (or a spectator) sees it",
            "description": ("With If-None-Match and an unchanged version: 304, having read "
                            "only the version. The view holds this seat's decision and its "
                            "legal commands."),
            "tags": ["games"],
            "security": OPTIONAL_AUTH,
            "parameters": [{"name": "If-None-Match", "in": "header", "required": False,
                            "schema": STR}],
            "responses": _responses(
                {200: _ok("Game", 200, {"ETag": ETAG_HEADER}),
                 304: {"description": _STATUS_TEXT[304], "headers": {"ETag": ETAG_HEADER}}},
                401, 404),
        },
    },
    "/api/games/{game_id}/join": {
        "parameters": [GAME_ID],
        "post": {
            "operationId": "joinGame",
            "summary": "Take a free seat",
            "tags": ["games"],
            "requestBody": _body("Join", {"name": "Bob"}),
            "responses": _responses({200: _ok("SeatToken", 200, {"ETag": ETAG_HEADER})},
                                    400, 404, 409, 413, 415, 422, 429),
        },
    },
    "/api/games/{game_id}/commands": {
        "parameters": [GAME_ID],
        "post": {
            "operationId": "postCommand",
            "summary": "Apply one command or decision answer as the caller's seat",
            "description": ("Send If-Match with the ETag acted on (412 if the game moved "
                            "on) and an Idempotency-Key (a retry returns the first answer "
                            "and never applies twice). Bots then move until a human must act."),
            "tags": ["games"],
            "security": REQUIRED_AUTH,
            "parameters": [
                {"name": "If-Match", "in": "header", "required": False, "schema": STR},
                {"name": "Idempotency-Key", "in": "header", "required": False,
                 "schema": {"type": "string", "pattern": "^[\\x21-\\x7e]{1,200}$"}},
            ],
            "requestBody": _body("Command", {"type": "play_treasures"}),
            "responses": _responses(
                {200: _ok("CommandResult", 200, {
                    "ETag": ETAG_HEADER,
                    "Idempotent-Replayed": {"schema": {"type": "string", "enum": ["true"]},
                                            "description": "present on a replayed answer"}})},
                400, 401, 403, 404, 409, 412, 413, 415, 422, 429),
        },
    },
    "/api/games/{game_id}/log": {
        "parameters": [GAME_ID],
        "get": {
            "operationId": "getLog",
            "summary": "The event log as the caller may see it, oldest first",
            "tags": ["games"],
            "security": OPTIONAL_AUTH,
            "parameters": [
                _query("after", {"type": "integer", "minimum": 0, "maximum": 2**31 - 1},
                       "events with seq greater than this (0)"),
                _query("limit", {"type": "integer", "minimum": 1, "maximum": 500},
                       "page size (100)"),
            ],
            "responses": _responses({200: _ok("LogPage")}, 400, 401, 404),
        },
    },
    "/api/cards": {
        "get": {
            "operationId": "getCards",
            "summary": "The card catalog",
            "tags": ["cards"],
            "parameters": [_query("lang", {"type": "string", "enum": list(SUPPORTED_LANGS)},
                                  "language of local_name (en)")],
            "responses": _responses({200: _ok("Catalog")}, 400),
        },
    },
    "/api/kingdoms/random": {
        "get": {
            "operationId": "randomKingdom",
            "summary": "A random kingdom meeting the constraints",
            "description": ("Platinum/Colony follow the official rule (a random kingdom card "
                            "from Prosperity) and the odds are reported. Unsatisfiable "
                            "constraints answer 422 naming the constraint."),
            "tags": ["kingdoms"],
            "parameters": RANDOM_PARAMS,
            "responses": _responses({200: _ok("Kingdom")}, 400, 422),
        },
    },
    "/api/kingdoms/presets": {
        "get": {
            "operationId": "getPresets",
            "summary": "Every recommended kingdom from the rulebooks",
            "tags": ["kingdoms"],
            "parameters": [_query("available", {"type": "boolean"},
                                  "only those whose cards are all implemented")],
            "responses": _responses({200: _ok("PresetList")}, 400),
        },
    },
    "/api/health": {
        "get": {
            "operationId": "health",
            "summary": "Liveness and database check",
            "tags": ["service"],
            "responses": {
                "200": _ok("Health"),
                "500": _problem(500),
                "503": {"description": "database unavailable",
                        "content": {JSON: {"schema": ref("Health")},
                                    PROBLEM: {"schema": ref("Problem")}}},
            },
        },
    },
    "/api/openapi.json": {
        "get": {
            "operationId": "openapi",
            "summary": "This document",
            "tags": ["service"],
            "responses": _responses({200: {"description": "OpenAPI 3.1",
                                           "content": {JSON: {"schema": {"type": "object"}}}}}),
        },
    },
    "/api/docs": {
        "get": {
            "operationId": "docs",
            "summary": "This document as a web page",
            "tags": ["service"],
            "responses": _responses({200: {"description": "HTML",
                                           "content": {"text/html": {"schema": STR}}}}),
        },
    },
}

DOCUMENT: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {
        "title": "Dominion API",
        "version": "1.0.0",
        "summary": "Play Dominion: games, seats, commands, per-seat views, kingdoms.",
        "description": (
            "JSON over HTTP. Errors are RFC 9457 problem details with a stable `code`. "
            "Seat tokens go in `Authorization: Bearer <token>`; without one you are a "
            "spectator. Poll `GET /api/games/{id}` with `If-None-Match`; send commands with "
            "`If-Match` and an `Idempotency-Key`. Creating games, joining and commands are "
            "rate-limited per client address (429 with `Retry-After` and `X-RateLimit-*` "
            "headers; the limits are the server's configuration)."
        ),
    },
    "servers": [{"url": "/"}],
    "tags": [{"name": "games"}, {"name": "cards"}, {"name": "kingdoms"}, {"name": "service"}],
    "paths": PATHS,
    "components": {
        "schemas": SCHEMAS,
        "securitySchemes": {
            "seatToken": {"type": "http", "scheme": "bearer",
                          "description": "the seat token from creating or joining a game"},
        },
    },
    "x-problem-codes": {code: {"status": s, "title": t} for code, (s, t) in TITLES.items()},
}


def document() -> dict[str, Any]:
    """A copy of the OpenAPI document (callers may change it)."""
    return copy.deepcopy(DOCUMENT)
