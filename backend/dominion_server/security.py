"""Identifiers and secrets: game ids, seat tokens, join codes, bearer parsing.

Seat tokens are 256-bit random strings. Only their SHA-256 digests are
stored, and they are compared in constant time. A token is looked up among
the seats of the game in the URL only, so it works for its own game and seat.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from typing import Iterable, Optional

#: Letters and digits that cannot be mistaken for one another when typed.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8  # 32**8 = 2**40 codes

_TOKEN = re.compile(r"^[A-Za-z0-9_-]{20,100}$")
_BEARER = re.compile(r"^Bearer +(\S+) *$", re.IGNORECASE)


def new_game_id() -> str:
    """An unguessable game id (128 random bits, URL-safe)."""
    return secrets.token_urlsafe(16)


def new_token() -> str:
    """A seat token: 256 random bits, URL-safe base64 (43 characters)."""
    return secrets.token_urlsafe(32)


def derived_token(token: str, purpose: str) -> str:
    """A seat token derived from ``token`` for ``purpose`` (e.g. a rematch's game id).

    Only the holder of ``token`` (never stored) can make it again, so a retry
    gets the same token as the first answer; it looks like :func:`new_token`.
    """
    digest = hmac.new(token.encode("ascii"), purpose.encode("utf-8"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def token_hash(token: str) -> str:
    """The stored form of a token: its SHA-256 digest in hex."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def new_join_code() -> str:
    """A short invitation code for a free seat, e.g. ``K7QX2MHP``."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_join_code(code: str) -> str:
    """Upper-case a typed code and drop spaces and dashes (``k7qx-2mhp``)."""
    return re.sub(r"[\s-]", "", code).upper()


class BadAuthorization(Exception):
    """An ``Authorization`` header that is not ``Bearer <token>``."""


def bearer_token(header: Optional[str]) -> Optional[str]:
    """The token of an ``Authorization: Bearer <token>`` header (``None`` if absent).

    :raises BadAuthorization: if the header is present but malformed.
    """
    if header is None or header == "":
        return None
    m = _BEARER.match(header)
    if not m or not _TOKEN.match(m.group(1)):
        raise BadAuthorization()
    return m.group(1)


def match_seat(token: str, seats: Iterable[tuple[int, Optional[str]]]) -> Optional[int]:
    """The seat whose stored hash belongs to ``token``, compared in constant time.

    :param seats: (seat, stored token hash or ``None``) pairs of one game.
    """
    digest = token_hash(token)
    found = None
    for seat, stored in seats:
        # Every seat is compared (no early exit), so timing says nothing either.
        if stored is not None and hmac.compare_digest(stored, digest):
            found = seat
    return found
