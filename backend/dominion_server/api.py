"""The JSON API under ``/api``: thin views that parse, call :mod:`.service`, dump.

Every body is read through a marshmallow schema (422 on mismatch, 400 on
malformed JSON, 415 on a non-JSON media type, 413 past the size limit), query
strings and headers too (400), and every answer is dumped through one. Errors
are problem details (:mod:`.errors`).

Each view declares its OpenAPI operation (:func:`.openapi.operation`); its
docstring is the operation's summary and Markdown description.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any, Optional

from flask import Blueprint, Response, current_app, request
from marshmallow import Schema, ValidationError
from sqlalchemy import text

from dominion import CARDS, catalog, presets, randomize
from dominion.errors import DominionError

from . import bodies, docs, game_stats, openapi, schemas, service, stats_schemas
from .delivery import registry
from .delivery.worker import vapid_keys
from .errors import ApiError, engine_error
from .extensions import db
from .openapi import Ok

bp = Blueprint("api", __name__, url_prefix="/api")

# Schemas are stateless once built; build each once.
GAME_CREATE = schemas.GameCreateSchema()
JOIN = schemas.JoinSchema()
JOIN_BY_CODE = schemas.JoinByCodeSchema()
COMMAND = schemas.CommandSchema()
LOG_QUERY = schemas.LogQuerySchema()
CARDS_QUERY = schemas.CardsQuerySchema()
PRESETS_QUERY = schemas.PresetsQuerySchema()
RANDOM_QUERY = schemas.RandomQuerySchema()
GAME = schemas.GameSchema()
COMMAND_RESULT = schemas.CommandResultSchema()
SEAT_TOKEN = schemas.SeatTokenSchema()
LOG_PAGE = schemas.LogPageSchema()
CATALOG = schemas.CatalogSchema()
KINGDOM = schemas.KingdomSchema()
PRESET_LIST = schemas.PresetListSchema()
HEALTH = schemas.HealthSchema()
POLL_HEADERS = schemas.PollHeadersSchema()
COMMAND_HEADERS = schemas.CommandHeadersSchema()
GAME_STATS = stats_schemas.GameStatsSchema()
STATS_HEADERS = stats_schemas.StatsHeadersSchema()



def _json(data: Any, status: int = 200, headers: Optional[dict[str, str]] = None) -> Response:
    resp = current_app.response_class(
        json.dumps(data, separators=(",", ":"), ensure_ascii=False),
        status=status, mimetype="application/json",
    )
    for k, v in (headers or {}).items():
        resp.headers[k] = v
    return resp


def _body(schema: Schema) -> dict[str, Any]:
    """The request body, checked: JSON media type, size, syntax, schema.

    :raises ApiError: 415, 400 (malformed or too deeply nested JSON).
    :raises RequestEntityTooLarge: 413.
    :raises ValidationError: 422.
    """
    mimetype = request.mimetype or ""
    if mimetype != "application/json" and not mimetype.endswith("+json"):
        raise ApiError("unsupported_media_type",
                       "send the body as application/json",
                       headers={"Accept-Post": "application/json"})
    return schema.load(bodies.parse_json(bodies.read()))


def _query(schema: Schema) -> dict[str, Any]:
    """Query parameters, checked (400 with the failing parameters)."""
    args = {k: (v[0] if len(v) == 1 else v) for k, v in request.args.lists()}
    try:
        return schema.load(args)
    except ValidationError as e:
        raise ApiError("bad_query", "invalid query parameters",
                       extra={"errors": e.messages}) from None


def _headers(schema: Schema) -> dict[str, Any]:
    """The headers ``schema`` names, checked (400 with the failing headers)."""
    names = [f.data_key or name for name, f in schema.fields.items()]
    given = {n: request.headers[n] for n in names if n in request.headers}
    try:
        return schema.load(given)
    except ValidationError as e:
        raise ApiError("bad_header", f"invalid {', '.join(sorted(e.messages))} header",
                       extra={"errors": e.messages}) from None


_GAME_ID = re.compile(schemas.GAME_ID_PATTERN)


def _game_id(game_id: str) -> str:
    """The id from the URL; one that cannot exist is 404 without a database query."""
    if not _GAME_ID.match(game_id):
        raise ApiError("game_not_found", "no game has this id")
    return game_id


#: Endpoint -> the setting that holds its rate limit per client address.
RATE_LIMITS = {
    "api.create_game": "RATE_LIMIT_CREATE",
    "api.join_game": "RATE_LIMIT_JOIN",
    "api.join_by_code": "RATE_LIMIT_JOIN",
    "api.post_command": "RATE_LIMIT_COMMANDS",
    "api.rematch": "RATE_LIMIT_CREATE",
}


# ---------------------------------------------------------------------------
# Games


@bp.post("/games")
@openapi.operation(
    "createGame", tags=("games",), body=schemas.GameCreateSchema,
    example={"seats": [{"kind": "human", "name": "Ann"}, {"kind": "human"},
                       {"kind": "bot", "bot": "easy"}],
             "preset": "first-game-2e", "reminder": 12, "deadline": 24},
    ok=Ok(201, schemas.SeatTokenSchema, ("ETag", "Location")),
    errors=(400, 413, 415, 422, 429))
def create_game() -> Response:
    """Create a game

    2 to 6 seats, humans and bots. The creator gets its seat token; the other human
    seats get invitation codes (`invites`). The game starts when every seat is taken;
    bots then play until a human must act. `edition` chooses the rules edition (see
    *Rules editions*). `reminder` and `deadline` (hours) keep a game among distant
    friends alive (see *Reminders, deadlines and absent seats*).
    """
    data = _body(GAME_CREATE)
    grant = service.create_game(data)
    return _seat_answer(grant, 201)


@bp.post("/games/<game_id>/join")
@openapi.operation(
    "joinGame", tags=("games",), path=schemas.GamePathSchema, body=schemas.JoinSchema,
    example={"name": "Bob"}, ok=Ok(200, schemas.SeatTokenSchema, ("ETag",)),
    errors=(400, 404, 409, 413, 415, 422, 429))
def join_game(game_id: str) -> Response:
    """Take a free seat of a game

    The seat of `code`, or else the first free human seat. The seats of a rematch are
    kept for the old game's players: they need their `code` (409 `seat_taken` without).
    """
    data = _body(JOIN)
    grant = service.join_game(_game_id(game_id), data["name"], data.get("code"))
    return _seat_answer(grant, 200)


@bp.post("/join")
@openapi.operation(
    "joinByCode", tags=("games",), body=schemas.JoinByCodeSchema,
    example={"name": "Bob", "code": "K7QX-2MHP"},
    ok=Ok(200, schemas.SeatTokenSchema, ("ETag",)), errors=(400, 404, 409, 413, 415, 422, 429))
def join_by_code() -> Response:
    """Take the seat of an invitation code

    The code alone finds the game.
    """
    data = _body(JOIN_BY_CODE)
    grant = service.join_by_code(data["code"], data["name"])
    return _seat_answer(grant, 200)


@bp.post("/games/<game_id>/rematch")
@openapi.operation(
    "rematch", tags=("games",), path=schemas.GamePathSchema, security="required",
    ok=(Ok(201, schemas.SeatTokenSchema, ("ETag", "Location")),
        Ok(200, schemas.SeatTokenSchema, ("ETag", "Location"),
           description="The rematch already existed: the caller's seat in it")),
    errors=(400, 401, 404, 409, 429))
def rematch(game_id: str) -> Response:
    """Play a finished game again with the same players

    The first call by any seat creates the next game (201): the same kingdom, Platinum
    and Colony, rules edition and seats (names; bots stay bots), the player to the left
    of the last winner first (after a tie, a random player who did not win), and the
    caller seated with a new `token`. The old game's `rematch` then names it, and shows
    each other human seat its own invitation (`rematch.invite`, to that seat only); they
    join by calling this too (200, their seat and token in the new game) or with the
    code. Later calls, and retries, answer 200 with the same game and the same token.
    A game that is not over is 409 `game_not_over`; a caller whose seat in the rematch
    was already taken with its code is 409 `seat_taken`. No body.
    """
    grant, created = service.rematch(_game_id(game_id), request.headers.get("Authorization"))
    return _seat_answer(grant, 201 if created else 200)


def _seat_answer(grant: service.SeatGrant, status: int) -> Response:
    g = service.load(grant.game_id)
    body = {
        "id": grant.game_id,
        "seat": grant.seat,
        "token": grant.token,
        "invites": grant.invites,
        "game": service.game_resource(g, grant.seat),
    }
    return _json(SEAT_TOKEN.dump(body), status, {
        "Location": f"/api/games/{grant.game_id}",
        "ETag": service.etag(g.version, grant.seat),
        "Cache-Control": "no-store",  # the answer holds a secret token
    })


@bp.get("/games/<game_id>")
@openapi.operation(
    "getGame", tags=("games",), path=schemas.GamePathSchema, headers=schemas.PollHeadersSchema,
    security="optional",
    ok=(Ok(200, schemas.GameSchema, ("ETag", "Preference-Applied", "Longpoll-Refused")),
        Ok(304, None, ("ETag", "Preference-Applied", "Longpoll-Refused"))),
    errors=(400, 401, 404))
def get_game(game_id: str) -> Response:
    """The game as the caller's seat (or a spectator) sees it

    The `view` holds this seat's open `decision` and its `legal` commands. Poll with
    `If-None-Match` set to the last `ETag`: while nothing changed the answer is a 304
    without a body, which costs the server almost nothing. Add `Prefer: wait=25` to
    long-poll: the server holds the request until the game changes (then 200 at once)
    or the wait ends (304); `Preference-Applied` says it waited. Without that header in
    the answer, `Longpoll-Refused` says why, and you poll again later (see *Turn
    structure*).
    """
    game_id = _game_id(game_id)
    auth = request.headers.get("Authorization")
    hdrs = _headers(POLL_HEADERS)
    inm = hdrs.get("if_none_match")
    cache = {"Cache-Control": "private, no-cache", "Vary": "Authorization"}
    service.read_only()
    if inm is not None:
        # The cheap path: version and token hashes only, no state is loaded;
        # with a wait, no connection is held until the game changes.
        polled = service.poll(game_id, auth, inm, hdrs.get("prefer"))
        if polled.waited is not None:
            cache["Preference-Applied"] = f"wait={_seconds(polled.waited)}"
        if polled.refused is not None:
            cache["Longpoll-Refused"] = polled.refused
        if not polled.modified:
            resp = Response(status=304)
            resp.headers["ETag"] = polled.etag
            resp.headers.update(cache)
            return resp
    g = service.load(game_id)
    seat = service.authenticate(auth, ((s.seat, s.token_hash) for s in g.seats))
    body = GAME.dump(service.game_resource(g, seat))
    return _json(body, 200, {"ETag": service.etag(g.version, seat), **cache})


def _seconds(value: float) -> str:
    """Seconds as in ``Prefer``: ``25``, ``0.5`` (never an exponent)."""
    return f"{value:.6f}".rstrip("0").rstrip(".") or "0"


@bp.post("/games/<game_id>/commands")
@openapi.operation(
    "postCommand", tags=("games",), path=schemas.GamePathSchema,
    headers=schemas.CommandHeadersSchema, body=schemas.CommandSchema, security="required",
    example={"type": "buy", "card": "Silver"},
    ok=Ok(200, schemas.CommandResultSchema, ("ETag", "Idempotent-Replayed")),
    errors=(400, 401, 403, 404, 409, 412, 413, 415, 422, 429))
def post_command(game_id: str) -> Response:
    """Send one command (or a decision answer) as the caller's seat

    Send `If-Match` with the `ETag` of the view you decided on (412 if the game moved
    on: fetch it and decide again) and a fresh `Idempotency-Key` (a retry with the
    same key returns the first answer and never applies the command twice). Bots then
    move until a human must act; `events` tells what happened. An illegal command is
    a problem with the engine's `code` (see *Problem codes*) and changes nothing.
    `{"type": "undo"}` takes back the seat's last move while no new information
    appeared (see *Turn structure*, `cannot_undo` otherwise): its `events` are empty,
    the undone move's events leave the log and `log_epoch` grows by one.
    `{"type": "stand_in", "seat": S}` and `{"type": "take_back"}` hand an absent
    player's seat to a bot and take it back (see *Reminders, deadlines and absent
    seats*).
    """
    game_id = _game_id(game_id)
    hdrs = _headers(COMMAND_HEADERS)
    command = _body(COMMAND)
    out = service.apply_command(
        game_id, request.headers.get("Authorization"), command,
        hdrs.get("if_match"), hdrs.get("idempotency_key"), COMMAND_RESULT.dump,
    )
    headers = {"ETag": out.etag, "Cache-Control": "no-store"}
    if out.replayed:
        headers["Idempotent-Replayed"] = "true"
    resp = current_app.response_class(out.body, status=200, mimetype="application/json")
    resp.headers.update(headers)
    return resp


@bp.get("/games/<game_id>/log")
@openapi.operation(
    "getLog", tags=("games",), path=schemas.GamePathSchema, query=schemas.LogQuerySchema,
    security="optional", ok=Ok(200, schemas.LogPageSchema), errors=(400, 401, 404))
def get_log(game_id: str) -> Response:
    """The event log as the caller may see it, oldest first

    Other seats' hidden cards appear as a `count`. Page with `after` = `next_after`
    while `more` is true. Each event's `text` is a sentence in `lang`. An `undo` removes
    the undone move's events from the end of the log and raises the game's `log_epoch`:
    when it changed, read the log again from `after=0`.
    """
    game_id = _game_id(game_id)
    q = _query(LOG_QUERY)
    service.read_only()
    page = service.log_page(game_id, request.headers.get("Authorization"), q["after"], q["limit"],
                            q["lang"])
    return _json(LOG_PAGE.dump(page), 200, {"Cache-Control": "private, no-cache",
                                           "Vary": "Authorization"})


@bp.get("/games/<game_id>/stats")
@openapi.operation(
    "getGameStats", tags=("games",), path=schemas.GamePathSchema,
    headers=stats_schemas.StatsHeadersSchema,
    ok=(Ok(200, stats_schemas.GameStatsSchema, ("ETag",)), Ok(304, None, ("ETag",))),
    errors=(400, 404, 409))
def get_game_stats(game_id: str) -> Response:
    """A finished game's statistics, turn by turn

    Each turn's player and coins, the cards every player gained in it and every
    player's VP after it; each player's turns, shuffles and final deck. Only what was
    public during the game (VP as everyone knew them: see `vp`) or became public at its
    end; the same for every caller, so no token is read. A game still being played (or
    waiting for players) has none yet: 409 `game_not_over`. A finished game's statistics
    never change: send `If-None-Match` with the `ETag` for a 304.
    """
    game_id = _game_id(game_id)
    inm = _headers(STATS_HEADERS).get("if_none_match")
    service.read_only()
    g = game_stats.finished(game_id)
    tag = service.etag(g.version, None)
    cache = {"ETag": tag, "Cache-Control": "public, no-cache"}
    if inm is not None and service.etag_matches(inm, tag):
        resp = Response(status=304)  # the replay is skipped too
        resp.headers.update(cache)
        return resp
    return _json(GAME_STATS.dump(game_stats.stats(g)), 200, cache)


# ---------------------------------------------------------------------------
# Turn alerts: Web Push subscriptions and webhooks (issue 22)

PUSH_SUBSCRIPTION_CREATE = schemas.PushSubscriptionCreateSchema()
PUSH_SUBSCRIPTION = schemas.PushSubscriptionSchema()
PUSH_SUBSCRIPTION_LIST = schemas.PushSubscriptionListSchema()
PUSH_KEY = schemas.PushKeySchema()
WEBHOOK_CREATE = schemas.WebhookCreateSchema()
WEBHOOK_CREATED = schemas.WebhookCreatedSchema()
WEBHOOK_LIST = schemas.WebhookListSchema()
WEBHOOK_SECRET = schemas.WebhookSecretSchema()
_NO_STORE = {"Cache-Control": "no-store"}
_SUBSCRIPTION_EXAMPLE = {
    "subscription": {
        "endpoint": "https://push.example.net/send/dGhpcyBpcyBhbiBleGFtcGxl",
        "keys": {"p256dh": "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1"
                           "XbjhazAkj7I99e8QcYP7DkM",
                 "auth": "tBHItJI5svbpez7KI4CCXg"},
        "expirationTime": None},
    "lang": "en"}
RATE_LIMITS.update({
    "api.add_push_subscription": "RATE_LIMIT_JOIN",
    "api.list_push_subscriptions": "RATE_LIMIT_JOIN",
    "api.delete_push_subscription": "RATE_LIMIT_JOIN",
    "api.add_webhook": "RATE_LIMIT_JOIN",
    "api.list_webhooks": "RATE_LIMIT_JOIN",
    "api.delete_webhook": "RATE_LIMIT_JOIN",
    "api.rotate_webhook": "RATE_LIMIT_JOIN",
})


def _auth() -> Optional[str]:
    return request.headers.get("Authorization")


@bp.get("/push/key")
@openapi.operation("getPushKey", tags=("alerts",), ok=Ok(200, schemas.PushKeySchema))
def get_push_key() -> Response:
    """The server's Web Push key

    Pass `public_key` as `applicationServerKey` to `pushManager.subscribe` (VAPID,
    RFC 8292), then register the subscription with a seat.
    """
    key = vapid_keys(current_app).public_key_b64url
    return _json(PUSH_KEY.dump({"public_key": key}), 200,
                 {"Cache-Control": "public, max-age=300"})


@bp.post("/games/<game_id>/push-subscriptions")
@openapi.operation(
    "addPushSubscription", tags=("alerts",), path=schemas.GamePathSchema,
    body=schemas.PushSubscriptionCreateSchema, example=_SUBSCRIPTION_EXAMPLE,
    security="required",
    ok=(Ok(201, schemas.PushSubscriptionSchema),
        Ok(200, schemas.PushSubscriptionSchema,
           description="This seat had the endpoint already: its keys and `lang` updated")),
    errors=(400, 401, 404, 409, 413, 415, 422, 429))
def add_push_subscription(game_id: str) -> Response:
    """Send this seat's turn alerts to a browser (Web Push)

    The body holds the browser's `PushSubscription` (as `toJSON()` gives it) and the
    language of the alerts. The seat is then told, even with the game closed: its turn,
    a decision waiting for it, a player who joined, the game's end, reminders and missed
    deadlines (see *Turn alerts*). One browser may follow many seats and games. An
    endpoint that is not public `https` is 422 `unsafe_url` with the `reason`; past the
    per-seat limit, 409 `too_many_subscriptions`.
    """
    data = _body(PUSH_SUBSCRIPTION_CREATE)
    sub, created = registry.add_subscription(_game_id(game_id), _auth(), data["subscription"],
                                             data["lang"])
    return _json(PUSH_SUBSCRIPTION.dump(sub), 201 if created else 200, _NO_STORE)


@bp.get("/games/<game_id>/push-subscriptions")
@openapi.operation(
    "listPushSubscriptions", tags=("alerts",), path=schemas.GamePathSchema,
    security="required", ok=Ok(200, schemas.PushSubscriptionListSchema),
    errors=(400, 401, 404, 429))
def list_push_subscriptions(game_id: str) -> Response:
    """This seat's push subscriptions"""
    subs = registry.list_subscriptions(_game_id(game_id), _auth())
    return _json(PUSH_SUBSCRIPTION_LIST.dump({"subscriptions": subs}), 200, _NO_STORE)


