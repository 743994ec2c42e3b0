"""The OpenAPI 3.1 document, generated from the marshmallow schemas and the views.

Served at ``/api/openapi.json`` and rendered at ``/api/docs``. The components
come from :mod:`.schemas` through apispec's marshmallow plugin (docstrings,
field ``metadata`` and ``Meta.openapi`` carry what marshmallow cannot say); the
paths come from the app's routes, each view declaring its operation with
:func:`operation` (summary and description: the view's docstring). So the
document cannot describe a body, query or header schema that the views do
not use, and a route without a declaration fails the build.
"""

from __future__ import annotations

import copy
import inspect
import re
from dataclasses import dataclass
from typing import Any, Callable, Optional, TypeVar

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from apispec.ext.marshmallow.common import resolve_schema_cls
from apispec.ext.marshmallow.openapi import OpenAPIConverter
from flask import Flask, current_app
from marshmallow import Schema

from dominion import CARDS, IllegalCommand
from dominion.i18n import DECLARED
from dominion.presets import PRESETS
from dominion.errors import ILLEGAL_COMMAND_CODES

from . import schemas
from .names import name_pattern
from .errors import HTTP_CODES, OTHER_HTTP_CODE, TITLES, engine_error
from .service import REFUSALS

JSON = "application/json"
PROBLEM = "application/problem+json"

INFO_DESCRIPTION = """\
JSON over HTTP to play Dominion: create a game with humans and bots, take seats, poll
the game, send commands.

- Errors are [RFC 9457](https://www.rfc-editor.org/rfc/rfc9457) problem details
  (`application/problem+json`) with a stable `code`; its `type` links to the code's
  entry under *Problem codes*.
- A seat token goes in `Authorization: Bearer <token>`; without one you are a spectator.
- Poll `GET /api/games/{game_id}` with `If-None-Match`, and `Prefer: wait=25` to be told
  of a change at once (long polling); send commands with `If-Match` and an
  `Idempotency-Key` (see *Turn structure*).
- Creating games, joining and commands are rate-limited per client address: 429 with
  `Retry-After` and `X-RateLimit-*` headers (the limits are the server's configuration).
"""

# ---------------------------------------------------------------------------
# Components: marshmallow schemas -> JSON Schema


class _Converter(OpenAPIConverter):
    """apispec's converter, plus what our schemas say beyond their fields."""

    def init_attribute_functions(self) -> None:
        super().init_attribute_functions()
        self.add_attribute_function(_validator_pattern)
        self.add_attribute_function(_extra_keywords)
        self.add_attribute_function(_component)

    def schema2jsonschema(self, schema: Any) -> dict[str, Any]:
        cls = resolve_schema_cls(schema)
        if isinstance(cls, type) and issubclass(cls, schemas.OneOfSchema):
            refs = {k: self.resolve_nested_schema(v) for k, v in cls.variants.items()}
            out: dict[str, Any] = {
                "oneOf": list(refs.values()),
                "discriminator": {"propertyName": cls.discriminator,
                                  "mapping": {k: r["$ref"] for k, r in refs.items()}},
            }
        else:
            out = super().schema2jsonschema(schema)
        if cls.__doc__:  # a class's own docstring (never inherited)
            out["description"] = inspect.cleandoc(cls.__doc__)
        out.update(copy.deepcopy(getattr(getattr(cls, "Meta", None), "openapi", {})))
        return out


#: JSON Schema 2020-12 keywords that apispec's metadata filter (OpenAPI 3.0's list) drops.
_EXTRA_KEYWORDS = ("propertyNames", "const", "contains", "prefixItems")


def _extra_keywords(self: _Converter, field: Any, **kwargs: Any) -> dict[str, Any]:
    return {k: field.metadata[k] for k in _EXTRA_KEYWORDS if k in field.metadata}


def _component(self: _Converter, field: Any, ret: dict[str, Any],
               **kwargs: Any) -> dict[str, Any]:
    """A field whose ``component`` metadata names a component schema is a ``$ref`` to it
    (what its validators check, the component says exactly)."""
    name = field.metadata.get("component")
    if name is None:
        return {}
    kept = {k: ret[k] for k in ("description", "example") if k in ret}
    ret.clear()
    return {"$ref": f"#/components/schemas/{name}", **kept}


def _validator_pattern(self: _Converter, field: Any, ret: dict[str, Any],
                       **kwargs: Any) -> dict[str, Any]:
    """The pattern of a validator function (``printable``) when no other pattern is given."""
    if "pattern" in ret:
        return {}
    for v in field.validators:
        if v in schemas.VALIDATOR_PATTERNS:
            return {"pattern": schemas.VALIDATOR_PATTERNS[v]}
    return {}


