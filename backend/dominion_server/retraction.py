"""What an undo leaves in the event log: one public line instead of silently vanished ones.

An undo takes back the tail of the event log (``Game.retracted`` events). Every
other player watched those lines appear; deleting them without a word made the
log rewrite itself under their eyes (issue 23, section 6). So the undone events
are replaced by one ``undo`` event of the seat that took them back, carrying
their public form (``undone``): "Ann took back: bought Silver."

An undo that walks further back finds its own earlier ``undo`` lines at the end
of the log, after the events it takes back; they are merged into the new line,
so the log keeps one line per walk back and the events stay numbered without gaps.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select

from .extensions import db
from .models import EventRow

EVENTS = EventRow.__table__


def public_form(event: dict[str, Any]) -> dict[str, Any]:
    """``event`` as every seat may see it: a private event's cards become their count."""
    out = {k: v for k, v in event.items() if k not in ("private", "text", "seq")}
    if event.get("private"):
        out["count"] = len(out.pop("cards", ()))
    return out


def take_back(game_id: str, seat: int, last_seq: int, retracted: int) -> tuple[int, dict[str, Any]]:
    """The log's tail that ``seat``'s undo removes, and the ``undo`` event that replaces it.

    :param last_seq: the log's last ``seq`` before the undo.
    :param retracted: how many events of the undone command are in the log.
    :returns: ``(after, event)``: every event with a ``seq`` above ``after`` goes,
        ``event`` is recorded in their place.
    :raises ValueError: if the log holds fewer events than the undo takes back.
    """
    rows = db.session.execute(
        select(EVENTS.c.seq, EVENTS.c.data).where(EVENTS.c.game_id == game_id)
        .order_by(EVENTS.c.seq.desc()).limit(retracted + 64)
    ).all()
    tail = [json.loads(r.data) for r in rows]
    earlier: list[dict[str, Any]] = []
    i = 0
    # This seat's own undo lines at the very end: the walk back continues them.
    while i < len(tail) and tail[i].get("type") == "undo" and tail[i].get("seat") == seat:
        earlier = list(tail[i].get("undone", [])) + earlier
        i += 1
    gone = tail[i:i + retracted]
    if len(gone) < retracted:
        raise ValueError(f"the log holds {len(gone)} of the {retracted} events to take back")
    undone = [public_form(e) for e in reversed(gone)] + earlier
    return last_seq - i - retracted, {"type": "undo", "seat": seat, "undone": undone}