@bp.delete("/games/<game_id>/push-subscriptions/<sub_id>")
@openapi.operation(
    "deletePushSubscription", tags=("alerts",), path=schemas.SubscriptionPathSchema,
    security="required", ok=Ok(204), errors=(400, 401, 404, 429))
def delete_push_subscription(game_id: str, sub_id: str) -> Response:
    """Stop sending this seat's alerts to a browser"""
    registry.delete_subscription(_game_id(game_id), _auth(), sub_id)
    return Response(status=204)


@bp.post("/games/<game_id>/webhooks")
@openapi.operation(
    "addWebhook", tags=("alerts",), path=schemas.GamePathSchema,
    body=schemas.WebhookCreateSchema,
    example={"url": "https://bot.example.com/dominion", "lang": "en"}, security="required",
    ok=Ok(201, schemas.WebhookCreatedSchema), errors=(400, 401, 404, 409, 413, 415, 422, 429))
def add_webhook(game_id: str) -> Response:
    """POST this seat's events to a URL (signed webhooks)

    For programs that play a seat (bots, chat integrations): the server POSTs each event
    of the seat (`turn`, `decision`, `joined`, `game_over`, `reminder`, `deadline`) as
    JSON, signed by the Standard Webhooks specification with the `secret` of this
    answer, which is shown only here and on rotation (see *Turn alerts* for the body
    and how to verify it). A URL that is not public `https` is 422 `unsafe_url`; past
    the per-seat limit, 409 `too_many_webhooks`.
    """
    data = _body(WEBHOOK_CREATE)
    hook = registry.add_webhook(_game_id(game_id), _auth(), data["url"], data["lang"])
    return _json(WEBHOOK_CREATED.dump(hook), 201, _NO_STORE)