class _Plugin(MarshmallowPlugin):
    Converter = _Converter


# ---------------------------------------------------------------------------
# Operations, declared on the views

STATUS_TEXT = {
    200: "OK", 201: "Created", 204: "Done; no body",
    304: "Not modified: the `If-None-Match` tag is current (also after the wait of `Prefer`)",
    400: "Malformed JSON, query or header", 401: "Missing, malformed or unknown seat token",
    403: "Not this seat's turn or decision", 404: "No such game (or invitation code)",
    409: "Conflict with the game's state (full, not started, over)",
    412: "`If-Match` names an old version, or a simultaneous command won",
    413: "Request body too large", 414: "URL too long",
    415: "The body is not `application/json`",
    422: "Valid JSON that the schema or the rules refuse",
    429: "Too many requests from this address; retry after `Retry-After` seconds",
    431: "Too many header fields, or one too large", 500: "Internal error", 503: "Database busy or unreachable; retry",
}

_TOKEN = {"type": "string", "pattern": r'^"v[0-9]+-(x|s[0-9])"$'}
HEADERS: dict[str, dict[str, Any]] = {
    "ETag": {"description": "strong ETag of this version of the game for this seat: "
                            '`"v<version>-s<seat>"`, or `"v<version>-x"` for a spectator, '
                            "of the body's `version` and `seat`. The format is stable: a "
                            "client that reads only bodies may build it from them, and "
                            "compression leaves it as it is",
             "schema": _TOKEN, "required": True},
    "Location": {"description": "the new game", "schema": {"type": "string"}, "required": True},
    "Preference-Applied": {"description": "`wait=<seconds>`: the request was held (long "
                                          "polling) up to that long; absent when it was "
                                          "answered at once",
                           "schema": {"type": "string",
                                      "pattern": r"^wait=[0-9]+(\.[0-9]+)?$"}},
    "Longpoll-Refused": {"description": "why a poll that asked to wait (`Prefer: wait`) "
                                        "was answered at once: `busy` (this server process "
                                        "holds as many polls as it can) or `stopping` (it "
                                        "is restarting): poll again after a pause; `final` "
                                        "(the game is over and its rematch made: it will "
                                        "not change again): stop polling. More values may "
                                        "come: treat an unknown one as `busy`",
                         "schema": schemas.open_enum(REFUSALS)},
    "Idempotent-Replayed": {"description": "present on a replayed answer (same key)",
                            "schema": {"type": "string", "enum": ["true"]}},
    "Retry-After": {"description": "seconds to wait before trying again",
                    "schema": {"type": "string", "pattern": "^[0-9]+$"}},
    "WWW-Authenticate": {"description": "`Bearer`", "schema": {"type": "string"}},
    "Accept-Post": {"description": "the media type to send", "schema": {"type": "string"}},
    "X-RateLimit-Limit": {"description": "requests allowed in the window",
                          "schema": {"type": "string"}},
    "X-RateLimit-Remaining": {"description": "requests left in the window",
                              "schema": {"type": "string"}},
    "X-RateLimit-Reset": {"description": "when the window resets (Unix time)",
                          "schema": {"type": "string"}},
}
#: Headers that come with a problem of this status.
PROBLEM_HEADERS = {
    401: ("WWW-Authenticate",), 412: ("ETag",), 415: ("Accept-Post",),
    429: ("Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"),
    503: ("Retry-After",),
}
#: What any request may be answered (request_limits.py, the database, a bug).
ANY_REQUEST_ERRORS = frozenset({414, 431, 500, 503})
#: The document's default security: a seat token is optional (without one the caller
#: is a spectator). The operations that take it optional inherit it rather than
#: repeat it, because openapi-python-client (0.29) reads any operation-level
#: ``security`` as required, ``{}`` included (its issue 1372), and so demanded a
#: token for spectating; every other operation states its own (``[]``: no token).
DEFAULT_SECURITY = [{}, {"seatToken": []}]
SECURITY: dict[Optional[str], Optional[list[dict[str, list[str]]]]] = {
    "optional": None, "required": [{"seatToken": []}], None: []}


@dataclass(frozen=True)
class Ok:
    """A successful answer: its status, body schema (or raw JSON Schema) and headers."""

    status: int
    body: Any = None  # a Schema class, a JSON Schema dict, or None (no body)
    headers: tuple[str, ...] = ()
    media: str = JSON
    description: Optional[str] = None


