"""Per-seat views: what one seat (or a spectator) may see of a game.

A view never holds another seat's hand, the order of any deck, the random
generator's state, or a decision addressed to someone else beyond who must act:
other seats learn which prompt is open only when the prompt is registered as
public (:attr:`dominion.prompts.PromptInfo.public`), since the engine asks
only when there is a real choice, so a prompt's existence can betray a hand.
VP totals leave out the Masquerade passes the viewer did not take part in
(:mod:`dominion.scores`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from .cards.card import CARDS
from .decisions import Decision
from .narration import describe
from .prompts import info
from .scores import known_totals

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Event, Game


def render_event(event: "Event", viewer: Optional[int], names: Optional[list[str]] = None,
                 lang: str = "en") -> "Event":
    """An event as ``viewer`` may see it (``None`` = spectator), with a ``text`` in ``lang``.

    Private events keep their cards for their own seat (and the ``receiver``
    of a passed card) only; the others see how many cards were involved.
    ``names`` are the players' names by seat.

    :raises UnsupportedLanguage: on an unknown language code.
    """
    out = {k: v for k, v in event.items() if k != "private"}
    if event.get("private") and (
        viewer is None or viewer not in (event.get("seat"), event.get("receiver"))
    ):
        out["count"] = len(out.pop("cards", ()))
    out["text"] = describe(out, viewer, names, lang)
    return out


def view(game: "Game", seat: Optional[int] = None) -> dict[str, Any]:
    """The view of ``seat`` (``None`` for a spectator) as JSON-compatible data.

    Each player's ``vp`` is the total as ``seat`` may know it
    (:func:`dominion.scores.known_totals`); ``seat``'s own entry also holds
    its ``hand`` and ``cards``, the counts of every card it owns. ``turns``
    is the player's own turn count, so the number of the turn in progress
    for the player whose turn it is.
    """
    st = game.state
    turn = st.turn
    players = []
    vp = known_totals(st, seat)
    for i, p in enumerate(st.players):
        entry: dict[str, Any] = {
            "seat": i,
            "name": p.name,
            "hand_count": len(p.hand),
            "deck_count": len(p.deck),
            "discard_count": len(p.discard),
            "discard_top": p.discard[-1] if p.discard else None,
            "in_play": list(p.in_play),
            "set_aside": list(p.set_aside),
            "vp_tokens": p.vp_tokens,
            "turns": p.turns,
            "vp": vp[i],
        }
        if i == seat:
            entry["hand"] = list(p.hand)
            entry["cards"] = _deck_summary(p.all_cards())
        players.append(entry)
    pending = game.pending
    out: dict[str, Any] = {
        "seat": seat,
        "players": players,
        "supply": [
            {"card": name, "count": left, "cost": game.cost(name)}
            for name, left in st.supply.items()
        ],
        "kingdom": list(st.kingdom),
        "edition": st.edition,
        "trash": list(st.trash),
        "turn": {
            "seat": turn.seat,
            "number": turn.number,
            "phase": turn.phase,
            "actions": turn.actions,
            "buys": turn.buys,
            "coins": turn.coins,
            "names": {k: list(v) for k, v in turn.names.items()},
        },
        "trade_route": (
            {"piles": list(st.trade_route), "mat": st.trade_route_mat}
            if "Trade Route" in st.kingdom else None
        ),
        "curse_is_treasure": game.curse_is_treasure,
        "awaiting": game.awaiting(),
        "waiting_for": waiting_for(pending, seat) if pending is not None else None,
        "decision": (
            pending.to_dict() if pending is not None and pending.seat == seat else None
        ),
        "legal": game.legal_commands(seat) if seat is not None else [],
        "game_over": st.game_over,
        "result": None,
    }
    if st.game_over:
        result = game.result()
        result["decks"] = [_deck_summary(p.all_cards()) for p in st.players]
        out["result"] = result
    return out


def waiting_for(pending: Decision, viewer: Optional[int]) -> dict[str, Any]:
    """Who the open decision waits for, as ``viewer`` may see it.

    The deciding seat, and everyone for a public prompt, also get its
    ``prompt`` and ``card``; others get only the ``seat``.
    """
    if pending.seat == viewer or info(pending.prompt).public:
        return {"seat": pending.seat, "prompt": pending.prompt, "card": pending.card}
    return {"seat": pending.seat}


def _deck_summary(cards: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for c in sorted(cards, key=lambda n: (-CARDS[n].cost, n)):
        counts[c] = counts.get(c, 0) + 1
    return counts