@bp.get("/games/<game_id>/webhooks")
@openapi.operation(
    "listWebhooks", tags=("alerts",), path=schemas.GamePathSchema, security="required",
    ok=Ok(200, schemas.WebhookListSchema), errors=(400, 401, 404, 429))
def list_webhooks(game_id: str) -> Response:
    """This seat's webhooks

    Without their secrets. `enabled` is `false` for one disabled after repeated failed
    deliveries, and `disabled_reason` says why.
    """
    hooks = registry.list_webhooks(_game_id(game_id), _auth())
    return _json(WEBHOOK_LIST.dump({"webhooks": hooks}), 200, _NO_STORE)


@bp.delete("/games/<game_id>/webhooks/<wid>")
@openapi.operation(
    "deleteWebhook", tags=("alerts",), path=schemas.WebhookPathSchema, security="required",
    ok=Ok(204), errors=(400, 401, 404, 429))
def delete_webhook(game_id: str, wid: str) -> Response:
    """Remove a webhook of this seat"""
    registry.delete_webhook(_game_id(game_id), _auth(), wid)
    return Response(status=204)


@bp.post("/games/<game_id>/webhooks/<wid>/rotate")
@openapi.operation(
    "rotateWebhook", tags=("alerts",), path=schemas.WebhookPathSchema, security="required",
    ok=Ok(200, schemas.WebhookSecretSchema), errors=(400, 401, 404, 429))
