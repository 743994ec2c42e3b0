"""Compressed answers: brotli or gzip, as ``Accept-Encoding`` allows (flask-compress).

Every answer of a compressible type (the client's scripts, styles, page and
SVG icons; the API's JSON) of at least ``COMPRESS_MIN_SIZE`` bytes is sent
compressed, with ``Vary: Accept-Encoding`` on every answer so that shared
caches keep one copy per coding. Smaller bodies go as they are: the coding's
own header and framing would cost more than it saves.

Validators. flask-compress gives a compressed answer its own strong ETag, as
RFC 9110 asks for another representation: a client file's ``"abc"`` is sent
as ``"abc:br"``. The views compare validators themselves (the game's long poll
and ``If-Match`` in :mod:`.service`, the client's files in werkzeug), so:

* before any view runs, the coding is taken off the tags in ``If-None-Match``
  and ``If-Match`` (:func:`_plain_validators`): a view compares the
  representation's own tag as it always did, whatever coding the client had;
* a client file's 304 names the tag the browser holds (:func:`_validator_out`):
  its copy stays under the ETag it was sent with;
* the API's tag is its documented version token (``"v12-s0"``, issue 24): a
  client builds it from a body's ``version`` and ``seat``, so it is the same
  in every coding (:func:`_validator_out` takes the coding off again).
"""

from __future__ import annotations

import re

from flask import Flask, Response, request
from flask_compress import Compress

compress = Compress()

#: Where the ``If-None-Match`` the client sent is kept while the view sees it
#: without codings (the WSGI environ: it lives exactly as long as the request).
SENT_IF_NONE_MATCH = "dominion_server.if_none_match"
CONDITIONAL_HEADERS = ("HTTP_IF_NONE_MATCH", "HTTP_IF_MATCH")


def init_app(app: Flask) -> None:
    codings = "|".join(re.escape(c) for c in app.config["COMPRESS_ALGORITHM"])
    suffix = re.compile(rf':(?:{codings})"')

    def _plain_validators() -> None:
        """``If-None-Match``/``If-Match`` as the representation's own tags."""
        env = request.environ
        if "HTTP_IF_NONE_MATCH" in env:
            env[SENT_IF_NONE_MATCH] = env["HTTP_IF_NONE_MATCH"]
        for key in CONDITIONAL_HEADERS:
            if key in env:
                env[key] = suffix.sub('"', env[key])

    def _validator_out(resp: Response) -> Response:
        """The API's tag without a coding; a file's 304 with the coded tag the client sent."""
        tag, weak = resp.get_etag()
        if not tag or weak:
            return resp
        if request.path.startswith("/api/"):
            resp.set_etag(suffix.sub('"', f'"{tag}"')[1:-1])
            return resp
        sent = request.environ.get(SENT_IF_NONE_MATCH)
        if resp.status_code == 304 and sent:
            held = [t.strip() for t in sent.split(",")]
            for coded in (f'"{tag}:{c}"' for c in app.config["COMPRESS_ALGORITHM"]):
                if coded in held:
                    resp.headers["ETag"] = coded
                    break
        return resp

    app.before_request(_plain_validators)
    # After-request hooks run last-registered first: this one sees the answer
    # after flask-compress has (or has not) compressed it.
    app.after_request(_validator_out)
    compress.init_app(app)
