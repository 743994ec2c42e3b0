"""Every error as RFC 9457 problem details (``application/problem+json``).

One shape for every 4xx and 5xx: ``type``, ``title``, ``status``, ``detail``,
``code`` (stable, machine-readable), and where relevant ``errors`` (field ->
messages), the engine's ``constraint``, or the game's ``current_version``.
Nothing secret goes into a problem: no tokens, seeds or hidden cards.
"""

from __future__ import annotations

import logging
from typing import Any, Optional

from flask import Flask, Response, current_app, json, request
from marshmallow import ValidationError
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import HTTPException

from dominion import (
    AgentError, DominionError, IllegalCommand, InvalidSetup, InvalidState, Unsatisfiable,
    UnsupportedLanguage,
)

from .schemas import ProblemSchema

log = logging.getLogger(__name__)
_PROBLEM = ProblemSchema()

PROBLEM_JSON = "application/problem+json"

#: Engine codes that mean "not this seat's move" (403) or "not now" (409);
#: every other illegal command is 422.
FORBIDDEN_CODES = frozenset({"not_your_turn", "not_your_decision"})
CONFLICT_CODES = frozenset({"game_over"})

#: code -> (status, title) for problems the API raises itself.
TITLES: dict[str, tuple[int, str]] = {
    "bad_json": (400, "Malformed JSON"),
    "bad_request": (400, "Bad request"),
    "bad_query": (400, "Invalid query parameters"),
    "bad_header": (400, "Invalid header"),
    "unauthorized": (401, "Missing or invalid seat token"),
    "forbidden": (403, "Not allowed for this seat"),
    "not_your_turn": (403, "Not your turn"),
    "not_your_decision": (403, "Not your decision"),
    "not_found": (404, "Not found"),
    "game_not_found": (404, "No such game"),
    "method_not_allowed": (405, "Method not allowed"),
    "not_acceptable": (406, "Not acceptable"),
    "game_full": (409, "No free seat"),
    "seat_taken": (409, "Seat already taken"),
    "game_not_started": (409, "The game has not started"),
    "game_over": (409, "The game is over"),
    "game_not_over": (409, "The game is not over"),
    "stale_version": (412, "The game has changed"),
    "too_large": (413, "Request body too large"),
    "uri_too_long": (414, "URI too long"),
    "unsupported_media_type": (415, "Unsupported media type"),
    "invalid_body": (422, "Invalid request body"),
    "illegal_command": (422, "Illegal command"),
    "invalid_setup": (422, "Invalid game setup"),
    "unsatisfiable": (422, "The randomizer cannot use a card it was given"),
    "idempotency_key_reused": (422, "Idempotency key used for another request"),
    "unsafe_url": (422, "URL refused"),
    "too_many_subscriptions": (409, "Too many push subscriptions"),
    "too_many_webhooks": (409, "Too many webhooks"),
    # Absent seats (absence.py): refusals of stand_in / take_back.
    "no_such_seat": (422, "No such seat"),
    "seat_not_absent": (422, "The seat has not missed the move deadline"),
    "seat_is_bot": (422, "A bot's seat"),
    "own_seat": (422, "Your own seat"),
    "seat_stood_in": (422, "A bot already plays the seat"),
    "take_back_first": (422, "A bot plays your seat"),
    "not_stood_in": (422, "No bot plays your seat"),
    "rate_limited": (429, "Too many requests"),
    "headers_too_large": (431, "Request header fields too large"),
    "internal_error": (500, "Internal server error"),
    "unavailable": (503, "Service unavailable"),
}

#: Status of an HTTP error raised by werkzeug -> its code; any other 4xx is
#: ``OTHER_HTTP_CODE`` (every code has an entry in the docs page).
HTTP_CODES: dict[int, str] = {
    400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found",
    405: "method_not_allowed", 406: "not_acceptable", 413: "too_large",
    414: "uri_too_long", 415: "unsupported_media_type", 429: "rate_limited",
    431: "headers_too_large",
}
OTHER_HTTP_CODE = "http_error"


class ApiError(Exception):
    """An error the API answers with a problem document.

    :param code: key of :data:`TITLES` (or an engine code, with ``status``).
    :param detail: human-readable explanation of this occurrence.
    :param status: HTTP status; defaults to the one of ``code``.
    :param extra: additional members of the problem document.
    :param headers: additional response headers.
    """

    def __init__(
        self,
        code: str,
        detail: Optional[str] = None,
        status: Optional[int] = None,
        extra: Optional[dict[str, Any]] = None,
        headers: Optional[dict[str, str]] = None,
    ) -> None:
        known = TITLES.get(code)
        self.code = code
        self.status = status or (known[0] if known else 500)
        self.title = known[1] if known else code.replace("_", " ").capitalize()
        self.detail = detail or self.title
        self.extra = extra or {}
        self.headers = headers or {}
        super().__init__(self.detail)