def rotate_webhook(game_id: str, wid: str) -> Response:
    """A new signing secret for a webhook

    The old secret stops signing at once. No body.
    """
    secret = registry.rotate_webhook(_game_id(game_id), _auth(), wid)
    return _json(WEBHOOK_SECRET.dump({"secret": secret}), 200, _NO_STORE)


# ---------------------------------------------------------------------------
# Cards and kingdoms


@bp.get("/cards")
@openapi.operation("getCards", tags=("cards",), query=schemas.CardsQuerySchema,
                   ok=Ok(200, schemas.CatalogSchema), errors=(400,))
def get_cards() -> Response:
    """The card catalog, with names and texts in a language"""
    lang = _query(CARDS_QUERY)["lang"]
    return _json(_catalog(lang, len(CARDS)), 200, {"Cache-Control": "public, max-age=300"})


@functools.lru_cache(maxsize=8)
def _catalog(lang: str, cards: int) -> dict[str, Any]:
    """The catalog in ``lang``, built once: it changes only with the cards (``cards``
    is their number). Every client fetches it before its first render."""
    return CATALOG.dump({"lang": lang, "cards": catalog(lang)})


@bp.get("/kingdoms/random")
@openapi.operation("randomKingdom", tags=("kingdoms",), query=schemas.RandomQuerySchema,
                   ok=Ok(200, schemas.KingdomSchema), errors=(400, 422))
