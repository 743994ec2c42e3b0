"""A notice rendered for its target: the Web Push message and the webhook body.

Texts are in the target's language (``en``, ``cs``, ``hu``), in the tone of
the web client's own strings (``frontend/js/lang/*.js``: "Jsi na tahu",
"Te jössz"); card names come from the engine's catalog
(:func:`dominion.card_name`). Only the facts of the notice go in, so a
message can hold nothing the notice does not (never a hidden card).

Delivery options of a push message:

- ``Topic`` (RFC 8030 5.4) per game: the push service keeps only the newest
  undelivered message of a game, and ``tag`` (the same per game) makes the
  phone replace the game's notification instead of piling them up;
- ``Urgency``: ``high`` when the recipient must act (turn, decision,
  reminder), ``normal`` otherwise;
- ``TTL``: 24 hours when the recipient must act or is told of the game (a
  phone offline longer learns it from the next reminder or when the game
  opens); 7 days for the game's end, which stays true and is worth telling
  a phone that was off over a weekend.
"""

from __future__ import annotations

import base64
import hashlib
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Optional

from dominion import card_name

from .notices import ACT_NOW, DECISION, DEADLINE, GAME_OVER, JOINED, REMINDER, TURN

DAY = 24 * 3600
TTL = {TURN: DAY, DECISION: DAY, REMINDER: DAY, JOINED: DAY, DEADLINE: DAY,
       GAME_OVER: 7 * DAY}

# {n}: turn number; {against}: the opponents; {card}: the asking card, in the
# language; {player}: a player's name; {winners}, {scores}; {hours}.
TEXTS: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        TURN: ("Your turn", "Dominion: turn {n} against {against}"),
        DECISION: ("Your move", "Dominion: {card} — a decision waits for you "
                                "(turn {n} against {against})"),
        GAME_OVER: ("Game over", "Dominion: {winners} won ({scores})"),
        JOINED: ("{player} joined", "Dominion: {player} took a seat in your game"),
        REMINDER: ("Still your move", "Dominion: turn {n} against {against} waits for you"),
        DEADLINE: ("{player} missed the deadline",
                   "Dominion: {player} has not moved for {hours} h. You may hand the "
                   "seat to a bot."),
    },
    "cs": {
        TURN: ("Jsi na tahu", "Dominion: tah {n} proti {against}"),
        DECISION: ("Čeká se na tebe", "Dominion: {card} — čeká na tvé rozhodnutí "
                                      "(tah {n} proti {against})"),
        GAME_OVER: ("Konec hry", "Dominion: vítězství: {winners} ({scores})"),
        JOINED: ("Nový hráč: {player}", "Dominion: {player} je ve tvé hře"),
        REMINDER: ("Pořád jsi na tahu", "Dominion: tah {n} proti {against} čeká na tebe"),
        DEADLINE: ("Termín tahu vypršel: {player}",
                   "Dominion: {player} netáhne už {hours} h. Místo může převzít bot."),
    },
    "hu": {
        TURN: ("Te jössz", "Dominion: {n}. kör, ellenfél: {against}"),
        DECISION: ("Rád várnak", "Dominion: {card} — döntened kell "
                                 "({n}. kör, ellenfél: {against})"),
        GAME_OVER: ("Vége a játéknak", "Dominion: nyert: {winners} ({scores})"),
        JOINED: ("Új játékos: {player}", "Dominion: {player} csatlakozott a játékodhoz"),
        REMINDER: ("Még mindig te jössz", "Dominion: a(z) {n}. kör rád vár "
                                          "(ellenfél: {against})"),
        DEADLINE: ("Lejárt a határidő: {player}",
                   "Dominion: {player} {hours} órája nem lépett. A helyét átveheti egy bot."),
    },
}
FALLBACK = "en"
_TOPIC = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


@dataclass(frozen=True)
class PushMessage:
    """What goes to a push service: the JSON payload and its delivery options."""

    payload: dict[str, Any]
    ttl: int
    urgency: str
    topic: str


def _hours(value: Any) -> str:
    return f"{value:g}" if isinstance(value, (int, float)) else str(value)


def text(facts: dict[str, Any], lang: str) -> tuple[str, str]:
    """The title and body of a notice in ``lang`` (English for an unknown one)."""
    kind = facts["kind"]
    title, body = TEXTS.get(lang, TEXTS[FALLBACK])[kind]
    names: list[str] = list(facts.get("players") or [])
    seat = facts["seat"]
    against = ", ".join(n for i, n in enumerate(names) if i != seat) or "—"
    result = facts.get("result") or {}
    winners = ", ".join(names[w] if w < len(names) else str(w + 1)
                        for w in result.get("winners", []))
    scores = " : ".join(str(s) for s in result.get("scores", []))
    card = facts.get("card")
    values = {
        "n": facts.get("turn", ""), "against": against, "player": facts.get("player", ""),
        "card": card_name(card, lang if lang in TEXTS else FALLBACK) if card else "",
        "winners": winners, "scores": scores, "hours": _hours(facts.get("hours", "")),
    }
    return title.format(**values), body.format(**values)


def topic(game_id: str) -> str:
    """The push ``Topic`` of a game: at most 32 URL-safe base64 characters (RFC 8030)."""
    if _TOPIC.match(game_id):
        return game_id
    digest = hashlib.sha256(game_id.encode()).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")[:32]


def game_url(game_id: str) -> str:
    return f"/#/g/{game_id}"


def push(event_id: str, facts: dict[str, Any], lang: str,
         waiting: Optional[int] = None) -> PushMessage:
    """The push message of a notice for a subscription in ``lang``.

    :param waiting: games in which the subscription's seats must act now
        (the app badge); omitted when unknown.
    """
    kind = facts["kind"]
    title, body = text(facts, lang)
    payload: dict[str, Any] = {
        "id": event_id, "kind": kind, "game_id": facts["game_id"], "seat": facts["seat"],
        "version": facts["version"], "title": title, "body": body,
        "url": game_url(facts["game_id"]), "tag": f"game-{facts['game_id']}",
    }
    if waiting is not None:
        payload["waiting"] = waiting
    return PushMessage(payload, TTL[kind], "high" if kind in ACT_NOW else "normal",
                       topic(facts["game_id"]))


def webhook(event_id: str, facts: dict[str, Any], lang: str, created: datetime
            ) -> dict[str, Any]:
    """The webhook body of a notice: the facts, plus the title and body in ``lang``.

    ``timestamp`` is when the notice was made (the same on every retry; the
    ``webhook-timestamp`` header says when this attempt was signed).
    """
    title, body = text(facts, lang)
    if created.tzinfo is None:  # SQLite gives back naive UTC times
        created = created.replace(tzinfo=timezone.utc)
    return {"type": facts["kind"], "id": event_id, "game_id": facts["game_id"],
            "seat": facts["seat"], "version": facts["version"],
            "timestamp": created.isoformat().replace("+00:00", "Z"),
            "data": {**facts, "title": title, "body": body, "url": game_url(facts["game_id"])}}
