"""Per-seat views: what one seat (or a spectator) may see of a game.

A view never holds another seat's hand, the order of any deck, the random
generator's state, or a decision addressed to someone else beyond who must act:
other seats learn which prompt is open only when the prompt is registered as
public (:attr:`dominion.prompts.PromptInfo.public`), since the engine asks
only when there is a real choice, so a prompt's existence can betray a hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from .cards.card import CARDS
from .decisions import Decision
from .prompts import info

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Event, Game


def render_event(event: "Event", viewer: Optional[int], names: Optional[list[str]] = None) -> "Event":
    """An event as ``viewer`` may see it (``None`` = spectator), with an English ``text``.

    Private events keep their cards for their own seat (and the ``receiver``
    of a passed card) only; the others see how many cards were involved.
    ``names`` are the players' names by seat.
    """
    out = {k: v for k, v in event.items() if k != "private"}
    if event.get("private") and (
        viewer is None or viewer not in (event.get("seat"), event.get("receiver"))
    ):
        out["count"] = len(out.pop("cards", ()))
    out["text"] = describe(out, viewer, names)
    return out


_VERBS = {
    "draw": "drew", "discard": "discarded", "trash": "trashed", "reveal": "revealed",
    "look": "looked at", "topdeck": "put onto their deck", "set_aside": "set aside",
}


def describe(event: "Event", viewer: Optional[int], names: Optional[list[str]] = None) -> str:
    """One English sentence for an already rendered event."""
    seat = event.get("seat")
    if seat is None:
        who = ""
    elif seat == viewer:
        who = "You"
    else:
        who = names[seat] if names and seat < len(names) else f"Player {seat + 1}"
    kind = event["type"]
    if "cards" in event:
        cards = ", ".join(event["cards"]) or "nothing"
    else:
        n = event.get("count", 0)
        cards = f"{n} card" + ("" if n == 1 else "s")
    if kind in _VERBS and not (kind == "trash" and event.get("source") == "supply"):
        verb = _VERBS[kind]
        if kind == "topdeck" and seat == viewer:
            verb = "put onto your deck"
        return f"{who} {verb} {cards}."
    if kind == "play":
        return f"{who} played {event.get('card') or cards}."
    if kind == "buy":
        return f"{who} bought {event['card']}."
    if kind == "gain":
        where = {"hand": " to hand", "deck": " onto the deck"}.get(event.get("to"), "")
        source = " from the trash" if event.get("source") == "trash" else ""
        return f"{who} gained {event['card']}{source}{where}."
    if kind == "pass":
        to = "you" if event["receiver"] == viewer else (
            names[event["receiver"]] if names and event["receiver"] < len(names)
            else f"Player {event['receiver'] + 1}")
        return f"{who} passed {cards} to {to}."
    if kind == "name":
        return f"{who} named {event['card']} for {event['by']}."
    if kind == "vp":
        n = event["vp"]
        return f"{who} took {n} VP token{'' if n == 1 else 's'} ({event['total']} in all)."
    if kind == "trade_route":
        return f"The {event['card']} token moved to the Trade Route mat ({event['mat']} there)."
    if kind == "insert":
        return f"{who} put {cards} into the deck with {event['position']} card(s) above it."
    if kind == "trash" and event.get("source") == "supply":
        return f"{who} trashed {cards} from the Supply."
    if kind == "react":
        return f"{who} revealed {event['card']} in reaction."
    if kind == "shuffle":
        return f"{who} shuffled."
    if kind == "deck_to_discard":
        return f"{who} put their deck ({event['count']} cards) into the discard pile."
    if kind == "turn":
        whose = "your" if seat == viewer else f"{who}'s"
        return f"Turn {event['number']}: {whose} turn."
    if kind == "game_over":
        return f"The game is over ({event['reason']})."
    return f"{who} {kind}."


def view(game: "Game", seat: Optional[int] = None) -> dict[str, Any]:
    """The view of ``seat`` (``None`` for a spectator) as JSON-compatible data."""
    st = game.state
    turn = st.turn
    players = []
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
        }
        if i == seat:
            entry["hand"] = list(p.hand)
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