def random_kingdom() -> Response:
    """A random kingdom that meets the constraints

    Platinum and Colony follow the official rule (a random kingdom card is from
    Prosperity) unless forced; the odds are reported. Constraints are met as far as
    they can be together: an included card wins over a ban, included cards beyond
    `count` are left out, banned cards come back when too few are left, then the
    requirements, the cost bands (each lowered to the most cards it can have) and
    `reaction` are kept in that order. `unmet` lists what was given up; a request
    that can be met in full always is. Only a card name the server does not know
    (or cannot include) is a 422 `unsatisfiable` problem.
    """
    q = _query(RANDOM_QUERY)
    force = {"on": True, "off": False}.get(q.pop("colony"))
    reaction = q.pop("reaction", False)
    spread = q.pop("spread", None)
    try:
        k = randomize(**q, reaction_if_attack=reaction, cost_spread=spread, colony=force,
                      strict=False)
    except DominionError as e:
        raise engine_error(e) from None
    return _json(KINGDOM.dump(k.to_dict()))


@bp.get("/kingdoms/presets")
@openapi.operation("getPresets", tags=("kingdoms",), query=schemas.PresetsQuerySchema,
                   ok=Ok(200, schemas.PresetListSchema), errors=(400,))
def get_presets() -> Response:
    """Every recommended kingdom of the rulebooks"""
    q = _query(PRESETS_QUERY)
    items = [p.to_dict() for p in presets(available_only=q["available"])]
    return _json(PRESET_LIST.dump({"presets": items}), 200,
                 {"Cache-Control": "public, max-age=300"})