def problem(
    status: int,
    code: str,
    title: str,
    detail: str,
    extra: Optional[dict[str, Any]] = None,
    headers: Optional[dict[str, str]] = None,
) -> Response:
    """A problem+json response."""
    body: dict[str, Any] = {
        "type": f"/api/docs#problem-{code}",
        "title": title,
        "status": status,
        "detail": detail,
        "code": code,
    }
    if extra:
        body.update(extra)
    resp = current_app.response_class(
        json.dumps(_PROBLEM.dump(body)), status=status, mimetype=PROBLEM_JSON
    )
    for k, v in (headers or {}).items():
        resp.headers[k] = v
    return resp


def _from_api_error(e: ApiError) -> Response:
    return problem(e.status, e.code, e.title, e.detail, e.extra, e.headers)


def _from_http(e: HTTPException) -> Response:
    status = e.code or 500
    code = HTTP_CODES.get(status, OTHER_HTTP_CODE if status < 500 else "internal_error")
    headers = {}
    if status == 405:
        valid = getattr(e, "valid_methods", None) or []
        headers["Allow"] = ", ".join(sorted(valid))
    detail = {
        404: f"nothing at {request.path}",
        405: f"{request.method} is not allowed on {request.path}",
        413: f"the request body exceeds {current_app.config.get('MAX_CONTENT_LENGTH')} bytes",
        429: f"too many requests from this address (at most {e.description}); "
             "wait as Retry-After says",
    }.get(status, e.description or e.name)
    return problem(status, code, e.name, detail, headers=headers)


def _from_validation(e: ValidationError) -> Response:
    messages = e.messages if isinstance(e.messages, dict) else {"_schema": e.messages}
    return problem(
        422, "invalid_body", "Invalid request body",
        "the request body does not match the schema", {"errors": messages},
    )


def engine_error(e: DominionError) -> ApiError:
    """The API error for an engine exception (code and message kept)."""
    if isinstance(e, Unsatisfiable):
        return ApiError("unsatisfiable", e.message, 422, {"constraint": e.constraint})
    if isinstance(e, UnsupportedLanguage):
        return ApiError("bad_query", e.message, 400, {"errors": {"lang": [e.message]}})
    if isinstance(e, IllegalCommand):
        if e.code in FORBIDDEN_CODES:
            status = 403
        elif e.code in CONFLICT_CODES:
            status = 409
        else:
            status = 422
        err = ApiError(e.code, e.message, status)
        if e.code not in TITLES:
            err.title = "Illegal command"
        return err
    if isinstance(e, InvalidSetup):
        return ApiError("invalid_setup", e.message, 422)
    if isinstance(e, AgentError):
        # A bot bug: nothing was saved (a human seat means the engine restored
        # the state); the details stay in the log.
        log.error("bot failed: %s", e.message)
        return ApiError("internal_error", "a bot could not move; nothing was changed", 500)
    if isinstance(e, InvalidState):
        # A stored game that does not load is our fault; its details stay in the log.
        log.error("stored game does not load: %s", e.message)
        return ApiError("internal_error", "the stored game could not be loaded", 500)
    return ApiError(e.code, e.message, 422)


def _from_engine(e: DominionError) -> Response:
    return _from_api_error(engine_error(e))


def _from_db(e: OperationalError) -> Response:
    # Lock timeouts and lost connections: retryable, and nothing was written.
    log.warning("database unavailable: %s", type(e.orig).__name__ if e.orig else e)
    return problem(503, "unavailable", "Service unavailable",
                   "the database is busy or unreachable; try again",
                   headers={"Retry-After": "1"})


def _from_exception(e: Exception) -> Response:
    # The traceback goes to the server log; the client learns nothing internal.
    log.error("unhandled error on %s %s", request.method, request.path, exc_info=e)
    return problem(500, "internal_error", "Internal server error",
                   "the server failed to handle this request")


def register(app: Flask) -> None:
    """Install the handlers that turn every error into problem details."""
    app.register_error_handler(ApiError, _from_api_error)
    app.register_error_handler(HTTPException, _from_http)
    app.register_error_handler(ValidationError, _from_validation)
    app.register_error_handler(DominionError, _from_engine)
    app.register_error_handler(OperationalError, _from_db)
    app.register_error_handler(Exception, _from_exception)
