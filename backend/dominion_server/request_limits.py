"""Limits on a request's URL and header fields, answered as problem details.

gunicorn refuses a request line or header past its own limits before the app
runs, with an HTML page. The limits here are lower (``gunicorn_conf.py`` keeps
gunicorn's above them), so a client that sends a huge URL or header gets the
API's usual ``application/problem+json``: 414 ``uri_too_long`` or 431
``headers_too_large``. Nothing the API or the web client sends comes near them.
"""

from __future__ import annotations

from typing import Any, Mapping
from urllib.parse import quote

from flask import Flask, request

from .errors import ApiError

#: Bytes of the request target (path and query string). The longest real one,
#: a random kingdom that bans every card by its Czech name, is about 1.2 KB.
MAX_TARGET = 4096
#: Header fields of one request (a browser sends about 15).
MAX_FIELDS = 100
#: Bytes of one header field, ``Name: value``.
MAX_FIELD_SIZE = 8190

_BODY_HEADERS = ("CONTENT_TYPE", "CONTENT_LENGTH")


def request_target(environ: Mapping[str, Any]) -> str:
    """The path and query as the client sent them (rebuilt if the server does not say)."""
    raw = environ.get("RAW_URI") or environ.get("REQUEST_URI")
    if raw:
        return str(raw)
    path = quote(environ.get("SCRIPT_NAME", "") + environ.get("PATH_INFO", ""), safe="/")
    query = environ.get("QUERY_STRING", "")
    return f"{path}?{query}" if query else path


def check(environ: Mapping[str, Any]) -> None:
    """Refuse a request whose URL or header fields exceed the limits.

    :raises ApiError: 414 ``uri_too_long``, 431 ``headers_too_large``.
    """
    size = len(request_target(environ))
    if size > MAX_TARGET:
        raise ApiError("uri_too_long",
                       f"the URL has {size} bytes; at most {MAX_TARGET} are accepted")
    fields = [(key[5:] if key.startswith("HTTP_") else key, str(value))
              for key, value in environ.items()
              if key.startswith("HTTP_") or (key in _BODY_HEADERS and value)]
    if len(fields) > MAX_FIELDS:
        raise ApiError("headers_too_large", f"the request has {len(fields)} header fields; "
                                            f"at most {MAX_FIELDS} are accepted")
    for name, value in fields:
        size = len(name) + 2 + len(value)
        if size > MAX_FIELD_SIZE:
            shown = name.replace("_", "-").title()
            raise ApiError("headers_too_large", f"the {shown} header has {size} bytes; "
                                                f"at most {MAX_FIELD_SIZE} are accepted")


def init_app(app: Flask) -> None:
    """Check every request first (before rate limits and routing)."""
    app.before_request(lambda: check(request.environ))
