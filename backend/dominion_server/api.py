"""The JSON API under ``/api``: thin views that parse, call :mod:`.service`, dump.

Every body is read through a marshmallow schema (422 on mismatch, 400 on
malformed JSON, 415 on a non-JSON media type, 413 past the size limit) and
every answer is dumped through one. Errors are problem details
(:mod:`.errors`).
"""

from __future__ import annotations

import json
import re
from typing import Any, Optional

from flask import Blueprint, Response, current_app, request
from marshmallow import Schema, ValidationError
from sqlalchemy import text

from dominion import catalog, presets, randomize
from dominion.errors import DominionError

from . import bodies, docs, openapi, schemas, service
from .errors import ApiError, engine_error
from .extensions import db

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


_GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


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
}


# ---------------------------------------------------------------------------
# Games


@bp.post("/games")
def create_game() -> Response:
    data = _body(GAME_CREATE)
    grant = service.create_game(data)
    return _seat_answer(grant, 201)


@bp.post("/games/<game_id>/join")
def join_game(game_id: str) -> Response:
    data = _body(JOIN)
    grant = service.join_game(_game_id(game_id), data["name"], data.get("code"))
    return _seat_answer(grant, 200)


@bp.post("/join")
def join_by_code() -> Response:
    data = _body(JOIN_BY_CODE)
    grant = service.join_by_code(data["code"], data["name"])
    return _seat_answer(grant, 200)


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
def get_game(game_id: str) -> Response:
    game_id = _game_id(game_id)
    auth = request.headers.get("Authorization")
    inm = request.headers.get("If-None-Match")
    cache = {"Cache-Control": "private, no-cache", "Vary": "Authorization"}
    service.read_only()
    if inm is not None:
        # The cheap path: version and token hashes only, no state is loaded.
        tag, _ = service.current_etag(game_id, auth)
        if service.etag_matches(inm, tag):
            resp = Response(status=304)
            resp.headers["ETag"] = tag
            resp.headers.update(cache)
            return resp
    g = service.load(game_id)
    seat = service.authenticate(auth, ((s.seat, s.token_hash) for s in g.seats))
    body = GAME.dump(service.game_resource(g, seat))
    return _json(body, 200, {"ETag": service.etag(g.version, seat), **cache})


@bp.post("/games/<game_id>/commands")
def post_command(game_id: str) -> Response:
    game_id = _game_id(game_id)
    key = service.check_idempotency_key(request.headers.get("Idempotency-Key"))
    command = _body(COMMAND)
    out = service.apply_command(
        game_id, request.headers.get("Authorization"), command,
        request.headers.get("If-Match"), key, COMMAND_RESULT.dump,
    )
    headers = {"ETag": out.etag, "Cache-Control": "no-store"}
    if out.replayed:
        headers["Idempotent-Replayed"] = "true"
    resp = current_app.response_class(out.body, status=200, mimetype="application/json")
    resp.headers.update(headers)
    return resp


@bp.get("/games/<game_id>/log")
def get_log(game_id: str) -> Response:
    game_id = _game_id(game_id)
    q = _query(LOG_QUERY)
    service.read_only()
    page = service.log_page(game_id, request.headers.get("Authorization"), q["after"], q["limit"])
    return _json(LOG_PAGE.dump(page), 200, {"Cache-Control": "private, no-cache",
                                           "Vary": "Authorization"})


# ---------------------------------------------------------------------------
# Cards and kingdoms


@bp.get("/cards")
def get_cards() -> Response:
    lang = _query(CARDS_QUERY)["lang"]
    return _json(CATALOG.dump({"lang": lang, "cards": catalog(lang)}), 200,
                 {"Cache-Control": "public, max-age=300"})


@bp.get("/kingdoms/random")
def random_kingdom() -> Response:
    q = _query(RANDOM_QUERY)
    force = {"on": True, "off": False}.get(q.pop("colony"))
    reaction = q.pop("reaction", False)
    spread = q.pop("spread", None)
    try:
        k = randomize(**q, reaction_if_attack=reaction, cost_spread=spread, colony=force)
    except DominionError as e:
        raise engine_error(e) from None
    return _json(KINGDOM.dump(k.to_dict()))


@bp.get("/kingdoms/presets")
def get_presets() -> Response:
    q = _query(PRESETS_QUERY)
    items = [p.to_dict() for p in presets(available_only=q["available"])]
    return _json(PRESET_LIST.dump({"presets": items}), 200,
                 {"Cache-Control": "public, max-age=300"})


# ---------------------------------------------------------------------------
# Service


@bp.get("/health")
def health() -> Response:
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
def openapi_json() -> Response:
    return _json(openapi.document(), 200, {"Cache-Control": "public, max-age=300"})


@bp.get("/docs")
def api_docs() -> Response:
    html, csp = docs.page()
    resp = Response(html, mimetype="text/html")
    resp.headers["Content-Security-Policy"] = csp
    resp.headers["Cache-Control"] = "public, max-age=300"
    return resp
