"""The registry of event types: every ``type`` the engine emits, and its fields.

:meth:`dominion.engine.Game.emit` records events; :func:`dominion.views.render_event`
gives each seat its form of them. :attr:`EventInfo.fields` lists the keys of
the *rendered* event (what an API client receives, before the server adds
``seq``); a private event shows its ``cards`` to its own seat only and a
``count`` to everyone else. ``tests/test_registries.py`` checks, over fuzzed
games, that every emitted type is here with exactly the fields it carries.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class EventInfo:
    """One event type.

    :param type: the event's ``type``.
    :param fields: each key a rendered event of this type may carry -> its meaning.
    :param text: one English sentence: what happened.
    :param private: when the cards are hidden from other seats (``""``: never).
    :param seats: an event about who plays a seat, which the server (not the rules)
        records; the engine never emits it.
    """

    type: str
    fields: dict[str, str]
    text: str
    private: str
    seats: bool = False


#: Every event type, by ``type``.
EVENT_TYPES: dict[str, EventInfo] = {}

_COMMON = {
    "type": "the event type",
    "seat": "the seat it happened to (null for the whole game)",
    "text": "one sentence for the viewer (English unless the log is asked for in another language)",
}
_CARDS = {"cards": "the cards, in the order they moved (absent when hidden from the viewer)"}
_COUNT = {"count": "how many cards, given instead of cards when they are hidden from the viewer"}


def _event(type: str, text: str, fields: dict[str, str], private: str = "",
           seats: bool = False) -> None:
    """Register an event type (common fields added).

    :raises ValueError: if ``type`` is registered twice.
    """
    if type in EVENT_TYPES:
        raise ValueError(f"event type {type!r} is registered twice")
    EVENT_TYPES[type] = EventInfo(type, {**_COMMON, **fields}, text, private, seats)


_event("turn", "A new turn began for the seat.",
       {"number": "the turn number, counted over all seats from 1"})
_event("shuffle", "The seat shuffled its discard pile into a new deck.", {})
_event("draw", "The seat drew cards into its hand.", {**_CARDS, **_COUNT},
       "always: other seats see only the count")
_event("look", "The seat looked at cards from the top of its deck (Sentry).",
       {**_CARDS, **_COUNT}, "always: other seats see only the count")
_event("reveal", "The seat revealed cards (from its deck or hand).", _CARDS)
_event("discard", "The seat discarded cards.", {**_CARDS, **_COUNT},
       "when they come from the hand or were only looked at: discarding is not "
       "revealing; revealed cards that are discarded stay public")
_event("trash", "Cards of the seat went to the trash.",
       {**_CARDS, "source": "\"supply\" when the card was trashed from its Supply pile "
                            "(Lurker; seat is who trashed it); absent otherwise"})
_event("insert", "The seat put a card from its hand into its deck at a position (Secret Passage).",
       {**_CARDS, **_COUNT, "position": "how many cards of the deck lie above it (0: on top)"},
       "always: other seats see the position, not the card")
_event("topdeck", "The seat put cards onto its deck; the last card ends on top.",
       {**_CARDS, **_COUNT},
       "unless they were revealed first (Bureaucrat): from the hand (Artisan) or "
       "the discard pile (Harbinger) and looked-at cards (Sentry) are hidden")
_event("set_aside", "The seat set aside a drawn card (Library).", _CARDS)
_event("play", "The seat played a card, or several Treasures at once.",
       {"card": "the card played (one card)",
        "cards": "the Treasures played at once (play all Treasures)"})
_event("buy", "The seat bought a card (a gain event follows).", {"card": "the card bought"})
_event("gain", "The seat gained a card.",
       {"card": "the card gained",
        "to": "where it went: \"discard\", \"hand\" or \"deck\"",
        "source": "\"trash\" when gained from the trash (Thief, Lurker); absent for the supply"})
_event("react", "The seat revealed a Reaction card against an Attack.",
       {"card": "the Reaction card revealed"})
_event("deck_to_discard", "The seat put its whole deck into its discard pile (Chancellor).",
       {"count": "how many cards the deck held"})
_event("pass", "The seat passed a card from its hand to another seat's hand (Masquerade).",
       {**_CARDS, **_COUNT, "receiver": "the seat that received the card"},
       "always: only the giver and the receiver see the card")
_event("name", "The seat named a card (Wishing Well, Contraband, War Chest).",
       {"card": "the card named", "by": "the card whose effect asked for the name"})
_event("vp", "The seat took VP tokens (Monument, Bishop, Goons...).",
       {"vp": "how many VP tokens it took", "total": "its VP tokens now"})
_event("trade_route", "The first card gained from a Victory pile moved the pile's token to "
       "the Trade Route mat.",
       {"card": "the pile whose token moved", "mat": "the tokens on the mat now"})
_event("game_over", "The game ended.",
       {"reason": "why: \"provinces\", \"colonies\" or \"piles\""})

# Seat events: the server records them when a player hands an absent player's seat
# to a bot or takes their own seat back. They are registered here, with the rules'
# events, so that one registry feeds the log's sentences, the API docs and the
# response schema; nothing in the rules emits them.
_event("stand_in", "A bot began to play the seat, whose player missed the move deadline.",
       {"by": "the seat whose player handed it to the bot"}, seats=True)
_event("take_back", "The seat's player took it back from the bot.",
       {"by": "the seat that took it back (the seat itself)"}, seats=True)
# Recorded by the server in place of the events an undo took back (fair undo), so
# that the other players read what was taken back instead of lines vanishing.
_event("undo", "The seat took back its last move; its events left the log.",
       {"undone": "the events taken back, oldest first, each in its public form "
                  "(type, card or cards, or count where the cards are hidden)"}, seats=True)