# ---------------------------------------------------------------------------
# Service


@bp.get("/health")
@openapi.operation("health", tags=("service",),
                   ok=(Ok(200, schemas.HealthSchema),
                       Ok(503, schemas.HealthSchema, description="The database is unavailable")))
def health() -> Response:
    """Liveness and database check"""
    try:
        service.read_only()
        db.session.execute(text("SELECT 1"))
        database = "ok"
    except Exception:  # noqa: BLE001 - reported, not raised: health must answer
        db.session.rollback()
        database = "unavailable"
    from . import __version__

    body = HEALTH.dump({"status": "ok" if database == "ok" else "degraded",
                        "database": database, "version": __version__})
    return _json(body, 200 if database == "ok" else 503, {"Cache-Control": "no-store"})


@bp.get("/openapi.json")
@openapi.operation("openapi", tags=("service",),
                   ok=Ok(200, {"type": "object"}, description="This document (OpenAPI 3.1)"))
def openapi_json() -> Response:
    """This document"""
    return _json(openapi.document(), 200, {"Cache-Control": "public, max-age=300"})


@bp.get("/docs")
@openapi.operation("docs", tags=("service",),
                   ok=Ok(200, {"type": "string"}, media="text/html",
                         description="This document as a web page"))
def api_docs() -> Response:
    """This document as a web page"""
    html, csp = docs.page(current_app)
    resp = Response(html, mimetype="text/html")
    resp.headers["Content-Security-Policy"] = csp
    resp.headers["Cache-Control"] = "public, max-age=300"
    return resp
