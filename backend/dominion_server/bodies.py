"""Request bodies: read within the size limit, parsed as JSON within a nesting limit.

Both guards run before anything recursive touches the body: ``json.loads``
and marshmallow recurse once per level of nesting, so a 2 KB body of
``[[[[...]]]]`` would otherwise end in ``RecursionError`` (a 500).
"""

from __future__ import annotations

import json
import re
from typing import Any

from flask import request
from werkzeug.exceptions import RequestEntityTooLarge

from .errors import ApiError

#: Deepest nesting of arrays and objects a body may have (the API's own bodies need 3).
MAX_DEPTH = 32

#: The characters that matter for nesting: brackets, and what starts or escapes a string.
_SPECIAL = re.compile(r'[\[\]{}"\\]')


def read() -> bytes:
    """The raw request body, at most ``MAX_CONTENT_LENGTH`` bytes.

    werkzeug refuses a larger ``Content-Length`` itself, but a chunked body
    (no ``Content-Length``) is only cut at the limit and returned truncated;
    one more byte on the wire means it was too large.

    :raises RequestEntityTooLarge: the body exceeds the limit (413).
    """
    raw = request.get_data(cache=False)
    limit = request.max_content_length
    if limit is not None and request.content_length is None and len(raw) >= limit:
        if request.environ["wsgi.input"].read(1):
            raise RequestEntityTooLarge()
    return raw


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether JSON ``text`` nests arrays and objects more than ``limit`` levels.

    A linear scan without recursion; brackets inside strings do not count.
    Malformed text may give any answer: the parser refuses it anyway.
    """
    depth = 0
    in_string = False
    escaped_at = -1  # the index a backslash escapes
    for m in _SPECIAL.finditer(text):
        i, ch = m.start(), m.group()
        if i == escaped_at:
            continue
        if in_string:
            if ch == "\\":
                escaped_at = i + 1
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def parse_json(raw: bytes) -> Any:
    """The JSON value of ``raw`` (UTF-8, -16 or -32, as ``json.loads`` accepts).

    :raises ApiError: ``bad_json`` (400) for malformed JSON or nesting deeper
        than :data:`MAX_DEPTH`.
    """
    try:
        text = raw.decode(json.detect_encoding(raw))
    except UnicodeDecodeError:
        raise ApiError("bad_json", "the body is not valid JSON") from None
    if too_deep(text):
        raise ApiError("bad_json", f"the JSON is nested too deeply (more than {MAX_DEPTH} "
                                   "levels of arrays and objects)")
    try:
        return json.loads(text)
    except ValueError:
        raise ApiError("bad_json", "the body is not valid JSON") from None
