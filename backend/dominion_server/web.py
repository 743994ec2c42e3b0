"""The web client at ``/``, security headers on every response, and CORS for ``/api``.

CORS is a few lines of our own instead of a dependency: the API needs only
simple origin matching, no credentials (tokens travel in ``Authorization``).
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Flask, Response, current_app, request, send_from_directory
from werkzeug.routing import PathConverter

from . import assets, preloads

bp = Blueprint("web", __name__)

#: The web client may load only its own scripts, styles and images.
FRONTEND_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; manifest-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
#: JSON answers are never documents to render.
API_CSP = "default-src 'none'; frame-ancestors 'none'"

CORS_METHODS = "GET, POST, DELETE, OPTIONS"  # DELETE: push subscriptions, webhooks
CORS_HEADERS = ("Authorization, Content-Type, If-Match, If-None-Match, Idempotency-Key, "
                "Prefer")
CORS_EXPOSE = ("ETag, Location, Idempotent-Replayed, Preference-Applied, Longpoll-Refused, "
               "Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset")


class FrontendPath(PathConverter):
    """A path that is not under ``/api`` (unknown API paths stay JSON 404s, not 405s)."""

    regex = r"(?!api(?:/|$))[^/].*?"


def _frontend_dir() -> Path:
    return Path(current_app.config["FRONTEND_DIR"])


@bp.get("/")
def index() -> Response:
    """The page, naming the client's files under their version (:mod:`.assets`:
    kept by the browser, only the page is revalidated), with a ``Link`` header
    that preloads every module the first screen imports (:mod:`.preloads`) at once instead of level by level
    as the imports are read (the first screen draws sooner), the language
    table the browser most likely picks (its ``Accept-Language``, as the
    client's first choice does; the others load on demand), and the API
    answers the first screen needs."""
    root = _frontend_dir()
    prefix = f"v/{assets.version(root)}/"
    html = assets.versioned_page((root / "index.html").read_text(encoding="utf-8"), prefix)
    resp = current_app.response_class(html, mimetype="text/html")
    resp.headers["Content-Security-Policy"] = FRONTEND_CSP
    resp.headers["Cache-Control"] = "no-cache"
    js = root / "js"
    langs = sorted(p.stem for p in (js / "lang").glob("*.js"))
    best = request.accept_languages.best_match(langs, default="en")
    modules = preloads.static_modules(js)  # not those loaded on demand
    resp.add_etag()  # of the page as sent: it changes with the version
    resp.make_conditional(request)
    if resp.status_code == 200:  # a 304's modules are in the browser's cache already
        links = [f"</{prefix}js/{m}>; rel=modulepreload" for m in [*modules, f"lang/{best}.js"]]
        # The API answers the first screen waits for, asked with the modules instead
        # of after them (a round trip less on a slow link); fetch() takes them as
        # its own when it asks (same URL, same CORS mode: "crossorigin").
        links += [f"</api/{a}>; rel=preload; as=fetch; crossorigin" for a in _first_answers(best)]
        resp.headers["Link"] = ", ".join(links)
    return resp


def _first_answers(lang: str) -> list[str]:
    """What the client asks first: the card catalog in its language (every
    screen), the recommended kingdoms (the home form's)."""
    return [f"cards?lang={lang}", "kingdoms/presets"]


@bp.get("/v/<version>/<frontend:filename>")
def versioned_file(version: str, filename: str) -> Response:
    """A file of the client under a version: kept for a year when it is the
    current one. An older version's URL (a page still open through an update)
    gets today's file, revalidated as any other, so no browser keeps it there."""
    resp = _static(filename)
    if version == assets.version(_frontend_dir()):
        resp.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    return resp


@bp.get("/<frontend:filename>")
def static_file(filename: str) -> Response:
    return _static(filename)


#: Types Python's ``mimetypes`` may not know (it differs between systems): the
#: manifest must be ``application/manifest+json``, the service worker a script.
MIME_TYPES = {".webmanifest": "application/manifest+json", ".js": "text/javascript",
              ".svg": "image/svg+xml"}


def _static(filename: str) -> Response:
    """A file of the client, revalidated on every use (``no-cache``): an update
    shows at once. The service worker (``/sw.js``) is served at the root, so
    its scope is the whole app."""
    # send_from_directory refuses paths that leave the directory (404).
    mimetype = MIME_TYPES.get(Path(filename).suffix)
    # Whole files only: a range would be cut from the file before compression.
    request.environ.pop("HTTP_RANGE", None)
    resp = send_from_directory(_frontend_dir(), filename, max_age=0, mimetype=mimetype)
    if resp.status_code == 200:
        # Read at once (the files are small): compressed with a Content-Length,
        # not streamed in chunks (flask-compress streams iterators, never gzip).
        resp.direct_passthrough = False
        resp.make_sequence()
    # Headers that say nothing here, on every file: the default disposition,
    # an Expires that Cache-Control overrides, ranges that are not served.
    for name in ("Content-Disposition", "Expires", "Accept-Ranges"):
        del resp.headers[name]
    # A policy governs documents and workers only: modules and style sheets get
    # the short default of _headers (the page's policy is 300 bytes a file).
    if Path(filename).suffix not in (".js", ".css") or filename == "sw.js":
        resp.headers["Content-Security-Policy"] = FRONTEND_CSP
    resp.headers["Cache-Control"] = "no-cache"
    return resp


def _allowed_origin(origin: str) -> str | None:
    configured = current_app.config.get("CORS_ORIGINS") or ""
    allowed = [o.strip().rstrip("/") for o in configured.split(",") if o.strip()]
    if "*" in allowed:
        return "*"
    return origin if origin.rstrip("/") in allowed else None


def _headers(resp: Response) -> Response:
    h = resp.headers
    h.setdefault("X-Content-Type-Options", "nosniff")
    h.setdefault("Referrer-Policy", "no-referrer")
    h.setdefault("X-Frame-Options", "DENY")
    h.setdefault("Cross-Origin-Resource-Policy", "same-site")
    h.setdefault("Content-Security-Policy", API_CSP)
    if request.is_secure:
        h.setdefault("Strict-Transport-Security", "max-age=31536000")
    if request.path.startswith("/api/"):
        # Browsers on other origins may read API answers; see _allowed_origin.
        h["Cross-Origin-Resource-Policy"] = "cross-origin"
        origin = request.headers.get("Origin")
        allow = _allowed_origin(origin) if origin else None
        if allow:
            h["Access-Control-Allow-Origin"] = allow
            h["Access-Control-Expose-Headers"] = CORS_EXPOSE
            if request.method == "OPTIONS":
                h["Access-Control-Allow-Methods"] = CORS_METHODS
                h["Access-Control-Allow-Headers"] = CORS_HEADERS
                h["Access-Control-Max-Age"] = "600"
        if _allowed_origin("") != "*":
            h.add("Vary", "Origin")  # the answer depends on the caller's origin
    return resp


def init_app(app: Flask) -> None:
    app.url_map.converters["frontend"] = FrontendPath
    app.after_request(_headers)
    app.register_blueprint(bp)