@dataclass(frozen=True)
class Operation:
    """What the document says about one view beyond its docstring."""

    operation_id: str
    tags: tuple[str, ...]
    ok: tuple[Ok, ...]
    errors: tuple[int, ...] = ()
    body: Optional[type[Schema]] = None
    example: Any = None
    query: Optional[type[Schema]] = None
    path: Optional[type[Schema]] = None
    headers: Optional[type[Schema]] = None
    security: Optional[str] = None  # "optional", "required" or None (no token)

    def to_dict(self, doc: Optional[str]) -> dict[str, Any]:
        summary, _, description = inspect.cleandoc(doc or "").partition("\n")
        op: dict[str, Any] = {"operationId": self.operation_id, "summary": summary.strip(),
                              "tags": list(self.tags)}
        if description.strip():
            op["description"] = description.strip()
        params = [{"in": where, "schema": s} for where, s in
                  (("path", self.path), ("query", self.query), ("header", self.headers)) if s]
        if params:
            op["parameters"] = params
        if SECURITY[self.security] is not None:
            op["security"] = SECURITY[self.security]
        if self.body is not None:
            media: dict[str, Any] = {"schema": self.body}
            if self.example is not None:
                media["example"] = self.example
            op["requestBody"] = {"required": True, "content": {JSON: media}}
        op["responses"] = {str(ok.status): _ok(ok) for ok in self.ok}
        for status in sorted(set(self.errors) | ANY_REQUEST_ERRORS):
            problem = _problem(status)
            if str(status) in op["responses"]:  # a body of its own, or a problem
                op["responses"][str(status)]["content"].update(problem["content"])
            else:
                op["responses"][str(status)] = problem
        return op


def _ok(ok: Ok) -> dict[str, Any]:
    out: dict[str, Any] = {"description": ok.description or STATUS_TEXT[ok.status]}
    if ok.body is not None:
        out["content"] = {ok.media: {"schema": ok.body}}
    if ok.headers:
        out["headers"] = {h: HEADERS[h] for h in ok.headers}
    return out


def _problem(status: int) -> dict[str, Any]:
    out: dict[str, Any] = {"description": STATUS_TEXT[status],
                           "content": {PROBLEM: {"schema": schemas.ProblemSchema}}}
    if status in PROBLEM_HEADERS:
        out["headers"] = {h: HEADERS[h] for h in PROBLEM_HEADERS[status]}
    return out


F = TypeVar("F", bound=Callable[..., Any])


def operation(operation_id: str, *, tags: tuple[str, ...], ok: Ok | tuple[Ok, ...],
              **kwargs: Any) -> Callable[[F], F]:
    """Declare a view's operation (see :class:`Operation`); its docstring gives the
    summary (first line) and the Markdown description (the rest)."""

    def mark(view: F) -> F:
        view.openapi = Operation(  # type: ignore[attr-defined]
            operation_id, tuple(tags), ok if isinstance(ok, tuple) else (ok,), **kwargs)
        return view

    return mark


# ---------------------------------------------------------------------------
# Problem codes


#: What the API's own codes (``errors.TITLES``, werkzeug's) mean, for the docs.
MEANINGS: dict[str, str] = {
    "bad_json": "The body is not valid JSON (or not UTF-8).",
    "bad_request": "The request could not be read.",
    "bad_query": "A query parameter is invalid; `errors` names each one.",
    "bad_header": "A header (`If-Match`, `If-None-Match`, `Idempotency-Key`) is malformed; "
                  "`errors` names it.",
    "unauthorized": "The seat token is missing (where required), malformed or not one of "
                    "this game's.",
    "forbidden": "This seat may not do that.",
    "not_found": "Nothing is at this URL, or no free seat has this invitation code.",
    "game_not_found": "No game has this id.",
    "method_not_allowed": "This URL does not take this method; `Allow` lists those it takes.",
    "not_acceptable": "The answer cannot be given in a media type the request accepts.",
    "game_full": "Every seat of the game is taken.",
    "seat_taken": "The invitation code is used up or wrong, or someone took the seat first "
                  "(for a rematch: the caller's seat was taken with its invitation code).",
    "game_not_started": "The game starts when every seat is taken.",
    "game_not_over": "A rematch can follow only a finished game, and only a finished "
                     "game has statistics.",
    "stale_version": "`If-Match` names an old version, or another command won the race: "
                     "nothing was applied; fetch the game (`current_version`) and decide "
                     "again.",
    "too_large": "The body is larger than the server accepts.",
    "uri_too_long": "The URL (path and query) is longer than the server accepts.",
    "headers_too_large": "There are too many header fields, or one is too large.",
    "unsupported_media_type": "Send the body as `application/json`.",
    "invalid_body": "The body does not match its schema; `errors` maps each field to "
                    "messages.",
    "illegal_command": "The rules do not allow this command now.",
    "invalid_setup": "No game can be made with this kingdom (unknown, basic or repeated "
                     "cards, unknown preset).",
    "unsatisfiable": "The randomizer cannot use a card it was given (unknown, not "
                     "implemented, or a basic card to include); `constraint` names the "
                     "parameter. Constraints that cannot all be met together are not an "
                     "error: the kingdom's `unmet` lists what was given up.",
    "idempotency_key_reused": "This `Idempotency-Key` was used for another command of this "
                              "seat.",
    "no_such_seat": "`stand_in` names a seat the game does not have.",
    "seat_not_absent": "`stand_in`: the seat has not missed the move deadline (the game has "
                       "none, it does not wait for that seat, or `deadline_at` has not "
                       "passed).",
    "seat_is_bot": "`stand_in`: a bot plays that seat from the start.",
    "own_seat": "`stand_in`: a player cannot hand their own seat to a bot.",
    "seat_stood_in": "`stand_in`: a bot already plays that seat.",
    "take_back_first": "`stand_in`: a bot plays your own seat; send `take_back` first.",
    "not_stood_in": "`take_back`: no bot plays your seat.",
    "rate_limited": "Too many requests from this address; wait `Retry-After` seconds.",
    "unsafe_url": "The server will not send to this URL: not `https`, credentials in it, "
                  "too long, or its host resolves to a loopback, private, link-local or "
                  "metadata address; `reason` says which.",
    "too_many_subscriptions": "This seat has as many push subscriptions as allowed; "
                              "delete one first.",
    "too_many_webhooks": "This seat has as many webhooks as allowed; delete one first.",
    "internal_error": "The server failed; nothing was changed. Details are in its log only.",
    "unavailable": "The database is busy or unreachable; nothing was changed. Retry after "
                   "`Retry-After` seconds.",
}


def problem_codes() -> dict[str, dict[str, Any]]:
    """Every problem ``code`` the API may answer -> its status, title and meaning.

    The API's own codes, werkzeug's HTTP errors, and the engine's codes for
    illegal commands with the status :func:`.errors.engine_error` gives them.
    """
    out: dict[str, dict[str, Any]] = {
        code: {"status": status, "title": title} for code, (status, title) in TITLES.items()}
    for status, code in HTTP_CODES.items():
        out.setdefault(code, {"status": status, "title": code.replace("_", " ").capitalize()})
    for code, entry in out.items():
        if code in MEANINGS:
            entry["description"] = MEANINGS[code]
    out.setdefault(OTHER_HTTP_CODE, {"status": "4xx", "title": "Other HTTP error",
                                     "description": "Another HTTP error; see `status`."})
    for code, meaning in ILLEGAL_COMMAND_CODES.items():
        err = engine_error(IllegalCommand(meaning, code))
        entry = out.setdefault(code, {"status": err.status, "title": err.title})
        entry["description"] = meaning
        entry["engine"] = True
    return out


# ---------------------------------------------------------------------------
# The document


#: What the server sends to a seat's webhooks (``addWebhook``) and push subscriptions.
WEBHOOKS = {
    "turnAlert": {"post": {
        "operationId": "turnAlert", "tags": ["alerts"],
        "summary": "An event of the seat, POSTed to its webhook",
        "description": "Signed by the Standard Webhooks specification with the webhook's "
                       "secret; verify before trusting (see *Turn alerts*). Retried with "
                       "backoff on timeouts, 5xx and 429 with the same `id`.",
        "requestBody": {"required": True, "content": {JSON: {
            "schema": {"$ref": "#/components/schemas/WebhookEvent"},
            "example": {"type": "turn", "id": "4f6c0d1e9b8a4c37a1e2b3c4d5e6f708",
                        "game_id": "abc", "seat": 1, "version": 12,
                        "timestamp": "2026-11-27T12:00:00Z",
                        "data": {"kind": "turn", "game_id": "abc", "seat": 1, "version": 12,
                                 "turn": 7, "players": ["Ann", "Bob"], "title": "Your turn",
                                 "body": "Dominion: turn 7 against Ann",
                                 "url": "/#/g/abc"}}}}},
        "responses": {"2XX": {"description": "received (any other answer is a failure)"}},
    }},
    "pushAlert": {"post": {
        "operationId": "pushAlert", "tags": ["alerts"],
        "summary": "A Web Push message to the seat's browser",
        "description": "Encrypted (RFC 8291 aes128gcm) and VAPID-signed (RFC 8292) to the "
                       "subscription's push service, with `Urgency`, `TTL` and a `Topic` "
                       "per game; the service worker gets this JSON.",
        "requestBody": {"required": True, "content": {JSON: {
            "schema": {"$ref": "#/components/schemas/PushMessage"}}}},
        "responses": {"201": {"description": "accepted by the push service"}},
    }},
}


def _names() -> dict[str, tuple[list[str], str]]:
    """The names a request may use, from the engine's registries (so a schema-valid
    request never names a card or preset the server does not know)."""
    kingdom = sorted(n for n, c in CARDS.items() if not c.basic)
    # Keys only: a name may differ from a key only in case, which a generated client's
    # enum cannot hold (openapi-python-client refuses duplicate member names).
    presets = [p.key for p in PRESETS]
    return {
        schemas.KINGDOM_CARD: (kingdom, "A kingdom card this server plays, by its "
                                        "English name (see `GET /api/cards`)."),
        schemas.CARD_NAME: (sorted(set(CARDS) | set(DECLARED)),
                            "Any card the randomizer knows, by its English name: the "
                            "cards of `GET /api/cards`, and the cards of the sets not "
                            "playable here yet."),
        schemas.PRESET_KEY: (presets, "A recommended kingdom by its `key` (see "
                                       "`GET /api/kingdoms/presets`); the server also "
                                       "takes its `name` or `names` in any language "
                                       "and case."),
    }


def build(app: Flask) -> dict[str, Any]:
    """The OpenAPI document of ``app``'s ``/api`` routes.

    :raises LookupError: if a route's view declares no :func:`operation`.
    """
    spec = APISpec(
        title="Dominion API", version="1.0.0", openapi_version="3.1.0",
        plugins=[_Plugin()],
        info={"summary": "Play Dominion: games, seats, commands, per-seat views, kingdoms.",
              "description": INFO_DESCRIPTION},
        servers=[{"url": "/"}], security=DEFAULT_SECURITY,
        tags=[{"name": "games"}, {"name": "alerts"}, {"name": "cards"}, {"name": "kingdoms"},
              {"name": "service"}],
    )
    spec.components.security_scheme("seatToken", {
        "type": "http", "scheme": "bearer",
        "description": "the seat token from creating or joining a game"})
    # The enums of the answers, named: a generated client gets one type per enum
    # (not `ResultEndReasonType2Type1`), and the growing ones stay open (see
    # schemas.growing and *Enums that may grow*).
    spec.components.schema("EndReason", {
        "type": "string", "enum": list(schemas.END_REASONS),
        "description": "Why the game ended: the Province pile (`provinces`) or the Colony "
                       "pile (`colonies`) ran out, or enough supply piles did (`piles`)."})
    for name, (values, description) in schemas.GROWING_ENUMS.items():
        spec.components.schema(name, {"type": "string", "enum": list(values()),
                                      "description": description})
    spec.components.schema("ProblemCode", {
        "type": "string", "enum": list(problem_codes()),
        "description": "A problem `code` known today (see *Problem codes*). New codes may "
                       "come: act on the problem's HTTP `status` for one you do not know."})
    spec.components.schema("Problem", schema=schemas.ProblemSchema)
    spec.components.schema(schemas.PLAYER_NAME, {
        "type": "string", "minLength": 1, "maxLength": 40, "pattern": name_pattern(),
        "description": "A player's name as the pattern says it exactly: no character the "
                       "server refuses (built from its Unicode data), not blank, no "
                       "combining mark first. " + schemas.NAME_RULES})
    for name, (values, description) in _names().items():
        spec.components.schema(name, {"type": "string", "enum": values,
                                      "description": description})
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/"):
            continue
        view = inspect.unwrap(app.view_functions[rule.endpoint],
                              stop=lambda f: hasattr(f, "openapi"))
        op: Optional[Operation] = getattr(view, "openapi", None)
        if op is None:
            raise LookupError(f"{rule.endpoint} ({rule.rule}) declares no OpenAPI operation")
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            spec.path(path=path, operations={method.lower(): op.to_dict(view.__doc__)})
    spec.components.schema("PushMessage", schema=schemas.PushMessageSchema)
    spec.components.schema("WebhookEvent", schema=schemas.WebhookEventSchema)
    out = spec.to_dict()
    out["webhooks"] = WEBHOOKS
    out["x-problem-codes"] = problem_codes()
    return out


def document(app: Optional[Flask] = None) -> dict[str, Any]:
    """A copy of the OpenAPI document of ``app`` (default: the current app), built once."""
    app = app or current_app._get_current_object()  # type: ignore[attr-defined]
    if "openapi" not in app.extensions:
        app.extensions["openapi"] = build(app)
    return copy.deepcopy(app.extensions["openapi"])
